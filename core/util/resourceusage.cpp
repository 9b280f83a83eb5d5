// SPDX-License-Identifier: MIT
#include "core/util/resourceusage.h"

#include <QByteArray>
#include <QFile>

#if defined(Q_OS_LINUX)
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include <atomic>
#include <cstdint>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace sl {

namespace {
/// A "Key:   123 kB" line of /proc/self/status, in bytes.
qint64 statusBytes(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray text = f.readAll();
    const qsizetype at = text.indexOf(key);
    if (at < 0)
        return 0;
    const qsizetype end = text.indexOf('\n', at);
    const QByteArray value = text.mid(at + qsizetype(qstrlen(key)), end - at - qsizetype(qstrlen(key))).trimmed();
    return value.split(' ').front().toLongLong() * 1024;
}
} // namespace

qint64 ResourceUsage::residentBytes() { return statusBytes("VmRSS:"); }

qint64 ResourceUsage::peakResidentBytes() { return statusBytes("VmHWM:"); }

bool ResourceUsage::resetPeak()
{
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    return f.open(QIODevice::WriteOnly) && f.write("5") == 1;
}

qint64 ResourceUsage::cpuNs()
{
#if defined(Q_OS_LINUX)
    rusage u {};
    if (getrusage(RUSAGE_SELF, &u) != 0)
        return 0;
    const auto ns = [](const timeval& t) { return qint64(t.tv_sec) * 1'000'000'000 + qint64(t.tv_usec) * 1'000; };
    return ns(u.ru_utime) + ns(u.ru_stime);
#else
    return 0;
#endif
}

namespace {
/// The heap is advised up to this break; 0 until tuneAllocator runs (nothing is advised then).
std::atomic<uintptr_t> g_heapAdvisedTo { 0 };
} // namespace

void ResourceUsage::tuneAllocator(Heaps heaps)
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    if (heaps == Heaps::PerThread)
        return;
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_TOP_PAD, kHeapPadBytes);
    // What the heap holds now (the libraries' start-up) stays in small pages: advising it would
    // not change pages already written.
    g_heapAdvisedTo = uintptr_t(sbrk(0));
#else
    Q_UNUSED(heaps);
#endif
}

void ResourceUsage::adviseHeap()
{
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    auto from = g_heapAdvisedTo.load(std::memory_order_relaxed);
    const auto to = uintptr_t(sbrk(0)); // the break; no system call once malloc has moved it
    // One thread advises each growth: the one that moves the mark.
    if (from == 0 || to <= from || !g_heapAdvisedTo.compare_exchange_strong(from, to))
        return;
    static const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
    const auto begin = (from + page - 1) & ~(page - 1);
    const auto end = to & ~(page - 1);
    if (end > begin) // advice: a failure changes nothing
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

void ResourceUsage::releaseFreedMemory(qint64 atLeastBytes)
{
#if defined(__GLIBC__)
#if __GLIBC_PREREQ(2, 33)
    if (atLeastBytes > 0 && qint64(mallinfo2().fordblks) < atLeastBytes) // fordblks: free bytes, every arena
        return;
#else
    Q_UNUSED(atLeastBytes);
#endif
    malloc_trim(0);
    // The trim may have lowered the break; the heap grown back over it is a new mapping that
    // needs the advice again (the kernel does not extend an advised mapping).
    auto advised = g_heapAdvisedTo.load();
    const auto brk = uintptr_t(sbrk(0));
    while (advised > brk && !g_heapAdvisedTo.compare_exchange_weak(advised, brk)) { }
#else
    Q_UNUSED(atLeastBytes);
#endif
}

void ResourceUsage::adviseHugePages(void* p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // madvise wants a page-aligned start: the whole pages inside the block (a block of malloc's
    // own mapping starts 16 B past a page). The kernel maps a huge page wherever an aligned 2 MiB
    // of the range lies inside the mapping. Advice: a failure changes nothing.
    static const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
    const auto begin = (uintptr_t(p) + page - 1) & ~(page - 1);
    const auto end = (uintptr_t(p) + bytes) & ~(page - 1);
    if (end > begin)
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    Q_UNUSED(p);
    Q_UNUSED(bytes);
#endif
}

} // namespace sl
