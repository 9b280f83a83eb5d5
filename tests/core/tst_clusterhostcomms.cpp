// SPDX-License-Identifier: MIT
// Per-host NCCL communicators beside the world one (`synth --per-rank --host-communicators`, as
// tensor parallelism within a node and data parallelism across nodes have them): the intra- and
// inter-node split of collective time and waits (issue 22), against figures worked out here from
// the model of core/synth/synthcluster.h or by SQL over the exports, never from the analysis.
#include "core/cluster/clusteranalyzer.h"
#include "core/cluster/exportdigester.h"
#include "core/synth/synthcluster.h"
#include "tests/common/clusterfixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace sl;
using sl::test::sqlScalar;

namespace {

/// The 8-rank, 2-host run of issue 22 (rank 5 slow, host 1's UTC 2.8 ms ahead), with host communicators.
SynthClusterOptions hostRun()
{
    SynthClusterOptions o;
    o.ranks = 8;
    o.ranksPerHost = 4;
    o.straggler = 5;
    o.hostClockErrorNs = { 0, 2'800'000 };
    o.hostCommunicators = true;
    return o;
}

/// Rank r's compute before collective c of step k (the model's definition, written out again).
qint64 compute(const SynthClusterOptions& o, int r, int k, int c)
{
    return o.computeNs + o.jitterNs * ((r + k + c) % 4) + (r == o.straggler ? o.stragglerExtraNs : 0);
}

/// The longest compute of (k, c) among ranks [from, to).
qint64 longest(const SynthClusterOptions& o, int from, int to, int k, int c)
{
    qint64 m = 0;
    for (int r = from; r < to; ++r)
        m = std::max(m, compute(o, r, k, c));
    return m;
}

} // namespace

class TestClusterHostComms : public QObject
{
    Q_OBJECT

private slots:
    void exportsCarryBothCommunicators();
    void intraAndInterNodeSplit();
};

void TestClusterHostComms::exportsCarryBothCommunicators()
{
    QTemporaryDir dir;
    const SynthClusterOptions o = hostRun();
    const auto r = writeSynthCluster(dir.path(), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    // Rank 6 (host 1, local rank 2): AllGather and ReduceScatter (collectives 1 and 2 of each step) on
    // stream 17, the AllReduces on 13; two init calls, the second for host 1's communicator of 4 ranks.
    const QString six = r.files[6];
    const QString onStream = QStringLiteral(
        "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName WHERE "
        "k.streamId = %1 AND s.value LIKE 'ncclDevKernel_%2%'");
    QCOMPARE(sqlScalar(six, onStream.arg(17).arg(QStringLiteral("AllGather"))), o.steps);
    QCOMPARE(sqlScalar(six, onStream.arg(17).arg(QStringLiteral("ReduceScatter"))), o.steps);
    QCOMPARE(sqlScalar(six, onStream.arg(13).arg(QStringLiteral("AllReduce"))), 2 * o.steps);
    QCOMPARE(sqlScalar(six, onStream.arg(13).arg(QString())), 2 * o.steps);
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(six, &d, &error), qPrintable(error));
    QCOMPARE(d.rank, 6);
    QCOMPARE(d.communicators.size(), size_t(2));
    QCOMPARE(d.communicators[0].hash, SynthClusterOptions::worldCommunicator);
    QCOMPARE(d.communicators[0].nranks, 8);
    QCOMPARE(d.communicators[0].rank, 6);
    QCOMPARE(d.communicators[1].hash, quint64(0x6a09e667f3bcc908 + 1));
    QCOMPARE(d.communicators[1].nranks, 4);
    QCOMPARE(d.communicators[1].rank, 2);
    // Collective 1 of step 0 is the host communicator's first, collective 3 the world's third.
    QCOMPARE(d.collectives[1].comm, 1);
    QCOMPARE(d.collectives[1].commOrdinal, 0);
    QCOMPARE(d.collectives[3].comm, 0);
    QCOMPARE(d.collectives[3].commOrdinal, 1);
    QCOMPARE(d.collectives[3].streamIndex, 0);
    QCOMPARE(d.collectives[1].streamIndex, 1);
}

