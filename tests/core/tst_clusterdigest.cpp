// SPDX-License-Identifier: MIT
// Cluster runs (issue 22): the per-rank synthetic exports and their digests (ExportDigester,
// DigestStore). The cross-rank analysis is tested in tst_clusteranalyzer, the CLI in tst_clustercli.
// Expected figures come from SynthClusterOptions' timeline model (core/synth/synthcluster.h),
// worked out here by hand, or from SQL over the exports; never from the analysis' own output.
#include "core/analysis/rules/ncclkernel.h"
#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"
#include "core/io/traceloader.h"
#include "core/synth/synthcluster.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/clusterfixture.h"
#include "tests/common/layoutpair.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <map>

using namespace sl;
using namespace sl::test;

namespace {

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

class TestClusterDigest : public QObject
{
    Q_OBJECT

private slots:
    void synthExportsAreNsysShaped();
    void synthExportsLoad();
    void digestAgreesWithSql();
    void digestKeepsTheProcessesThatRanKernels();
    void kernelsOutOfStartOrder();
    void blockedLayoutDigestsLikeTimeOrder();
    void rankFromEnvironment();
    void ncclOps();
    void groupedCallsGiveTheirSizes();
    void oldDigestIsRefused();
    void cancelStopsTheScanAndTheHash();
    void realExports();
    void realExportsIdentityAndIdle();
    void shortCaptureHasNoIdleBeyondItsEnd();
    void noUtcAnchorIsNull();
    void communicatorsInTimeOrder();
};

void TestClusterDigest::synthExportsAreNsysShaped()
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

void TestClusterDigest::synthExportsLoad()
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

void TestClusterDigest::digestAgreesWithSql()
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

void TestClusterDigest::digestKeepsTheProcessesThatRanKernels()
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

namespace {
/// What the kernel scan gives a digest, compared field by field.
void compareScans(const RankDigest& d, const RankDigest& original)
{
    QCOMPARE(d.kernels, original.kernels);
    QCOMPARE(d.collectives.size(), original.collectives.size());
    for (size_t i = 0; i < d.collectives.size(); ++i) {
        const DigestCollective &a = d.collectives[i], &b = original.collectives[i];
        QCOMPARE(a.op, b.op);
        QCOMPARE(a.streamIndex, b.streamIndex);
        QCOMPARE(a.ordinal, b.ordinal);
        QCOMPARE(a.stream, b.stream);
        QCOMPARE(a.device, b.device);
        QCOMPARE(a.startNs, b.startNs);
        QCOMPARE(a.endNs, b.endNs);
        QCOMPARE(a.launchNs, b.launchNs);
        QCOMPARE(a.bytes, b.bytes);
        QCOMPARE(a.commOrdinal, b.commOrdinal);
    }
    QCOMPARE(d.bins.size(), original.bins.size());
    for (size_t i = 0; i < d.bins.size(); ++i) {
        QCOMPARE(d.bins[i].device, original.bins[i].device);
        QCOMPARE(d.bins[i].computeNs, original.bins[i].computeNs);
        QCOMPARE(d.bins[i].commNs, original.bins[i].commNs);
        QCOMPARE(d.bins[i].idleNs, original.bins[i].idleNs);
    }
    QCOMPARE(d.exposedCommNs, original.exposedCommNs);
    QCOMPARE(d.pids, original.pids);
    QCOMPARE(d.firstNs, original.firstNs);
    QCOMPARE(d.lastNs, original.lastNs);
}
} // namespace

void TestClusterDigest::blockedLayoutDigestsLikeTimeOrder()
{
    // Per-process blocks, each in time order (each GPU's kernels in order, the table not): read
    // as stored, the collectives put in start order afterwards, with the stream indices of the
    // time-ordered file (a stream's first collective numbers it).
    QTemporaryDir dir;
    const LayoutPair files = writeBothLayouts(dir.path());
    QVERIFY(files.ok);
    const QString &timePath = files.timePath, &blockedPath = files.blockedPath;
    const QString k = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
    const QString breaks = QStringLiteral("SELECT count(*) FROM (SELECT start, lag(start) OVER (%1 ORDER BY rowid) p "
                                          "FROM %2) WHERE start < p");
    QVERIFY(sqlScalar(blockedPath, breaks.arg(QString(), k)) > 0); // the table is out of order
    QCOMPARE(sqlScalar(blockedPath, breaks.arg(QStringLiteral("PARTITION BY deviceId"), k)), 0); // each GPU is not
    QVERIFY(sqlScalar(blockedPath, QStringLiteral("SELECT count(DISTINCT deviceId) FROM %1").arg(k)) > 1);
    RankDigest a, b;
    QString error;
    QVERIFY2(ExportDigester::digest(timePath, &a, &error), qPrintable(error));
    QVERIFY2(ExportDigester::digest(blockedPath, &b, &error), qPrintable(error));
    QVERIFY(!a.collectives.empty());
    QVERIFY(std::any_of(a.collectives.begin(), a.collectives.end(), [](const auto& c) { return c.streamIndex > 0; }));
    compareScans(b, a);
}

void TestClusterDigest::kernelsOutOfStartOrder()
{
    // The digester reads kernels as stored and sorts only when a start goes back. A copy of rank 6
    // whose first kernel row is stored last (the break comes after every collective was read, so
    // the scan starts over) and one stored in reverse must digest exactly as the original.
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.path(), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    RankDigest original;
    QString error;
    QVERIFY2(ExportDigester::digest(r.files[6], &original, &error), qPrintable(error));
    const QString k = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
    const QStringList orders
        = { QStringLiteral("rowid = (SELECT min(rowid) FROM %1), rowid").arg(k), QStringLiteral("start DESC") };
    for (const QString& order : orders) {
        const QString copy = dir.filePath(QStringLiteral("reordered.sqlite"));
        QFile::remove(copy);
        QVERIFY(QFile::copy(r.files[6], copy));
        QVERIFY(editExport(copy,
            { QStringLiteral("CREATE TABLE t AS SELECT * FROM %1 ORDER BY %2").arg(k, order),
                QStringLiteral("DELETE FROM %1").arg(k), QStringLiteral("INSERT INTO %1 SELECT * FROM t").arg(k),
                QStringLiteral("DROP TABLE t") }));
        QVERIFY(sqlScalar(copy,
                    QStringLiteral("SELECT count(*) FROM (SELECT start, lag(start) OVER (ORDER BY rowid) p FROM %1) "
                                   "WHERE start < p")
                        .arg(k))
            > 0);
        RankDigest d;
        QVERIFY2(ExportDigester::digest(copy, &d, &error), qPrintable(error));
        compareScans(d, original);
        if (QTest::currentTestFailed())
            return;
    }
    // Damaged starts (TEXT where nsys writes integers): min(start) skips them and ORDER BY sorts
    // them last, so the sorted pass must neither stop at them nor bin them before the span.
    for (const QString& rowid : { QStringLiteral("100"), QStringLiteral("1") }) {
        const QString copy = dir.filePath(QStringLiteral("damaged.sqlite"));
        QFile::remove(copy);
        QVERIFY(QFile::copy(r.files[6], copy));
        QVERIFY(editExport(copy, { QStringLiteral("UPDATE %1 SET start = '1x' WHERE rowid = %2").arg(k, rowid) }));
        RankDigest d;
        QVERIFY2(ExportDigester::digest(copy, &d, &error), qPrintable(error));
        QCOMPARE(d.kernels, sqlScalar(copy, QStringLiteral("SELECT count(*) FROM %1").arg(k)));
    }
}

void TestClusterDigest::rankFromEnvironment()
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

void TestClusterDigest::ncclOps()
{
    QCOMPARE(NcclKernel::op(QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL")), QStringLiteral("AllReduce"));
    QCOMPARE(NcclKernel::op(QStringLiteral("ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<(unsigned long)4096>)")),
        QStringLiteral("SendRecv"));
    QCOMPARE(NcclKernel::op(QStringLiteral("ncclKernel_AllGather_RING_LL_Sum_int8_t")), QStringLiteral("AllGather"));
    QCOMPARE(NcclKernel::op(QStringLiteral("ampere_sgemm_128x64_nn")), QString());
}

void TestClusterDigest::groupedCallsGiveTheirSizes()
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

void TestClusterDigest::oldDigestIsRefused()
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

void TestClusterDigest::cancelStopsTheScanAndTheHash()
{
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.path(), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    // Cancelled from the start (the scan and the hash thread both ask): no digest, and the
    // message says cancelled, not that the file could not be read or hashed.
    std::atomic<int> asked { 0 };
    RankDigest d;
    d.rank = 77;
    QString error;
    QVERIFY(!ExportDigester::digest(r.files[0], &d, &error, [&] { return ++asked > 0; }));
    QVERIFY2(error.contains(QLatin1String("cancelled")), qPrintable(error));
    QCOMPARE(d.rank, 77); // untouched
    QVERIFY(asked > 0);
}

void TestClusterDigest::realExports()
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

/// Every real export: versions from META_DATA_EXPORT or, before nsys 2023.3, EXPORT_META_DATA;
/// the GPUs from TARGET_INFO_GPU or else the kernels; the pids from the kernels where there is no
/// PROCESSES table; and per GPU, the bins' idle time = span − union of its kernels (SQL).
void TestClusterDigest::realExportsIdentityAndIdle()
{
    const QStringList all = sl::test::realTraces();
    if (all.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    int versioned = 0, unanchored = 0;
    for (const QString& path : all) {
        RankDigest d;
        QString error;
        QVERIFY2(ExportDigester::digest(path, &d, &error), qPrintable(error));
        const QString meta = sqlText(path,
            QStringLiteral("SELECT name FROM sqlite_master WHERE name IN "
                           "('META_DATA_EXPORT', 'EXPORT_META_DATA') LIMIT 1"));
        const QString version = meta.isEmpty()
            ? QString()
            : sqlText(path, QStringLiteral("SELECT value FROM %1 WHERE name = 'EXPORT_PRODUCT_VERSION'").arg(meta));
        QCOMPARE(d.nsysVersion, version);
        versioned += !version.isEmpty();
        // The UTC anchor, or -1 where there is none (mordred's 2021.2 export has no such table).
        const bool anchored = !sqlText(
            path, QStringLiteral("SELECT name FROM sqlite_master WHERE name = 'TARGET_INFO_SESSION_START_TIME'"))
                                   .isEmpty();
        QCOMPARE(d.utcEpochNs,
            anchored ? sqlScalar(path, QStringLiteral("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME")) : -1);
        unanchored += anchored ? 0 : 1;
        const bool hasKernels = !sqlText(path,
            QStringLiteral("SELECT name FROM sqlite_master WHERE name = "
                           "'CUPTI_ACTIVITY_KIND_KERNEL'"))
                                     .isEmpty();
        if (!hasKernels)
            continue;
        const bool gpuTable
            = !sqlText(path, QStringLiteral("SELECT name FROM sqlite_master WHERE name = 'TARGET_INFO_GPU'")).isEmpty();
        std::vector<int> devices;
        for (const auto& row : selectRows(path,
                 gpuTable ? QStringLiteral("SELECT DISTINCT id FROM TARGET_INFO_GPU ORDER BY id")
                          : QStringLiteral("SELECT DISTINCT deviceId FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY 1"),
                 1))
            devices.push_back(int(row[0]));
        QCOMPARE(d.devices, devices);
        if (sqlText(path, QStringLiteral("SELECT name FROM sqlite_master WHERE name = 'PROCESSES'")).isEmpty()) {
            std::vector<qint64> pids;
            for (const auto& row : selectRows(path,
                     QStringLiteral("SELECT DISTINCT (globalPid >> 24) & 16777215 FROM CUPTI_ACTIVITY_KIND_KERNEL "
                                    "ORDER BY 1"),
                     1))
                pids.push_back(row[0]);
            QCOMPARE(d.pids, pids);
        }
        std::map<int, std::vector<std::pair<qint64, qint64>>> kernels;
        for (const auto& row :
            selectRows(path, QStringLiteral("SELECT deviceId, start, end FROM CUPTI_ACTIVITY_KIND_KERNEL"), 3))
            kernels[int(row[0])].emplace_back(row[1], row[2]);
        for (const auto& [device, iv] : kernels) {
            qint64 idle = 0;
            for (const DigestBin& b : d.bins)
                idle += b.device == device ? b.idleNs : 0;
            QCOMPARE(idle, (d.lastNs - d.firstNs) - unionLength(iv));
        }
    }
    QVERIFY(versioned >= 10); // 2021.x exports carry no version table
    QVERIFY(unanchored >= 1);
}

/// A 3000 ns span is under 256 fine bins of 12 ns: the bins past its end held 60 ns of "idle"
/// time (a helper's check on a shortened copy of p4arth-vecadd-rtx3060-2025.5).
void TestClusterDigest::shortCaptureHasNoIdleBeyondItsEnd()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.runtime(1'000'000, 1'001'000, 4100, 4101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(1'002'000, 1'005'000, 0, 7, 1, 4100, QStringLiteral("k"));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(fx.path(), &d, &error), qPrintable(error));
    qint64 idle = 0, compute = 0;
    for (const DigestBin& b : d.bins)
        idle += b.idleNs, compute += b.computeNs;
    QCOMPARE(compute, qint64(3000));
    QCOMPARE(idle, qint64(0));
}

/// The communicators are listed in order of their first call in time, also when a later-listed
/// thread joined first (a helper's edited copy of a real export: [world, host] came out by thread).
/// Rank 1 of a 2-rank run with host communicators: its world init (8 ranks → 2 here) runs 800 µs
/// before step 0 on the main thread; its host communicator's init, moved to another thread 1 ms
/// earlier, comes first.
void TestClusterDigest::communicatorsInTimeOrder()
{
    QTemporaryDir dir;
    SynthClusterOptions o = smallRun(2, -1, 2);
    o.ranksPerHost = 1;
    o.hostCommunicators = true;
    const auto r = writeSynthCluster(dir.path(), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    const QString path = r.files[1];
    const QString inits = QStringLiteral("SELECT n.rowid FROM NVTX_EVENTS n JOIN StringIds s ON s.id = n.textId "
                                         "WHERE s.value = 'ncclCommInitRankConfig' ORDER BY n.start");
    const QVector<QVector<qint64>> initRows = selectRows(path, inits, 1);
    QCOMPARE(initRows.size(), 2);
    const qint64 hostInit = initRows[1][0];
    QVERIFY(editExport(path,
        { QStringLiteral("UPDATE NVTX_EVENTS SET globalTid = globalTid + 1, start = start - 1000000, end = end - "
                         "1000000 WHERE rowid = %1")
                .arg(hostInit) }));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(path, &d, &error), qPrintable(error));
    QCOMPARE(d.communicators.size(), size_t(2));
    QCOMPARE(d.communicators[0].hash, SynthClusterOptions::hostCommunicator(1));
    QCOMPARE(d.communicators[0].nranks, 1);
    QCOMPARE(d.communicators[1].hash, SynthClusterOptions::worldCommunicator);
    QCOMPARE(d.communicators[1].nranks, 2);
    QCOMPARE(d.communicators[1].rank, 1);
    QCOMPARE(d.rank, 1);
}

/// An export without TARGET_INFO_SESSION_START_TIME (the 2021.2 shape, as
/// mordred-gpudb-quadro6000-2021.2): no UTC anchor, -1 in the digest and NULL in its file, not
/// 0 (1970).
void TestClusterDigest::noUtcAnchorIsNull()
{
    TraceFixture fx(TraceFixture::Schema::Nsys2021);
    fx.kernel(1'002'000, 1'005'000, 0, 7, 1, 4100, QStringLiteral("ncclKernel_AllReduce_RING_LL_Sum_float"));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(fx.path(), &d, &error), qPrintable(error));
    QCOMPARE(d.utcEpochNs, -1);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("d.sldigest"));
    QVERIFY2(DigestStore::write(d, path, &error), qPrintable(error));
    QCOMPARE(sqlScalar(path, QStringLiteral("SELECT utc_epoch_ns IS NULL FROM digest_info")), 1);
    RankDigest back;
    QVERIFY2(DigestStore::read(path, &back, &error), qPrintable(error));
    QCOMPARE(back.utcEpochNs, -1);
}

QTEST_GUILESS_MAIN(TestClusterDigest)
#include "tst_clusterdigest.moc"
