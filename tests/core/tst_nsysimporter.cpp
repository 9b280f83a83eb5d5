// SPDX-License-Identifier: MIT
// Opening .nsys-rep/.qdrep reports through nsys: a stand-in `nsys` script (written here) records
// its arguments and copies a fixture export to --output, so the command line, the cache and its
// reuse, Cancel and the messages are checked without Nsight Systems installed.
#include "core/io/nsysimporter.h"
#include "core/io/traceloader.h"
#include "core/session/tracesession.h"
#include "tests/common/tracefixture.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// Answers --version like nsys; for `export` it appends its arguments (one per line, then "--")
/// to $STANDIN_LOG, writes its pid to $STANDIN_PIDFILE when set, prints a progress bar, sleeps
/// $STANDIN_SLEEP seconds when set (in a child `sleep`, as a hung helper of nsys would; its pid
/// in $STANDIN_PIDFILE.sleep), fails
/// when $STANDIN_FAIL is set, kills itself with SIGSEGV when $STANDIN_CRASH is set, writes only
/// the first $STANDIN_TRUNCATE bytes of the export (and exits 0) when set, else copies
/// $STANDIN_SOURCE to the --output path.
const char* kScript = R"(#!/bin/sh
if [ "$1" = "--version" ]; then echo "NVIDIA Nsight Systems version 2099.1.2.3-standin"; exit 0; fi
for a in "$@"; do echo "$a" >> "$STANDIN_LOG"; done
echo "--" >> "$STANDIN_LOG"
[ -n "$STANDIN_PIDFILE" ] && echo $$ > "$STANDIN_PIDFILE"
out=""; prev=""
for a in "$@"; do [ "$prev" = "--output" ] && out="$a"; prev="$a"; done
echo "Processing [======50%]"
if [ -n "$STANDIN_SLEEP" ]; then
  sleep "$STANDIN_SLEEP" &
  [ -n "$STANDIN_PIDFILE" ] && echo $! > "$STANDIN_PIDFILE.sleep"
  wait $!
fi
if [ -n "$STANDIN_FAIL" ]; then echo "Error: the report is damaged" >&2; exit 3; fi
if [ -n "$STANDIN_CRASH" ]; then kill -SEGV $$; fi
if [ -n "$STANDIN_TRUNCATE" ]; then head -c "$STANDIN_TRUNCATE" "$STANDIN_SOURCE" > "$out"; exit 0; fi
cp "$STANDIN_SOURCE" "$out" || exit 4
echo "Processing [=======100%]"
)";

/// Every file under `dir`, relative, sorted.
QStringList filesUnder(const QString& dir)
{
    QStringList out;
    for (QDirIterator it(dir, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
         it.hasNext();)
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

/// Whether the process whose pid `pidFile` holds has ended (within 5 s: a kill is reaped at once,
/// but not synchronously). False when the file holds no pid.
bool endedBy(const QString& pidFile)
{
    QFile f(pidFile);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const pid_t pid = pid_t(f.readAll().trimmed().toLongLong());
    return pid > 0 && QTest::qWaitFor([pid] { return ::kill(pid, 0) != 0; }, 5000);
}

/// The argument lists the stand-in was called with, one per run.
QVector<QStringList> runs(const QString& log)
{
    QFile f(log);
    QVector<QStringList> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QStringList current;
    for (const QString& line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line == QLatin1String("--")) {
            out << current;
            current.clear();
        } else {
            current << line;
        }
    }
    return out;
}

} // namespace

class TestNsysImporter : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void recognisesReports();
    void findsNsys();
    void exportsIntoTheCacheAndReuses();
    void changedReportIsExportedAgain();
    void failureAndCancel();
    void withoutNsys();
    void hungNsysTimesOut();
    void crashIsToldBySignal();
    void brokenExportIsNotCached();
    void damagedCacheIsReplaced();
    void damagedPastTheCheckIsDiscarded();
    void sessionOpensReports();
    void cliOpensReports();
    void cliSaysWhatItWaitsForAndStopsOnCtrlC_data();
    void cliSaysWhatItWaitsForAndStopsOnCtrlC();
    void cliTimeLimit();
    void cliBrokenExportThenWorkingNsys();

