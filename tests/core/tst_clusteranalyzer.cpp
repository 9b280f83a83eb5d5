// SPDX-License-Identifier: MIT
// Cluster runs (issue 22): the cross-rank analysis of per-rank digests (ClusterAnalyzer): pairing,
// clocks, waits, the straggler and its what-if. The digests themselves are tested in
// tst_clusterdigest, the CLI in tst_clustercli.
// Expected figures come from SynthClusterOptions' timeline model (core/synth/synthcluster.h),
// worked out here by hand, or from SQL over the exports; never from the analysis' own output.
#include "core/cluster/clusteranalyzer.h"
#include "core/cluster/clusterinputs.h"
#include "core/cluster/exportdigester.h"
#include "core/synth/synthcluster.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/clusterfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <iterator>

using namespace sl;
using namespace sl::test;

namespace {

/// Rank r's compute before collective c of step k (the model's definition, written out again).
qint64 compute(const SynthClusterOptions& o, int r, int k, int c)
{
    return o.computeNs + o.jitterNs * ((r + k + c) % 4) + (r == o.straggler ? o.stragglerExtraNs : 0);
}

qint64 nearestRankByHand(std::vector<qint64> v, double p)
{
    std::sort(v.begin(), v.end());
    const auto rank = std::clamp<size_t>(size_t(std::ceil(p / 100.0 * double(v.size()))), 1, v.size());
    return v[rank - 1];
}

/// Digests of the run's exports, copied first under names in an order unrelated to the rank
/// (as from a shared folder of "job-<uuid>.sqlite" files): ranks must come from the environment.
std::vector<RankDigest> digestsShuffled(const QTemporaryDir& dir, const SynthClusterOptions& o, QStringList* names)
{
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("raw")), o);
    std::vector<RankDigest> digests;
    if (!r.ok)
        return digests;
    for (int i = 0; i < o.ranks; ++i) {
        const int rank = (i * 3 + 1) % o.ranks; // 8 ranks: 1, 4, 7, 2, 5, 0, 3, 6
        const QString name = QStringLiteral("job-%1.sqlite").arg(QChar(QLatin1Char('a' + i)));
        const QString copy = dir.filePath(name);
        QFile::copy(r.files[rank], copy);
        RankDigest d;
        QString error;
        if (!ExportDigester::digest(copy, &d, &error))
            return {};
        digests.push_back(std::move(d));
        (*names)[rank] = name;
    }
    return digests;
}

struct HandCollective
{
    quint64 comm;
    qint64 arrival, end, bytes;
};

/// A digest of one rank on `host` whose collectives carry NCCL payloads (one clock for all hosts:
/// equal UTC anchors, no system clock).
RankDigest commDigest(int rank, const char* host, const std::vector<HandCollective>& collectives)
{
    RankDigest d;
    d.file = QStringLiteral("r%1.sqlite").arg(rank);
    d.rank = rank;
    d.rankSource = QStringLiteral("env:RANK");
    d.hostname = QLatin1String(host);
    d.utcEpochNs = 1'767'258'000'000'000'000;
    QHash<quint64, qint64> ordinal;
    for (const HandCollective& c : collectives) {
        int index = -1;
        for (size_t i = 0; i < d.communicators.size(); ++i)
            index = d.communicators[i].hash == c.comm ? int(i) : index;
        if (index < 0) {
            d.communicators.push_back({ c.comm, -1, -1 });
            index = int(d.communicators.size()) - 1;
        }
        d.collectives.push_back(
            { QStringLiteral("AllReduce"), 0, 0, 13, 0, c.bytes, c.arrival, c.end, -1, index, ordinal[c.comm]++ });
    }
    return d;
}

} // namespace

class TestClusterAnalyzer : public QObject
{
    Q_OBJECT

private slots:
    void issueRunNamesTheStraggler_data();
    void issueRunNamesTheStraggler();
    void rankFromNcclPayload();
    void subCommunicatorsAndNodes();
    void desyncIsListed();
    void singleHostIsIntraNode();
    void partialPayloadsFallBack();
    void issueRunStepsAndWhatIf();
    void stepsFromKernelsWithoutNvtx();
    void noStragglerWithoutOne();
    void ranksWithoutEnvironmentAreGuessed();
    void duplicateRanksAreRefused();
    void ranksOfOneExport();
    void issueRunOfAProcessPerHost_data();
    void issueRunOfAProcessPerHost();
    void hostWithoutUtcAnchor();
    void unplacedRankLeavesTheCollective();
    void realExportOfTwoRanks();
};

void TestClusterAnalyzer::issueRunNamesTheStraggler_data()
{
    QTest::addColumn<bool>("payloads");
    QTest::newRow("NCCL payloads") << true;
    QTest::newRow("no payloads") << false;
}

