// SPDX-License-Identifier: MIT
// One way to open an export (issue 14.2, 12.3, 12.4): both scan paths give the same Trace, WAL
// and read-only folders open without a file created beside the input, and each way a file can
// be unusable gets its own message, the same from the loader and from `info`.
#include "core/io/exportopener.h"
#include "core/io/preflight.h"
#include "core/io/sqliteconnection.h"
#include "core/io/tablecounter.h"
#include "core/io/traceinspector.h"
#include "core/io/traceloader.h"
#include "core/util/nativepath.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracecompare.h"
#include "tests/common/tracefixture.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

Q_DECLARE_METATYPE(sl::LoadError)

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// Every value the loader produced, file identity (path, name, size, hash) left out, as bytes
/// per part: two loads are identical when all parts are.
QMap<QString, QByteArray> contents(const Trace& t)
{
    QMap<QString, QByteArray> parts;
    auto part = [&](const char* name, const auto& write) {
        QByteArray bytes;
        QDataStream s(&bytes, QIODevice::WriteOnly);
        write(s);
        parts.insert(QLatin1String(name), bytes);
    };
    auto vec = [](QDataStream& s, const auto& v) {
        s << quint64(v.size());
        for (const auto& x : v)
            s << x;
    };
    auto ops = [&](QDataStream& s, const GpuOpColumns& c) {
        vec(s, c.rowid.toVector()), vec(s, c.start), vec(s, test::endsOf(c)), vec(s, c.device), vec(s, c.stream);
        vec(s, c.correlationId), vec(s, c.pid), vec(s, c.api);
    };
    auto sortedHash = [](QDataStream& s, const auto& h) {
        auto keys = h.keys();
        std::sort(keys.begin(), keys.end());
        for (const auto& k : keys)
            s << k << h.value(k);
    };
    part("strings", [&](QDataStream& s) {
        s << t.strings.size();
        for (quint32 i = 0; i < t.strings.size(); ++i)
            s << t.strings.at(i);
    });
    part("configs", [&](QDataStream& s) {
        s << quint64(t.configs.size());
        for (qsizetype i = 0; i < t.configs.size(); ++i) {
            const auto& c = t.configs.at(quint32(i));
            s << c.registersPerThread << c.gridX << c.gridY << c.gridZ << c.blockX << c.blockY << c.blockZ
              << c.staticSharedMemory << c.dynamicSharedMemory;
        }
    });
    part("kernels", [&](QDataStream& s) {
        ops(s, t.kernels), vec(s, t.kernels.name), vec(s, t.kernels.shortName), vec(s, t.kernels.shortNameByName);
        vec(s, t.kernels.config);
        vec(s, t.kernels.flags);
    });
    part("api", [&](QDataStream& s) {
        vec(s, t.api.rowid.toVector()), vec(s, t.api.start), vec(s, test::endsOf(t.api)), vec(s, t.api.correlationId);
        vec(s, t.api.pid);
        vec(s, t.api.tid), vec(s, t.api.name), vec(s, t.api.kind);
    });
    part("nvtx", [&](QDataStream& s) {
        vec(s, t.nvtx.rowid.toVector()), vec(s, t.nvtx.start), vec(s, t.nvtx.end), vec(s, t.nvtx.pid),
            vec(s, t.nvtx.tid);
        vec(s, t.nvtx.endTid), vec(s, t.nvtx.name), vec(s, t.nvtx.domain), vec(s, t.nvtx.eventType);
    });
    part("memcpy", [&](QDataStream& s) {
        ops(s, t.memcpy), vec(s, t.memcpy.bytes), vec(s, t.memcpy.copyKind), vec(s, t.memcpy.srcKind);
        vec(s, t.memcpy.dstKind);
    });
    part("memset", [&](QDataStream& s) { ops(s, t.memset), vec(s, t.memset.bytes); });
    part("graphs", [&](QDataStream& s) { ops(s, t.graphs), vec(s, t.graphs.graphId); });
    part("gpus", [&](QDataStream& s) {
        for (const auto& g : t.gpus)
            s << g.deviceId << g.name << g.chipName << g.smCount << g.computeMajor << g.computeMinor << g.totalMemory;
    });
    part("names", [&](QDataStream& s) {
        sortedHash(s, t.processNames), sortedHash(s, t.threadNames), sortedHash(s, t.nvtxDomains);
    });
    part("info", [&](QDataStream& s) {
        s << t.firstNs << t.lastNs << t.loadWarnings << t.info.nsysVersion << t.info.schemaVersion
          << t.info.kernelNameColumn << t.info.captureSettings << t.info.sensitive;
    });
    return parts;
}