private:
    QTemporaryDir m_tmp;
    QString m_bin, m_nsys, m_log, m_inputs, m_report;
    std::unique_ptr<TraceFixture> m_fixture;
};

void TestNsysImporter::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_bin = m_tmp.filePath(QStringLiteral("bin"));
    m_inputs = m_tmp.filePath(QStringLiteral("inputs"));
    QVERIFY(QDir().mkpath(m_bin) && QDir().mkpath(m_inputs));
    m_nsys = m_bin + QStringLiteral("/nsys");
    QFile script(m_nsys);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(kScript);
    script.close();
    QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    m_fixture = std::make_unique<TraceFixture>(TraceFixture::Schema::Nsys2026, QStringLiteral("fixture.sqlite"));
    m_fixture->gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    m_fixture->kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    m_fixture->kernel(3000, 3500, 0, 7, 2, 100, QStringLiteral("gemm_kernel"));
    qputenv("STANDIN_SOURCE", m_fixture->path().toUtf8());
    // The cache goes to XDG_CACHE_HOME: a folder of this test, never the user's.
    qputenv("XDG_CACHE_HOME", m_tmp.filePath(QStringLiteral("cache")).toUtf8());
    m_log = m_tmp.filePath(QStringLiteral("nsys.log"));
    qputenv("STANDIN_LOG", m_log.toUtf8());
}

void TestNsysImporter::init()
{
    QFile::remove(m_log);
    QDir(m_tmp.filePath(QStringLiteral("cache"))).removeRecursively();
    for (const char* name : { "STANDIN_SLEEP", "STANDIN_FAIL", "STANDIN_CRASH", "STANDIN_TRUNCATE", "STANDIN_PIDFILE" })
        qunsetenv(name);
    m_report = m_inputs + QStringLiteral("/serve-before.nsys-rep");
    QFile f(m_report);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("a stand-in report: the stand-in nsys never reads it");
}

void TestNsysImporter::recognisesReports()
{
    QVERIFY(NsysImporter::isReport(QStringLiteral("/x/a.nsys-rep")));
    QVERIFY(NsysImporter::isReport(QStringLiteral("a.QDREP")));
    QVERIFY(!NsysImporter::isReport(QStringLiteral("a.sqlite")));
    QVERIFY(!NsysImporter::isReport(QStringLiteral("nsys-rep")));
}

void TestNsysImporter::findsNsys()
{
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", m_bin.toUtf8());
    QCOMPARE(NsysImporter::findNsys({}, {}), m_nsys);
    qputenv("PATH", m_inputs.toUtf8()); // no nsys there
    QCOMPARE(NsysImporter::findNsys({}, {}), QString());
    QCOMPARE(NsysImporter::findNsys({}, { m_bin }), m_nsys); // an install folder
    QCOMPARE(NsysImporter::findNsys(m_nsys, {}), m_nsys); // Preferences / --nsys
    QCOMPARE(NsysImporter::findNsys(m_report, {}), QString()); // not executable: ignored
    qputenv("PATH", path);
}

