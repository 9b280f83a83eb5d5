// SPDX-License-Identifier: MIT
// The digests of an export that holds several ranks (a single-node run profiled as one): one per
// process that ran NCCL kernels, from one kernel scan (ExportDigester::digestRanks).
#include "core/cluster/exportdigester.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/clusterfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QFileInfo>
#include <QTest>

using namespace sl;
using namespace sl::test;

class TestClusterRanks : public QObject
{
    Q_OBJECT
private slots:
    void exportOfTwoRanks();
    void processesSharingAGpu();
    void realExportOfTwoRanks();
};

/// writeTwoRankExport: one digest per process that ran NCCL kernels, in the order of their GPUs
/// (pid 41018 on GPU 0 before pid 41017 on GPU 1),
/// each with its own kernels, collectives, launches, steps and bins; the compute-only process in
/// none. The whole export's digest() stays one digest of everything.
void TestClusterRanks::exportOfTwoRanks()
{
    TraceFixture fx;
    writeTwoRankExport(fx);
    const qint64 b = twoRankBase;
    std::vector<RankDigest> ranks;
    QString error;
    QVERIFY2(ExportDigester::digestRanks(fx.path(), &ranks, &error), qPrintable(error));
    QCOMPARE(ranks.size(), size_t(2));
    const RankDigest &gpu0 = ranks[0], &gpu1 = ranks[1];
    QCOMPARE(gpu0.process, 41018);
    QCOMPARE(gpu1.process, 41017);
    for (const RankDigest& d : ranks) {
        QCOMPARE(d.processes, 2);
        QCOMPARE(d.pids, std::vector<qint64> { d.process });
        QCOMPARE(d.rank, -1); // no environment names a worker's rank, no CommInitRank payload
        QCOMPARE(d.firstNs, b); // the export's kernel span: bins of its ranks line up
        QCOMPARE(d.lastNs, b + 6400);
        QCOMPARE(d.sha256, ranks[0].sha256);
        QCOMPARE(d.file, QStringLiteral("trace.sqlite"));
    }
    QCOMPARE(gpu0.devices, std::vector<int> { 0 });
    QCOMPARE(gpu1.devices, std::vector<int> { 1 });
    QCOMPARE(gpu0.kernels, 3);
    QCOMPARE(gpu1.kernels, 4);
    QCOMPARE(gpu0.collectives.size(), size_t(2));
    QCOMPARE(gpu1.collectives.size(), size_t(2));
    const qint64 starts0[] = { b + 2000, b + 5500 }, starts1[] = { b + 2500, b + 6000 };
    for (size_t i = 0; i < 2; ++i) {
        QCOMPARE(gpu0.collectives[i].startNs, starts0[i]);
        QCOMPARE(gpu1.collectives[i].startNs, starts1[i]);
        QCOMPARE(gpu0.collectives[i].ordinal, qint64(i));
        QCOMPARE(gpu1.collectives[i].streamIndex, 0);
    }
    QCOMPARE(gpu0.collectives[0].launchNs, b + 1900);
    QCOMPARE(gpu1.collectives[0].launchNs, b + 2400);
    QCOMPARE(gpu1.collectives[1].launchNs, -1);
    QCOMPARE(gpu0.steps.size(), size_t(1));
    QCOMPARE(gpu1.steps.size(), size_t(2));
    QCOMPARE(gpu1.steps[1].name, QStringLiteral("ProfilerStep#2"));
    // Busy-time unions of each process' own GPU: compute 1500 and 2000 + 800, NCCL 2000 + 900 and 1500 + 400.
    QCOMPARE(gpu0.computeNs, 1500);
    QCOMPARE(gpu0.commNs, 2900);
    QCOMPARE(gpu0.exposedCommNs, 2900);
    QCOMPARE(gpu1.computeNs, 2800);
    QCOMPARE(gpu1.commNs, 1900);
    qint64 idle0 = 0;
    for (const DigestBin& bin : gpu0.bins) {
        QCOMPARE(bin.device, 0);
        idle0 += bin.idleNs;
    }
    QCOMPARE(idle0, 6400 - 1500 - 2900);

    RankDigest whole;
    QVERIFY2(ExportDigester::digest(fx.path(), &whole, &error), qPrintable(error));
    QCOMPARE(whole.process, -1);
    QCOMPARE(whole.processes, 1);
    QCOMPARE(whole.kernels, 8);
    QCOMPARE(whole.collectives.size(), size_t(4));
    QCOMPARE(whole.steps.size(), size_t(4));
    QCOMPARE(whole.pids, (std::vector<qint64> { 41017, 41018, 41020 }));
    QCOMPARE(whole.computeNs, 1500 + 2800 + 600);
}

