// SPDX-License-Identifier: MIT
#include "core/util/resourceusage.h"

#include <QByteArray>
#include <QFile>

#if defined(Q_OS_LINUX)
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include <algorithm>
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

#if defined(__GLIBC__)
namespace {
/// The shared heap's break when tuneAllocator ran (what lies below stays in small pages); 0 with
/// Heaps::PerThread, and then nothing is advised.
std::atomic<uintptr_t> g_heapBase { 0 };
/// The break adviseHeap last advised up to. The break moves down too: glibc's free() and
/// malloc_trim hand the top back, and the heap grown back over it is a new mapping that needs
/// the advice again (the kernel does not extend an advised mapping).
std::atomic<uintptr_t> g_breakSeen { 0 };
constexpr auto kNoBreak = uintptr_t(-1); ///< sbrk's failure
} // namespace
#endif

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
    const auto brk = uintptr_t(sbrk(0));
    if (brk != kNoBreak)
        g_breakSeen = g_heapBase = brk;
#else
    Q_UNUSED(heaps);
#endif
}

void ResourceUsage::adviseHeap()
{
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    const auto base = g_heapBase.load(std::memory_order_relaxed);
    if (base == 0)
        return;
    const auto brk = uintptr_t(sbrk(0)); // no system call once malloc has moved the break
    auto seen = g_breakSeen.load(std::memory_order_relaxed);
    // One thread advises each change, the one that records it; the break changes every 32 MiB
    // of growth or on a trim, so the whole heap above the base is advised each time (a range
    // advised already stays as it is).
    if (brk == seen || brk == kNoBreak || brk <= base || !g_breakSeen.compare_exchange_strong(seen, brk))
        return;
    static const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
    const auto begin = base & ~(page - 1); // the heap's mapping covers whole pages
    const auto end = (brk + page - 1) & ~(page - 1);
    madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE); // advice: a failure changes nothing
#endif
}

void ResourceUsage::releaseFreedMemory(qint64 atLeastBytes)
{
#if defined(__GLIBC__)
#if __GLIBC_PREREQ(2, 33)
    if (atLeastBytes > 0) {
        // fordblks: free bytes in every heap. The shared heap's top keeps up to kHeapPadBytes
        // by design, mostly never written: that is no reason to trim.
        const auto m = mallinfo2();
        const auto pad = g_heapBase.load() != 0 ? std::min<size_t>(m.keepcost, size_t(kHeapPadBytes)) : 0;
        if (qint64(m.fordblks - pad) < atLeastBytes)
            return;
    }
#else
    Q_UNUSED(atLeastBytes);
#endif
    malloc_trim(0);
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
