// SPDX-License-Identifier: MIT
// Digest format 3 (docs/digest-format.md): what a digest holds survives writing and reading, its
// views compute what the reader computes, version-2 digests (written here from the version-2
// layout of the docs, independently of the code, which writes only version 3) read the same and
// give the same cluster report, the time bins agree with SQL over the export, and the digest of a
// 100-step run stays under 2 % of its export.
#include "core/cluster/clusteranalyzer.h"
#include "core/cluster/clusterreport.h"
#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"
#include "core/synth/synthcluster.h"
#include "tests/common/realtraces.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace sl;

namespace {

/// The 8-rank, 2-host run of issue 22: rank 5 is slow, host 1's UTC clock is 2.8 ms ahead.
SynthClusterOptions issueRun()
{
    SynthClusterOptions o;
    o.ranks = 8;
    o.ranksPerHost = 4;
    o.straggler = 5;
    o.hostClockErrorNs = { 0, 2'800'000 };
    return o;
}

/// A QSQLITE connection of its own name over `path`, closed and removed with this.
class Db
{
public:
    explicit Db(const QString& path, bool readOnly = true)
    {
        static int counter = 0;
        m_name = QStringLiteral("tst_digestformat_%1").arg(++counter);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        if (readOnly)
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        db.open();
    }
    ~Db()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    qint64 scalar(const QString& sql) const
    {
        QSqlQuery q(db());
        return q.exec(sql) && q.next() ? q.value(0).toLongLong() : -1;
    }
    bool exec(const QString& sql) const
    {
        QSqlQuery q(db());
        return q.exec(sql);
    }

private:
    QString m_name;
};

/// The first difference between two digests, empty when they hold the same.
QString difference(const RankDigest& a, const RankDigest& b)
{
    const auto field = [](const char* name, const auto& x, const auto& y) {
        return x == y ? QString() : QStringLiteral("%1 differs").arg(QLatin1String(name));
    };
    QStringList d { field("file", a.file, b.file), field("fileSize", a.fileSize, b.fileSize),
        field("sha256", a.sha256, b.sha256), field("nsysVersion", a.nsysVersion, b.nsysVersion),
        field("schemaVersion", a.schemaVersion, b.schemaVersion), field("hostname", a.hostname, b.hostname),
        field("rank", a.rank, b.rank), field("rankSource", a.rankSource, b.rankSource),
        field("utcEpochNs", a.utcEpochNs, b.utcEpochNs), field("systemClockNs", a.systemClockNs, b.systemClockNs),
        field("kernels", a.kernels, b.kernels), field("computeNs", a.computeNs, b.computeNs),
        field("commNs", a.commNs, b.commNs), field("exposedCommNs", a.exposedCommNs, b.exposedCommNs),
        field("firstNs", a.firstNs, b.firstNs), field("lastNs", a.lastNs, b.lastNs), field("binNs", a.binNs, b.binNs),
        field("devices", a.devices, b.devices), field("pids", a.pids, b.pids), field("process", a.process, b.process),
        field("processes", a.processes, b.processes), field("device", a.device, b.device),
        field("collectives", a.collectives.size(), b.collectives.size()),
        field("steps", a.steps.size(), b.steps.size()), field("bins", a.bins.size(), b.bins.size()),
        field("communicators", a.communicators.size(), b.communicators.size()) };
    for (size_t i = 0; i < std::min(a.communicators.size(), b.communicators.size()); ++i) {
        const DigestCommunicator &x = a.communicators[i], &y = b.communicators[i];
        d << (x.hash == y.hash && x.nranks == y.nranks && x.rank == y.rank
                ? QString()
                : QStringLiteral("communicator %1 differs").arg(i));
    }
    for (size_t i = 0; i < std::min(a.collectives.size(), b.collectives.size()); ++i) {
        const DigestCollective &x = a.collectives[i], &y = b.collectives[i];
        d << (x.op == y.op && x.streamIndex == y.streamIndex && x.ordinal == y.ordinal && x.stream == y.stream
                    && x.device == y.device && x.bytes == y.bytes && x.startNs == y.startNs && x.endNs == y.endNs
                    && x.launchNs == y.launchNs && x.comm == y.comm && x.commOrdinal == y.commOrdinal
                ? QString()
                : QStringLiteral("collective %1 differs").arg(i));
    }
    for (size_t i = 0; i < std::min(a.steps.size(), b.steps.size()); ++i) {
        const DigestStep &x = a.steps[i], &y = b.steps[i];
        d << (x.name == y.name && x.startNs == y.startNs && x.endNs == y.endNs
                ? QString()
                : QStringLiteral("step %1 differs").arg(i));
    }
    for (size_t i = 0; i < std::min(a.bins.size(), b.bins.size()); ++i) {
        const DigestBin &x = a.bins[i], &y = b.bins[i];
        d << (x.device == y.device && x.bin == y.bin && x.computeNs == y.computeNs && x.commNs == y.commNs
                    && x.idleNs == y.idleNs
                ? QString()
                : QStringLiteral("bin %1 differs").arg(i));
    }
    d.removeAll(QString());
    return d.join(QStringLiteral("; "));
}

QVariant orNull(qint64 v) { return v >= 0 ? QVariant(v) : QVariant(); }

bool insert(QSqlQuery& q, const QString& sql, const QVariantList& values)
{
    q.prepare(sql);
    for (const QVariant& v : values)
        q.addBindValue(v);
    return q.exec();
}

/// Writes `d` in the version-2 layout, from docs/digest-format.md ("Version 2") and nothing of
/// the code: what users' digests made before version 3 hold.
bool writeFormat2(const RankDigest& d, const QString& path, QString* error)
{
    Db c(path, false);
    QSqlQuery q(c.db());
    q.exec(QStringLiteral("PRAGMA page_size=512"));
    c.db().transaction();
    const char* const ddl[] = {
        "CREATE TABLE digest_info (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID",
        "CREATE TABLE devices (device INTEGER PRIMARY KEY)",
        "CREATE TABLE processes (pid INTEGER PRIMARY KEY)",
        "CREATE TABLE communicators (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, nranks INTEGER, rank INTEGER)",
        "CREATE TABLE streams (id INTEGER PRIMARY KEY, stream INTEGER NOT NULL, device INTEGER NOT NULL)",
        "CREATE TABLE kinds (id INTEGER PRIMARY KEY, op TEXT NOT NULL, bytes INTEGER, comm_id INTEGER, stream_id "
        "INTEGER NOT NULL)",
        "CREATE TABLE collectives (id INTEGER PRIMARY KEY, kind_id INTEGER NOT NULL, start_gap_ns INTEGER NOT NULL, "
        "duration_ns INTEGER NOT NULL, launch_lead_ns INTEGER)",
        "CREATE VIEW collective_times AS SELECT *, start_ns + duration_ns AS end_ns, start_ns - launch_lead_ns AS "
        "launch_ns FROM (SELECT c.id, op, k.stream_id - 1 AS stream_index, row_number() OVER (PARTITION BY "
        "k.stream_id, op ORDER BY c.id) - 1 AS ordinal, stream, device, bytes, sum(start_gap_ns) OVER (ORDER BY c.id) "
        "AS start_ns, duration_ns, launch_lead_ns, hash AS communicator, comm_id, iif(comm_id IS NULL, NULL, "
        "row_number() OVER (PARTITION BY comm_id, op IN ('SendRecv', 'Send', 'Recv') ORDER BY c.id) - 1) AS "
        "comm_ordinal FROM collectives c JOIN kinds k ON k.id = kind_id JOIN streams s ON s.id = k.stream_id LEFT "
        "JOIN communicators m ON m.id = comm_id) ORDER BY id",
        "CREATE TABLE step_names (id INTEGER PRIMARY KEY, prefix TEXT NOT NULL)",
        "CREATE TABLE steps (id INTEGER PRIMARY KEY, name_id INTEGER NOT NULL, number INTEGER, start_gap_ns INTEGER "
        "NOT NULL, duration_ns INTEGER NOT NULL)",
        "CREATE VIEW step_times AS SELECT *, start_ns + duration_ns AS end_ns FROM (SELECT s.id, n.prefix || "
        "coalesce(s.number, '') AS name, sum(s.start_gap_ns) OVER (ORDER BY s.id) AS start_ns, s.duration_ns FROM "
        "steps s JOIN step_names n ON n.id = s.name_id) ORDER BY id",
        "CREATE TABLE bins (device INTEGER NOT NULL, bin INTEGER NOT NULL, compute_ns INTEGER NOT NULL, comm_ns "
        "INTEGER NOT NULL, idle_ns INTEGER NOT NULL, PRIMARY KEY (device, bin)) WITHOUT ROWID",
    };
    bool ok = true;
    for (const char* sql : ddl)
        ok = ok && q.exec(QLatin1String(sql));
    const auto n = [](qint64 v) { return QString::number(v); };
    const QList<std::pair<const char*, QString>> info { { "format", QStringLiteral("sightline.digest") },
        { "version", QStringLiteral("2") }, { "file", d.file }, { "file_size", n(d.fileSize) }, { "sha256", d.sha256 },
        { "nsys_version", d.nsysVersion }, { "schema_version", d.schemaVersion }, { "hostname", d.hostname },
        { "rank", d.rank >= 0 ? n(d.rank) : QString() }, { "rank_source", d.rankSource },
        { "utc_epoch_ns", n(d.utcEpochNs) },
        { "system_clock_ns", d.systemClockNs >= 0 ? n(d.systemClockNs) : QString() }, { "kernels", n(d.kernels) },
        { "compute_ns", n(d.computeNs) }, { "comm_ns", n(d.commNs) }, { "exposed_comm_ns", n(d.exposedCommNs) },
        { "first_ns", n(d.firstNs) }, { "last_ns", n(d.lastNs) }, { "bin_ns", n(d.binNs) } };
    for (const auto& [key, value] : info)
        ok = ok && insert(q, QStringLiteral("INSERT INTO digest_info VALUES (?, ?)"), { QLatin1String(key), value });
    for (int device : d.devices)
        ok = ok && insert(q, QStringLiteral("INSERT INTO devices VALUES (?)"), { device });
    for (qint64 pid : d.pids)
        ok = ok && insert(q, QStringLiteral("INSERT INTO processes VALUES (?)"), { pid });
    for (size_t i = 0; i < d.communicators.size(); ++i)
        ok = ok
            && insert(q, QStringLiteral("INSERT INTO communicators VALUES (?, ?, ?, ?)"),
                { qint64(i) + 1, QStringLiteral("%1").arg(d.communicators[i].hash, 16, 16, QLatin1Char('0')),
                    orNull(d.communicators[i].nranks), orNull(d.communicators[i].rank) });
    // One kind per collective (the layout allows it), a stream row per stream index.
    QList<int> streams;
    qint64 previous = 0;
    for (size_t i = 0; i < d.collectives.size(); ++i) {
        const DigestCollective& c = d.collectives[i];
        if (!streams.contains(c.streamIndex)) {
            streams << c.streamIndex;
            ok = ok
                && insert(q, QStringLiteral("INSERT INTO streams VALUES (?, ?, ?)"),
                    { c.streamIndex + 1, c.stream, c.device });
        }
        ok = ok
            && insert(q, QStringLiteral("INSERT INTO kinds VALUES (?, ?, ?, ?, ?)"),
                { qint64(i) + 1, c.op, orNull(c.bytes), c.comm >= 0 ? QVariant(c.comm + 1) : QVariant(),
                    c.streamIndex + 1 })
            && insert(q, QStringLiteral("INSERT INTO collectives VALUES (?, ?, ?, ?, ?)"),
                { qint64(i) + 1, qint64(i) + 1, c.startNs - previous, c.endNs - c.startNs,
                    c.launchNs >= 0 ? QVariant(c.startNs - c.launchNs) : QVariant() });
        previous = c.startNs;
    }
    // Every step name whole, as its own prefix without a number.
    previous = 0;
    for (size_t i = 0; i < d.steps.size(); ++i) {
        const DigestStep& s = d.steps[i];
        ok = ok && insert(q, QStringLiteral("INSERT INTO step_names VALUES (?, ?)"), { qint64(i) + 1, s.name })
            && insert(q, QStringLiteral("INSERT INTO steps VALUES (?, ?, NULL, ?, ?)"),
                { qint64(i) + 1, qint64(i) + 1, s.startNs - previous, s.endNs - s.startNs });
        previous = s.startNs;
    }
    for (const DigestBin& b : d.bins)
        ok = ok
            && insert(q, QStringLiteral("INSERT INTO bins VALUES (?, ?, ?, ?, ?)"),
                { b.device, b.bin, b.computeNs, b.commNs, b.idleNs });
    ok = ok && c.db().commit();
    if (!ok)
        *error = q.lastError().text();
    return ok;
}

std::vector<RankDigest> digestAll(const QStringList& files)
{
    std::vector<RankDigest> out(size_t(files.size()));
    for (qsizetype i = 0; i < files.size(); ++i) {
        QString error;
        if (!ExportDigester::digest(files[i], &out[size_t(i)], &error))
            qWarning("%s", qPrintable(error));
    }
    return out;
}

QByteArray clusterJson(std::vector<RankDigest> digests)
{
    ClusterResult r;
    QString error;
    if (!ClusterAnalyzer::analyze(std::move(digests), &r, &error))
        return error.toUtf8();
    return ClusterReport::json(r);
}

} // namespace