/// Compares two loads part by part, naming the first part that differs.
bool sameContents(const Trace& a, const Trace& b, QString* differs)
{
    const auto pa = contents(a), pb = contents(b);
    for (auto it = pa.cbegin(); it != pa.cend(); ++it)
        if (pb.value(it.key()) != it.value()) {
            *differs = it.key();
            if (it.key() == QLatin1String("info")) { // say which field
                if (a.loadWarnings != b.loadWarnings)
                    *differs += QStringLiteral(": warnings ") + a.loadWarnings.join(QLatin1Char('|'))
                        + QStringLiteral(" vs ") + b.loadWarnings.join(QLatin1Char('|'));
                for (qsizetype i = 0; i < qMin(a.info.captureSettings.size(), b.info.captureSettings.size()); ++i)
                    if (a.info.captureSettings[i] != b.info.captureSettings[i])
                        *differs += QStringLiteral(": %1=%2 vs %3")
                                        .arg(a.info.captureSettings[i].first, a.info.captureSettings[i].second,
                                            b.info.captureSettings[i].second);
                for (qsizetype i = 0; i < qMin(a.info.sensitive.size(), b.info.sensitive.size()); ++i)
                    if (a.info.sensitive[i] != b.info.sensitive[i])
                        *differs += QStringLiteral(": %1 differs").arg(a.info.sensitive[i].first);
            }
            return false;
        }
    return true;
}

