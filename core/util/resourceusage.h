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
    /// Returns free heap pages to the system (glibc malloc_trim). Freed blocks that a heap keeps
    /// for reuse (blocks under 1 MiB, and in the CLI's shared heap larger ones its pad held)
    /// otherwise stay resident after a trace is closed or a load cancelled. With `atLeastBytes`,
    /// only where the heaps hold that much free, not counting the shared heap's pad: a trimmed
    /// page that is used again is a page fault again (~0.5 µs on bare metal, ~12 µs in a VM
    /// backing memory lazily), which a small trace's few free MiB do not repay.
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
        /// glibc's default: a heap per thread, up to 8 per core. The GUI's: malloc_trim locks
        /// each heap in turn while it hands back that heap's free pages, and the GUI thread's
        /// own heap holds few of them; with one heap for all, a worker's trim between the load's
        /// and the analysis' stages held it long enough that the loading stall went from ~30 ms
        /// to 40-67 ms at 5 M kernels.
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
    /// Advises the shared heap to use huge pages whenever its break has moved since the last
    /// call: grown, or handed back by free() or a trim, after which the heap grown back is a new
    /// mapping (nothing with Heaps::PerThread). Cheap when the break has not moved (one read of
    /// it); thread-safe. The applications' operator new calls it after each allocation of a
    /// page or more, so growth from plain malloc (Qt, SQLite) is advised at the next one.
    static void adviseHeap();
    /// The shared heap's growth step (virtual: pages count once written). Every growth leaves
    /// the 2 MiB that malloc writes its next header into in small pages, so the step is large.
    static constexpr int kHeapPadBytes = 32 << 20;
};

} // namespace sl
