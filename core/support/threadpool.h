// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace AttentionLab {

/**
 * The threads of the forward pass: omp_get_max_threads() of them (so
 * OMP_NUM_THREADS still sets the number), the caller being one.
 *
 * A pass runs hundreds of short parallel steps. OpenMP's threads (libgomp)
 * spin between them for up to 300,000 iterations by default, and the policy
 * can only be changed by OMP_WAIT_POLICY before the program starts; on a
 * machine whose cores other programs share, the spinning threads take the
 * cores from those programs and from each other, and a pass took three times
 * as long on two threads as on one. These threads spin for a few
 * microseconds, as long as a join takes when the cores are free, and then
 * sleep until the next step.
 */
class ThreadPool
{
public:
    using Body = void (*)(void *context, int part);

    /// The pool every kernel uses, started on first use.
    static ThreadPool &shared();

    ThreadPool(const ThreadPool &) = delete;
    ThreadPool &operator=(const ThreadPool &) = delete;
    ~ThreadPool();

    /// Threads that run a step, the caller included.
    int threads() const { return int(m_workers.size()) + 1; }

    /**
     * body(context, part) for every part in [0, parts), each once, the parts
     * handed out one at a time to the caller and the pool's threads; returns
     * when all are done. A call made from inside a step, or while another
     * thread's step runs, runs its parts on the calling thread alone.
     */
    void run(int parts, Body body, void *context);

private:
    explicit ThreadPool(int workers);
    void work();
    void runParts();

    std::vector<std::thread> m_workers;
    std::mutex m_busy; ///< held by the thread whose step runs
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    std::atomic<std::uint64_t> m_generation{0};
    std::atomic<int> m_next{0};
    std::atomic<int> m_running{0};
    Body m_body = nullptr;
    void *m_context = nullptr;
    int m_parts = 0;
    bool m_stop = false;
};

/// ThreadPool::shared().run() for a callable \a body(int part).
template <typename Callable> void runParts(int parts, Callable &&body)
{
    using Type = std::remove_reference_t<Callable>;
    ThreadPool::shared().run(
        parts, [](void *context, int part) { (*static_cast<Type *>(context))(part); },
        const_cast<void *>(static_cast<const void *>(&body)));
}

/// \a rows split between \a parts threads in runs of a multiple of \a multiple
/// rows (the products' packing width), \a body(first row, row count) once
/// for each run that holds any.
template <typename Callable>
void runRowParts(std::ptrdiff_t rows, int parts, std::ptrdiff_t multiple, Callable &&body)
{
    const std::ptrdiff_t chunk = ((rows + parts - 1) / parts + multiple - 1) / multiple * multiple;
    runParts(parts, [&](int part) {
        const std::ptrdiff_t begin = std::min<std::ptrdiff_t>(std::ptrdiff_t(part) * chunk, rows);
        const std::ptrdiff_t count = std::min<std::ptrdiff_t>(chunk, rows - begin);
        if (count > 0)
            body(begin, count);
    });
}

} // namespace AttentionLab
