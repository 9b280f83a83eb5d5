// SPDX-License-Identifier: MIT
// The digests of an export that holds several ranks (a single-node run profiled as one): one per
// process that ran NCCL kernels, from one kernel scan (ExportDigester::digestRanks).
#include "core/cluster/exportdigester.h"
#include "core/cluster/rankstate.h"
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
    void oneThreadLaunchesOnEveryGpu();
    void whenAProcessIsARankPerGpu();
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

/// One thread drives both GPUs of its process (pid 5100): ncclGroupStart, ncclAllReduce of 8 MiB
/// on GPU 0's and on GPU 1's communicator (one commHash: one clique), ncclGroupEnd, which
/// launches a kernel on each GPU: both take the communicator and the 8 MiB. Each rank comes from
/// the init call naming its CUDA device. A second group whose calls differ in size (8 and 16 MiB,
/// in an order NCCL's launches need not follow) gives the communicator and no size.
void TestClusterRanks::oneThreadLaunchesOnEveryGpu()
{
    const qint64 globalPid = (qint64(1) << 48) | (qint64(5100) << 24), tid = globalPid | 5100;
    const quint64 comm = 0x6a09e667f3bcc908;
    const qint64 mib = 1024 * 1024;
    // (tid, start, end, comm, bytes, rank, nranks, CUDA device), sorted by (tid, start) as read.
    const std::vector<NcclPayloads::Call> calls { { tid, 1'000, 2'000, comm, -1, 0, 2, 0 },
        { tid, 2'100, 3'000, comm, -1, 1, 2, 1 }, { tid, 10'000, 10'500, comm, 8 * mib, -1, -1, -1 },
        { tid, 10'600, 11'000, comm, 8 * mib, -1, -1, -1 }, { tid, 40'000, 40'100, comm, 8 * mib, -1, -1, -1 },
        { tid, 40'200, 40'300, comm, 16 * mib, -1, -1, -1 } };
    RankState gpus[2];
    for (int g = 0; g < 2; ++g) {
        gpus[g].d.device = g;
        for (const qint64 launch : { 11'200 + 200 * g, 41'000 + 200 * g }) {
            gpus[g].d.collectives.push_back(
                { QStringLiteral("AllReduce"), 0, 0, 13, g, -1, launch + 10'000, launch + 20'000, launch });
            gpus[g].correlations.emplace_back(globalPid, launch);
            gpus[g].launchTid.push_back(tid);
        }
    }
    RankState::applyPayloads({ &gpus[0], &gpus[1] }, calls);
    for (int g = 0; g < 2; ++g) {
        const RankDigest& d = gpus[g].d;
        QCOMPARE(d.rank, g);
        QCOMPARE(d.rankSource, QStringLiteral("nccl:CommInitRank"));
        QCOMPARE(d.communicators.size(), size_t(1));
        QCOMPARE(d.communicators[0].hash, comm);
        QCOMPARE(d.communicators[0].nranks, 2);
        QCOMPARE(d.communicators[0].rank, g);
        QCOMPARE(d.collectives[0].bytes, 8 * mib);
        QCOMPARE(d.collectives[0].comm, 0);
        QCOMPARE(d.collectives[0].commOrdinal, 0);
        QCOMPARE(d.collectives[1].bytes, -1);
        QCOMPARE(d.collectives[1].comm, 0);
        QCOMPARE(d.collectives[1].commOrdinal, 1);
    }
}

/// A process is a rank per GPU only where two or more GPUs ran comparable numbers of its NCCL
/// kernels (each at least half the busiest's): pid 41017's one barrier on GPU 0 beside its four
/// AllReduces on GPU 1 (PyTorch's barrier before set_device) keeps it one rank of five
/// collectives beside pid 41018; pid 41019's three and four on GPUs 0 and 1 make two ranks.
void TestClusterRanks::whenAProcessIsARankPerGpu()
{
    const QString allReduce = QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL");
    const qint64 b = twoRankBase;
    std::vector<RankDigest> ranks;
    QString error;
    {
        TraceFixture fx;
        fx.kernel(b, b + 100, 0, 7, 1, 41017, allReduce);
        for (int k = 0; k < 4; ++k) {
            fx.kernel(b + 1000 * (k + 1), b + 1000 * (k + 1) + 500, 1, 13, quint32(2 + k), 41017, allReduce);
            fx.kernel(b + 1000 * (k + 1), b + 1000 * (k + 1) + 500, 0, 13, quint32(2 + k), 41018, allReduce);
        }
        QVERIFY2(ExportDigester::digestRanks(fx.path(), &ranks, &error), qPrintable(error));
        QCOMPARE(ranks.size(), size_t(2));
        QCOMPARE(ranks[0].process, 41017); // lowest GPU 0 (its barrier's), then pid
        QCOMPARE(ranks[0].device, -1);
        QCOMPARE(ranks[0].devices, (std::vector<int> { 0, 1 }));
        QCOMPARE(ranks[0].collectives.size(), size_t(5));
        QCOMPARE(ranks[1].process, 41018);
        QCOMPARE(ranks[1].device, -1);
    }
    TraceFixture fx;
    for (int k = 0; k < 4; ++k) {
        fx.kernel(b + 1000 * k, b + 1000 * k + 500, 1, 13, quint32(1 + 2 * k), 41019, allReduce);
        if (k < 3)
            fx.kernel(b + 1000 * k, b + 1000 * k + 400, 0, 13, quint32(2 + 2 * k), 41019, allReduce);
    }
    QVERIFY2(ExportDigester::digestRanks(fx.path(), &ranks, &error), qPrintable(error));
    QCOMPARE(ranks.size(), size_t(2));
    for (int g = 0; g < 2; ++g) {
        QCOMPARE(ranks[size_t(g)].process, 41019);
        QCOMPARE(ranks[size_t(g)].device, g);
        QCOMPARE(ranks[size_t(g)].processes, 2);
        QCOMPARE(ranks[size_t(g)].devices, std::vector<int> { g });
        QCOMPARE(ranks[size_t(g)].collectives.size(), size_t(3 + g));
        QCOMPARE(ranks[size_t(g)].commNs, qint64(g == 0 ? 3 * 400 : 4 * 500));
    }
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