/// Two processes on one GPU (MPS, or a second process' warm-up), stored in time order: the whole
/// export's bins hold the GPU's busy-time union, 2500 ns of compute, not the processes' sum (3000).
void TestClusterRanks::processesSharingAGpu()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.kernel(1'000'000, 1'001'000, 0, 7, 1, 4100, QStringLiteral("gemm"));
    fx.kernel(1'000'500, 1'001'500, 0, 13, 1, 4200, QStringLiteral("gemm"));
    fx.kernel(1'002'000, 1'003'000, 0, 7, 2, 4100, QStringLiteral("gemm"));
    std::vector<RankDigest> digests;
    QString error;
    QVERIFY2(ExportDigester::digestRanks(fx.path(), &digests, &error), qPrintable(error));
    QCOMPARE(digests.size(), size_t(1)); // no NCCL kernel: one rank
    const RankDigest& d = digests.front();
    QCOMPARE(d.process, -1);
    QCOMPARE(d.computeNs, 2500);
    qint64 idle = 0;
    for (const DigestBin& b : d.bins)
        idle += b.idleNs;
    QCOMPARE(idle, 500); // [1 001 500, 1 002 000]
}

/// The two FastVideo training exports (nsys 2026.2, torchrun --nproc_per_node=2 under one nsys):
/// a digest per worker, each with its process' kernels and NCCL kernels as SQL counts them.
void TestClusterRanks::realExportOfTwoRanks()
{
    const QStringList all = test::realTraces();
    if (all.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    int checked = 0;
    for (const QString& path : all) {
        if (!QFileInfo(path).fileName().startsWith(QLatin1String("nsysai-fastvideo-train")))
            continue;
        std::vector<RankDigest> ranks;
        QString error;
        QVERIFY2(ExportDigester::digestRanks(path, &ranks, &error), qPrintable(error));
        const QVector<QVector<qint64>> expected = selectRows(path,
            QStringLiteral("SELECT (globalPid >> 24) & 16777215 pid, min(deviceId), count(*), sum(s.value LIKE "
                           "'ncclDevKernel%') FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
                           "GROUP BY pid HAVING sum(s.value LIKE 'ncclDevKernel%') > 0 ORDER BY 2, 1"),
            4);
        QCOMPARE(qsizetype(ranks.size()), expected.size());
        QCOMPARE(expected.size(), 2);
        for (qsizetype i = 0; i < expected.size(); ++i) {
            QCOMPARE(ranks[size_t(i)].process, expected[i][0]);
            QCOMPARE(ranks[size_t(i)].devices.front(), int(expected[i][1]));
            QCOMPARE(ranks[size_t(i)].kernels, expected[i][2]);
            QCOMPARE(qint64(ranks[size_t(i)].collectives.size()), expected[i][3]);
        }
        ++checked;
    }
    if (checked == 0)
        QSKIP("the FastVideo training exports are not in SIGHTLINE_REAL_TRACES");
    QCOMPARE(checked, 2);
}

QTEST_GUILESS_MAIN(TestClusterRanks)
#include "tst_clusterranks.moc"
