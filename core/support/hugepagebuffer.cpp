// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/support/hugepagebuffer.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>

#ifdef __linux__
#include <sys/mman.h> // madvise
#endif

namespace AttentionLab {

namespace {

constexpr std::size_t kHugePage = std::size_t(2) << 20;

#ifdef __linux__
/// The one block kept for reuse, and its length.
struct Retained
{
    std::mutex mutex;
    void *data = nullptr;
    std::size_t bytes = 0;
    bool reuse = false;
};

/// Never destroyed: a buffer may be given back during the program's exit.
Retained &retained()
{
    static Retained *const kept = new Retained;
    return *kept;
}

/// \a length bytes (a multiple of 2 MiB) at a 2 MiB boundary, from the C
/// library (which maps so large a block apart and gives it back on free).
/// A mapping of our own held 3.4 MiB more at its peak than the same block
/// from malloc (the memory limits' test of a 4,096-token pass).
void *allocateAligned(std::size_t length)
{
    void *block = std::aligned_alloc(kHugePage, length);
    if (!block)
        throw std::bad_alloc();
    // Advice only: without transparent huge pages the block still works.
    madvise(block, length, MADV_HUGEPAGE);
    return block;
}
#endif

} // namespace

HugePageBuffer::HugePageBuffer(std::size_t count) : m_count(count)
{
    if (count > SIZE_MAX / sizeof(float) - kHugePage)
        throw std::bad_alloc();
    const std::size_t bytes = count * sizeof(float);
#ifdef __linux__
    if (bytes >= kHugePage) {
        const std::size_t length = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        {
            Retained &kept = retained();
            const std::lock_guard<std::mutex> lock(kept.mutex);
            // Reused when it fits and is not more than twice what is asked.
            if (kept.data && kept.bytes >= length && kept.bytes / 2 <= length) {
                m_data = static_cast<float *>(kept.data);
                m_alignedBytes = kept.bytes;
                kept.data = nullptr;
                kept.bytes = 0;
                return;
            }
            if (kept.data) {
                std::free(kept.data);
                kept.data = nullptr;
                kept.bytes = 0;
            }
        }
        m_data = static_cast<float *>(allocateAligned(length));
        m_alignedBytes = length;
        return;
    }
#endif
    m_data = static_cast<float *>(::operator new(bytes == 0 ? sizeof(float) : bytes));
}

HugePageBuffer::~HugePageBuffer()
{
#ifdef __linux__
    if (m_alignedBytes > 0) {
        Retained &kept = retained();
        const std::lock_guard<std::mutex> lock(kept.mutex);
        if (kept.data || !kept.reuse) {
            std::free(m_data);
        } else {
            kept.data = m_data;
            kept.bytes = m_alignedBytes;
        }
        return;
    }
#endif
    ::operator delete(m_data);
}

void HugePageBuffer::setReuse(bool on)
{
#ifdef __linux__
    {
        Retained &kept = retained();
        const std::lock_guard<std::mutex> lock(kept.mutex);
        kept.reuse = on;
    }
    if (!on)
        releaseRetained();
#else
    (void)on;
#endif
}

void HugePageBuffer::releaseRetained()
{
#ifdef __linux__
    Retained &kept = retained();
    const std::lock_guard<std::mutex> lock(kept.mutex);
    if (kept.data)
        std::free(kept.data);
    kept.data = nullptr;
    kept.bytes = 0;
#endif
}

std::size_t HugePageBuffer::retainedBytes()
{
#ifdef __linux__
    Retained &kept = retained();
    const std::lock_guard<std::mutex> lock(kept.mutex);
    return kept.bytes;
#else
    return 0;
#endif
}

} // namespace AttentionLab