void TestNsysImporter::exportsIntoTheCacheAndReuses()
{
    const QStringList inputsBefore = filesUnder(m_inputs);
    QVector<int> progress;
    auto r = NsysImporter::importReport(m_report, m_nsys, [&](int permille, const QString&) { progress << permille; });
    QVERIFY2(r.ok(), qPrintable(r.message));
    QVERIFY(!r.reused);
    QCOMPARE(r.nsysVersion, QStringLiteral("2099.1.2.3-standin"));
    const QString key = NsysImporter::cacheKey(m_report);
    const QString cache = m_tmp.filePath(QStringLiteral("cache/sightline/nsys-exports"));
    QCOMPARE(NsysImporter::cacheDir(), cache);
    QCOMPARE(r.sqlitePath, cache + QLatin1Char('/') + key + QStringLiteral("/serve-before.sqlite"));
    QVERIFY(r.message.contains(QStringLiteral("2099.1.2.3-standin")));
    // The key: size, mtime in ms, then 32 hex digits of SHA-256 of the first MiB.
    const QStringList parts = key.split(QLatin1Char('-'));
    QCOMPARE(parts.size(), 3);
    QCOMPARE(parts[0], QString::number(QFileInfo(m_report).size()));
    QCOMPARE(parts[1], QString::number(QFileInfo(m_report).lastModified().toMSecsSinceEpoch()));
    QCOMPARE(parts[2].size(), 32);
    // The exact command line; the output in a fresh *.part folder of the cache, renamed when done.
    const auto calls = runs(m_log);
    QCOMPARE(calls.size(), 1);
    QCOMPARE(calls[0].size(), 8);
    QCOMPARE(calls[0].mid(0, 6),
        (QStringList { QStringLiteral("export"), QStringLiteral("--type"), QStringLiteral("sqlite"),
            QStringLiteral("--force-overwrite"), QStringLiteral("true"), QStringLiteral("--output") }));
    QVERIFY2(
        calls[0][6].startsWith(cache + QLatin1Char('/') + key + QStringLiteral(".part-")), qPrintable(calls[0][6]));
    QVERIFY(calls[0][6].endsWith(QStringLiteral("/serve-before.sqlite")));
    QCOMPARE(calls[0][7], m_report);
    QCOMPARE(filesUnder(cache),
        (QStringList { key, key + QStringLiteral("/export.json"), key + QStringLiteral("/serve-before.sqlite") }));
    // Nothing was created beside the report.
    QCOMPARE(filesUnder(m_inputs), inputsBefore);
    // Unknown progress (-1) while nsys starts, then its progress bar's last value: 100 %.
    QCOMPARE(progress.front(), -1);
    QCOMPARE(progress.back(), 1000);
    // The export is the fixture, loadable, named after the report.
    const LoadOutcome loaded = TraceLoader::loadSync(r.sqlitePath);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    QCOMPARE(loaded.trace->info.fileName, QStringLiteral("serve-before.sqlite"));
    QCOMPARE(loaded.trace->kernels.size(), qsizetype(2));

    // Second open: the cache answers, nsys does not run.
    r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(r.ok());
    QVERIFY(r.reused);
    QCOMPARE(r.nsysVersion, QStringLiteral("2099.1.2.3-standin"));
    QCOMPARE(runs(m_log).size(), 1);
    // Even without nsys.
    r = NsysImporter::importReport(m_report, QString());
    QVERIFY(r.ok() && r.reused);
}

void TestNsysImporter::changedReportIsExportedAgain()
{
    QVERIFY(NsysImporter::importReport(m_report, m_nsys).ok());
    const QString first = NsysImporter::cacheKey(m_report);
    QFile f(m_report);
    QVERIFY(f.open(QIODevice::Append));
    f.write(" and a longer one");
    f.close();
    const QString second = NsysImporter::cacheKey(m_report);
    QVERIFY(first != second);
    const auto r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(r.ok() && !r.reused);
    QCOMPARE(runs(m_log).size(), 2);
    QVERIFY(r.sqlitePath.contains(second));
}

void TestNsysImporter::failureAndCancel()
{
    const QString cache = m_tmp.filePath(QStringLiteral("cache/sightline/nsys-exports"));
    qputenv("STANDIN_FAIL", "1");
    auto r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::NsysReport);
    QVERIFY2(r.message.contains(QStringLiteral("exit code 3")), qPrintable(r.message));
    QVERIFY2(r.message.contains(QStringLiteral("the report is damaged")), qPrintable(r.message));
    QCOMPARE(filesUnder(cache), QStringList()); // no half export kept
    qunsetenv("STANDIN_FAIL");

    qputenv("STANDIN_SLEEP", "30");
    int polls = 0;
    r = NsysImporter::importReport(m_report, m_nsys, {}, [&] { return ++polls >= 3; });
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::Cancelled);
    QCOMPARE(polls, 3);
    QCOMPARE(filesUnder(cache), QStringList());
}