/// A small export with every table the loader reads, a non-ASCII name and a NULL-text range.
void fill(TraceFixture& f)
{
    f.gpu(0, QStringLiteral("NVIDIA H100"));
    f.process(100, QStringLiteral("python3"));
    f.thread(100, 101, QStringLiteral("worker"));
    f.runtime(1000, 1100, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    f.runtime(2000, 2100, 100, 101, 2, QStringLiteral("cudaMemcpyAsync_v3020"));
    f.runtime(3000, 3100, 100, 101, 3, QStringLiteral("cudaStreamSynchronize_v3020"));
    f.kernel(1200, 1900, 0, 7, 1, 100, QStringLiteral("gemm_kernel<float, \u00e9t\u00e9>"), 256, 64, 1024);
    f.kernel(4000, 4500, 0, 7, 9, 100, QStringLiteral("unmatched_kernel"));
    f.memcpy(2200, 2600, 0, 7, 2, 100, 1 << 20, 1, 0, 2);
    f.memset(2700, 2800, 0, 7, 4, 100, 4096);
    f.graphLaunch(5000, 5600, 0, 7, 5, 100, 3);
    f.nvtx(900, 3200, 100, 101, QStringLiteral("step 0"));
    f.nvtx(950, 1150, 100, 101, QStringLiteral("forward"), 59, 0, true);
}

QStringList listing(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

bool copyFile(const QString& from, const QString& to)
{
    QFile::remove(to);
    return QFile::copy(from, to)
        && QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
}

/// Runs `sql` with the C API on a writable copy (the test's own file, never an input).
bool execOn(const QString& path, const char* sql)
{
    sqlite3* db = nullptr;
    bool ok = sqlite3_open(QFile::encodeName(path).constData(), &db) == SQLITE_OK
        && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

/// Forces the QSqlQuery scans for its lifetime.
struct ForceQueryScans
{
    ForceQueryScans() { qputenv("SIGHTLINE_SQLITE_SCAN", "query"); }
    ~ForceQueryScans() { qunsetenv("SIGHTLINE_SQLITE_SCAN"); }
};

/// Whether the QSQLITE plugin mapped into this process carries its own SQLite (a bundled copy
/// contains SQLite's header magic as a string constant; a plugin linking libsqlite3 does not),
/// and how many libsqlite3 objects are mapped: read from /proc, independently of dladdr.
struct MappedSqlite
{
    QString plugin;
    bool pluginBundlesSqlite = false;
    int libsqliteObjects = 0;
};
MappedSqlite mappedSqlite()
{
    MappedSqlite m;
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        return m;
    QSet<QString> libs;
    for (const QByteArray& line : maps.readAll().split('\n')) {
        const int slash = line.indexOf('/');
        if (slash < 0)
            continue;
        const QString file = QString::fromLocal8Bit(line.mid(slash));
        if (file.contains(QLatin1String("libqsqlite")))
            m.plugin = file;
        if (QFileInfo(file).fileName().startsWith(QLatin1String("libsqlite3")))
            libs.insert(file);
    }
    m.libsqliteObjects = int(libs.size());
    QFile p(m.plugin);
    if (p.open(QIODevice::ReadOnly))
        m.pluginBundlesSqlite = p.readAll().contains(QByteArrayLiteral("SQLite format 3"));
    return m;
}

} // namespace

class TestOpenPath : public QObject
{
    Q_OBJECT
private slots:
    void libraryCheckAgreesWithTheProcess();
    void nativePathRoundTrip();
    void bothScanPaths_data();
    void bothScanPaths();
    void inspectorAndCounterOnBothPaths();
    void walCopyCreatesNothing();
    void readOnlyFolder();
    void refusals_data();
    void refusals();
    void lockedByAnotherProcess();
    void optionalColumnWarns();
    void nonUtf8FileName();
    void longPath();
    void folderAndFilePermissions();
    void sqliteErrorsClassified();
};

void TestOpenPath::libraryCheckAgreesWithTheProcess()
{
    const auto& c = SqliteLibrary::check(); // opens a QSQLITE connection: the plugin is mapped after it
    const MappedSqlite m = mappedSqlite();
    QVERIFY2(!m.plugin.isEmpty(), "the QSQLITE plugin is not mapped");
    const bool expected = !m.pluginBundlesSqlite && m.libsqliteObjects == 1;
    QVERIFY2(c.same == expected, qPrintable(c.reason));
    QCOMPARE(c.linkedVersion, QString::fromLatin1(sqlite3_libversion()));
    if (c.same)
        QCOMPARE(c.driverVersion, c.linkedVersion);
    TraceFixture f;
    fill(f);
    const QString path = f.path();
    QCOMPARE(SqliteConnection(path).usesCApi(), c.same);
    ForceQueryScans force;
    QCOMPARE(SqliteConnection(path).usesCApi(), false);
}

void TestOpenPath::nativePathRoundTrip()
{
    const QByteArray latin1("/tmp/r\xE9sum\xE9 \xFF\x80.sqlite");
    const QString decoded = NativePath::decode(latin1);
    QCOMPARE(NativePath::encode(decoded), latin1);
    QCOMPARE(decoded.size(), latin1.size()); // one character per undecodable byte
    QCOMPARE(NativePath::displayName(decoded), QStringLiteral("r\uFFFDsum\uFFFD \uFFFD\uFFFD.sqlite"));
    const QString unicode = QStringLiteral("/tmp/\u00e9t\u00e9 \U0001F600.sqlite");
    QCOMPARE(NativePath::decode(unicode.toUtf8()), unicode);
    QCOMPARE(NativePath::encode(unicode), unicode.toUtf8());
}

void TestOpenPath::bothScanPaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("fixture") << QString();
    for (const QString& p : sl::test::realTraces())
        QTest::newRow(qPrintable(QFileInfo(p).fileName())) << p;
}

void TestOpenPath::bothScanPaths()
{
    QFETCH(QString, path);
    TraceFixture f;
    if (path.isEmpty()) {
        fill(f);
        path = f.path();
    }
    LoadOptions o;
    o.computeSha256 = false;
    const LoadOutcome a = TraceLoader::loadSync(path, o);
    QVERIFY2(a.ok(), qPrintable(a.message));
    QVERIFY(a.trace->strings.size() > 0);
    LoadOutcome b;
    {
        ForceQueryScans force;
        b = TraceLoader::loadSync(path, o);
    }
    QVERIFY2(b.ok(), qPrintable(b.message));
    QCOMPARE(b.trace->kernels.size(), a.trace->kernels.size());
    QCOMPARE(b.trace->strings.size(), a.trace->strings.size());
    QString differs;
    QVERIFY2(sameContents(*a.trace, *b.trace, &differs), qPrintable(differs));
}

void TestOpenPath::inspectorAndCounterOnBothPaths()
{
    TraceFixture f;
    fill(f);
    const QString path = f.path();
    const LoadOutcome a = TraceInspector::inspect(path);
    QVERIFY2(a.ok(), qPrintable(a.message));
    LoadOutcome b;
    {
        ForceQueryScans force;
        b = TraceInspector::inspect(path);
    }
    QVERIFY2(b.ok(), qPrintable(b.message));
    // The information dialog's counter, on its worker, through the QSqlQuery path too.
    QStringList tables;
    for (const auto& t : a.trace->info.tables)
        tables << t.name;
    QList<TableCounter::Count> counted;
    {
        ForceQueryScans force;
        auto future = TableCounter::count(path, tables);
        future.waitForFinished();
        counted = future.results();
    }
    QCOMPARE(counted.size(), tables.size());
    for (const auto& c : counted) {
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.rows, a.trace->info.tables[c.index].rows);
    }
    QCOMPARE(b.trace->info.tables.size(), a.trace->info.tables.size());
    for (qsizetype i = 0; i < a.trace->info.tables.size(); ++i) {
        QCOMPARE(b.trace->info.tables[i].name, a.trace->info.tables[i].name);
        QCOMPARE(b.trace->info.tables[i].rows, a.trace->info.tables[i].rows);
        if (a.trace->info.tables[i].name == QLatin1String("CUPTI_ACTIVITY_KIND_KERNEL"))
            QCOMPARE(a.trace->info.tables[i].rows, qint64(2)); // fill() wrote two kernels
    }
}