void TestClusterAnalyzer::issueRunNamesTheStraggler()
{
    QFETCH(bool, payloads);
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ncclPayloads = payloads;
    QStringList names(o.ranks);
    std::vector<RankDigest> digests = digestsShuffled(dir, o, &names);
    QCOMPARE(int(digests.size()), o.ranks);
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));

    // By hand from the model: rank 5 arrives last at every collective (its 300 µs extra exceeds
    // the 6 µs jitter range). Rank r waits Σ (compute5 − compute_r) over 20 × 4 collectives.
    const int collectives = o.steps * o.collectivesPerStep;
    QCOMPARE(r.matched, qint64(collectives));
    QCOMPARE(r.unmatched, 0);
    QCOMPARE(r.pairing, payloads ? QStringLiteral("communicator+ordinal") : QStringLiteral("op+stream-ordinal"));
    QCOMPARE(r.mismatched, 0);
    QCOMPARE(r.collectives[2].bytes, payloads ? 4 * 1024 * 1024 : -1);
    QCOMPARE(r.collectives[2].communicator, payloads ? QStringLiteral("d1b54a32d192ed03") : QString());
    // Hosts of 4 ranks each, every collective spans both: all inter-node.
    QCOMPARE(r.interNode, qint64(collectives));
    QCOMPARE(r.intraNode, 0);
    QVERIFY(r.hasStraggler);
    QCOMPARE(r.stragglerRank, 5);
    QCOMPARE(r.stragglerShare, 1.0);
    std::vector<qint64> skews, transfers;
    std::vector<qint64> wait(size_t(o.ranks), 0);
    for (int k = 0; k < o.steps; ++k)
        for (int c = 0; c < o.collectivesPerStep; ++c) {
            qint64 first = compute(o, 0, k, c);
            for (int rank = 0; rank < o.ranks; ++rank) {
                wait[size_t(rank)] += compute(o, 5, k, c) - compute(o, rank, k, c);
                first = std::min(first, compute(o, rank, k, c));
            }
            skews.push_back(compute(o, 5, k, c) - first);
            // The shortest NCCL kernel is the last arriver's: transfer + its end jitter.
            transfers.push_back(o.transferNs + o.endJitterNs * ((5 + c) % 3));
        }
    QCOMPARE(int(r.ranks.size()), 8);
    for (int rank = 0; rank < o.ranks; ++rank) {
        const ClusterRank& x = r.ranks[size_t(rank)];
        QCOMPARE(x.rank, rank);
        QCOMPARE(x.rankSource, QStringLiteral("env:RANK"));
        QCOMPARE(x.file, names[rank]);
        QCOMPARE(x.host, rank < 4 ? QStringLiteral("host0") : QStringLiteral("host1"));
        QCOMPARE(x.lastArrivalShare, rank == 5 ? 1.0 : 0.0);
        QCOMPARE(x.waitInterNodeNs, x.waitNs);
        QCOMPARE(x.waitIntraNodeNs, 0);
        QCOMPARE(x.ncclIntraNodeNs, 0);
        QCOMPARE(x.ncclInterNodeNs, x.ncclNs);
        QVERIFY2(std::abs(x.waitNs - wait[size_t(rank)]) <= wait[size_t(rank)] / 100,
            qPrintable(
                QStringLiteral("rank %1: wait %2, expected %3").arg(rank).arg(x.waitNs).arg(wait[size_t(rank)])));
    }
    QCOMPARE(wait[5], 0);
    QCOMPARE(wait[0], 80 * o.stragglerExtraNs); // the jitter differences cancel over the 4 residues
    // The finding's evidence: rank 5 is latest by the whole 300 µs where its jitter residue
    // (5 + k + c) mod 4 is the largest, first at step 0's third collective; shown on its own export
    // from the end of its previous NCCL kernel to the end of this one (SQL over report.5).
    QCOMPARE(r.findings.size(), size_t(1));
    const ClusterFinding& finding = r.findings[0];
    QCOMPARE(finding.kind, QStringLiteral("straggler"));
    QCOMPARE(finding.evidence.size(), size_t(5));
    const QString five = dir.filePath(names[5]);
    const QString ncclEnd = QStringLiteral("SELECT k.end FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                                           "k.shortName WHERE s.value LIKE 'nccl%' ORDER BY k.start LIMIT 1 OFFSET %1");
    QCOMPARE(finding.evidence[0].rank, 5);
    QCOMPARE(finding.evidence[0].file, names[5]);
    QCOMPARE(finding.evidence[0].startNs, sqlScalar(five, ncclEnd.arg(1)));
    QCOMPARE(finding.evidence[0].endNs, sqlScalar(five, ncclEnd.arg(2)));
    // The margin is 300 µs up to the clock residual between the hosts (the next-latest rank may be on host 0).
    const QRegularExpressionMatch margin
        = QRegularExpression(QStringLiteral("arrives ([0-9.]+) µs after")).match(finding.evidence[0].label);
    QVERIFY2(margin.hasMatch(), qPrintable(finding.evidence[0].label));
    QVERIFY2(std::abs(margin.captured(1).toDouble() - 300.0) <= 2.0 * double(o.endJitterNs) / 1000.0,
        qPrintable(finding.evidence[0].label));
    QVERIFY(std::abs(r.skewP50Ns - nearestRankByHand(skews, 50)) <= 10'000);
    QVERIFY(std::abs(r.skewP90Ns - nearestRankByHand(skews, 90)) <= 10'000);
    QCOMPARE(r.transferP50Ns, nearestRankByHand(transfers, 50));

    // Clocks: host 1's UTC-derived times are 2.8 ms late, so the correction is −2.8 ms.
    QCOMPARE(int(r.hosts.size()), 2);
    QCOMPARE(r.hosts[0].method, QStringLiteral("reference"));
    QCOMPARE(r.hosts[0].offsetNs, 0);
    QCOMPARE(r.hosts[1].method, QStringLiteral("utc+collective-ends"));
    QVERIFY2(std::abs(r.hosts[1].offsetNs - -2'800'000) <= 20'000, qPrintable(QString::number(r.hosts[1].offsetNs)));
    QVERIFY(r.hosts[1].residualNs >= 0 && r.hosts[1].residualNs <= 2 * o.endJitterNs);
    QCOMPARE(r.hosts[1].samples, qint64(4 * collectives));
    QVERIFY(r.warnings.isEmpty());
}

void TestClusterAnalyzer::rankFromNcclPayload()
{
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 4;
    o.ranksPerHost = 2;
    o.straggler = 2;
    o.steps = 3;
    o.hostClockErrorNs = { 0, 1'000'000 };
    o.rankEnvironment = false;
    QStringList names(o.ranks);
    std::vector<RankDigest> digests = digestsShuffled(dir, o, &names);
    QCOMPARE(int(digests.size()), o.ranks);
    // No rank variable in any environment (checked by SQL): the rank is the one each process gave
    // NCCL in ncclCommInitRankConfig, decoded from the payload.
    QCOMPARE(sqlScalar(dir.filePath(names[3]),
                 QStringLiteral("SELECT count(*) FROM META_DATA_CAPTURE WHERE value LIKE 'SLURM_PROCID=%' OR value "
                                "LIKE 'RANK=%'")),
        0);
    for (const RankDigest& d : digests)
        QCOMPARE(d.rankSource, QStringLiteral("nccl:CommInitRank"));
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    for (int rank = 0; rank < o.ranks; ++rank) {
        QCOMPARE(r.ranks[size_t(rank)].rank, rank);
        QCOMPARE(r.ranks[size_t(rank)].file, names[rank]);
        QCOMPARE(r.ranks[size_t(rank)].rankSource, QStringLiteral("nccl:CommInitRank"));
    }
    QVERIFY(!r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("guessed")));
    QCOMPARE(r.stragglerRank, 2);
    // Neither payloads nor environment: nothing says the rank.
    o.ncclPayloads = false;
    const auto bare = writeSynthCluster(dir.filePath(QStringLiteral("bare")), o);
    QVERIFY2(bare.ok, qPrintable(bare.error));
    RankDigest d;
    QVERIFY2(ExportDigester::digest(bare.files[1], &d, &error), qPrintable(error));
    QCOMPARE(d.rank, -1);
    QCOMPARE(d.rankSource, QStringLiteral("none"));
    QVERIFY(d.communicators.empty());
    QCOMPARE(d.collectives[0].comm, -1);
}

void TestClusterAnalyzer::subCommunicatorsAndNodes()
{
    // Ranks 0, 1 on node-a share communicator A, ranks 2, 3 on node-b communicator B; W spans all.
    // Times in µs: A: arrivals 100, 150; B: 300, 200; W: 2000, 2100, 2400, 2050; every end equal.
    const quint64 a = 0xa, b = 0xb, w = 0xfedcba9876543210;
    std::vector<RankDigest> digests {
        commDigest(0, "node-a", { { a, 100'000, 1'000'000, 1024 }, { w, 2'000'000, 3'000'000, 4096 } }),
        commDigest(1, "node-a", { { a, 150'000, 1'000'000, 1024 }, { w, 2'100'000, 3'000'000, 4096 } }),
        commDigest(2, "node-b", { { b, 300'000, 1'000'000, 2048 }, { w, 2'400'000, 3'000'000, 4096 } }),
        commDigest(3, "node-b", { { b, 200'000, 1'000'000, 2048 }, { w, 2'050'000, 3'000'000, 4096 } }),
    };
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    QCOMPARE(r.pairing, QStringLiteral("communicator+ordinal"));
    QCOMPARE(r.matched, 3);
    QCOMPARE(r.unmatched, 0);
    QCOMPARE(r.intraNode, 2);
    QCOMPARE(r.interNode, 1);
    QCOMPARE(r.hosts[1].offsetNs, 0);
    QCOMPARE(r.hosts[1].residualNs, 0);
    const qint64 matched[] = { 2, 2, 2, 2 }, last[] = { 0, 1, 2, 0 };
    const qint64 waitIntra[] = { 50'000, 0, 0, 100'000 }, waitInter[] = { 400'000, 300'000, 0, 350'000 };
    const qint64 ncclIntra[] = { 900'000, 850'000, 700'000, 800'000 };
    const qint64 ncclInter[] = { 1'000'000, 900'000, 600'000, 950'000 };
    for (size_t i = 0; i < 4; ++i) {
        const ClusterRank& x = r.ranks[i];
        QCOMPARE(x.matched, matched[i]);
        QCOMPARE(x.lastArrivals, last[i]);
        QCOMPARE(x.lastArrivalShare, double(last[i]) / 2);
        QCOMPARE(x.waitIntraNodeNs, waitIntra[i]);
        QCOMPARE(x.waitInterNodeNs, waitInter[i]);
        QCOMPARE(x.waitNs, waitIntra[i] + waitInter[i]);
        QCOMPARE(x.ncclIntraNodeNs, ncclIntra[i]);
        QCOMPARE(x.ncclInterNodeNs, ncclInter[i]);
    }
    QCOMPARE(r.stragglerRank, 2);
    QCOMPARE(r.skewP50Ns, 100'000); // skews 50, 100, 400 µs
    int ranks = 0;
    for (const ClusterCollective& c : r.collectives)
        ranks += c.ranks;
    QCOMPARE(ranks, 2 + 2 + 4);
}

void TestClusterAnalyzer::desyncIsListed()
{
    // Rank 1 thinks the second collective on the communicator moves 8 KiB, rank 0 4 KiB.
    std::vector<RankDigest> digests {
        commDigest(0, "node-a", { { 7, 100'000, 900'000, 4096 }, { 7, 1'100'000, 1'900'000, 4096 } }),
        commDigest(1, "node-a", { { 7, 120'000, 900'000, 4096 }, { 7, 1'150'000, 1'900'000, 8192 } }),
    };
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    QCOMPARE(r.matched, 1);
    QCOMPARE(r.mismatched, 1);
    QCOMPARE(r.mismatchedKeys.size(), 1);
    QVERIFY2(r.mismatchedKeys[0].contains(QLatin1String("#1")) && r.mismatchedKeys[0].contains(QLatin1String("8192")),
        qPrintable(r.mismatchedKeys[0]));
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("desync")));
    // Rank 1 arrived last at the one matched collective: a straggler finding, then the desync's.
    QCOMPARE(r.findings.size(), size_t(2));
    const ClusterFinding& desync = r.findings[1];
    QCOMPARE(desync.kind, QStringLiteral("desync"));
    QCOMPARE(desync.evidence.size(), size_t(2));
    QCOMPARE(desync.evidence[1].file, QStringLiteral("r1.sqlite"));
    QCOMPARE(desync.evidence[1].startNs, 1'150'000);
    QCOMPARE(desync.evidence[1].endNs, 1'900'000);
    QCOMPARE(r.ranks[0].waitNs, 20'000); // only the matched first collective
}

void TestClusterAnalyzer::singleHostIsIntraNode()
{
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 4;
    o.ranksPerHost = 4;
    o.straggler = 2;
    o.steps = 2;
    QStringList names(o.ranks);
    std::vector<RankDigest> digests = digestsShuffled(dir, o, &names);
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    // One host: all 2 × 4 collectives are intra-node; rank 0 waits 300 µs at each (the jitter
    // differences to rank 2 cancel over the four residues of a step).
    QCOMPARE(r.hosts.size(), size_t(1));
    QCOMPARE(r.intraNode, 8);
    QCOMPARE(r.interNode, 0);
    QCOMPARE(r.ranks[0].waitIntraNodeNs, 8 * o.stragglerExtraNs);
    QCOMPARE(r.ranks[0].waitInterNodeNs, 0);
    QCOMPARE(r.ranks[0].ncclInterNodeNs, 0);
    QCOMPARE(r.ranks[0].ncclIntraNodeNs, r.ranks[0].ncclNs);
}

void TestClusterAnalyzer::partialPayloadsFallBack()
{
    // Rank 1's export was made without blobs: no communicator there, so nobody pairs by one.
    std::vector<RankDigest> digests {
        commDigest(0, "node-a", { { 7, 100'000, 900'000, 4096 } }),
        handDigest(QStringLiteral("r1.sqlite"), 1, 150'000),
    };
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    QCOMPARE(r.pairing, QStringLiteral("op+stream-ordinal"));
    QCOMPARE(r.matched, 1);
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("not all of them")));
}

void TestClusterAnalyzer::issueRunStepsAndWhatIf()
{
    QTemporaryDir dir;
    const SynthClusterOptions o = issueRun();
    QStringList names(o.ranks);
    std::vector<RankDigest> digests = digestsShuffled(dir, o, &names);
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    std::vector<qint64> stepTimes, savings;
    for (int k = 0; k < o.steps; ++k) {
        qint64 step = o.prologueNs, saving = 0;
        for (int c = 0; c < o.collectivesPerStep; ++c) {
            step += compute(o, 5, k, c) + o.transferNs + 2 * o.endJitterNs + o.gapNs;
            // Times relative to this collective's compute phase start P: arrival = compute, the
            // previous collective ended endJitter·((r + c − 1) mod 3) − 2·endJitter − gap before P
            // (for c = 0: the step started prologue before P).
            const auto prevEnd = [&](int rank) {
                return c == 0 ? -o.prologueNs : o.endJitterNs * ((rank + c - 1) % 3) - 2 * o.endJitterNs - o.gapNs;
            };
            std::vector<qint64> leads;
            qint64 othersLast = 0;
            for (int rank = 0; rank < o.ranks; ++rank)
                if (rank != 5) {
                    leads.push_back(compute(o, rank, k, c) - prevEnd(rank));
                    othersLast = std::max(othersLast, compute(o, rank, k, c));
                }
            const qint64 whatIfArrival = prevEnd(5) + nearestRankByHand(leads, 50);
            saving += compute(o, 5, k, c) - std::max(whatIfArrival, othersLast);
        }
        stepTimes.push_back(step);
        savings.push_back(saving);
    }
    for (const ClusterRank& x : r.ranks) {
        QCOMPARE(x.steps, qint64(o.steps));
        QCOMPARE(x.stepSource, QStringLiteral("nvtx"));
        QCOMPARE(x.stepP50Ns, nearestRankByHand(stepTimes, 50));
        QCOMPARE(x.stepP90Ns, nearestRankByHand(stepTimes, 90));
    }
    QCOMPARE(r.ranks[0].stepP50Ns, 4'960'000); // 20 µs + 4 × (1100 + 120 + 2 + 10) µs + 2 × (0+1+2+3) µs
    QVERIFY2(std::abs(r.whatifStepSavingNs - nearestRankByHand(savings, 50)) <= 10'000,
        qPrintable(QStringLiteral("%1 vs %2").arg(r.whatifStepSavingNs).arg(nearestRankByHand(savings, 50))));
    QVERIFY(r.whatifStepSavingNs > 4 * 290'000); // about the 300 µs extra at each of the 4 collectives
}

void TestClusterAnalyzer::stepsFromKernelsWithoutNvtx()
{
    // The issue's run with no ProfilerStep ranges (a server that marks no steps): each digest
    // finds its steps from the kernels. The AllReduce opens each step (once per step, as the
    // other three ops; the compute kernels run 12 times per step), so iteration j runs from
    // step j's AllReduce to step j + 1's: 19 iterations of 20 steps.
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.stepRanges = false;
    QStringList names(o.ranks);
    std::vector<RankDigest> digests = digestsShuffled(dir, o, &names);
    QCOMPARE(int(digests.size()), o.ranks);
    const auto stepNs = [&](int k) { // the ProfilerStep range's length, as in issueRunStepsAndWhatIf
        qint64 step = o.prologueNs;
        for (int c = 0; c < o.collectivesPerStep; ++c)
            step += compute(o, 5, k, c) + o.transferNs + 2 * o.endJitterNs + o.gapNs;
        return step;
    };
    std::vector<std::vector<qint64>> iterationsOf(size_t(o.ranks));
    for (const RankDigest& d : digests) {
        QCOMPARE(d.steps.size(), size_t(o.steps - 1));
        for (int j = 0; j + 1 < o.steps; ++j) {
            // AllReduce j + 1 starts a step and its gap later, its compute's jitter apart.
            const qint64 expected = stepNs(j) + o.stepGapNs + compute(o, d.rank, j + 1, 0) - compute(o, d.rank, j, 0);
            QCOMPARE(d.steps[size_t(j)].name, QStringLiteral("iteration#%1").arg(j));
            QCOMPARE(d.steps[size_t(j)].endNs - d.steps[size_t(j)].startNs, expected);
            iterationsOf[size_t(d.rank)].push_back(expected);
        }
    }
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    for (const ClusterRank& x : r.ranks) {
        QCOMPARE(x.steps, qint64(o.steps - 1));
        QCOMPARE(x.stepSource, QStringLiteral("kernels"));
        QCOMPARE(x.stepP50Ns, nearestRankByHand(iterationsOf[size_t(x.rank)], 50));
    }
    // The what-if over iterations: iteration j holds collectives 1-3 of step j (their leads as
    // in issueRunStepsAndWhatIf) and step j + 1's AllReduce, whose lead runs from the end of
    // step j's last collective: endJitter·(r mod 3) − 2·endJitter − gap − stepGap − prologue
    // before its compute phase. Step 0's AllReduce opens iteration 0 and saves nothing.
    QVERIFY(r.hasStraggler);
    QCOMPARE(r.stragglerRank, 5);
    const auto saving = [&](int k, int c) {
        const auto prevEnd = [&](int rank) {
            return c == 0 ? o.endJitterNs * (rank % 3) - 2 * o.endJitterNs - o.gapNs - o.stepGapNs - o.prologueNs
                          : o.endJitterNs * ((rank + c - 1) % 3) - 2 * o.endJitterNs - o.gapNs;
        };
        std::vector<qint64> leads;
        qint64 othersLast = 0;
        for (int rank = 0; rank < o.ranks; ++rank)
            if (rank != 5) {
                leads.push_back(compute(o, rank, k, c) - prevEnd(rank));
                othersLast = std::max(othersLast, compute(o, rank, k, c));
            }
        return compute(o, 5, k, c) - std::max(prevEnd(5) + nearestRankByHand(leads, 50), othersLast);
    };
    std::vector<qint64> savings;
    for (int j = 0; j + 1 < o.steps; ++j)
        savings.push_back(saving(j, 1) + saving(j, 2) + saving(j, 3) + saving(j + 1, 0));
    QVERIFY2(std::abs(r.whatifStepSavingNs - nearestRankByHand(savings, 50)) <= 10'000,
        qPrintable(QStringLiteral("%1 vs %2").arg(r.whatifStepSavingNs).arg(nearestRankByHand(savings, 50))));
    QVERIFY(r.whatifStepSavingNs > 4 * 290'000);
}

void TestClusterAnalyzer::noStragglerWithoutOne()
{
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.straggler = -1;
    QStringList names(o.ranks);
    std::vector<RankDigest> digests = digestsShuffled(dir, o, &names);
    QCOMPARE(int(digests.size()), o.ranks);
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    // The slowest compute (jitter residue 3) is shared by ranks r and r + 4 at every collective:
    // no single last arriver, so no rank collects a share, and nobody is blamed.
    QVERIFY(!r.hasStraggler);
    for (const ClusterRank& x : r.ranks)
        QCOMPARE(x.lastArrivals, 0);
    // Skew = the jitter range, 3 × 2 µs, at every collective.
    QVERIFY(std::abs(r.skewP50Ns - 3 * o.jitterNs) <= 10'000);
}

void TestClusterAnalyzer::ranksWithoutEnvironmentAreGuessed()
{
    std::vector<RankDigest> digests { handDigest(QStringLiteral("b.sqlite"), -1, 100'000),
        handDigest(QStringLiteral("a.sqlite"), 0, 400'000), handDigest(QStringLiteral("c.sqlite"), -1, 200'000) };
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    QCOMPARE(r.ranks[0].file, QStringLiteral("a.sqlite"));
    QCOMPARE(r.ranks[0].rankSource, QStringLiteral("env:RANK"));
    QCOMPARE(r.ranks[1].file, QStringLiteral("b.sqlite")); // file order fills the free ranks
    QCOMPARE(r.ranks[1].rankSource, QStringLiteral("file-order"));
    QCOMPARE(r.ranks[2].file, QStringLiteral("c.sqlite"));
    QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("guessed")));
    // One host, one clock: arrivals 400, 100 and 200 µs after the common session start.
    QCOMPARE(r.hosts.size(), size_t(1));
    QCOMPARE(r.skewP50Ns, 300'000);
    QCOMPARE(r.ranks[0].lastArrivals, 1);
    QCOMPARE(r.ranks[1].waitNs, 300'000);
    QCOMPARE(r.ranks[2].waitNs, 200'000);
    QCOMPARE(r.transferP50Ns, 600'000); // the last arriver's 1 ms − 400 µs
}

void TestClusterAnalyzer::duplicateRanksAreRefused()
{
    std::vector<RankDigest> digests { handDigest(QStringLiteral("x.sqlite"), 3, 0),
        handDigest(QStringLiteral("y.sqlite"), 3, 0) };
    ClusterResult r;
    QString error;
    QVERIFY(!ClusterAnalyzer::analyze(std::move(digests), &r, &error));
    QVERIFY(error.contains(QLatin1String("x.sqlite")) && error.contains(QLatin1String("y.sqlite")));
    std::vector<RankDigest> one { handDigest(QStringLiteral("x.sqlite"), 0, 0) };
    QVERIFY(!ClusterAnalyzer::analyze(std::move(one), &r, &error));
}

/// writeTwoRankExport as a run of its own: the two workers pair on their two AllReduces (one
/// export, one clock: exact alignment). GPU 1's worker (pid 41017) arrives 500 ns after GPU 0's
/// at both, so it is the straggler (2 of 2, over the 75 % two ranks need), and GPU 0's waits 2 × 500 ns.
void TestClusterAnalyzer::ranksOfOneExport()
{
    TraceFixture fx;
    writeTwoRankExport(fx);
    std::vector<RankDigest> digests;
    QString error;
    QVERIFY2(ExportDigester::digestRanks(fx.path(), &digests, &error), qPrintable(error));
    ClusterInputs::labelRanks(digests);
    ClusterResult r;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    QCOMPARE(r.ranks.size(), size_t(2));
    QCOMPARE(r.hosts.size(), size_t(1)); // no host name, but one export: one clock
    QCOMPARE(r.hosts[0].method, QStringLiteral("reference"));
    QCOMPARE(r.ranks[0].file, QStringLiteral("trace.sqlite (pid 41018)"));
    QCOMPARE(r.ranks[1].file, QStringLiteral("trace.sqlite (pid 41017)"));
    QCOMPARE(r.ranks[0].rankSource, QStringLiteral("file-order"));
    QCOMPARE(r.matched, 2);
    QCOMPARE(r.unmatched, 0);
    QCOMPARE(r.skewP50Ns, 500);
    QCOMPARE(r.skewP90Ns, 500);
    QCOMPARE(r.transferP50Ns, 400); // nearest rank of {min(2000, 1500), min(900, 400)}
    QCOMPARE(r.ranks[0].waitNs, 1000);
    QCOMPARE(r.ranks[1].waitNs, 0);
    QCOMPARE(r.ranks[0].ncclNs, 2900);
    QCOMPARE(r.ranks[1].ncclNs, 1900);
    QCOMPARE(r.ranks[1].lastArrivalShare, 1.0);
    QVERIFY(r.hasStraggler);
    QCOMPARE(r.stragglerRank, 1);
    QCOMPARE(r.ranks[1].steps, 2);
}

void TestClusterAnalyzer::issueRunOfAProcessPerHost_data() { issueRunNamesTheStraggler_data(); }

/// The issue's run recorded as one process per host driving its 4 GPUs (a thread per GPU): two
/// exports of one process each, whose environment names the host's task (SLURM_PROCID), not a
/// GPU's rank. Each GPU is a rank of its own (digestRanks), its rank from the init call naming
/// its CUDA device, or without payloads guessed in file and GPU order; the cross-rank figures are
/// the per-rank run's, worked out from the model by hand as in issueRunNamesTheStraggler.
void TestClusterAnalyzer::issueRunOfAProcessPerHost()
{
    QFETCH(bool, payloads);
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ncclPayloads = payloads;
    o.processPerHost = true;
    const auto written = writeSynthCluster(dir.path(), o);
    QVERIFY2(written.ok, qPrintable(written.error));
    QCOMPARE(written.files.size(), 2);
    const QString kernelsOf = QStringLiteral(
        "SELECT count(DISTINCT globalPid) * 100 + count(DISTINCT deviceId) FROM CUPTI_ACTIVITY_KIND_KERNEL");
    QCOMPARE(sqlScalar(written.files[1], kernelsOf), 104); // one process, four GPUs
    QCOMPARE(sqlScalar(written.files[1],
                 QStringLiteral("SELECT count(*) FROM META_DATA_CAPTURE WHERE value = 'SLURM_PROCID=\"1\"'")),
        1);
    std::vector<RankDigest> digests;
    for (const QString& file : written.files) {
        std::vector<RankDigest> ranks;
        QString error;
        QVERIFY2(ExportDigester::digestRanks(file, &ranks, &error), qPrintable(error));
        QCOMPARE(ranks.size(), size_t(4));
        for (int g = 0; g < 4; ++g) {
            QCOMPARE(ranks[size_t(g)].device, g);
            QCOMPARE(ranks[size_t(g)].devices, std::vector<int> { g });
            QCOMPARE(ranks[size_t(g)].processes, 4);
            QCOMPARE(ranks[size_t(g)].kernels, written.kernelsPerRank);
            QCOMPARE(qint64(ranks[size_t(g)].collectives.size()), qint64(o.steps * o.collectivesPerStep));
            QCOMPARE(ranks[size_t(g)].steps.size(), size_t(o.steps)); // the process' steps, on each of its GPUs
            QCOMPARE(ranks[size_t(g)].collectives[2].bytes, payloads ? o.bytesOf(2) : -1);
        }
        std::move(ranks.begin(), ranks.end(), std::back_inserter(digests));
    }
    ClusterInputs::labelRanks(digests);
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
    QCOMPARE(r.matched, qint64(o.steps * o.collectivesPerStep));
    QCOMPARE(r.unmatched, 0);
    QCOMPARE(r.stragglerRank, 5);
    QCOMPARE(r.stragglerShare, 1.0);
    QCOMPARE(r.interNode, r.matched);
    QCOMPARE(int(r.ranks.size()), o.ranks);
    for (int rank = 0; rank < o.ranks; ++rank) {
        const ClusterRank& x = r.ranks[size_t(rank)];
        qint64 wait = 0;
        for (int k = 0; k < o.steps; ++k)
            for (int c = 0; c < o.collectivesPerStep; ++c)
                wait += compute(o, 5, k, c) - compute(o, rank, k, c);
        QCOMPARE(x.rank, rank);
        QCOMPARE(x.rankSource, payloads ? QStringLiteral("nccl:CommInitRank") : QStringLiteral("file-order"));
        QCOMPARE(x.file,
            payloads ? QStringLiteral("report.%1.sqlite (rank %2)").arg(rank / 4).arg(rank)
                     : QStringLiteral("report.%1.sqlite (pid %2, GPU %3)")
                           .arg(rank / 4)
                           .arg(4000 + rank / 4 * 4)
                           .arg(rank % 4));
        QCOMPARE(x.host, rank < 4 ? QStringLiteral("host0") : QStringLiteral("host1"));
        QCOMPARE(x.lastArrivalShare, rank == 5 ? 1.0 : 0.0);
        QVERIFY2(std::abs(x.waitNs - wait) <= wait / 100,
            qPrintable(QStringLiteral("rank %1: wait %2, expected %3").arg(rank).arg(x.waitNs).arg(wait)));
    }
    QCOMPARE(r.hosts.size(), size_t(2));
    QCOMPARE(r.hosts[1].method, QStringLiteral("utc+collective-ends"));
    QVERIFY2(std::abs(r.hosts[1].offsetNs - -2'800'000) <= 20'000, qPrintable(QString::number(r.hosts[1].offsetNs)));
}

/// A rank whose export has no UTC anchor (nsys 2021.2 and before) on a host of its own, its
/// clock 2.8 ms ahead: placed by the AllReduce's end alone ("collective-ends", offset −2.8 ms),
/// on the anchored rank's timeline (first arrival 100 µs after it starts, not at 1970). With a
/// SendRecv, whose ends say nothing, it is not placed at all ("none"): left out of the skews,
/// waits and last arrivals, with a warning. The same when the unanchored export is the
/// reference's (rank 0): the anchored host's UTC then says nothing either.
void TestClusterAnalyzer::hostWithoutUtcAnchor()
{
    for (const bool referenceUnanchored : { false, true })
        for (const char* op : { "AllReduce", "SendRecv" }) {
            RankDigest a = handDigest(QStringLiteral("a.sqlite"), 0, 100'000);
            RankDigest b = handDigest(QStringLiteral("b.sqlite"), 1, 250'000 + 2'800'000);
            b.hostname = QStringLiteral("node-b");
            RankDigest& unanchored = referenceUnanchored ? a : b;
            unanchored.utcEpochNs = -1;
            unanchored.systemClockNs = -1;
            b.collectives[0].endNs += 2'800'000;
            a.collectives[0].op = b.collectives[0].op = QLatin1String(op);
            ClusterResult r;
            QString error;
            QVERIFY2(ClusterAnalyzer::analyze({ a, b }, &r, &error), qPrintable(error));
            QCOMPARE(r.hosts.size(), size_t(2));
            const bool placed = QLatin1String(op) == QLatin1String("AllReduce");
            QCOMPARE(r.matched, placed ? 1 : 0); // found on both, but only one rank is placed
            QCOMPARE(r.unplaced, placed ? 0 : 1);
            QCOMPARE(r.hosts[0].method, QStringLiteral("reference"));
            QCOMPARE(r.hosts[1].method, placed ? QStringLiteral("collective-ends") : QStringLiteral("none"));
            QCOMPARE(r.warnings.filter(QStringLiteral("cannot be aligned")).size(), placed ? 0 : 1);
            if (!placed) {
                QVERIFY(r.collectives.empty());
                QCOMPARE(r.ranks[0].matched + r.ranks[1].matched, 0);
                QCOMPARE(r.ranks[0].waitNs + r.ranks[1].waitNs, 0);
                QVERIFY(!r.hasStraggler);
                continue;
            }
            QCOMPARE(r.hosts[1].offsetNs, -2'800'000);
            QCOMPARE(r.collectives[0].firstArrivalNs, 100'000);
            QCOMPARE(r.collectives[0].skewNs, 150'000);
            QCOMPARE(r.ranks[0].waitNs, 150'000);
        }
}

/// Three ranks of one SendRecv: ranks 0 and 1 on node-a (arriving at 100 and 150 µs), rank 2 on a
/// host without a UTC anchor that nothing can place (its arrival at 50 µs of its own clock says
/// nothing). Rank 2 leaves the collective: skew 50 µs between ranks 0 and 1, intra-node, rank 1
/// last at 1 of 1 (the threshold of two placed ranks, 75 %, not three's 50 %), rank 2 in none.
void TestClusterAnalyzer::unplacedRankLeavesTheCollective()
{
    RankDigest a0 = handDigest(QStringLiteral("a0.sqlite"), 0, 100'000);
    RankDigest a1 = handDigest(QStringLiteral("a1.sqlite"), 1, 150'000);
    RankDigest b = handDigest(QStringLiteral("b.sqlite"), 2, 50'000);
    b.hostname = QStringLiteral("node-b");
    b.utcEpochNs = -1;
    b.systemClockNs = -1;
    for (RankDigest* d : { &a0, &a1, &b })
        d->collectives[0].op = QStringLiteral("SendRecv");
    ClusterResult r;
    QString error;
    QVERIFY2(ClusterAnalyzer::analyze({ a0, a1, b }, &r, &error), qPrintable(error));
    QCOMPARE(r.hosts[1].method, QStringLiteral("none"));
    QCOMPARE(r.matched, 1);
    QCOMPARE(r.unplaced, 0);
    QCOMPARE(r.collectives.size(), size_t(1));
    QCOMPARE(r.collectives[0].ranks, 2);
    QCOMPARE(r.collectives[0].skewNs, 50'000);
    QCOMPARE(r.intraNode, 1);
    QCOMPARE(r.ranks[0].waitNs, 50'000);
    QCOMPARE(r.ranks[1].lastArrivals, 1);
    QCOMPARE(r.ranks[2].matched, 0);
    QCOMPARE(r.ranks[2].waitNs, 0);
    QVERIFY(r.hasStraggler);
    QCOMPARE(r.stragglerRank, 1);
    // Rank 2's arrival on its own clock changes nothing.
    b.collectives[0].startNs = 10'000'000;
    QVERIFY2(ClusterAnalyzer::analyze({ a0, a1, b }, &r, &error), qPrintable(error));
    QCOMPARE(r.collectives[0].skewNs, 50'000);
    // A second SendRecv where rank 0 is last: ranks 0 and 1 last at 1 of 2 each. Half is three
    // ranks' threshold (1.5 / 3), not that of the two placed ones (75 %): no straggler.
    for (RankDigest* d : { &a0, &a1, &b }) {
        DigestCollective second = d->collectives[0];
        second.ordinal = 1;
        second.startNs = (d == &a0 ? 2'300'000 : 2'200'000);
        second.endNs = 3'000'000;
        d->collectives.push_back(second);
    }
    QVERIFY2(ClusterAnalyzer::analyze({ a0, a1, b }, &r, &error), qPrintable(error));
    QCOMPARE(r.matched, 2);
    QCOMPARE(r.ranks[0].lastArrivalShare, 0.5);
    QCOMPARE(r.ranks[1].lastArrivalShare, 0.5);
    QVERIFY(!r.hasStraggler);
}

/// The FastVideo training exports (torchrun --nproc_per_node=2 under one nsys, nsys 2026.2): the
/// two workers' SendRecv kernels paired k-th with k-th (one NCCL stream each), every figure
/// recomputed from SQL: both ranks read one clock, so a skew is the difference of the starts.
void TestClusterAnalyzer::realExportOfTwoRanks()
{
    const QStringList all = realTraces();
    if (all.isEmpty())
        QSKIP(qPrintable(realTracesSkipReason()));
    int checked = 0;
    for (const QString& path : all) {
        if (!QFileInfo(path).fileName().startsWith(QLatin1String("nsysai-fastvideo-train")))
            continue;
        ++checked;
        // Per worker, in order of its GPU: its NCCL kernels' (start, end) in start order.
        const QString nccl = QStringLiteral(
            "SELECT k.start, k.end FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName WHERE "
            "s.value LIKE 'ncclDevKernel%' AND k.deviceId = %1 ORDER BY k.start, k.rowid");
        const QVector<QVector<qint64>> a = selectRows(path, nccl.arg(0), 2), b = selectRows(path, nccl.arg(1), 2);
        QCOMPARE(a.size(), b.size());
        qint64 waitA = 0, waitB = 0, lastB = 0, ncclA = 0, ncclB = 0;
        std::vector<qint64> skews;
        for (qsizetype k = 0; k < a.size(); ++k) {
            const qint64 last = std::max(a[k][0], b[k][0]);
            waitA += last - a[k][0], waitB += last - b[k][0];
            lastB += b[k][0] > a[k][0] ? 1 : 0;
            skews.push_back(std::abs(a[k][0] - b[k][0]));
            ncclA += a[k][1] - a[k][0], ncclB += b[k][1] - b[k][0];
        }
        std::vector<RankDigest> digests;
        QString error;
        QVERIFY2(ExportDigester::digestRanks(path, &digests, &error), qPrintable(error));
        ClusterResult r;
        QVERIFY2(ClusterAnalyzer::analyze(std::move(digests), &r, &error), qPrintable(error));
        QCOMPARE(r.ranks.size(), size_t(2));
        QCOMPARE(r.matched, qint64(a.size()));
        QCOMPARE(r.unmatched, 0);
        QCOMPARE(r.hosts.size(), size_t(1));
        QCOMPARE(r.skewP50Ns, nearestRankByHand(skews, 50));
        QCOMPARE(r.skewP90Ns, nearestRankByHand(skews, 90));
        QCOMPARE(r.ranks[0].waitNs, waitA);
        QCOMPARE(r.ranks[1].waitNs, waitB);
        QCOMPARE(r.ranks[0].ncclNs, ncclA);
        QCOMPARE(r.ranks[1].ncclNs, ncclB);
        QCOMPARE(r.ranks[1].lastArrivals, lastB);
        QCOMPARE(r.ranks[0].lastArrivals, qint64(a.size()) - lastB);
    }
    if (checked == 0)
        QSKIP("the FastVideo training exports are not in SIGHTLINE_REAL_TRACES");
    QCOMPARE(checked, 2);
}

QTEST_GUILESS_MAIN(TestClusterAnalyzer)
#include "tst_clusteranalyzer.moc"