void TestNsysImporter::withoutNsys()
{
    const auto r = NsysImporter::importReport(m_report, QString());
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::NsysReport);
    // Today's message (how to export by hand) and where to get nsys.
    QVERIFY2(r.message.contains(QStringLiteral("nsys export --type sqlite")), qPrintable(r.message));
    QVERIFY(r.message.contains(QStringLiteral("https://developer.nvidia.com/nsight-systems")));
    QCOMPARE(runs(m_log).size(), 0);
}

void TestNsysImporter::hungNsysTimesOut()
{
    // R3: an export that never ends is stopped at the limit (1 s here; an hour by default), with
    // a message that says so and how to raise it; nothing is cached.
    const QString cache = m_tmp.filePath(QStringLiteral("cache/sightline/nsys-exports"));
    qputenv("STANDIN_SLEEP", "100000");
    const QString pidFile = m_tmp.filePath(QStringLiteral("standin.pid"));
    qputenv("STANDIN_PIDFILE", pidFile.toUtf8());
    const auto r = NsysImporter::importReport(m_report, m_nsys, {}, {}, 1000);
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::NsysReport);
    // The reason in ChildProcess's words: the limit, then what nsys printed last (its progress bar).
    QVERIFY2(r.message.startsWith(QStringLiteral("nsys did not finish exporting serve-before.nsys-rep: timed out "
                                                 "after 1 s (stopped): Processing [======50%]. Nothing was cached."))
            && r.message.contains(QStringLiteral("--nsys-timeout")),
        qPrintable(r.message));
    QCOMPARE(filesUnder(cache), QStringList());
    // The stand-in and its `sleep` were killed, not left behind.
    QVERIFY(endedBy(pidFile));
    QVERIFY(endedBy(pidFile + QStringLiteral(".sleep")));
}

void TestNsysImporter::crashIsToldBySignal()
{
    // R13: a signal is named, not "exit code -1"; what nsys printed before follows.
    qputenv("STANDIN_CRASH", "1");
    const auto r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::NsysReport);
    QCOMPARE(r.message,
        QStringLiteral("nsys could not export serve-before.nsys-rep: crashed with signal SIGSEGV (Segmentation "
                       "fault): Processing [======50%]."));
    // An exit code is told as one, with nsys's last words.
    qunsetenv("STANDIN_CRASH");
    qputenv("STANDIN_FAIL", "1");
    QCOMPARE(NsysImporter::importReport(m_report, m_nsys).message,
        QStringLiteral("nsys could not export serve-before.nsys-rep: exit code 3: Processing [======50%] Error: the "
                       "report is damaged."));
}

void TestNsysImporter::brokenExportIsNotCached()
{
    // R4: nsys exits 0 but its export is cut short (a full disk): refused, not cached; the next
    // open runs nsys again, and the message of a good export names the cached file. The refusal
    // names the report and the cache folder, not the cache file the user never made, and does
    // not advise copying that file again.
    const QString cache = m_tmp.filePath(QStringLiteral("cache/sightline/nsys-exports"));
    const qint64 half = QFileInfo(m_fixture->path()).size() / 2;
    qputenv("STANDIN_TRUNCATE", QByteArray::number(half));
    auto r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::NsysReport);
    QCOMPARE(r.message,
        QStringLiteral("nsys exited without an error, but the SQLite export it wrote of serve-before.nsys-rep is "
                       "damaged (it is truncated; %1 bytes): it was discarded and nothing was cached. Check the free "
                       "space in the cache folder %2, then open the report again.")
            .arg(half)
            .arg(QDir::toNativeSeparators(cache)));
    QCOMPARE(filesUnder(cache), QStringList());
    qunsetenv("STANDIN_TRUNCATE");
    r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY2(r.ok(), qPrintable(r.message));
    QCOMPARE(runs(m_log).size(), 2);
    const QString cached
        = cache + QLatin1Char('/') + NsysImporter::cacheKey(m_report) + QStringLiteral("/serve-before.sqlite");
    QCOMPARE(r.sqlitePath, cached);
    QVERIFY2(r.message.contains(QDir::toNativeSeparators(cached)), qPrintable(r.message));
}

