// SPDX-License-Identifier: MIT
// The applications' operator new: the heap and blocks of 4 MiB and more in transparent huge pages.
//
// Sightline's columns and the analysis' per-kernel arrays are large blocks that are written once,
// front to back, right after they are allocated; each first touch of a 4 KiB page is a page
// fault. With MADV_HUGEPAGE the kernel maps 2 MiB at a time where THP is "madvise" (Debian's
// default) or "always": 5 M kernels take ~160 k faults without and ~60 k with. A fault costs
// ~0.5 µs on bare metal and ~11 µs in a VM that backs guest memory lazily. The blocks come from
// malloc as before (glibc maps blocks of 1 MiB and more on their own when its heap cannot hold
// them, ResourceUsage::tuneAllocator), so they are freed as before; only the advice is new. The
// CLI's shared heap is advised as it grows (ResourceUsage::adviseHeap): a 101 k-kernel analyze
// took ~4 150 faults without and ~1 100 with. Not under AddressSanitizer, whose own operator new checks
// new/delete pairs.
#include "app/common/sanitizers.h"
#include "core/util/resourceusage.h"

#include <cstdlib>
#include <new>

#if !SIGHTLINE_ASAN

namespace {
/// Smaller blocks do not grow the heap by themselves often enough to look at its break each time.
constexpr std::size_t kPageBytes = 4096;
} // namespace

void* operator new(std::size_t bytes)
{
    void* p = std::malloc(bytes != 0 ? bytes : 1);
    if (p == nullptr)
        throw std::bad_alloc();
    if (bytes >= kPageBytes)
        sl::ResourceUsage::adviseHeap(); // this block may have grown the shared heap
    if (bytes >= sl::ResourceUsage::kHugePageAdviceBytes)
        sl::ResourceUsage::adviseHugePages(p, bytes); // a block mapped on its own
    return p;
}

void* operator new[](std::size_t bytes) { return ::operator new(bytes); }

void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

#endif