class TestDigestFormat : public QObject
{
    Q_OBJECT

private slots:
    void writtenDigestReadsBackWhole();
    void viewsComputeWhatTheReaderDoes();
    void formatTwoReadsTheSameAndClustersTheSame();
    void binsScaleWithTheKernels();
    void binsAgreeWithSql();
    void hundredStepsStayUnderTwoPercent();
    void damagedDigestsAreRefused_data();
    void damagedDigestsAreRefused();
    void unknownVersionsAreRefused();
    void processKeys();
    void realExportRoundTrips();
};

void TestDigestFormat::writtenDigestReadsBackWhole()
{
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    const std::vector<RankDigest> digests = digestAll(r.files);
    for (size_t i = 0; i < digests.size(); ++i) {
        const QString path = dir.filePath(QStringLiteral("%1.sldigest").arg(i));
        QString error;
        QVERIFY2(DigestStore::write(digests[i], path, &error), qPrintable(error));
        RankDigest back;
        QVERIFY2(DigestStore::read(path, &back, &error), qPrintable(error));
        const QString diff = difference(digests[i], back);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // The five tables of version 3 and its two views, nothing else; `version` says 5 (version
        // 3's tables with three more digest_info keys: a whole export, one digest).
        Db c(path);
        QCOMPARE(c.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                                         "('digest_info', 'kinds', 'collectives', 'steps', 'bins')")),
            5);
        QCOMPARE(c.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master")), 7);
        QCOMPARE(c.scalar(QStringLiteral("SELECT version FROM digest_info")), 5);
        QCOMPARE(
            c.scalar(QStringLiteral("SELECT process IS NULL AND processes = 1 AND device IS NULL FROM digest_info")),
            1);
        QCOMPARE(c.scalar(QStringLiteral("SELECT rank FROM digest_info")), qint64(i));
    }
}

