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
    /// Who shares malloc's heaps (tuneAllocator).
    enum class Heaps {
        /// glibc's default: a heap per thread, up to 8 per core. The GUI's: its thread's heap
        /// is never locked by a worker's trim (malloc_trim holds a heap for tens of ms at 5 M
        /// kernels; with one heap for all, the loading stall went from ~30 to 40-67 ms).
        PerThread,
        /// One heap for every thread (M_ARENA_MAX 1), grown kHeapPadBytes at a time and backed by
        /// transparent huge pages (adviseHeap). The CLI's: a 101 k-kernel load's ~400 KiB
        /// columns and the kernel table's ~300 KiB chunks live there, and each 4 KiB page of a
        /// fresh heap was a page fault (~12 µs in a VM, 0.3 µs per 4 KiB in a huge page); what
        /// one thread frees, any other reuses. glibc's glibc.malloc.hugetlb tunable advises the
        /// same way, but only from the environment at start. The threads share the heap's lock:
        /// they allocate per column, chunk and pass, not per row.
        Shared,
    };
    /// Process-wide allocator settings for the applications' main(), before any thread starts.
    /// Blocks of 1 MiB and more that a heap cannot hold are mapped on their own and unmapped
    /// when freed, instead of glibc's default that raises the threshold to 32 MiB after the
    /// first large free: closing or cancelling a trace then frees its memory.
    static void tuneAllocator(Heaps heaps);
    /// Advises the shared heap's growth since the last call to use huge pages (nothing with
    /// Heaps::PerThread). Cheap when the heap has not grown (one read of the break);
    /// thread-safe. The applications' operator new calls it after each allocation of a page or
    /// more; after a trim (releaseFreedMemory) has lowered the break, the heap that grows back
    /// is advised again.
    static void adviseHeap();
    /// The shared heap's growth step (virtual: pages count once written). Every growth leaves
    /// the 2 MiB that malloc writes its next header into in small pages, so the step is large.
    static constexpr int kHeapPadBytes = 32 << 20;
};

} // namespace sl