void TestOpenPath::walCopyCreatesNothing()
{
    TraceFixture f;
    fill(f);
    const QString original = f.path();
    QTemporaryDir dir;
    const QString wal = dir.filePath(QStringLiteral("wal.sqlite"));
    QVERIFY(copyFile(original, wal));
    QVERIFY(
        execOn(wal, "PRAGMA journal_mode=WAL; CREATE TABLE sightline_test_touch(x); DROP TABLE sightline_test_touch;"));
    QFile h(wal);
    QVERIFY(h.open(QIODevice::ReadOnly));
    const QByteArray header = h.read(20);
    QCOMPARE(int(header[18]), 2); // WAL mode in the header: a reader would create -wal/-shm
    h.close();
    const QStringList before = listing(dir.path());
    QCOMPARE(before, QStringList { QStringLiteral("wal.sqlite") }); // the checkpoint on close removed the log
    LoadOptions o;
    o.computeSha256 = false;
    const LoadOutcome a = TraceLoader::loadSync(original, o);
    const LoadOutcome b = TraceLoader::loadSync(wal, o);
    QVERIFY2(b.ok(), qPrintable(b.message));
    QCOMPARE(listing(dir.path()), before);
    QString differs;
    QVERIFY2(sameContents(*a.trace, *b.trace, &differs), qPrintable(differs));
    const LoadOutcome info = TraceInspector::inspect(wal);
    QVERIFY2(info.ok(), qPrintable(info.message));
    QCOMPARE(listing(dir.path()), before);
}

