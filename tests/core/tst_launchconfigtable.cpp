// SPDX-License-Identifier: MIT
// LaunchConfigTable: a configuration's index is the order of its first appearance, whatever
// the table's slot of recent indices answers (issue 20: interning without the hash lookup).
// The expected indices are counted by hand from the order the configurations are interned.
#include "core/trace/launchconfigtable.h"

#include <QTest>

#include <vector>

using sl::LaunchConfig;
using sl::LaunchConfigTable;

namespace {

LaunchConfig config(quint32 gridX, quint32 gridY, quint32 blockX, quint32 regs, quint32 dynamicShared)
{
    LaunchConfig c;
    c.gridX = gridX;
    c.gridY = gridY;
    c.gridZ = 1;
    c.blockX = blockX;
    c.blockY = 1;
    c.blockZ = 1;
    c.registersPerThread = regs;
    c.dynamicSharedMemory = dynamicShared; // bytes
    return c;
}

// A decoder layer's kernels as an H100 trace shows them: a persistent GEMM on the 132 SMs,
// RMSNorm one block per token, FlashAttention's (heads, batch) grid with 99 KiB of shared memory.
const LaunchConfig kGemm = config(132, 1, 384, 168, 232448);
const LaunchConfig kNorm = config(2048, 1, 256, 32, 0);
const LaunchConfig kAttention = config(32, 8, 128, 255, 101376);

/// 300 distinct configurations (more than the table's 64 slots): grid x runs 1..300.
std::vector<LaunchConfig> manyConfigs()
{
    std::vector<LaunchConfig> all;
    for (quint32 g = 1; g <= 300; ++g)
        all.push_back(config(g, 1, 128, 64, 0));
    return all;
}

} // namespace

class TestLaunchConfigTable : public QObject
{
    Q_OBJECT
private slots:
    void alternatingConfigurationsKeepTheirIndices()
    {
        LaunchConfigTable t;
        const LaunchConfig layer[] = { kGemm, kNorm, kAttention, kNorm, kGemm, kAttention, kGemm };
        const quint32 expected[] = { 0, 1, 2, 1, 0, 2, 0 }; // first appearances: gemm, norm, attention
        for (int i = 0; i < 7; ++i)
            QCOMPARE(t.intern(layer[i]), expected[i]);
        QCOMPARE(t.size(), 3);
        QVERIFY(t.at(2) == kAttention);
    }

    void moreConfigurationsThanSlots()
    {
        LaunchConfigTable t;
        const auto all = manyConfigs();
        for (quint32 i = 0; i < all.size(); ++i)
            QCOMPARE(t.intern(all[i]), i);
        // Backwards, then every seventh: slots now hold other configurations' indices.
        for (quint32 i = quint32(all.size()); i-- > 0;)
            QCOMPARE(t.intern(all[i]), i);
        for (quint32 i = 0; i < all.size(); i += 7)
            QCOMPARE(t.intern(all[i]), i);
        QCOMPARE(t.size(), qsizetype(all.size()));
    }

    void restoredCopiedAndMovedTablesAnswerTheSame()
    {
        LaunchConfigTable t;
        t.intern(kGemm), t.intern(kNorm);
        LaunchConfigTable restored;
        restored.intern(kAttention); // a slot that restore() must forget: index 0 becomes kGemm
        restored.restore({ kGemm, kNorm });
        QCOMPARE(restored.intern(kAttention), 2u);
        QCOMPARE(restored.intern(kGemm), 0u);
        QCOMPARE(restored.intern(kNorm), 1u);

        LaunchConfigTable copy = t;
        QCOMPARE(copy.intern(kNorm), 1u);
        QCOMPARE(copy.intern(kAttention), 2u);
        QCOMPARE(t.size(), 2); // the original is untouched by the copy's new entry
        LaunchConfigTable moved = std::move(copy);
        QCOMPARE(moved.intern(kAttention), 2u);
        QCOMPARE(moved.intern(kGemm), 0u);
    }
};

QTEST_GUILESS_MAIN(TestLaunchConfigTable)
#include "tst_launchconfigtable.moc"
