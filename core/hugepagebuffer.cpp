// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/hugepagebuffer.h"

#include <cstdint>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace AttentionLab {

namespace {

constexpr std::size_t kHugePage = std::size_t(2) << 20;

} // namespace

HugePageBuffer::HugePageBuffer(std::size_t count) : m_count(count)
{
    if (count > SIZE_MAX / sizeof(float))
        throw std::bad_alloc();
    const std::size_t bytes = count * sizeof(float);
#ifdef __linux__
    if (bytes >= kHugePage) {
        const std::size_t length = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        // One huge page more than needed, so an aligned start lies inside;
        // the unaligned head and the tail are given back.
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
        m_data = reinterpret_cast<float *>(aligned);
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
        munmap(m_data, m_mappedBytes);
        return;
    }
#endif
    ::operator delete(m_data);
}

} // namespace AttentionLab