void TestDigestFormat::viewsComputeWhatTheReaderDoes()
{
    // Rank 6 of the issue run, by plain SQL over the digest: every column of the two views against
    // what DigestStore read, and the JSON arrays of digest_info through json_each.
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(r.files[6], &d, &error), qPrintable(error));
    const QString path = dir.filePath(QStringLiteral("six.sldigest"));
    QVERIFY2(DigestStore::write(d, path, &error), qPrintable(error));
    Db c(path);
    QSqlQuery q(c.db());
    QVERIFY(
        q.exec(QStringLiteral("SELECT id, op, stream_index, ordinal, stream, device, bytes, start_ns, duration_ns, "
                              "launch_lead_ns, communicator, comm_ordinal, end_ns, launch_ns FROM collective_times")));
    size_t i = 0;
    for (; q.next(); ++i) {
        QVERIFY(i < d.collectives.size());
        const DigestCollective& x = d.collectives[i];
        QCOMPARE(q.value(0).toLongLong(), qint64(i) + 1);
        QCOMPARE(q.value(1).toString(), x.op);
        QCOMPARE(q.value(2).toInt(), x.streamIndex);
        QCOMPARE(q.value(3).toLongLong(), x.ordinal);
        QCOMPARE(q.value(4).toLongLong(), x.stream);
        QCOMPARE(q.value(5).toInt(), x.device);
        QCOMPARE(q.value(6).toLongLong(), x.bytes);
        QCOMPARE(q.value(7).toLongLong(), x.startNs);
        QCOMPARE(q.value(8).toLongLong(), x.endNs - x.startNs);
        QCOMPARE(q.value(9).toLongLong(), x.startNs - x.launchNs);
        QCOMPARE(q.value(10).toString(), QStringLiteral("d1b54a32d192ed03")); // the world communicator
        QCOMPARE(q.value(11).toLongLong(), x.commOrdinal);
        QCOMPARE(q.value(12).toLongLong(), x.endNs);
        QCOMPARE(q.value(13).toLongLong(), x.launchNs);
    }
    QCOMPARE(i, size_t(80));
    QVERIFY(q.exec(QStringLiteral("SELECT id, name, start_ns, duration_ns, end_ns FROM step_times")));
    for (i = 0; q.next(); ++i) {
        QCOMPARE(q.value(1).toString(), QStringLiteral("ProfilerStep#%1").arg(i));
        QCOMPARE(q.value(2).toLongLong(), d.steps[i].startNs);
        QCOMPARE(q.value(4).toLongLong(), d.steps[i].endNs);
    }
    QCOMPARE(i, size_t(20));
    QCOMPARE(c.scalar(QStringLiteral("SELECT value FROM json_each((SELECT pids FROM digest_info))")), 4006);
    QCOMPARE(c.scalar(QStringLiteral("SELECT value FROM json_each((SELECT devices FROM digest_info))")), 2);
    QCOMPARE(c.scalar(QStringLiteral("SELECT json_extract(communicators, '$[0][1]') FROM digest_info")), 8);
    QCOMPARE(c.scalar(QStringLiteral("SELECT json_extract(communicators, '$[0][2]') FROM digest_info")), 6);
}