void TestNsysImporter::damagedCacheIsReplaced()
{
    // A cached export damaged later (or cached unverified by an older Sightline) is made again.
    auto r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(r.ok());
    {
        QFile f(r.sqlitePath);
        QVERIFY(f.resize(f.size() / 2));
    }
    r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY2(r.ok(), qPrintable(r.message));
    QVERIFY(!r.reused);
    QCOMPARE(runs(m_log).size(), 2);
    const QString cache = m_tmp.filePath(QStringLiteral("cache/sightline/nsys-exports"));
    QVERIFY2(r.message.startsWith(QStringLiteral("The cached SQLite export of serve-before.nsys-rep in %1 was damaged "
                                                 "(it is truncated) and has been removed.\n")
                                      .arg(QDir::toNativeSeparators(cache))),
        qPrintable(r.message));
    QCOMPARE(QFileInfo(r.sqlitePath).size(), QFileInfo(m_fixture->path()).size());
}

void TestNsysImporter::damagedPastTheCheckIsDiscarded()
{
    // The reuse check opens the export (header, schema), not every page: a cached export whose
    // kernel table's root page is overwritten passes it and fails in the loader. The entry is then
    // removed, so the next open runs nsys again; an export outside the cache is never removed.
    auto r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(r.ok());
    const QString cached = r.sqlitePath;
    qint64 root = 0, pageSize = 0;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("rootpage"));
        db.setDatabaseName(cached);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("SELECT rootpage FROM sqlite_master WHERE name = 'CUPTI_ACTIVITY_KIND_KERNEL'")));
        QVERIFY(q.next());
        root = q.value(0).toLongLong();
        QVERIFY(q.exec(QStringLiteral("PRAGMA page_size")) && q.next());
        pageSize = q.value(0).toLongLong();
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("rootpage"));
    QVERIFY(root > 1 && pageSize >= 512);
    {
        QFile f(cached);
        QVERIFY(f.open(QIODevice::ReadWrite) && f.seek((root - 1) * pageSize));
        QCOMPARE(f.write(QByteArray(int(pageSize), char(0xFF))), pageSize);
    }
    r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(r.ok() && r.reused);
    const LoadOutcome load = TraceLoader::loadSync(r.sqlitePath);
    QCOMPARE(load.error, LoadError::Corrupt);

    // An export the user gave, not in the cache: told as it is, kept.
    QCOMPARE(
        NsysImporter::afterFailedLoad(m_fixture->path(), m_fixture->path(), load.error, load.message), load.message);
    QCOMPARE(NsysImporter::afterFailedLoad(m_report, m_fixture->path(), load.error, load.message), load.message);
    QVERIFY(QFileInfo::exists(m_fixture->path()));
    // Not damage (a load cancelled): the entry stays.
    QCOMPARE(NsysImporter::afterFailedLoad(m_report, cached, LoadError::Cancelled, QStringLiteral("x")),
        QStringLiteral("x"));
    QVERIFY(QFileInfo::exists(cached));

    const QString cache = m_tmp.filePath(QStringLiteral("cache/sightline/nsys-exports"));
    QCOMPARE(NsysImporter::afterFailedLoad(m_report, cached, load.error, load.message),
        QStringLiteral("The cached SQLite export of serve-before.nsys-rep in %1 is damaged past its first pages (%2) "
                       "and has been removed: open serve-before.nsys-rep again to export it anew with nsys.")
            .arg(QDir::toNativeSeparators(cache), load.message));
    QVERIFY(!QFileInfo::exists(QFileInfo(cached).absolutePath()));
    QVERIFY(QFileInfo::exists(cache)); // the cache folder itself stays
    r = NsysImporter::importReport(m_report, m_nsys);
    QVERIFY(r.ok() && !r.reused);
    QCOMPARE(runs(m_log).size(), 2);
    QVERIFY(TraceLoader::loadSync(r.sqlitePath).ok());
}

