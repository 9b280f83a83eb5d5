// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <cstddef>

namespace sl {

/// This process's memory and CPU use, for the benchmarks and for handing freed memory back to
/// the system. Linux figures (/proc/self, getrusage); elsewhere the getters return 0 and the
/// rest does nothing. Callable from any thread.
class ResourceUsage
{
public:
    /// Resident set size now (VmRSS), bytes.
    static qint64 residentBytes();
    /// Peak resident set size since start or the last resetPeak() (VmHWM), bytes.
    static qint64 peakResidentBytes();
    /// Restarts the peak at the current resident size (/proc/self/clear_refs "5"); false when
    /// the kernel refuses, and then the peak keeps counting from the start.
    static bool resetPeak();
    /// CPU time of all threads of the process, user + system, ns.
    static qint64 cpuNs();
    /// Returns free heap pages to the system (glibc malloc_trim). Large freed blocks that glibc
    /// keeps for reuse (every arena of a reader thread, and blocks below the dynamic mmap
    /// threshold) otherwise stay resident after a trace is closed or a load cancelled.
    /// With `atLeastBytes`, only where the heaps hold that much free: a trimmed page that is used
    /// again is a page fault again (~0.5 µs on bare metal, ~11 µs in a VM backing memory lazily),
    /// which a small trace's few free MiB do not repay.
    static void releaseFreedMemory(qint64 atLeastBytes = 0);
    /// Asks the kernel to back [p, p + bytes) with transparent huge pages (Linux MADV_HUGEPAGE;
    /// nothing elsewhere, or where THP is off): one page fault per 2 MiB instead of 512. Only
    /// worth it for blocks of kHugePageAdviceBytes and more, before they are first written: a
    /// huge page needs an aligned 2 MiB inside the block, and a block of 2-4 MiB (malloc's
    /// header in its first page, mappings not 2 MiB aligned) seldom holds one.
    static void adviseHugePages(void* p, size_t bytes);
    static constexpr size_t kHugePageAdviceBytes = size_t(4) << 20;
    /// What a pass hands back between its stages: the transients of a 1 M-kernel trace and more.
    static constexpr qint64 kTrimWorthBytes = qint64(32) << 20;
    /// Process-wide allocator setting for the applications' main(): blocks of 1 MiB and more
    /// (every column of a big table) are mapped on their own and unmapped when freed, instead of
    /// glibc's default that raises the threshold to 32 MiB after the first large free and then
    /// keeps such blocks in per-thread arenas. Closing or cancelling a trace then frees its
    /// memory, and arenas of reader and pool threads do not add up to the peak.
    static void tuneAllocator();
};

} // namespace sl