void TestDigestFormat::formatTwoReadsTheSameAndClustersTheSame()
{
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    const std::vector<RankDigest> digests = digestAll(r.files);
    std::vector<RankDigest> two, three;
    for (size_t i = 0; i < digests.size(); ++i) {
        const QString p2 = dir.filePath(QStringLiteral("v2/%1.sldigest").arg(i));
        const QString p3 = dir.filePath(QStringLiteral("v3/%1.sldigest").arg(i));
        QVERIFY(QDir().mkpath(QFileInfo(p2).path()) && QDir().mkpath(QFileInfo(p3).path()));
        QString error;
        QVERIFY2(writeFormat2(digests[i], p2, &error), qPrintable(error));
        QVERIFY2(DigestStore::write(digests[i], p3, &error), qPrintable(error));
        QVERIFY(DigestStore::isDigest(p2) && DigestStore::isDigest(p3));
        two.emplace_back();
        three.emplace_back();
        QVERIFY2(DigestStore::read(p2, &two.back(), &error), qPrintable(error));
        QVERIFY2(DigestStore::read(p3, &three.back(), &error), qPrintable(error));
        QString diff = difference(digests[i], two.back());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        diff = difference(two.back(), three.back());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // The content dump keeps its `key|value` lines for digest_info in both versions.
        QVERIFY(DigestStore::contentDump(p2, &error).contains(QStringLiteral("\nrank|%1\n").arg(i)));
        QVERIFY(DigestStore::contentDump(p3, &error).contains(QStringLiteral("\nrank|%1\n").arg(i)));
    }
    const QByteArray fromTwo = clusterJson(two), fromThree = clusterJson(three);
    QVERIFY(fromTwo.startsWith('{'));
    QCOMPARE(fromThree, fromTwo);
    QCOMPARE(clusterJson(digests), fromTwo);
    QVERIFY(fromThree.contains("\"pairing\": \"communicator+ordinal\""));
}