void TestOpenPath::readOnlyFolder()
{
    TraceFixture f;
    fill(f);
    const QString original = f.path();
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(),
        QFile::ReadOwner | QFile::ExeOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther
            | QFile::ExeOther));
    const QString ro = dir.filePath(QStringLiteral("ro"));
    QVERIFY(QDir().mkdir(ro));
    const QString wal = ro + QStringLiteral("/trace.sqlite");
    QVERIFY(copyFile(original, wal));
    QVERIFY(execOn(wal, "PRAGMA journal_mode=WAL;"));
    QVERIFY(::chmod(QFile::encodeName(wal).constData(), 0444) == 0);
    QVERIFY(::chmod(QFile::encodeName(ro).constData(), 0555) == 0);
    const auto restore = qScopeGuard([&] { ::chmod(QFile::encodeName(ro).constData(), 0755); });
    const QStringList before = listing(ro);
    LoadOptions o;
    o.computeSha256 = false;
    const LoadOutcome a = TraceLoader::loadSync(original, o);
    const LoadOutcome b = TraceLoader::loadSync(wal, o);
    QVERIFY2(b.ok(), qPrintable(b.message));
    QString differs;
    QVERIFY2(sameContents(*a.trace, *b.trace, &differs), qPrintable(differs));
    QCOMPARE(listing(ro), before);
    if (::geteuid() != 0)
        return; // the in-process load above ran without the right to write: that was the test
#ifdef SIGHTLINE_CLI
    // Root writes anywhere, so the load above proves nothing about permissions: run the CLI as
    // nobody, for whom the folder really is read-only.
    QProcess p;
    p.setChildProcessModifier([] {
        if (::setgid(65534) != 0 || ::setuid(65534) != 0)
            ::_exit(99);
    });
    p.start(QStringLiteral(SIGHTLINE_CLI), { QStringLiteral("info"), wal });
    QVERIFY(p.waitForFinished(60000));
    if (p.exitCode() == 99)
        QSKIP("root here cannot drop to uid 65534 (no CAP_SETUID): the read-only folder is checked by listing only");
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QVERIFY(p.readAllStandardOutput().contains("CUPTI_ACTIVITY_KIND_KERNEL"));
    QCOMPARE(listing(ro), before);
#endif
}

void TestOpenPath::refusals_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<LoadError>("error");
    QTest::addColumn<QString>("says");
    QTest::newRow("fifo") << "fifo" << LoadError::NotRegularFile << "not a regular file";
    QTest::newRow("hot journal") << "journal" << LoadError::HotJournal << "hot journal";
    QTest::newRow("wal not merged") << "wal" << LoadError::WalPending << "write-ahead log";
    QTest::newRow("renamed column") << "renamed" << LoadError::UnknownSchema
                                    << "table CUPTI_ACTIVITY_KIND_KERNEL has no column start";
    QTest::newRow("missing column") << "dropped" << LoadError::UnknownSchema
                                    << "table CUPTI_ACTIVITY_KIND_RUNTIME has no column nameId";
    QTest::newRow("damaged") << "damaged" << LoadError::Corrupt << "is damaged";
}