void TestNsysImporter::sessionOpensReports()
{
    TraceSession s;
    s.setNsysPath(m_nsys);
    QSignalSpy added(&s, &TraceSession::traceAdded);
    QSignalSpy notices(&s, &TraceSession::notice);
    s.open({ m_report });
    QVERIFY(QTest::qWaitFor([&s] { return !s.isBusy(); }, 60000));
    QCOMPARE(added.count(), 1);
    QCOMPARE(s.entry(0).sourcePath, m_report);
    QCOMPARE(s.entry(0).trace->info.fileName, QStringLiteral("serve-before.sqlite"));
    QVERIFY(s.entry(0).analysis);
    QCOMPARE(s.entry(0).analysis->kernelCount, qint64(2));
    QCOMPARE(notices.count(), 1);
    QVERIFY(notices.at(0).at(0).toString().contains(QStringLiteral("2099.1.2.3-standin")));
}

void TestNsysImporter::cliOpensReports()
{
    QProcess p;
    const QString out = m_tmp.filePath(QStringLiteral("report"));
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("analyze"), m_report, QStringLiteral("--nsys"), m_nsys, QStringLiteral("--out"), out });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("2099.1.2.3-standin")));
    QVERIFY(QFileInfo(out + QStringLiteral("/report.json")).isFile());
    // Without nsys anywhere: exit 3 and the message says where to get it.
    QProcess q;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), m_inputs);
    q.setProcessEnvironment(env);
    QFile f(m_report);
    QVERIFY(f.open(QIODevice::Append)); // a new key: the cached export does not apply
    f.write("x");
    f.close();
    q.start(QStringLiteral(SIGHTLINE_CLI), { QStringLiteral("info"), m_report });
    QVERIFY(q.waitForFinished(60000));
    QCOMPARE(q.exitCode(), 3);
    QVERIFY(QString::fromUtf8(q.readAllStandardError()).contains(QStringLiteral("developer.nvidia.com")));
}

void TestNsysImporter::cliSaysWhatItWaitsForAndStopsOnCtrlC_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<QStringList>("limit");
    QTest::addColumn<QString>("waiting");
    // The default limit is an hour (3600 s); `timeout` and service managers send SIGTERM.
    QTest::addRow("SIGINT") << int(SIGINT) << QStringList()
                            << QStringLiteral("at most 3600 s, --nsys-timeout; Ctrl-C stops it)");
    QTest::addRow("SIGTERM, no limit") << int(SIGTERM)
                                       << QStringList { QStringLiteral("--nsys-timeout"), QStringLiteral("0") }
                                       << QStringLiteral("no time limit; Ctrl-C stops it)");
}

