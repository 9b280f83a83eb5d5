// SPDX-License-Identifier: MIT
// Cluster runs (issue 22): per-rank synthetic exports, their digests and the cross-rank analysis.
// Expected figures come from SynthClusterOptions' timeline model (core/synth/synthcluster.h),
// worked out here by hand, or from SQL over the exports; never from the analysis' own output.
#include "core/cluster/clusteranalyzer.h"
#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"
#include "core/io/traceloader.h"
#include "core/synth/synthcluster.h"
#include "tests/common/realtraces.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl;

namespace {

/// The 8-rank, 2-host run of the issue: rank 5 is slow, host 1's UTC clock is 2.8 ms ahead.
SynthClusterOptions issueRun()
{
    SynthClusterOptions o;
    o.ranks = 8;
    o.ranksPerHost = 4;
    o.straggler = 5;
    o.stragglerExtraNs = 300'000;
    o.hostClockErrorNs = { 0, 2'800'000 };
    return o;
}

/// Rank r's compute before collective c of step k (the model's definition, written out again).
qint64 compute(const SynthClusterOptions& o, int r, int k, int c)
{
    return o.computeNs + o.jitterNs * ((r + k + c) % 4) + (r == o.straggler ? o.stragglerExtraNs : 0);
}

qint64 nearestRank(std::vector<qint64> v, double p)
{
    std::sort(v.begin(), v.end());
    const auto rank = std::clamp<size_t>(size_t(std::ceil(p / 100.0 * double(v.size()))), 1, v.size());
    return v[rank - 1];
}

/// One SQL value over a file, through a QtSql connection of its own.
qint64 sqlScalar(const QString& path, const QString& sql)
{
    qint64 value = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tst_cluster_sql"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                value = q.value(0).toLongLong();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tst_cluster_sql"));
    return value;
}

QString sqlText(const QString& path, const QString& sql)
{
    QString value;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tst_cluster_text"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                value = q.value(0).toString();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tst_cluster_text"));
    return value;
}

struct Run
{
    int exitCode = -1;
    QString out, err;
};