void TestOpenPath::refusals()
{
    QFETCH(QString, kind);
    QFETCH(LoadError, error);
    QFETCH(QString, says);
    TraceFixture f;
    fill(f);
    QString path = f.path();
    const QByteArray native = QFile::encodeName(path);
    sqlite3* writer = nullptr; // the "wal" case keeps a writer open (in this process: no lock seen)
    const auto closeWriter = qScopeGuard([&] { sqlite3_close(writer); });
    if (kind == QLatin1String("fifo")) {
        path = f.dir() + QStringLiteral("/pipe.sqlite");
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    } else if (kind == QLatin1String("journal")) {
        // A rollback journal whose header still has the magic: a transaction never finished.
        QFile j(path + QStringLiteral("-journal"));
        QVERIFY(j.open(QIODevice::WriteOnly));
        j.write(QByteArray::fromHex("d9d505f920a163d7") + QByteArray(504, '\0'));
    } else if (kind == QLatin1String("wal")) {
        QVERIFY(sqlite3_open(native.constData(), &writer) == SQLITE_OK);
        QVERIFY(sqlite3_exec(writer, "PRAGMA journal_mode=WAL; CREATE TABLE later(x); INSERT INTO later VALUES (1);",
                    nullptr, nullptr, nullptr)
            == SQLITE_OK);
        QVERIFY(QFileInfo(path + QStringLiteral("-wal")).size() > 0);
    } else if (kind == QLatin1String("renamed")) {
        QVERIFY(execOn(path, "ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL RENAME COLUMN start TO startNs;"));
    } else if (kind == QLatin1String("dropped")) {
        QVERIFY(execOn(path, "ALTER TABLE CUPTI_ACTIVITY_KIND_RUNTIME DROP COLUMN nameId;"));
    } else if (kind == QLatin1String("damaged")) {
        // Overwrite the b-tree pages after page 1 with garbage: the header stays valid.
        QFile d(path);
        QVERIFY(d.open(QIODevice::ReadWrite));
        const qint64 size = d.size();
        QVERIFY(size > 8192);
        d.seek(4096);
        d.write(QByteArray(int(size - 4096), '\x5a'));
    }
    const QStringList before = listing(QFileInfo(path).absolutePath());
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    QVERIFY(!loaded.ok());
    QCOMPARE(loaded.error, error);
    QVERIFY2(loaded.message.contains(says), qPrintable(loaded.message));
    QVERIFY2(loaded.message.contains(QFileInfo(path).fileName()), qPrintable(loaded.message));
    // `info` opens through the same path: same refusal, same words.
    const LoadOutcome inspected = TraceInspector::inspect(path);
    QCOMPARE(inspected.error, loaded.error);
    QCOMPARE(inspected.message, loaded.message);
    QCOMPARE(listing(QFileInfo(path).absolutePath()), before);
}