void TestDigestFormat::binsScaleWithTheKernels()
{
    // One bin per 256 kernels of a GPU, rounded down to a power of two in [16, 256].
    QCOMPARE(ExportDigester::binsFor(0, 0), 16);
    QCOMPARE(ExportDigester::binsFor(1'040, 1), 16); // 20 steps × 4 collectives × 13 kernels
    QCOMPARE(ExportDigester::binsFor(5'200, 1), 16); // 100 steps: 20.3 per GPU
    QCOMPARE(ExportDigester::binsFor(20'800, 1), 64); // 400 steps: 81.25
    QCOMPARE(ExportDigester::binsFor(20'800, 2), 32); // 40.6 per GPU
    QCOMPARE(ExportDigester::binsFor(32'767, 1), 64); // 127.99
    QCOMPARE(ExportDigester::binsFor(32'768, 1), 128);
    QCOMPARE(ExportDigester::binsFor(65'536, 1), 256);
    QCOMPARE(ExportDigester::binsFor(qint64(1) << 40, 1), 256);
}

void TestDigestFormat::binsAgreeWithSql()
{
    // Rank 6 of the issue run (1 040 kernels, one GPU: 16 bins). The synthetic kernels never
    // overlap on the GPU (each waits for the one before), so a bin's busy times are sums of the
    // kernels' overlaps with it, by SQL over the export.
    QTemporaryDir dir;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), issueRun());
    QVERIFY2(r.ok, qPrintable(r.error));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(r.files[6], &d, &error), qPrintable(error));
    Db e(r.files[6]);
    const qint64 first = e.scalar(QStringLiteral("SELECT min(start) FROM CUPTI_ACTIVITY_KIND_KERNEL"));
    const qint64 last = e.scalar(QStringLiteral("SELECT max(end) FROM CUPTI_ACTIVITY_KIND_KERNEL"));
    QCOMPARE(d.bins.size(), size_t(16));
    QCOMPARE(d.binNs, (last - first + 255) / 256 * 16); // 16 of the 256 bins of the scan
    const QString busy = QStringLiteral(
        "SELECT coalesce(sum(max(0, min(k.end, %1) - max(k.start, %2))), 0) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
        "StringIds s ON s.id = k.shortName WHERE s.value %3 LIKE 'nccl%'");
    for (int i = 0; i < 16; ++i) {
        const qint64 from = first + i * d.binNs, to = i == 15 ? last : from + d.binNs;
        const qint64 compute = e.scalar(busy.arg(to).arg(from).arg(QStringLiteral("NOT")));
        const qint64 comm = e.scalar(busy.arg(to).arg(from).arg(QString()));
        QCOMPARE(d.bins[size_t(i)].device, 2);
        QCOMPARE(d.bins[size_t(i)].bin, i);
        QCOMPARE(d.bins[size_t(i)].computeNs, compute);
        QCOMPARE(d.bins[size_t(i)].commNs, comm);
        QCOMPARE(d.bins[size_t(i)].idleNs, to - from - compute - comm);
    }
}

void TestDigestFormat::hundredStepsStayUnderTwoPercent()
{
    // Issue 22: 32 ranks, digests ≤ 2 % of the exports' bytes. Every rank's export and digest have
    // the same shape, so two ranks of a 100-step run tell (docs/benchmarks.md, "Digest size").
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 2;
    o.straggler = 1;
    o.steps = 100;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    const std::vector<RankDigest> digests = digestAll(r.files);
    for (size_t i = 0; i < digests.size(); ++i) {
        const QString path = dir.filePath(QStringLiteral("%1.sldigest").arg(i));
        QString error;
        QVERIFY2(DigestStore::write(digests[i], path, &error), qPrintable(error));
        const qint64 exportBytes = QFileInfo(r.files[qsizetype(i)]).size(), digestBytes = QFileInfo(path).size();
        QVERIFY2(digestBytes * 50 <= exportBytes,
            qPrintable(QStringLiteral("digest %1 B, export %2 B").arg(digestBytes).arg(exportBytes)));
    }
}

void TestDigestFormat::damagedDigestsAreRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown communicator") << QStringLiteral("UPDATE kinds SET comm = '00000000000000ff' WHERE comm "
                                                            "NOTNULL")
                                          << QStringLiteral("row 1 of kinds is damaged");
    QTest::newRow("communicators not JSON") << QStringLiteral("UPDATE digest_info SET communicators = '[[\"d1b5'")
                                            << QStringLiteral("digest_info communicators is not a JSON array");
    QTest::newRow("pid not a number") << QStringLiteral("UPDATE digest_info SET pids = '[\"x\"]'")
                                      << QStringLiteral("row 1 of digest_info pids is damaged");
    QTest::newRow("two info rows") << QStringLiteral("INSERT INTO digest_info SELECT * FROM digest_info")
                                   << QStringLiteral("digest_info has 2 rows, not one");
    QTest::newRow("collective of a step kind") << QStringLiteral(
        "UPDATE collectives SET kind_id = (SELECT id FROM kinds WHERE stream_index ISNULL) WHERE "
        "rowid = 3") << QStringLiteral("collective 3 refers to a kind the digest does not have");
    QTest::newRow("step of a missing kind") << QStringLiteral("UPDATE steps SET kind_id = 99 WHERE rowid = 2")
                                            << QStringLiteral("step 2 refers to a kind the digest does not have");
    QTest::newRow("gap as text") << QStringLiteral("UPDATE collectives SET start_gap_ns = '12' WHERE rowid = 5")
                                 << QStringLiteral("row 5 of collectives is damaged");
    QTest::newRow("start overflows") << QStringLiteral(
        "UPDATE steps SET start_gap_ns = 9223372036854775807 WHERE rowid = 4")
                                     << QStringLiteral("row 4 of steps is damaged");
    QTest::newRow("bin out of range") << QStringLiteral("UPDATE bins SET bin = 256 WHERE bin = 3")
                                      << QStringLiteral("row 16 of bins is damaged"); // sorts last
    QTest::newRow("bin twice") << QStringLiteral("UPDATE bins SET bin = 2 WHERE bin = 3")
                               << QStringLiteral("row 4 of bins is damaged");
}

void TestDigestFormat::damagedDigestsAreRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, message);
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 2;
    o.straggler = 1;
    o.steps = 5;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(r.files[0], &d, &error), qPrintable(error));
    const QString path = dir.filePath(QStringLiteral("damaged.sldigest"));
    QVERIFY2(DigestStore::write(d, path, &error), qPrintable(error));
    {
        Db c(path, false);
        QVERIFY(c.exec(sql));
    }
    QVERIFY(!DigestStore::read(path, &d, &error));
    QVERIFY2(error.contains(QLatin1String("damaged.sldigest")) && error.contains(message), qPrintable(error));
}

void TestDigestFormat::unknownVersionsAreRefused()
{
    QTemporaryDir dir;
    RankDigest d;
    d.file = QStringLiteral("x.sqlite");
    const QString path = dir.filePath(QStringLiteral("future.sldigest"));
    QString error;
    QVERIFY2(DigestStore::write(d, path, &error), qPrintable(error));
    {
        Db c(path, false);
        QVERIFY(c.exec(QStringLiteral("UPDATE digest_info SET version = 6")));
    }
    QVERIFY(!DigestStore::read(path, &d, &error));
    QVERIFY2(error.contains(QLatin1String("future.sldigest")) && error.contains(QLatin1String("version 6"))
            && error.contains(QLatin1String("versions 2 to 5")),
        qPrintable(error));
}

void TestDigestFormat::processKeys()
{
    // Version 4's `process` and `processes`, version 5's `device`: a rank of an export that holds
    // several (one GPU of a process that drove two) reads back as such; version 4 (no `device`) is
    // a whole process, version 3 (no such columns) a whole export, and its utc_epoch_ns 0 no
    // anchor. A process without a count of 2 or more, a count without its process, or a GPU
    // without its process or below 0, is damaged.
    QTemporaryDir dir;
    RankDigest d;
    d.file = QStringLiteral("x.sqlite");
    d.process = 2211;
    d.device = 1;
    d.processes = 2;
    const QString path = dir.filePath(QStringLiteral("x.p2211.d1.sldigest"));
    QString error;
    QVERIFY2(DigestStore::write(d, path, &error), qPrintable(error));
    RankDigest back;
    QVERIFY2(DigestStore::read(path, &back, &error), qPrintable(error));
    QCOMPARE(back.process, 2211);
    QCOMPARE(back.device, 1);
    QCOMPARE(back.processes, 2);
    for (const char* damage : { "UPDATE digest_info SET processes = 1", "UPDATE digest_info SET process = NULL",
             "UPDATE digest_info SET process = 16777216", "UPDATE digest_info SET processes = 'two'",
             "UPDATE digest_info SET device = -1", "UPDATE digest_info SET device = 'one'" }) {
        const QString copy = dir.filePath(QStringLiteral("damaged.sldigest"));
        QFile::remove(copy);
        QVERIFY(QFile::copy(path, copy));
        {
            Db c(copy, false);
            QVERIFY(c.exec(QLatin1String(damage)));
        }
        QVERIFY2(!DigestStore::read(copy, &back, &error), damage);
        QVERIFY2(error.contains(QLatin1String("damaged.sldigest")) && error.contains(QLatin1String("process")),
            qPrintable(error));
    }
    {
        Db c(path, false);
        QVERIFY(c.exec(QStringLiteral("ALTER TABLE digest_info DROP COLUMN device")));
        QVERIFY(c.exec(QStringLiteral("UPDATE digest_info SET version = 4")));
    }
    QVERIFY2(DigestStore::read(path, &back, &error), qPrintable(error));
    QCOMPARE(back.process, 2211);
    QCOMPARE(back.device, -1);
    {
        Db c(path, false);
        QVERIFY(c.exec(QStringLiteral("ALTER TABLE digest_info DROP COLUMN process")));
        QVERIFY(c.exec(QStringLiteral("ALTER TABLE digest_info DROP COLUMN processes")));
        QVERIFY(c.exec(QStringLiteral("UPDATE digest_info SET version = 3, utc_epoch_ns = 0")));
    }
    QVERIFY2(DigestStore::read(path, &back, &error), qPrintable(error));
    QCOMPARE(back.process, -1);
    QCOMPARE(back.processes, 1);
    QCOMPARE(back.utcEpochNs, -1); // version 3 wrote 0 for "no anchor"
}

void TestDigestFormat::realExportRoundTrips()
{
    // A real 2-GPU training export (nsys 2026.2): its digest reads back whole from both versions
    // and stays under 2 % of the export.
    const QStringList real = test::realTraces();
    if (real.isEmpty())
        QSKIP(qPrintable(test::realTracesSkipReason()));
    const auto found = std::find_if(real.begin(), real.end(), [](const QString& p) {
        return p.endsWith(QLatin1String("/nsysai-fastvideo-train-h100x2-before-2026.2.sqlite"));
    });
    if (found == real.end())
        QSKIP("SIGHTLINE_REAL_TRACES lacks nsysai-fastvideo-train-h100x2-before-2026.2.sqlite");
    const QString path = *found;
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(path, &d, &error), qPrintable(error));
    // The export has no TARGET_INFO_GPU: the GPUs its kernels ran on (SELECT DISTINCT deviceId).
    QCOMPARE(d.devices, std::vector<int>({ 0, 1 }));
    // 4 010 kernels on GPUs 0 and 1: 7.8 bins' worth (of 256 kernels) per GPU, so 16 each.
    QCOMPARE(d.kernels, 4'010);
    QCOMPARE(d.bins.size(), size_t(2 * 16));
    QCOMPARE(d.bins.back().device, 1);
    QTemporaryDir dir;
    const QString p2 = dir.filePath(QStringLiteral("two.sldigest")),
                  p3 = dir.filePath(QStringLiteral("three.sldigest"));
    QVERIFY2(DigestStore::write(d, p3, &error), qPrintable(error));
    QVERIFY2(writeFormat2(d, p2, &error), qPrintable(error));
    for (const QString& p : { p2, p3 }) {
        RankDigest back;
        QVERIFY2(DigestStore::read(p, &back, &error), qPrintable(error));
        const QString diff = difference(d, back);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
    QVERIFY(QFileInfo(p3).size() * 50 <= QFileInfo(path).size());
}

QTEST_GUILESS_MAIN(TestDigestFormat)
#include "tst_digestformat.moc"
