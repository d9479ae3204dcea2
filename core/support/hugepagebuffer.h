// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstddef>

namespace AttentionLab {

/**
 * Uninitialised floats for a pass's largest output, the attention it keeps
 * (604 MB for GPT-2 small at 1,024 tokens). A std::vector<float> of that size
 * is written twice (zeroed, then the kernels write every value) and costs a
 * page fault per 4 KiB at first touch, a fifth of such a pass's time. Here,
 * on Linux, the memory is a block aligned to 2 MiB (std::aligned_alloc) and
 * advised for transparent huge pages (MADV_HUGEPAGE), so the kernel faults
 * it in 2 MiB at a time; elsewhere, or for small sizes, plain operator new.
 * The caller writes every value before reading any.
 *
 * Where passes follow one another (the window, a benchmark: setReuse), the
 * last block given back is kept for the next buffer of about its size
 * (the window's next keystroke, a benchmark's next pass): its pages are
 * already in, so that pass neither faults nor waits for the kernel to clear
 * them (a quarter of SmolLM2's pass at 1,024 tokens). One block at most is
 * kept; a request it does not fit frees it before allocating anew, so the
 * peak of a pass is never higher than without it, and releaseRetained()
 * gives it back (a model closed). A command that runs one pass does not
 * keep it: what it allocates after the pass would count on top of it.
 */
class HugePageBuffer
{
public:
    /// Throws std::bad_alloc when the memory cannot be had.
    explicit HugePageBuffer(std::size_t count);
    ~HugePageBuffer();
    HugePageBuffer(const HugePageBuffer &) = delete;
    HugePageBuffer &operator=(const HugePageBuffer &) = delete;

    float *data() const { return m_data; }
    std::size_t size() const { return m_count; }

    /// Whether a block given back is kept for the next buffer (off at first).
    static void setReuse(bool on);
    /// Frees the block kept for reuse, if any.
    static void releaseRetained();
    /// The bytes of that block: 0 when none is kept.
    static std::size_t retainedBytes();

private:
    float *m_data = nullptr;
    std::size_t m_count = 0;
    /// The aligned block's length, or 0 when the floats came from operator new.
    std::size_t m_alignedBytes = 0;
};

} // namespace AttentionLab