void TestOpenPath::lockedByAnotherProcess()
{
    TraceFixture f;
    fill(f);
    const QString path = f.path();
    int ready[2];
    QVERIFY(::pipe(ready) == 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // A writer in another process: POSIX locks of our own process are invisible to F_GETLK.
        sqlite3* db = nullptr;
        const bool ok = sqlite3_open(QFile::encodeName(path).constData(), &db) == SQLITE_OK
            && sqlite3_exec(db, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK;
        const char c = ok ? '1' : '0';
        if (::write(ready[1], &c, 1) != 1)
            ::_exit(1);
        ::pause();
        ::_exit(0);
    }
    ::close(ready[1]);
    char c = 0;
    const bool got = ::read(ready[0], &c, 1) == 1;
    ::close(ready[0]);
    const auto reap = qScopeGuard([&] {
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
    });
    QVERIFY(got && c == '1');
    const LoadOutcome r = TraceLoader::loadSync(path);
    QCOMPARE(r.error, LoadError::Locked);
    QVERIFY2(r.message.contains(QStringLiteral("process %1").arg(child)), qPrintable(r.message));
    QVERIFY2(r.message.contains(QStringLiteral("trace.sqlite")), qPrintable(r.message));
    QCOMPARE(TraceInspector::inspect(path).error, LoadError::Locked);
}

void TestOpenPath::optionalColumnWarns()
{
    TraceFixture f;
    fill(f);
    const QString path = f.path();
    QVERIFY(execOn(path,
        "ALTER TABLE CUPTI_ACTIVITY_KIND_MEMSET DROP COLUMN bytes;"
        "ALTER TABLE CUPTI_ACTIVITY_KIND_MEMSET DROP COLUMN globalPid;"));
    const LoadOutcome r = TraceLoader::loadSync(path);
    QVERIFY2(r.ok(), qPrintable(r.message));
    QCOMPARE(r.trace->memset.size(), 1);
    QCOMPARE(r.trace->memset.bytes.front(), qint64(0)); // read as 0 without the column
    QCOMPARE(r.trace->memset.pid.front(), quint32(0)); // 0 = unknown process
    bool warned = false;
    for (const QString& w : r.trace->loadWarnings)
        warned = warned || w.contains(QLatin1String("CUPTI_ACTIVITY_KIND_MEMSET has no column globalPid, bytes"));
    QVERIFY2(warned, qPrintable(r.trace->loadWarnings.join(QLatin1Char('\n'))));
}

void TestOpenPath::nonUtf8FileName()
{
    TraceFixture f;
    fill(f);
    const QString source = f.path();
    // A Latin-1 name: these bytes are not UTF-8, and Qt alone decodes them to U+FFFD.
    const QByteArray raw = QFile::encodeName(f.dir()) + "/r\xE9sum\xE9.sqlite";
    QVERIFY(::rename(QFile::encodeName(source).constData(), raw.constData()) == 0);
    const QString path = NativePath::decode(raw);
    const LoadOutcome r = TraceLoader::loadSync(path);
    QVERIFY2(r.ok(), qPrintable(r.message));
    QCOMPARE(r.trace->kernels.size(), 2);
    QCOMPARE(r.trace->info.fileName, QStringLiteral("r\uFFFDsum\uFFFD.sqlite"));
    QVERIFY(!r.trace->knownSha256().isEmpty());
    QVERIFY(TraceInspector::inspect(path).ok());
    // QTemporaryDir cannot remove a name Qt cannot encode: give it a UTF-8 name back at the end.
    const auto rename = qScopeGuard([&] { ::rename(raw.constData(), QFile::encodeName(source).constData()); });
#ifdef SIGHTLINE_CLI
    // The CLI takes the bytes from argv as they are (a shell passes them through unchanged).
    QProcess p;
    p.start(QStringLiteral("/bin/sh"),
        { QStringLiteral("-c"), QStringLiteral("exec \"$0\" info \"$1\"$(printf '/r\\351sum\\351.sqlite')"),
            QStringLiteral(SIGHTLINE_CLI), f.dir() });
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
#endif
}

void TestOpenPath::longPath()
{
    TraceFixture f;
    fill(f);
    QString dir = f.dir();
    while (NativePath::encode(dir).size() < 700) {
        dir += QStringLiteral("/") + QString(60, QLatin1Char('d'));
        QVERIFY(QDir().mkdir(dir));
    }
    const QString path = dir + QStringLiteral("/trace.sqlite");
    QVERIFY(copyFile(f.path(), path));
    if (SqliteLibrary::check().same) {
        const LoadOutcome r = TraceLoader::loadSync(path);
        QVERIFY2(r.ok(), qPrintable(r.message));
        QCOMPARE(r.trace->kernels.size(), 2);
    }
    // Without the long-path VFS (registered only in the driver's library), SQLite refuses it:
    // the message says why instead of "damaged".
    ForceQueryScans force;
    const LoadOutcome r = TraceLoader::loadSync(path);
    QCOMPARE(r.error, LoadError::PathTooLong);
    QVERIFY2(r.message.contains(QLatin1String("512")), qPrintable(r.message));
}

void TestOpenPath::folderAndFilePermissions()
{
    TraceFixture f;
    fill(f);
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(),
        QFile::ReadOwner | QFile::ExeOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther
            | QFile::ExeOther));
    const QString closed = dir.filePath(QStringLiteral("closed"));
    const QString open = dir.filePath(QStringLiteral("open"));
    QVERIFY(QDir().mkdir(closed) && QDir().mkdir(open));
    const QString behindClosed = closed + QStringLiteral("/trace.sqlite");
    const QString unreadable = open + QStringLiteral("/trace.sqlite");
    QVERIFY(copyFile(f.path(), behindClosed) && copyFile(f.path(), unreadable));
    QVERIFY(::chmod(QFile::encodeName(closed).constData(), 0700) == 0);
    QVERIFY(::chmod(QFile::encodeName(unreadable).constData(), 0) == 0);
    QVERIFY(::chmod(QFile::encodeName(open).constData(), 0755) == 0);
    if (::geteuid() != 0) {
        QVERIFY(::chmod(QFile::encodeName(closed).constData(), 0) == 0);
        const auto restore = qScopeGuard([&] { ::chmod(QFile::encodeName(closed).constData(), 0700); });
        const LoadOutcome a = TraceLoader::loadSync(behindClosed);
        QCOMPARE(a.error, LoadError::FolderUnreadable);
        const LoadOutcome b = TraceLoader::loadSync(unreadable);
        QCOMPARE(b.error, LoadError::Unreadable);
        QVERIFY2(b.message.contains(QLatin1String("permission denied")), qPrintable(b.message));
        return;
    }
