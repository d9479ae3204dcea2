// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/mappedfile.h"

#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <QDir>
#include <QFile>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>

#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace AttentionLab {

namespace {

/// The mappings the SIGBUS handler guards. Lock-free: the handler only
/// reads the slots and sets a flag.
struct GuardedRange
{
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::size_t> length{0};
    std::atomic<bool> damaged{false};
};

constexpr int kSlots = 256;
GuardedRange g_ranges[kSlots];
struct sigaction g_previous;
std::once_flag g_installed;

void passOn(int signal, siginfo_t *info, void *context)
{
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(signal, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    // No handler before ours: the default action, once the read faults again.
    ::signal(signal, SIG_DFL);
}

void onBusError(int signal, siginfo_t *info, void *context)
{
    const int savedErrno = errno;
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (GuardedRange &range : g_ranges) {
        const std::uintptr_t begin = range.begin.load(std::memory_order_acquire);
        const std::size_t length = range.length.load(std::memory_order_acquire);
        if (begin == 0 || address < begin || address - begin >= length)
            continue;
        // The file shrank under the mapping: zero pages over all of it, so
        // this read and every later one succeed, and the result is refused.
        void *zeros = ::mmap(reinterpret_cast<void *>(begin), length, PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros == MAP_FAILED)
            break;
        range.damaged.store(true, std::memory_order_release);
        errno = savedErrno;
        return;
    }
    errno = savedErrno;
    passOn(signal, info, context);
}

void installHandler()
{
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = onBusError;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous);
}

int guard(const char *data, long long size)
{
    std::call_once(g_installed, installHandler);
    static std::mutex slotsMutex;
    const std::lock_guard<std::mutex> lock(slotsMutex);
    for (int i = 0; i < kSlots; ++i) {
        if (g_ranges[i].begin.load() != 0)
            continue;
        g_ranges[i].damaged.store(false);
        g_ranges[i].length.store(std::size_t(size), std::memory_order_release);
        g_ranges[i].begin.store(reinterpret_cast<std::uintptr_t>(data), std::memory_order_release);
        return i;
    }
    return -1;
}

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

[[noreturn]] void failWith(const QString &message)
{
    throwReadError(message);
}

} // namespace

std::shared_ptr<const MappedFile> MappedFile::open(const QString &path)
{
    std::shared_ptr<MappedFile> file(new MappedFile);
    file->m_path = path;
    struct stat info;
    QString why;
    file->m_fd = openRegularFile(path, &info, &why);
    if (file->m_fd < 0)
        failWith(why);
    if (info.st_size == 0)
        failWith(QStringLiteral("is empty"));
    file->m_size = info.st_size;
    file->m_device = info.st_dev;
    file->m_inode = info.st_ino;
    file->m_modifiedSeconds = info.st_mtim.tv_sec;
    file->m_modifiedNanoseconds = info.st_mtim.tv_nsec;
    void *data = ::mmap(nullptr, size_t(file->m_size), PROT_READ, MAP_SHARED, file->m_fd, 0);
    if (data == MAP_FAILED)
        failWith(QStringLiteral("cannot be mapped into memory: %1").arg(systemError()));
    file->m_data = static_cast<char *>(data);
    file->m_slot = guard(file->m_data, file->m_size);
    return file;
}

MappedFile::~MappedFile()
{
    if (m_slot >= 0) {
        g_ranges[m_slot].begin.store(0, std::memory_order_release);
        g_ranges[m_slot].length.store(0, std::memory_order_release);
    }
    if (m_data)
        ::munmap(m_data, size_t(m_size));
    if (m_fd >= 0)
        ::close(m_fd);
}

QString MappedFile::change() const
{
    if (m_slot >= 0 && g_ranges[m_slot].damaged.load(std::memory_order_acquire))
        return QStringLiteral("it was cut short while it was read");
    struct stat open;
    if (::fstat(m_fd, &open) == 0) {
        if (open.st_size != m_size)
            return QStringLiteral("its size went from %1 to %2 bytes")
                .arg(m_size)
                .arg(open.st_size);
        if (open.st_mtim.tv_sec != m_modifiedSeconds ||
            open.st_mtim.tv_nsec != m_modifiedNanoseconds)
            return QStringLiteral("it was written to");
    }
    struct stat named;
    if (::stat(QFile::encodeName(m_path).constData(), &named) != 0)
        return QStringLiteral("it was removed");
    if (named.st_dev != m_device || named.st_ino != m_inode)
        return QStringLiteral("another file took its place");
    return {};
}

void MappedFile::requireUnchanged(const QString &reopen) const
{
    if (const QString what = change(); !what.isEmpty())
        throwReadError(QStringLiteral("%1 changed on disk while it was open (%2): reopen %3")
                           .arg(inputText(QDir::toNativeSeparators(m_path)), what, reopen));
}

} // namespace AttentionLab