Run runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI), args);
    Run r;
    if (!p.waitForStarted(30000) || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestCluster : public QObject
{
    Q_OBJECT

private slots:
    void synthExportsAreNsysShaped();
    void synthExportsLoad();
    void digestAgreesWithSql();
    void digestKeepsTheProcessesThatRanKernels();
    void rankFromEnvironment();
    void ncclOps();
    void issueRunNamesTheStraggler_data();
    void issueRunNamesTheStraggler();
    void rankFromNcclPayload();
    void subCommunicatorsAndNodes();
    void desyncIsListed();
    void groupedCallsGiveTheirSizes();
    void singleHostIsIntraNode();
    void partialPayloadsFallBack();
    void oldDigestIsRefused();
    void issueRunStepsAndWhatIf();
    void noStragglerWithoutOne();
    void ranksWithoutEnvironmentAreGuessed();
    void duplicateRanksAreRefused();
    void cliWritesTheClusterReport();
    void digestsAreDeterministic();
    void realExports();
    void gateComparesTwoRuns();
};

void TestCluster::synthExportsAreNsysShaped()
{
    QTemporaryDir dir;
    const SynthClusterOptions o = issueRun();
    const auto r = writeSynthCluster(dir.path(), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.files.size(), 8);
    const QString five = dir.filePath(QStringLiteral("report.5.sqlite"));
    QCOMPARE(r.files[5], five);
    // Rank 5: pid 4005, globalPid = <HW 0><VM 1><pid 4005><tid 0>, host 1 ("gpu-node-002"), local rank 1.
    const qint64 globalPid = (qint64(1) << 48) | (qint64(4005) << 24);
    QCOMPARE(sqlScalar(five, QStringLiteral("SELECT globalPid FROM PROCESSES WHERE pid = 4005")), globalPid);
    QCOMPARE(sqlScalar(five, QStringLiteral("SELECT count(DISTINCT globalPid) FROM CUPTI_ACTIVITY_KIND_KERNEL")), 1);
    QCOMPARE(sqlScalar(five, QStringLiteral("SELECT min(globalPid) FROM CUPTI_ACTIVITY_KIND_KERNEL")), globalPid);
    QCOMPARE(sqlScalar(five,
                 QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE globalTid = %1")
                     .arg(globalPid | 4005)),
        20 * 4 * 13);
    QCOMPARE(sqlScalar(five,
                 QStringLiteral("SELECT count(*) FROM META_DATA_CAPTURE WHERE name = "
                                "'PROCESS_0:ENVIRONMENT_VARIABLE' AND value = 'SLURM_PROCID=\"5\"'")),
        1);
    QCOMPARE(sqlScalar(five,
                 QStringLiteral("SELECT count(*) FROM TARGET_INFO_SYSTEM_ENV WHERE name = 'Hostname' AND "
                                "value = 'gpu-node-002' AND globalVid = %1")
                     .arg(qint64(1) << 48)),
        1);
    // Capture start t = 5 · 150 µs; host 1 boots 3600 s + 777.123456789 s before t = 0; its UTC is
    // 2.8 ms ahead and rank 5 (local rank 1) reads it 3 µs late.
    QCOMPARE(sqlScalar(five, QStringLiteral("SELECT systemClockNs FROM TARGET_INFO_SESSION_START_TIME")),
        qint64(3'600'000'000'000) + 777'123'456'789 + 750'000);
    QCOMPARE(sqlScalar(five, QStringLiteral("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME")),
        qint64(1'767'258'000'000'000'000) + 750'000 + 2'800'000 + 3'000);
    // 20 steps × 4 collectives, each after 12 compute kernels; AllReduce is collectives 0 and 3.
    QCOMPARE(sqlScalar(five, QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL")), 20 * 4 * 13);
    QCOMPARE(sqlScalar(five,
                 QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON "
                                "s.id = k.demangledName WHERE s.value = 'ncclDevKernel_AllReduce_Sum_bf16_"
                                "RING_LL(ncclDevKernelArgsStorage<4096ul>)' AND k.streamId = 13")),
        40);
    QCOMPARE(sqlScalar(five,
                 QStringLiteral("SELECT count(*) FROM NVTX_EVENTS WHERE text LIKE 'ProfilerStep#%' AND "
                                "eventType = 59")),
        20);
    // Every launch call has its kernel, in its process (correlation ids per process).
    QCOMPARE(sqlScalar(five,
                 QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
                                "CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId = k.correlationId AND "
                                "k.globalPid = (r.globalTid & 0xFFFFFFFFFF000000) AND r.end <= k.start")),
        20 * 4 * 13);
}

void TestCluster::synthExportsLoad()
{
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 2;
    o.straggler = 1;
    const auto r = writeSynthCluster(dir.path(), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    const auto loaded = TraceLoader::loadSync(r.files[1]);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    QCOMPARE(qint64(loaded.trace->kernels.size()), qint64(20 * 4 * 13));
    QCOMPARE(loaded.trace->dataQuality.excludedRows(), 0);
}

void TestCluster::digestAgreesWithSql()
{
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.path(), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    const QString path = r.files[6];
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(path, &d, &error), qPrintable(error));
    QCOMPARE(d.rank, 6);
    QCOMPARE(d.rankSource, QStringLiteral("env:RANK"));
    QCOMPARE(d.hostname, QStringLiteral("gpu-node-002"));
    QCOMPARE(d.pids, std::vector<qint64> { 4006 });
    QCOMPARE(d.devices, std::vector<int> { 2 });
    QCOMPARE(d.kernels, sqlScalar(path, QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL")));
    QCOMPARE(qint64(d.collectives.size()), 80);
    QCOMPARE(qint64(d.steps.size()), 20);
    const QString ncclSum = QStringLiteral("SELECT sum(k.end - k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
                                           "StringIds s ON s.id = k.shortName WHERE s.value %1 LIKE 'nccl%'");
    // Kernels never overlap on this GPU (each waits for the one before), so the unions are sums.
    qint64 compute = 0, comm = 0, idle = 0;
    for (const DigestBin& b : d.bins) {
        compute += b.computeNs;
        comm += b.commNs;
        idle += b.idleNs;
    }
    QCOMPARE(compute, sqlScalar(path, ncclSum.arg(QStringLiteral("NOT"))));
    QCOMPARE(comm, sqlScalar(path, ncclSum.arg(QString())));
    QCOMPARE(d.exposedCommNs, comm);
    const qint64 span = sqlScalar(path, QStringLiteral("SELECT max(end) - min(start) FROM CUPTI_ACTIVITY_KIND_KERNEL"));
    QCOMPARE(compute + comm + idle, span);
    // Step 0's third collective is the first ReduceScatter (ordinal 0), its fourth the second AllReduce.
    const DigestCollective& rs = d.collectives[2];
    QCOMPARE(rs.op, QStringLiteral("ReduceScatter"));
    QCOMPARE(rs.ordinal, 0);
    QCOMPARE(d.collectives[3].op, QStringLiteral("AllReduce"));
    QCOMPARE(d.collectives[3].ordinal, 1);
    QCOMPARE(rs.startNs,
        sqlScalar(path,
            QStringLiteral("SELECT k.start FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
                           "StringIds s ON s.id = k.shortName WHERE s.value LIKE "
                           "'ncclDevKernel_ReduceScatter%' ORDER BY k.start LIMIT 1")));
    QCOMPARE(rs.launchNs, rs.startNs - 6'000); // the model's cuLaunchKernelEx starts 6 µs before its kernel
    QCOMPARE(rs.stream, 13);
    // NCCL's payloads: one communicator (the world: 8 ranks, this is rank 6), and the ReduceScatter's
    // size read here from its range's blob by hand (little-endian size_t at payload offset 8).
    QCOMPARE(d.communicators.size(), size_t(1));
    QCOMPARE(d.communicators[0].hash, quint64(0xd1b54a32d192ed03));
    QCOMPARE(d.communicators[0].nranks, 8);
    QCOMPARE(d.communicators[0].rank, 6);
    const QByteArray blob = QByteArray::fromHex(sqlText(path,
        QStringLiteral("SELECT hex(n.binaryData) FROM NVTX_EVENTS n JOIN StringIds s ON s.id = n.textId WHERE "
                       "s.value = 'ncclReduceScatter' AND n.domainId = 1 ORDER BY n.start LIMIT 1"))
                                                    .toLatin1());
    QCOMPARE(blob.size(), 32 + 24);
    qint64 size = 0;
    for (int i = 7; i >= 0; --i)
        size = size * 256 + uchar(blob[32 + 8 + i]);
    QCOMPARE(size, 4 * 1024 * 1024);
    QCOMPARE(rs.bytes, size);
    QCOMPARE(rs.comm, 0);
    QCOMPARE(rs.commOrdinal, 2); // the third collective on the world communicator
    QCOMPARE(d.collectives[3].commOrdinal, 3);
    QCOMPARE(d.collectives[3].bytes, 16 * 1024 * 1024);
    QCOMPARE(d.collectives[79].commOrdinal, 79);
    // Bounded and small: at most 100 B per kernel of the export.
    RankDigest copy;
    const QString digestPath = dir.filePath(QStringLiteral("six.sldigest"));
    QVERIFY2(DigestStore::write(d, digestPath, &error), qPrintable(error));
    QVERIFY2(DigestStore::read(digestPath, &copy, &error), qPrintable(error));
    QCOMPARE(copy.collectives.size(), d.collectives.size());
    QCOMPARE(copy.collectives[2].startNs, rs.startNs);
    QCOMPARE(copy.collectives[2].bytes, rs.bytes);
    QCOMPARE(copy.collectives[2].commOrdinal, 2);
    QCOMPARE(copy.communicators.size(), size_t(1));
    QCOMPARE(copy.communicators[0].hash, quint64(0xd1b54a32d192ed03));
    QCOMPARE(copy.systemClockNs, d.systemClockNs);
    QVERIFY(DigestStore::isDigest(digestPath));
    QVERIFY(!DigestStore::isDigest(path));
}

void TestCluster::rankFromEnvironment()
{
    QString source;
    QCOMPARE(ExportDigester::rankFromEnvironment(
                 { QStringLiteral("PMI_RANK=\"3\""), QStringLiteral("SLURM_PROCID=7") }, &source),
        7);
    QCOMPARE(source, QStringLiteral("env:SLURM_PROCID"));
    QCOMPARE(ExportDigester::rankFromEnvironment({ QStringLiteral("SLURM_PROCID=\"7\""), QStringLiteral("RANK=\"12\""),
                                                     QStringLiteral("LOCAL_RANK=1") },
                 &source),
        12);
    QCOMPARE(source, QStringLiteral("env:RANK"));
    QCOMPARE(ExportDigester::rankFromEnvironment({ QStringLiteral("OMPI_COMM_WORLD_RANK=2") }, &source), 2);
    QCOMPARE(
        ExportDigester::rankFromEnvironment(
            { QStringLiteral("LOCAL_RANK=1"), QStringLiteral("RANK=abc"), QStringLiteral("PMI_RANK=-1") }, &source),
        -1);
    QCOMPARE(source, QStringLiteral("none"));
}

void TestCluster::ncclOps()
{
    QCOMPARE(ExportDigester::ncclOp(QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL")),
        QStringLiteral("AllReduce"));
    QCOMPARE(
        ExportDigester::ncclOp(QStringLiteral("ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<(unsigned long)4096>)")),
        QStringLiteral("SendRecv"));
    QCOMPARE(
        ExportDigester::ncclOp(QStringLiteral("ncclKernel_AllGather_RING_LL_Sum_int8_t")), QStringLiteral("AllGather"));
    QCOMPARE(ExportDigester::ncclOp(QStringLiteral("ampere_sgemm_128x64_nn")), QString());
}

namespace {

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

} // namespace

void TestCluster::issueRunNamesTheStraggler_data()
{
    QTest::addColumn<bool>("payloads");
    QTest::newRow("NCCL payloads") << true;
    QTest::newRow("no payloads") << false;
}

void TestCluster::issueRunNamesTheStraggler()
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
    QVERIFY(std::abs(r.skewP50Ns - nearestRank(skews, 50)) <= 10'000);
    QVERIFY(std::abs(r.skewP90Ns - nearestRank(skews, 90)) <= 10'000);
    QCOMPARE(r.transferP50Ns, nearestRank(transfers, 50));

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

void TestCluster::noStragglerWithoutOne()
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

void TestCluster::issueRunStepsAndWhatIf()
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
            const qint64 whatIfArrival = prevEnd(5) + nearestRank(leads, 50);
            saving += compute(o, 5, k, c) - std::max(whatIfArrival, othersLast);
        }
        stepTimes.push_back(step);
        savings.push_back(saving);
    }
    for (const ClusterRank& x : r.ranks) {
        QCOMPARE(x.steps, qint64(o.steps));
        QCOMPARE(x.stepP50Ns, nearestRank(stepTimes, 50));
        QCOMPARE(x.stepP90Ns, nearestRank(stepTimes, 90));
    }
    QCOMPARE(r.ranks[0].stepP50Ns, 4'960'000); // 20 µs + 4 × (1100 + 120 + 2 + 10) µs + 2 × (0+1+2+3) µs
    QVERIFY2(std::abs(r.whatifStepSavingNs - nearestRank(savings, 50)) <= 10'000,
        qPrintable(QStringLiteral("%1 vs %2").arg(r.whatifStepSavingNs).arg(nearestRank(savings, 50))));
    QVERIFY(r.whatifStepSavingNs > 4 * 290'000); // about the 300 µs extra at each of the 4 collectives
}

namespace {

RankDigest handDigest(const QString& file, int rank, qint64 arrival)
{
    RankDigest d;
    d.file = file;
    d.rank = rank;
    d.rankSource = rank >= 0 ? QStringLiteral("env:RANK") : QStringLiteral("none");
    d.hostname = QStringLiteral("node-a");
    d.utcEpochNs = 1'767'258'000'000'000'000;
    d.systemClockNs = 5'000'000'000;
    d.collectives.push_back({ QStringLiteral("AllReduce"), 0, 0, 13, 0, -1, arrival, 1'000'000, -1 });
    return d;
}

} // namespace

void TestCluster::ranksWithoutEnvironmentAreGuessed()
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

void TestCluster::duplicateRanksAreRefused()
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

void TestCluster::rankFromNcclPayload()
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

namespace {

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

void TestCluster::subCommunicatorsAndNodes()
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

void TestCluster::desyncIsListed()
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

namespace {

/// Runs `statements` on a writable copy of an export (the test's own edits, never the original).
bool editExport(const QString& path, const QStringList& statements)
{
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tst_cluster_edit"));
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString& sql : statements)
            ok = ok && q.exec(sql);
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tst_cluster_edit"));
    return ok;
}

} // namespace

void TestCluster::digestKeepsTheProcessesThatRanKernels()
{
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.path(), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    const QString path = r.files[6];
    // nsys lists every process of the host in PROCESSES: systemd (pid 1) and the launcher that
    // started the rank (pid 3990), neither of which ran a kernel. globalPid = <HW 0><VM 1><pid><tid 0>.
    const qint64 vm = qint64(1) << 48;
    QVERIFY(editExport(path,
        { QStringLiteral("INSERT INTO PROCESSES VALUES (%1, 1, 'systemd')").arg(vm | (qint64(1) << 24)),
            QStringLiteral("INSERT INTO PROCESSES VALUES (%1, 3990, 'torchrun')").arg(vm | (qint64(3990) << 24)) }));
    QCOMPARE(sqlScalar(path, QStringLiteral("SELECT count(DISTINCT pid) FROM PROCESSES")), 3);
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(path, &d, &error), qPrintable(error));
    QCOMPARE(d.pids, std::vector<qint64> { 4006 });
}

void TestCluster::groupedCallsGiveTheirSizes()
{
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 2;
    o.straggler = 1;
    o.steps = 1;
    const auto r = writeSynthCluster(dir.path(), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    // The first AllReduce (kernel at K, launch call K − 6 µs .. K − 2 µs) as a group launches it:
    // its ncclAllReduce call ends before the launch, a second call of 8 MiB follows, and the launch
    // lies in ncclGroupEnd, which carries no payload. The kernel moves 16 + 8 MiB.
    const QString first = QStringLiteral("(SELECT min(k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON "
                                         "s.id = k.shortName WHERE s.value LIKE 'nccl%')");
    const QString call
        = QStringLiteral("(SELECT rowid FROM NVTX_EVENTS WHERE binaryData IS NOT NULL AND end = %1 - 1000)").arg(first);
    QVERIFY(editExport(r.files[0],
        { QStringLiteral("INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, textId, domainId, binaryData) "
                         "SELECT start - 5000, start - 3000, 59, globalTid, textId, domainId, CAST(substr(binaryData, "
                         "1, 40) || x'0000800000000000' || substr(binaryData, 49) AS BLOB) FROM NVTX_EVENTS WHERE "
                         "rowid = %1")
                .arg(call),
            QStringLiteral("INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, text, domainId) SELECT %1 - "
                           "7000, %1 - 1000, 59, globalTid, 'ncclGroupEnd', 1 FROM NVTX_EVENTS WHERE rowid = %2")
                .arg(first, call),
            QStringLiteral("UPDATE NVTX_EVENTS SET start = start - 11000, end = end - 11000 WHERE rowid = %1")
                .arg(call) }));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(r.files[0], &d, &error), qPrintable(error));
    QCOMPARE(d.collectives[0].bytes, 16 * 1024 * 1024 + 8 * 1024 * 1024);
    QCOMPARE(d.collectives[0].comm, 0);
    QCOMPARE(d.collectives[1].bytes, 4 * 1024 * 1024); // the next one, launched inside its own call
    QCOMPARE(d.collectives[1].commOrdinal, 1);
    // The group's second call on another communicator: the kernel's communicator is unknown.
    QVERIFY(editExport(r.files[0],
        { QStringLiteral(
            "UPDATE NVTX_EVENTS SET binaryData = CAST(substr(binaryData, 1, 32) || x'0100000000000000' "
            "|| substr(binaryData, 41) AS BLOB) WHERE rowid = (SELECT max(rowid) FROM NVTX_EVENTS WHERE binaryData "
            "IS NOT NULL)") }));
    QVERIFY2(ExportDigester::digest(r.files[0], &d, &error), qPrintable(error));
    QCOMPARE(d.collectives[0].comm, -1);
    QCOMPARE(d.collectives[0].bytes, -1);
}

void TestCluster::singleHostIsIntraNode()
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

void TestCluster::partialPayloadsFallBack()
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

void TestCluster::oldDigestIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.sldigest"));
    QString error;
    QVERIFY2(DigestStore::write(handDigest(QStringLiteral("x.sqlite"), 0, 0), path, &error), qPrintable(error));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tst_cluster_old"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("UPDATE digest_info SET version = 1")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tst_cluster_old"));
    RankDigest d;
    QVERIFY(!DigestStore::read(path, &d, &error));
    QVERIFY2(error.contains(QLatin1String("old.sldigest")) && error.contains(QLatin1String("version 1"))
            && error.contains(QLatin1String("again")),
        qPrintable(error));
}

void TestCluster::cliWritesTheClusterReport()
{
    QTemporaryDir dir;
    const QString exports = dir.filePath(QStringLiteral("exports"));
    const QString out = dir.filePath(QStringLiteral("out"));
    Run synth = runCli({ QStringLiteral("synth"), QStringLiteral("--per-rank"), QStringLiteral("--out"), exports,
        QStringLiteral("--ranks"), QStringLiteral("4"), QStringLiteral("--ranks-per-host"), QStringLiteral("2"),
        QStringLiteral("--straggler"), QStringLiteral("2"), QStringLiteral("--host-clock-error-ns"),
        QStringLiteral("0,-1500000"), QStringLiteral("--steps"), QStringLiteral("6") });
    QVERIFY2(synth.exitCode == 0, qPrintable(synth.err));
    Run cluster = runCli({ QStringLiteral("cluster"), exports, QStringLiteral("--out"), out });
    QVERIFY2(cluster.exitCode == 0, qPrintable(cluster.err));
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("digests/report.3.sldigest")))); // digested first
    QFile f(QDir(out).filePath(QStringLiteral("cluster.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("sightline.cluster"));
    QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
    const QJsonArray ranks = root.value(QStringLiteral("ranks")).toArray();
    QCOMPARE(ranks.size(), 4);
    for (const char* key :
        { "rank", "rank_source", "host", "file", "last_arrival_share", "wait_ns", "nccl_ns", "step_p50_ns" })
        QVERIFY2(ranks[2].toObject().contains(QLatin1String(key)), key);
    QCOMPARE(ranks[2].toObject().value(QStringLiteral("last_arrival_share")).toDouble(), 1.0);
    QCOMPARE(ranks[2].toObject().value(QStringLiteral("host")).toString(), QStringLiteral("host1"));
    const QJsonArray hosts = root.value(QStringLiteral("clock")).toObject().value(QStringLiteral("hosts")).toArray();
    QCOMPARE(hosts.size(), 2);
    for (const char* key : { "host", "method", "offset_ns", "residual_ns" })
        QVERIFY2(hosts[1].toObject().contains(QLatin1String(key)), key);
    // Host 1's UTC runs 1.5 ms behind: its times need +1.5 ms.
    QVERIFY(std::abs(hosts[1].toObject().value(QStringLiteral("offset_ns")).toInteger() - 1'500'000) <= 20'000);
    const QJsonObject collectives = root.value(QStringLiteral("collectives")).toObject();
    for (const char* key : { "matched", "unmatched", "pairing", "skew_p50_ns", "skew_p90_ns", "transfer_p50_ns" })
        QVERIFY2(collectives.contains(QLatin1String(key)), key);
    QCOMPARE(collectives.value(QStringLiteral("matched")).toInt(), 6 * 4);
    const QJsonObject straggler = root.value(QStringLiteral("straggler")).toObject();
    QCOMPARE(straggler.value(QStringLiteral("rank")).toInt(), 2);
    QCOMPARE(straggler.value(QStringLiteral("last_arrival_share")).toDouble(), 1.0);
    QVERIFY(straggler.value(QStringLiteral("whatif_step_saving_ns")).toInteger() > 0);
    const QJsonObject finding = root.value(QStringLiteral("findings")).toArray().at(0).toObject();
    QCOMPARE(finding.value(QStringLiteral("kind")).toString(), QStringLiteral("straggler"));
    const QJsonObject evidence = finding.value(QStringLiteral("evidence")).toArray().at(0).toObject();
    QCOMPARE(evidence.value(QStringLiteral("rank")).toInt(), 2);
    QCOMPARE(evidence.value(QStringLiteral("file")).toString(), QStringLiteral("report.2.sqlite"));
    QVERIFY(
        evidence.value(QStringLiteral("end_ns")).toInteger() > evidence.value(QStringLiteral("start_ns")).toInteger());
    for (const char* key : { "nccl_intra_node_ns", "nccl_inter_node_ns", "wait_intra_node_ns", "wait_inter_node_ns" })
        QVERIFY2(ranks[2].toObject().contains(QLatin1String(key)), key);
    QCOMPARE(collectives.value(QStringLiteral("inter_node")).toInt(), 6 * 4);
    QCOMPARE(collectives.value(QStringLiteral("pairing")).toString(), QStringLiteral("communicator+ordinal"));
    for (const char* table : { "tables/ranks.csv", "tables/hosts.csv", "tables/collectives.csv", "cluster.md" })
        QVERIFY2(QFile::exists(QDir(out).filePath(QLatin1String(table))), table);
    // Privacy: no host names, no folders in the report.
    QFile md(QDir(out).filePath(QStringLiteral("cluster.md")));
    QVERIFY(md.open(QIODevice::ReadOnly));
    const QByteArray all = bytes + md.readAll();
    QVERIFY(!all.contains("gpu-node"));
    QVERIFY(!all.contains(dir.path().toUtf8()));
}

void TestCluster::digestsAreDeterministic()
{
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 4;
    o.straggler = 3;
    o.steps = 4;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    const QString one = dir.filePath(QStringLiteral("one")), two = dir.filePath(QStringLiteral("two"));
    Run a = runCli(QStringList { QStringLiteral("digest"), QStringLiteral("--out"), one } + r.files);
    Run b = runCli(QStringList { QStringLiteral("digest"), QStringLiteral("-j"), QStringLiteral("2"),
                       QStringLiteral("--out"), two }
        + r.files);
    QVERIFY2(a.exitCode == 0, qPrintable(a.err));
    QVERIFY2(b.exitCode == 0, qPrintable(b.err));
    for (int rank = 0; rank < 4; ++rank) {
        const QString name = QStringLiteral("report.%1.sldigest").arg(rank);
        QString error;
        const QString dumpA = DigestStore::contentDump(QDir(one).filePath(name), &error);
        QVERIFY2(!dumpA.isEmpty(), qPrintable(error));
        QCOMPARE(DigestStore::contentDump(QDir(two).filePath(name), &error), dumpA);
        QVERIFY(dumpA.contains(QStringLiteral("rank|%1\n").arg(rank)));
        QVERIFY(!dumpA.contains(dir.path()));
    }
    Run bad = runCli(
        { QStringLiteral("digest"), QStringLiteral("--out"), one, dir.filePath(QStringLiteral("none.sqlite")) });
    QCOMPARE(bad.exitCode, 3);
    QVERIFY(bad.err.contains(QLatin1String("none.sqlite")));
}

void TestCluster::realExports()
{
    const QStringList all = sl::test::realTraces();
    if (all.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    const auto find = [&](const char* name) {
        for (const QString& f : all)
            if (QFileInfo(f).fileName() == QLatin1String(name))
                return f;
        return QString();
    };
    // A 2-GPU FastVideo training run on H100s (nsys 2026.2): NCCL send/recv kernels, no rank variable.
    const QString fastvideo = find("nsysai-fastvideo-train-h100x2-before-2026.2.sqlite");
    // CloverLeaf under Slurm + Cray PMI on Perlmutter (nsys 2024.5): SLURM_PROCID and PMI_RANK set.
    const QString clover = find("pipit-cloverleaf-a100x4-2024.5.sqlite");
    if (fastvideo.isEmpty() || clover.isEmpty())
        QSKIP("the FastVideo and CloverLeaf exports are not in SIGHTLINE_REAL_TRACES");
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(fastvideo, &d, &error), qPrintable(error));
    QCOMPARE(d.rank, -1);
    QCOMPARE(d.rankSource, QStringLiteral("none"));
    QCOMPARE(d.hostname, QStringLiteral("modal")); // TARGET_INFO_SYSTEM_ENV's Hostname row
    QCOMPARE(
        d.utcEpochNs, sqlScalar(fastvideo, QStringLiteral("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME")));
    QCOMPARE(d.systemClockNs,
        sqlScalar(fastvideo, QStringLiteral("SELECT systemClockNs FROM TARGET_INFO_SESSION_START_TIME")));
    const QString nccl = QStringLiteral("FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
                                        "WHERE s.value LIKE 'nccl%'");
    QCOMPARE(qint64(d.collectives.size()), sqlScalar(fastvideo, QStringLiteral("SELECT count(*) ") + nccl));
    qint64 launched = 0, comm = 0;
    for (const DigestCollective& c : d.collectives) {
        QCOMPARE(c.op, QStringLiteral("SendRecv"));
        launched += c.launchNs >= 0 ? 1 : 0;
    }
    QCOMPARE(launched,
        sqlScalar(fastvideo,
            QStringLiteral("SELECT count(*) ") + nccl
                + QStringLiteral(" AND EXISTS (SELECT 1 FROM CUPTI_ACTIVITY_KIND_RUNTIME r WHERE r.correlationId = "
                                 "k.correlationId AND (r.globalTid & 0xFFFFFFFFFF000000) = k.globalPid)")));
    for (const DigestBin& b : d.bins)
        comm += b.commNs;
    QVERIFY(comm > 0 && comm <= sqlScalar(fastvideo, QStringLiteral("SELECT sum(k.end - k.start) ") + nccl));
    QCOMPARE(d.kernels, sqlScalar(fastvideo, QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL")));
    // NCCL registered its payload schemas, but the export was made without --include-blobs: no
    // payload to read, so no communicator (the pairing falls back to op and stream order).
    QVERIFY(sqlScalar(fastvideo,
                QStringLiteral("SELECT count(*) FROM NVTX_PAYLOAD_SCHEMA_ENTRIES WHERE name = "
                               "'NCCL communicator ID'"))
        > 0);
    QCOMPARE(sqlScalar(fastvideo, QStringLiteral("SELECT count(binaryData) FROM NVTX_EVENTS")), 0);
    QVERIFY(d.communicators.empty());

    QVERIFY2(ExportDigester::digest(clover, &d, &error), qPrintable(error));
    QCOMPARE(d.rank, 0);
    QCOMPARE(d.rankSource, QStringLiteral("env:SLURM_PROCID")); // before PMI_RANK; no RANK in this environment
    QCOMPARE(d.hostname, QStringLiteral("nid008553"));
    QCOMPARE(d.systemClockNs, -1); // 2024.5 has no systemClockNs column
}

void TestCluster::gateComparesTwoRuns()
{
    QTemporaryDir dir;
    // Two 4-rank runs whose straggler (rank 1) has 300 µs and then 600 µs of extra compute.
    const auto run = [&](const char* name, const char* extra) {
        const QString exports = dir.filePath(QLatin1String(name));
        Run s = runCli({ QStringLiteral("synth"), QStringLiteral("--per-rank"), QStringLiteral("--out"), exports,
            QStringLiteral("--ranks"), QStringLiteral("4"), QStringLiteral("--straggler"), QStringLiteral("1"),
            QStringLiteral("--straggler-extra-ns"), QLatin1String(extra), QStringLiteral("--steps"),
            QStringLiteral("5") });
        return s.exitCode == 0 ? exports : QString();
    };
    const QString fast = run("fast", "300000"), slow = run("slow", "600000");
    QVERIFY(!fast.isEmpty() && !slow.isEmpty());
    const QString base = dir.filePath(QStringLiteral("base"));
    QCOMPARE(runCli({ QStringLiteral("cluster"), fast, QStringLiteral("--out"), base }).exitCode, 0);
    const QString baseJson = QDir(base).filePath(QStringLiteral("cluster.json"));
    // Skew p50 from 300 µs + 2 µs·jitter to 600 µs + …: about +100 %, a regression at 5 %.
    Run worse = runCli({ QStringLiteral("cluster"), slow, QStringLiteral("--out"), dir.filePath(QStringLiteral("w")),
        QStringLiteral("--gate"), QStringLiteral("5"), QStringLiteral("--gate-baseline"), baseJson });
    QCOMPARE(worse.exitCode, 5);
    QFile f(dir.filePath(QStringLiteral("w/cluster.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject gate = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("gate")).toObject();
    QCOMPARE(gate.value(QStringLiteral("verdict")).toString(), QStringLiteral("regression"));
    const QJsonArray figures = gate.value(QStringLiteral("figures")).toArray();
    QCOMPARE(figures.size(), 3);
    QCOMPARE(
        figures[0].toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("unchanged")); // share 1 → 1
    QCOMPARE(figures[1].toObject().value(QStringLiteral("key")).toString(), QStringLiteral("skew_p50_ns"));
    QVERIFY(figures[1].toObject().value(QStringLiteral("change")).toDouble() > 90);
    // The worst step grows by 4 × 300 µs on 4.96 ms: about +24 %.
    QVERIFY(std::abs(figures[2].toObject().value(QStringLiteral("change")).toDouble() - 1.2 / 4.96 * 100) < 1);
    // The same run against itself: unchanged, exit 0.
    Run same = runCli({ QStringLiteral("cluster"), fast, QStringLiteral("--out"), dir.filePath(QStringLiteral("s")),
        QStringLiteral("--gate"), QStringLiteral("5"), QStringLiteral("--gate-baseline"), baseJson });
    QCOMPARE(same.exitCode, 0);
    QVERIFY(same.out.contains(QLatin1String("gate: unchanged")));
    Run bad = runCli({ QStringLiteral("cluster"), fast, QStringLiteral("--out"), dir.filePath(QStringLiteral("b")),
        QStringLiteral("--gate"), QStringLiteral("5"), QStringLiteral("--gate-baseline"),
        QDir(base).filePath(QStringLiteral("cluster.md")) });
    QCOMPARE(bad.exitCode, 3);
}

QTEST_GUILESS_MAIN(TestCluster)
#include "tst_cluster.moc"
