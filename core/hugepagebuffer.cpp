// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/hugepagebuffer.h"

#include <cstdint>
#include <mutex>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace AttentionLab {

namespace {

constexpr std::size_t kHugePage = std::size_t(2) << 20;

#ifdef __linux__
/// The one mapping kept for reuse, and its length.
struct Retained
{
    std::mutex mutex;
    void *data = nullptr;
    std::size_t bytes = 0;
};

/// Never destroyed: a buffer may be given back during the program's exit.
Retained &retained()
{
    static Retained *const kept = new Retained;
    return *kept;
}

/// A new mapping of \a length bytes (a multiple of 2 MiB) at a 2 MiB boundary.
void *mapAligned(std::size_t length)
{
    // One huge page more than needed, so an aligned start lies inside; the
    // unaligned head and the tail are given back.
    void *mapped = mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED)
        throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(mapped);
    const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
    if (aligned > start)
        munmap(mapped, aligned - start);
    const std::size_t tail = kHugePage - (aligned - start);
    if (tail > 0)
        munmap(reinterpret_cast<void *>(aligned + length), tail);
    // Advice only: without transparent huge pages the mapping still works.
    madvise(reinterpret_cast<void *>(aligned), length, MADV_HUGEPAGE);
    return reinterpret_cast<void *>(aligned);
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
                m_mappedBytes = kept.bytes;
                kept.data = nullptr;
                kept.bytes = 0;
                return;
            }
            if (kept.data) {
                munmap(kept.data, kept.bytes);
                kept.data = nullptr;
                kept.bytes = 0;
            }
        }
        m_data = static_cast<float *>(mapAligned(length));
        m_mappedBytes = length;
        return;
    }
#endif
    m_data = static_cast<float *>(::operator new(bytes == 0 ? sizeof(float) : bytes));
}

HugePageBuffer::~HugePageBuffer()
{
#ifdef __linux__
    if (m_mappedBytes > 0) {
        Retained &kept = retained();
        const std::lock_guard<std::mutex> lock(kept.mutex);
        if (kept.data) {
            munmap(m_data, m_mappedBytes);
        } else {
            kept.data = m_data;
            kept.bytes = m_mappedBytes;
        }
        return;
    }
#endif
    ::operator delete(m_data);
}

void HugePageBuffer::releaseRetained()
{
#ifdef __linux__
    Retained &kept = retained();
    const std::lock_guard<std::mutex> lock(kept.mutex);
    if (kept.data)
        munmap(kept.data, kept.bytes);
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