void TestNsysImporter::cliSaysWhatItWaitsForAndStopsOnCtrlC()
{
    // R3 through the CLI, stderr not a terminal: it says it waits for nsys, for which report and
    // where the export goes, and a signal stops nsys and its helper, removes the half export and
    // ends with 130.
    QFETCH(int, signal);
    QFETCH(QStringList, limit);
    QFETCH(QString, waiting);
    const QString cache = m_tmp.filePath(QStringLiteral("cache/sightline/nsys-exports"));
    qputenv("STANDIN_SLEEP", "100000");
    const QString pidFile = m_tmp.filePath(QStringLiteral("standin.pid"));
    QFile::remove(pidFile);
    QFile::remove(pidFile + QStringLiteral(".sleep"));
    qputenv("STANDIN_PIDFILE", pidFile.toUtf8());
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        QStringList { QStringLiteral("analyze"), m_report, QStringLiteral("--nsys"), m_nsys, QStringLiteral("--out"),
            m_tmp.filePath(QStringLiteral("interrupted")) }
            + limit);
    // The line once nsys said its version (the first poll after `nsys --version`).
    const QString line = QStringLiteral("Exporting serve-before.nsys-rep with Nsight Systems 2099.1.2.3-standin… "
                                        "(waiting for nsys, which writes into %1; %2\n")
                             .arg(QDir::toNativeSeparators(cache), waiting);
    QString err;
    const bool said = QTest::qWaitFor(
        [&] {
            p.waitForReadyRead(50);
            err += QString::fromUtf8(p.readAllStandardError());
            return err.contains(line) && QFileInfo::exists(pidFile + QStringLiteral(".sleep"));
        },
        30000);
    if (!said)
        p.kill();
    QVERIFY2(said, qPrintable(err));
    ::kill(pid_t(p.processId()), signal);
    QVERIFY(p.waitForFinished(30000));
    err += QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 130);
    QVERIFY2(
        err.contains(QStringLiteral("Interrupted by %1: nsys was stopped while exporting serve-before.nsys-rep; "
                                    "nothing was cached.")
                         .arg(QString::fromLatin1(signal == SIGINT ? "SIGINT (Interrupt)" : "SIGTERM (Terminated)"))),
        qPrintable(err));
    QCOMPARE(filesUnder(cache), QStringList());
    QVERIFY(endedBy(pidFile));
    QVERIFY(endedBy(pidFile + QStringLiteral(".sleep")));
}

void TestNsysImporter::cliTimeLimit()
{
    // --nsys-timeout bounds a hung export without a signal: exit 3 and the reason.
    qputenv("STANDIN_SLEEP", "100000");
    QProcess q;
    q.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("info"), m_report, QStringLiteral("--nsys"), m_nsys, QStringLiteral("--nsys-timeout"),
            QStringLiteral("1") });
    QVERIFY(q.waitForFinished(60000));
    QCOMPARE(q.exitCode(), 3);
    const QString err = QString::fromUtf8(q.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("nsys did not finish exporting serve-before.nsys-rep: timed out after 1 s")),
        qPrintable(err));
}

void TestNsysImporter::cliBrokenExportThenWorkingNsys()
{
    // R4 through the CLI: a truncated export (nsys exits 0) fails this run with exit 3 and is not
    // cached, so the next run, with nsys working again, writes its report.
    qputenv("STANDIN_TRUNCATE", QByteArray::number(QFileInfo(m_fixture->path()).size() / 2));
    const QString out1 = m_tmp.filePath(QStringLiteral("broken-1")), out2 = m_tmp.filePath(QStringLiteral("broken-2"));
    QProcess first;
    first.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("analyze"), m_report, QStringLiteral("--nsys"), m_nsys, QStringLiteral("--out"), out1 });
    QVERIFY(first.waitForFinished(60000));
    QCOMPARE(first.exitCode(), 3);
    const QString err = QString::fromUtf8(first.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("the SQLite export it wrote of serve-before.nsys-rep is damaged")),
        qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("Copy the export again")), qPrintable(err));
    QVERIFY(!QFileInfo::exists(out1 + QStringLiteral("/report.json")));
    qunsetenv("STANDIN_TRUNCATE");
    QProcess second;
    second.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("analyze"), m_report, QStringLiteral("--nsys"), m_nsys, QStringLiteral("--out"), out2 });
    QVERIFY(second.waitForFinished(60000));
    QCOMPARE(second.exitCode(), 0);
    QVERIFY(QFileInfo(out2 + QStringLiteral("/report.json")).isFile());
    QCOMPARE(runs(m_log).size(), 2);
}

QTEST_GUILESS_MAIN(TestNsysImporter)
#include "tst_nsysimporter.moc"