#ifdef SIGHTLINE_CLI
    // As root nothing is denied: ask as nobody, for whom `closed` (0700, root's) cannot be searched.
    auto runAsNobody = [](const QString& trace, QByteArray* err) {
        QProcess p;
        p.setChildProcessModifier([] {
            if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(99);
        });
        p.start(QStringLiteral(SIGHTLINE_CLI), { QStringLiteral("info"), trace });
        p.waitForFinished(60000);
        *err = p.readAllStandardError();
        return p.exitCode();
    };
    QByteArray err;
    if (runAsNobody(behindClosed, &err) == 99)
        QSKIP("root here cannot drop to uid 65534 (no CAP_SETUID): permissions cannot be denied");
    QCOMPARE(runAsNobody(behindClosed, &err), 3);
    QVERIFY2(err.contains("a folder on its path cannot be read"), err.constData());
    QCOMPARE(runAsNobody(unreadable, &err), 3);
    QVERIFY2(err.contains("permission denied"), err.constData());
#else
    QSKIP("running as root without the CLI: permissions cannot be denied to this process");
#endif
}

void TestOpenPath::sqliteErrorsClassified()
{
    // Extended codes (as QSQLITE reports them) classify by their primary code.
    const struct
    {
        int code;
        LoadError error;
        const char* says;
    } cases[] = {
        { SQLITE_CORRUPT, LoadError::Corrupt, "is damaged" },
        { SQLITE_NOTADB, LoadError::Corrupt, "is damaged" },
        { SQLITE_BUSY, LoadError::Locked, "is locked" },
        { SQLITE_LOCKED_SHAREDCACHE, LoadError::Locked, "is locked" },
        { SQLITE_IOERR_READ, LoadError::Unreadable, "could not be read" },
        { SQLITE_NOMEM, LoadError::Unreadable, "out of memory" },
        { SQLITE_ERROR, LoadError::UnknownSchema, "export schema Sightline does not know" },
        { SQLITE_CANTOPEN, LoadError::Unreadable, "could not be opened" },
    };
    for (const auto& c : cases) {
        const LoadOutcome o
            = ExportOpener::sqlFailure(QStringLiteral("/data/run 1/trace.sqlite"), c.code, QStringLiteral("detail"));
        QCOMPARE(o.error, c.error);
        QVERIFY2(o.message.contains(QLatin1String(c.says)), qPrintable(o.message));
        QVERIFY2(o.message.contains(QLatin1String("trace.sqlite")), qPrintable(o.message));
        QVERIFY2(!o.message.contains(QLatin1String("/data/run 1")), qPrintable(o.message)); // the name, not the path
    }
}

QTEST_GUILESS_MAIN(TestOpenPath)
#include "tst_openpath.moc"
