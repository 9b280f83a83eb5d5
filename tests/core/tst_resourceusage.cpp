// SPDX-License-Identifier: MIT
// ResourceUsage's allocator settings (issue 20): after tuneAllocator, the heap that grows is
// advised to use transparent huge pages (Linux marks such a mapping "hg" in /proc/self/smaps),
// and it is advised again once a trim has shrunk it and it grows back. Checked in the kernel's
// own view of this process's mappings, not in the code's bookkeeping.
#include "core/util/resourceusage.h"

#include <QFile>
#include <QTest>

#include <cstdint>
#include <cstdlib>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SL_ASAN 1
#endif
#endif
#if defined(Q_OS_LINUX) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(SL_ASAN)
#include <sys/mman.h>
#include <unistd.h>
#define SL_GLIBC_HEAP 1
#endif

using sl::ResourceUsage;

namespace {

/// The VmFlags of the mapping that holds `address` in /proc/self/smaps, empty when none does.
QByteArray vmFlagsAt(const void* address)
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return {};
    const auto a = quintptr(address);
    bool inside = false;
    for (const QByteArray& line : smaps.readAll().split('\n')) {
        const qsizetype dash = line.indexOf('-');
        const qsizetype space = line.indexOf(' ');
        const qsizetype colon = line.indexOf(':');
        if (dash > 0 && space > dash && colon > space) { // "start-end perms offset dev inode path"
            const quintptr begin = line.left(dash).toULongLong(nullptr, 16);
            const quintptr end = line.mid(dash + 1, space - dash - 1).toULongLong(nullptr, 16);
            inside = begin <= a && a < end;
        } else if (inside && line.startsWith("VmFlags:")) {
            return line.mid(8).trimmed();
        }
    }
    return {};
}

bool advisedHuge(const void* address) { return vmFlagsAt(address).split(' ').contains("hg"); }

#if defined(SL_GLIBC_HEAP)
/// Whether this kernel takes the advice at all (it refuses it without THP built in).
bool kernelTakesHugePageAdvice()
{
    const size_t bytes = size_t(2) << 20;
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return false;
    const bool ok = madvise(p, bytes, MADV_HUGEPAGE) == 0;
    munmap(p, bytes);
    return ok;
}
#endif

} // namespace

class TestResourceUsage : public QObject
{
    Q_OBJECT
private:
#if defined(SL_GLIBC_HEAP)
    std::vector<void*> m_blocks; ///< heap blocks (below the 1 MiB mapping threshold), freed at the end
    /// Allocates 256 KiB heap blocks until the break has moved past `beyond`; the last block.
    void* growHeapPast(uintptr_t beyond)
    {
        for (int i = 0; i < 4096 && uintptr_t(sbrk(0)) <= beyond; ++i)
            m_blocks.push_back(std::malloc(256 << 10));
        return m_blocks.empty() ? nullptr : m_blocks.back();
    }
    void freeBlocks()
    {
        for (void* p : m_blocks)
            std::free(p);
        m_blocks.clear();
    }
#endif

private slots:
    void cleanup()
    {
#if defined(SL_GLIBC_HEAP)
        freeBlocks(); // a failed check leaves its blocks: the next test starts without them
#endif
    }

    void initTestCase()
    {
#if !defined(SL_GLIBC_HEAP)
        QSKIP("glibc's heap on Linux only (not under AddressSanitizer, whose allocator has no such heap)");
#else
        if (vmFlagsAt(&m_blocks).isEmpty())
            QSKIP("/proc/self/smaps has no VmFlags here");
        if (!kernelTakesHugePageAdvice())
            QSKIP("this kernel has no transparent huge pages (MADV_HUGEPAGE refused)");
        if (qEnvironmentVariable("GLIBC_TUNABLES").contains(QLatin1String("hugetlb")))
            QSKIP("GLIBC_TUNABLES sets glibc.malloc.hugetlb: glibc advises the heap itself");
        ResourceUsage::tuneAllocator(ResourceUsage::Heaps::Shared);
#endif
    }

    void grownHeapIsAdvised()
    {
#if defined(SL_GLIBC_HEAP)
        const auto start = uintptr_t(sbrk(0));
        QVERIFY(growHeapPast(start) != nullptr);
        QVERIFY(uintptr_t(sbrk(0)) > start);
        // Before the advice the new part of the heap is an ordinary mapping.
        void* fresh = std::malloc(256 << 10);
        m_blocks.push_back(fresh);
        QVERIFY2(!advisedHuge(fresh), vmFlagsAt(fresh).constData());
        ResourceUsage::adviseHeap();
        QVERIFY2(advisedHuge(fresh), vmFlagsAt(fresh).constData());
        // The growth step: one growth leaves room for ~kHeapPadBytes more without a new mapping.
        void* next = std::malloc(256 << 10);
        m_blocks.push_back(next);
        QVERIFY(advisedHuge(next));
        freeBlocks();
#endif
    }

    void heapTrimmedAndGrownBackIsAdvisedAgain()
    {
#if defined(SL_GLIBC_HEAP)
        ResourceUsage::releaseFreedMemory(); // malloc_trim: the free top of the heap goes back
        const auto trimmed = uintptr_t(sbrk(0));
        QVERIFY(growHeapPast(trimmed + (4 << 20)) != nullptr);
        void* fresh = std::malloc(256 << 10);
        m_blocks.push_back(fresh);
        ResourceUsage::adviseHeap();
        QVERIFY2(advisedHuge(fresh), vmFlagsAt(fresh).constData());
        freeBlocks();
#endif
    }
};

QTEST_GUILESS_MAIN(TestResourceUsage)
#include "tst_resourceusage.moc"