void TestClusterHostComms::intraAndInterNodeSplit()
{
    QTemporaryDir dir;
    const SynthClusterOptions o = hostRun();
    const auto files = writeSynthCluster(dir.path(), o);
    QVERIFY2(files.ok, qPrintable(files.error));
    std::vector<RankDigest> digests(size_t(o.ranks));
    QString error;
    for (int i = 0; i < o.ranks; ++i)
        QVERIFY2(ExportDigester::digest(files.files[i], &digests[size_t(i)], &error), qPrintable(error));
    ClusterResult r;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    // Per step: the two AllReduces span both hosts (inter-node), the AllGather and ReduceScatter
    // run once on each host (intra-node).
    QCOMPARE(r.pairing, QStringLiteral("communicator+ordinal"));
    QCOMPARE(r.interNode, qint64(2 * o.steps));
    QCOMPARE(r.intraNode, qint64(2 * 2 * o.steps));
    QCOMPARE(r.matched, qint64(6 * o.steps)); // each host's AllGather and ReduceScatter are collectives of their own
    QCOMPARE(r.unmatched, 0);
    QCOMPARE(r.stragglerRank, 5);
    // Waits by hand from the model. Host collectives (c = 1, 2) wait for the host's last rank;
    // the hosts then reach the second AllReduce (c = 3) offset by their own longest computes of
    // c = 1 and 2 (every transfer and gap being the same), and the first AllReduce of a step
    // (c = 0) starts from one step start on both hosts.
    std::vector<qint64> intra(size_t(o.ranks)), inter(size_t(o.ranks));
    for (int k = 0; k < o.steps; ++k) {
        qint64 offset[2], last0 = 0, last3 = 0;
        for (int h = 0; h < 2; ++h)
            offset[h] = longest(o, 4 * h, 4 * h + 4, k, 1) + longest(o, 4 * h, 4 * h + 4, k, 2);
        for (int rank = 0; rank < o.ranks; ++rank) {
            last0 = std::max(last0, compute(o, rank, k, 0));
            last3 = std::max(last3, offset[rank / 4] + compute(o, rank, k, 3));
        }
        for (int rank = 0; rank < o.ranks; ++rank) {
            const int h = rank / 4;
            for (int c = 1; c <= 2; ++c)
                intra[size_t(rank)] += longest(o, 4 * h, 4 * h + 4, k, c) - compute(o, rank, k, c);
            inter[size_t(rank)] += last0 - compute(o, rank, k, 0) + last3 - offset[h] - compute(o, rank, k, 3);
        }
    }
    QCOMPARE(intra[0], 120'000); // host 0: Σ 6 µs − 2 µs·((r + k + c) mod 4) over 40 collectives
    QCOMPARE(intra[4], 40 * o.stragglerExtraNs); // host 1 waits for rank 5's extra 300 µs
    QCOMPARE(intra[5], 0);
    for (int rank = 0; rank < o.ranks; ++rank) {
        const ClusterRank& x = r.ranks[size_t(rank)];
        QCOMPARE(x.rank, rank);
        // Within a host one system clock times every rank: exact.
        QCOMPARE(x.waitIntraNodeNs, intra[size_t(rank)]);
        // Across hosts, up to the clock residual (the ends of a collective differ by ≤ 2 µs of jitter).
        QVERIFY2(std::abs(x.waitInterNodeNs - inter[size_t(rank)]) <= 2 * o.steps * 2 * o.endJitterNs,
            qPrintable(QStringLiteral("rank %1: inter-node wait %2, expected %3")
                           .arg(rank)
                           .arg(x.waitInterNodeNs)
                           .arg(inter[size_t(rank)])));
        QCOMPARE(x.waitNs, x.waitIntraNodeNs + x.waitInterNodeNs);
        // NCCL time: the kernels on each stream of the rank's own export, by SQL.
        const QString sum
            = QStringLiteral("SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE streamId = %1");
        QCOMPARE(x.ncclIntraNodeNs, sqlScalar(files.files[rank], sum.arg(17)));
        QCOMPARE(x.ncclInterNodeNs, sqlScalar(files.files[rank], sum.arg(13)));
    }
    // Host 1's clock is still recovered, from the AllReduces alone (40 per rank, 4 ranks).
    QCOMPARE(r.hosts[1].method, QStringLiteral("utc+collective-ends"));
    QVERIFY2(std::abs(r.hosts[1].offsetNs - -2'800'000) <= 20'000, qPrintable(QString::number(r.hosts[1].offsetNs)));
    QCOMPARE(r.hosts[1].samples, qint64(4 * 2 * o.steps));
}

QTEST_GUILESS_MAIN(TestClusterHostComms)
#include "tst_clusterhostcomms.moc"
