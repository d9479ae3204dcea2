// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/support/threadpool.h"

#include <omp.h>

#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace AttentionLab {

namespace {

/// How long a thread spins for the next step, or for the others to finish
/// a step, before it sleeps: a join of two free cores takes a few
/// microseconds; a core taken by another program, milliseconds.
constexpr std::chrono::microseconds kSpin{50};

/// Set on the pool's threads and on a thread while its step runs.
thread_local bool insideStep = false;

inline void relax()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

/// Spins until \a ready() or kSpin has passed; says whether it became ready.
template <typename Ready> bool spinFor(Ready ready)
{
    const auto until = std::chrono::steady_clock::now() + kSpin;
    for (int i = 0;; ++i) {
        if (ready())
            return true;
        if ((i & 63) == 63 && std::chrono::steady_clock::now() > until)
            return false;
        relax();
    }
}

} // namespace

ThreadPool &ThreadPool::shared()
{
    static ThreadPool pool(std::max(1, omp_get_max_threads()) - 1);
    return pool;
}

ThreadPool::ThreadPool(int workers)
{
    for (int i = 0; i < workers; ++i)
        m_workers.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
        m_generation.fetch_add(1);
    }
    m_wake.notify_all();
    for (std::thread &worker : m_workers)
        worker.join();
}

void ThreadPool::runParts()
{
    for (int part = m_next.fetch_add(1); part < m_parts; part = m_next.fetch_add(1))
        m_body(m_context, part);
}

void ThreadPool::run(int parts, Body body, void *context)
{
    if (parts <= 0)
        return;
    if (parts == 1 || m_workers.empty() || insideStep || !m_busy.try_lock()) {
        for (int part = 0; part < parts; ++part)
            body(context, part);
        return;
    }
    insideStep = true;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_body = body;
        m_context = context;
        m_parts = parts;
        m_next.store(0);
        m_running.store(int(m_workers.size()));
        m_generation.fetch_add(1);
    }
    m_wake.notify_all();
    runParts();
    if (!spinFor([this] { return m_running.load() == 0; })) {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_done.wait(lock, [this] { return m_running.load() == 0; });
    }
    insideStep = false;
    m_busy.unlock();
}

void ThreadPool::work()
{
    insideStep = true;
    std::uint64_t seen = 0;
    for (;;) {
        if (!spinFor([&] { return m_generation.load() != seen; })) {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] { return m_generation.load() != seen; });
        }
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            if (m_stop)
                return;
            seen = m_generation.load();
        }
        runParts();
        if (m_running.fetch_sub(1) == 1) {
            // The last one: the caller may be asleep.
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_done.notify_one();
        }
    }
}

} // namespace AttentionLab
