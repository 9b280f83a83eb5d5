// SPDX-License-Identifier: MIT
#include "core/analysis/importsreader.h"
#include "core/io/tracecache.h"
#include "core/session/resultcache.h"
#include "core/session/tracesession.h"
#include "core/timeline/timelinecache.h"
#include "core/util/workerpool.h"
#include "tests/common/tracefixture.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include <csignal>
#include <sys/types.h>

using namespace sl;
using sl::test::TraceFixture;

namespace {

void fill(TraceFixture& fx, const QString& kernel)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.kernel(1000, 2000, 0, 7, 1, 100, kernel);
    fx.kernel(3000, 3500, 0, 7, 2, 100, kernel);
    fx.kernel(8000, 9000, 0, 7, 3, 100, kernel);
}

bool writeFile(const QString& path, const QByteArray& bytes, bool executable = false)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return false;
    f.close();
    return !executable || f.setPermissions(f.permissions() | QFile::ExeOwner);
}

bool waitIdle(const TraceSession& s)
{
    return QTest::qWaitFor([&s] { return !s.isBusy(); }, 30000);
}

} // namespace

class TestTraceSession : public QObject
{
    Q_OBJECT
private slots:
    void openAnalysesEach();
    void windowReanalyses();
    void latestWindowWins();
    void supersededAnalysisRunsOneAtATime();
    void closeCancelsItsAnalysis();
    void closeRemoves();
    void failedLoad();
    void cancelDropsEverything();
    void windowChangeReadsNoImport();
    void closeDoesNotWaitForNcu();
    void cacheIsWrittenWhenIdleAndServesTheReopen();
    void reopenTakesTheCachedResult();
    void timelinePrefetchBuildsOnceForTheWindow();
};

/// The first open analyses and, once idle, writes the result beside the trace cache file; a
/// reopen takes that result instead of running the analyzer; a window change or other options
/// run it again; a damaged result file is a miss that the next open writes again.
void TestTraceSession::reopenTakesTheCachedResult()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("result.sqlite"));
    fill(a, QStringLiteral("kr"));
    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    TraceSession s;
    s.setCache(cache.path(), TraceCache::kDefaultCapBytes);
    const auto reopen = [&] {
        while (s.count() > 0)
            s.close(0);
        s.open({ a.path() });
        const bool idle = waitIdle(s);
        TraceCache::waitForWrites();
        ResultCache::waitForWrites();
        return idle && s.count() == 1 && s.entry(0).analysis;
    };
    QVERIFY(reopen());
    QVERIFY(!s.entry(0).analysisFromCache);
    const auto key = TraceCacheKey::of(a.path());
    const auto fingerprint = ResultCache::fingerprint(s.options());
    QVERIFY(key && fingerprint);
    const QString file = ResultCache(cache.path()).fileFor(*key, *fingerprint);
    QVERIFY(QFile::exists(file));

    QVERIFY(reopen());
    QVERIFY(s.entry(0).analysisFromCache);
    QCOMPARE(s.entry(0).analysis->kernelNs, 2500); // 1000 + 500 + 1000
    QCOMPARE(s.entry(0).analysis->kernelCount, 3);
    QVERIFY(s.entry(0).analysis->trace == s.entry(0).trace);

    // The views' lanes come with it: nothing is built, a view's request is answered at once.
    TimelineCache& lanes = TimelineCache::shared();
    lanes.clear();
    s.setTimelinePrefetch(true);
    const int builds = lanes.buildCount();
    QVERIFY(reopen());
    QVERIFY(s.entry(0).analysisFromCache);
    QCOMPARE(lanes.buildCount(), builds);
    const QFuture<TimelineDataPtr> shown = lanes.request(s.entry(0).analysis);
    QVERIFY(shown.isFinished() && shown.resultCount() == 1 && shown.result());
    QCOMPARE(lanes.buildCount(), builds);
    s.setTimelinePrefetch(false);
    lanes.clear();

    WindowSpec custom;
    custom.kind = AnalysisWindow::Kind::Custom;
    custom.startNs = 2500; // the kernels at 3000 and 8000
    custom.endNs = 9000;
    s.setWindow(0, custom);
    QVERIFY(waitIdle(s));
    QVERIFY(!s.entry(0).analysisFromCache);
    QCOMPARE(s.entry(0).analysis->kernelNs, 1500);

    AnalysisOptions fewerGaps = s.options();
    fewerGaps.maxGaps = 1;
    s.setOptions(fewerGaps);
    QVERIFY(reopen());
    QVERIFY(!s.entry(0).analysisFromCache); // other options: another result file
    QVERIFY(reopen());
    QVERIFY(s.entry(0).analysisFromCache);

    s.setOptions(AnalysisOptions {});
    QFile f(file);
    char last = 0;
    QVERIFY(f.open(QIODevice::ReadWrite) && f.seek(f.size() - 1) && f.getChar(&last));
    QVERIFY(f.seek(f.size() - 1) && f.putChar(char(last ^ 0x40)));
    f.close();
    QVERIFY(reopen());
    QVERIFY(!s.entry(0).analysisFromCache); // refused, analysed and written again
    QVERIFY(QFile::exists(file));
    QVERIFY(reopen());
    QVERIFY(s.entry(0).analysisFromCache);
    QCOMPARE(s.entry(0).analysis->kernelNs, 2500);
}

/// The session defers the trace-cache write until it is idle (the write would compete with the
/// analysis): no file while loading and analysing, one after idle(), and a reopen is served by it.
void TestTraceSession::cacheIsWrittenWhenIdleAndServesTheReopen()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("cached.sqlite"));
    fill(a, QStringLiteral("kc"));
    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    TraceSession s;
    s.setCache(cache.path(), TraceCache::kDefaultCapBytes);
    QSignalSpy ready(&s, &TraceSession::analysisReady);
    bool fileBeforeIdle = true;
    connect(&s, &TraceSession::analysisReady, this, [&] {
        fileBeforeIdle = !QDir(cache.path()).entryList({ QStringLiteral("*.slcache") }, QDir::Files).isEmpty();
    });
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    QCOMPARE(ready.count(), 1);
    QVERIFY(!fileBeforeIdle);
    TraceCache::waitForWrites();
    const auto key = TraceCacheKey::of(a.path());
    QVERIFY(key);
    QVERIFY(QFile::exists(TraceCache(cache.path()).fileFor(*key)));
    const qint64 kernelNs = s.entry(0).analysis->kernelNs;
    s.close(0);
    QVERIFY(TraceCache(cache.path()).read(*key)); // what the reopen will be served
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    QCOMPARE(s.entry(0).analysis->kernelNs, kernelNs);
}

void TestTraceSession::timelinePrefetchBuildsOnceForTheWindow()
{
    TraceFixture a;
    fill(a, QStringLiteral("k"));
    TimelineCache& cache = TimelineCache::shared();
    cache.clear();
    const int before = cache.buildCount();
    TraceSession s;
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    QCOMPARE(cache.buildCount(), before); // off unless asked (the CLI shows no timeline)
    s.close(0);

    s.setTimelinePrefetch(true);
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    QCOMPARE(cache.buildCount(), before + 1); // started by the analysis, not by a view
    QFuture<TimelineDataPtr> f = cache.request(s.entry(0).analysis);
    f.waitForFinished();
    QVERIFY(f.resultCount() == 1 && f.result());
    QCOMPARE(cache.buildCount(), before + 1); // the view's request joined it
    cache.clear();
}

void TestTraceSession::openAnalysesEach()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("a.sqlite"));
    TraceFixture b(TraceFixture::Schema::Nsys2026, QStringLiteral("b.sqlite"));
    fill(a, QStringLiteral("ka"));
    fill(b, QStringLiteral("kb"));
    TraceSession s;
    QSignalSpy added(&s, &TraceSession::traceAdded);
    QSignalSpy ready(&s, &TraceSession::analysisReady);
    s.open({ a.path(), b.path() });
    QVERIFY(s.isBusy());
    QVERIFY(waitIdle(s));
    QCOMPARE(added.count(), 2);
    QCOMPARE(ready.count(), 2);
    QCOMPARE(s.count(), 2);
    QCOMPARE(s.entry(0).trace->info.fileName, QStringLiteral("a.sqlite"));
    QCOMPARE(s.entry(1).trace->info.fileName, QStringLiteral("b.sqlite"));
    QCOMPARE(s.entry(1).analysis->kernelNs, 2500); // 1000 + 500 + 1000
    QVERIFY(s.entry(0).id != s.entry(1).id);

    // The session loads without hashing (the first paint must not wait for it); the hash is
    // computed on first use, equal to an independent one.
    const Trace& t = *s.entry(0).trace;
    QVERIFY(t.info.sha256.isEmpty());
    QFile file(a.path());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(
        t.sha256(), QString::fromLatin1(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex()));
}

void TestTraceSession::windowReanalyses()
{
    TraceFixture a;
    fill(a, QStringLiteral("k"));
    TraceSession s;
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    QCOMPARE(s.entry(0).analysis->kernelCount, 3);
    QSignalSpy ready(&s, &TraceSession::analysisReady);
    WindowSpec w;
    w.kind = AnalysisWindow::Kind::Custom;
    w.startNs = 2500;
    w.endNs = 8500;
    s.setWindow(0, w);
    QVERIFY(waitIdle(s));
    QCOMPARE(ready.count(), 1);
    const AnalysisPtr r = s.entry(0).analysis;
    QCOMPARE(r->window.kind, AnalysisWindow::Kind::Custom);
    QCOMPARE(r->window.startNs, 2500);
    QCOMPARE(r->window.endNs, 8500);
    QCOMPARE(r->kernelCount, 2); // kernels starting at 3000 and 8000
    QCOMPARE(r->kernelNs, 1500);
}

void TestTraceSession::latestWindowWins()
{
    TraceFixture a;
    fill(a, QStringLiteral("k"));
    TraceSession s;
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    QSignalSpy ready(&s, &TraceSession::analysisReady);
    WindowSpec first;
    first.kind = AnalysisWindow::Kind::Custom;
    first.startNs = 0;
    first.endNs = 1500;
    WindowSpec second = first;
    second.endNs = 3200;
    s.setWindow(0, first);
    s.setWindow(0, second); // supersedes the running analysis: its result must never land
    QVERIFY(waitIdle(s));
    workerPool()->waitForDone(30000);
    QCoreApplication::processEvents();
    QCOMPARE(ready.count(), 1);
    QCOMPARE(s.entry(0).analysis->window.endNs, 3200);
    QCOMPARE(s.entry(0).analysis->kernelCount, 2);
}

void TestTraceSession::supersededAnalysisRunsOneAtATime()
{
    TraceFixture a;
    fill(a, QStringLiteral("k"));
    TraceSession s;
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    QSignalSpy started(&s, &TraceSession::analysisStarted);
    QSignalSpy ready(&s, &TraceSession::analysisReady);
    WindowSpec first;
    first.kind = AnalysisWindow::Kind::Custom;
    first.startNs = 0;
    first.endNs = 1500;
    WindowSpec second = first;
    second.endNs = 3200;
    s.setWindow(0, first);
    QCOMPARE(started.count(), 1);
    // The second request cancels the running analysis; the new one starts only once the
    // cancelled one has returned (its future reports on this thread's event loop), so two
    // analyses never run at once.
    s.setWindow(0, second);
    QCOMPARE(started.count(), 1);
    QVERIFY(s.isBusy());
    QVERIFY(waitIdle(s));
    QCOMPARE(started.count(), 2);
    QCOMPARE(ready.count(), 1);
    QCOMPARE(s.entry(0).analysis->window.endNs, 3200);
}

void TestTraceSession::closeCancelsItsAnalysis()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("a.sqlite"));
    TraceFixture b(TraceFixture::Schema::Nsys2026, QStringLiteral("b.sqlite"));
    fill(a, QStringLiteral("ka"));
    fill(b, QStringLiteral("kb"));
    TraceSession s;
    s.open({ a.path(), b.path() });
    QVERIFY(waitIdle(s));
    QSignalSpy started(&s, &TraceSession::analysisStarted);
    QSignalSpy ready(&s, &TraceSession::analysisReady);
    WindowSpec w;
    w.kind = AnalysisWindow::Kind::Custom;
    w.startNs = 0;
    w.endNs = 5000;
    s.setWindow(0, w);
    s.setWindow(1, w); // queued behind the analysis of a.sqlite
    QCOMPARE(started.count(), 1);
    s.close(0); // cancels a.sqlite's analysis; b.sqlite's waits until it has returned
    QCOMPARE(started.count(), 1);
    QVERIFY(waitIdle(s));
    QCOMPARE(started.count(), 2);
    QCOMPARE(started.last().at(0).toInt(), 0); // b.sqlite, now at index 0
    QCOMPARE(ready.count(), 1);
    QCOMPARE(s.count(), 1);
    QCOMPARE(s.entry(0).trace->info.fileName, QStringLiteral("b.sqlite"));
    QCOMPARE(s.entry(0).analysis->window.endNs, 5000);
}

void TestTraceSession::closeRemoves()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("a.sqlite"));
    TraceFixture b(TraceFixture::Schema::Nsys2026, QStringLiteral("b.sqlite"));
    fill(a, QStringLiteral("ka"));
    fill(b, QStringLiteral("kb"));
    TraceSession s;
    s.open({ a.path(), b.path() });
    QVERIFY(waitIdle(s));
    const quint64 second = s.entry(1).id;
    const TracePtr first = s.entry(0).trace;
    QSignalSpy removed(&s, &TraceSession::traceRemoved);
    // Caches keyed by the trace (the timeline's) hear of the close while it is still there.
    std::vector<const Trace*> closing;
    connect(&s, &TraceSession::traceClosing, this, [&](const TracePtr& t) {
        closing.push_back(t.get());
        QCOMPARE(removed.count(), 0);
    });
    s.close(0);
    QCOMPARE(closing, std::vector<const Trace*>({ first.get() }));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(0).toInt(), 0);
    QCOMPARE(s.count(), 1);
    QCOMPARE(s.indexOf(second), 0);
    QCOMPARE(s.entry(0).trace->info.fileName, QStringLiteral("b.sqlite"));
    s.close(5); // out of range: nothing happens
    QCOMPARE(s.count(), 1);
}

void TestTraceSession::failedLoad()
{
    QTemporaryDir dir;
    TraceSession s;
    QSignalSpy failed(&s, &TraceSession::loadFailed);
    const QString missing = dir.filePath(QStringLiteral("gone.sqlite"));
    s.open({ missing });
    QVERIFY(waitIdle(s));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().at(0).toString(), missing);
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("gone.sqlite")));
    QCOMPARE(s.count(), 0);
}

void TestTraceSession::cancelDropsEverything()
{
    TraceFixture a;
    fill(a, QStringLiteral("k"));
    TraceSession s;
    QSignalSpy cancelled(&s, &TraceSession::cancelled);
    QSignalSpy idle(&s, &TraceSession::idle);
    s.open({ a.path(), a.path(), a.path() });
    s.cancel();
    QVERIFY(!s.isBusy());
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(idle.count(), 1);
    workerPool()->waitForDone(30000);
    QCoreApplication::processEvents();
    QCOMPARE(s.count(), 0); // the load that was running finished into the void
    QTRY_VERIFY(QSqlDatabase::connectionNames().isEmpty());
}

void TestTraceSession::windowChangeReadsNoImport()
{
    // Issue 21.2: the imports are read once, when set; a window change re-analyses from the
    // snapshot. ImportsReader counts every file it reads.
    TraceFixture a;
    fill(a, QStringLiteral("k"));
    // Capture start 2026-01-01T09:00:00Z = 1767258000 s, in UTC: the NVML rows align to it.
    a.exec(QStringLiteral("CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, localTime "
                          "TEXT)"));
    a.exec(QStringLiteral("INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (1767258000000000000, "
                          "'2026-01-01T09:00:00', '2026-01-01T09:00:00')"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString nvml = dir.filePath(QStringLiteral("nvml.csv"));
    QVERIFY(writeFile(nvml,
        "timestamp, index, power.draw [W]\n"
        "1767258001.25, 0, 250.50 W\n"
        "1767258001.50, 0, 260.00 W\n"));
    const QString ncu = dir.filePath(QStringLiteral("ncu.csv"));
    QVERIFY(writeFile(ncu,
        "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Device\",\"gpu__time_duration.sum\"\n"
        "\"\",\"\",\"\",\"\",\"\",\"nsecond\"\n"
        "\"0\",\"k\",\"(128, 1, 1)\",\"(100, 1, 1)\",\"0\",\"1000\"\n"
        "\"1\",\"k\",\"(128, 1, 1)\",\"(100, 1, 1)\",\"0\",\"500\"\n"));
    TraceSession s;
    s.open({ a.path() });
    QVERIFY(waitIdle(s));
    const quint64 before = ImportsReader::fileReads();
    s.setImports(0, ncu, nvml);
    QVERIFY(waitIdle(s));
    QCOMPARE(ImportsReader::fileReads(), before + 2); // the NVML CSV and the ncu CSV, once each
    QVERIFY(s.entry(0).imports);
    const auto check = [&s] {
        const AnalysisPtr r = s.entry(0).analysis;
        QVERIFY(r);
        QCOMPARE(r->counters.imported.series.size(), 1); // Power on device 0
        QCOMPARE(r->counters.imported.series[0].v, (std::vector<float> { 250.5f, 260.0f }));
        QVERIFY(r->counters.ncu);
        QCOMPARE(r->counters.ncu->report.launches.size(), 2);
    };
    check();
    QVERIFY(!QTest::currentTestFailed());
    const ImportsPtr snapshot = s.entry(0).imports;
    QSignalSpy ready(&s, &TraceSession::analysisReady);
    WindowSpec w;
    w.kind = AnalysisWindow::Kind::Custom;
    w.startNs = 2500;
    w.endNs = 8500;
    s.setWindow(0, w);
    QVERIFY(waitIdle(s));
    QCOMPARE(ready.count(), 1);
    QCOMPARE(s.entry(0).analysis->kernelCount, 2);
    QCOMPARE(ImportsReader::fileReads(), before + 2); // no file read again
    QCOMPARE(s.entry(0).imports, snapshot); // the same snapshot
    check();
    QVERIFY(!QTest::currentTestFailed());
    // New paths are read again, once.
    s.setImports(0, ncu, QString());
    QVERIFY(waitIdle(s));
    QCOMPARE(ImportsReader::fileReads(), before + 3);
    QVERIFY(s.entry(0).analysis->counters.imported.series.isEmpty());
    QCOMPARE(s.entry(0).analysis->counters.ncu->report.launches.size(), 2);
}

void TestTraceSession::closeDoesNotWaitForNcu()
{
    // A .ncu-rep is converted by ncu --import; this stand-in ncu on PATH records its pid and hangs
    // (exec keeps the pid). Closing the trace and destroying the session must kill it rather than
    // wait for it to end or for the 120 s conversion limit.
    TraceFixture a;
    fill(a, QStringLiteral("k"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pidFile = dir.filePath(QStringLiteral("ncu.pid"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("ncu")),
        QStringLiteral("#!/bin/sh\necho $$ > '%1.tmp' && mv '%1.tmp' '%1'\nexec sleep 100000\n").arg(pidFile).toUtf8(),
        true));
    const QString rep = dir.filePath(QStringLiteral("r.ncu-rep"));
    QVERIFY(writeFile(rep, "NCU-REP-STANDIN"));
    const QByteArray oldPath = qgetenv("PATH");
    qputenv("PATH", QFile::encodeName(dir.path()) + ':' + oldPath);
    QElapsedTimer clock;
    qint64 pid = 0;
    {
        TraceSession s;
        s.open({ a.path() });
        QVERIFY(waitIdle(s));
        QSignalSpy ready(&s, &TraceSession::analysisReady);
        s.setImports(0, rep, QString());
        QVERIFY(QTest::qWaitFor([&] { return QFile::exists(pidFile); }, 30000));
        QFile f(pidFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        pid = f.readAll().trimmed().toLongLong();
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), 0), 0); // ncu is running
        clock.start();
        s.close(0);
        QCOMPARE(s.count(), 0);
        QCOMPARE(ready.count(), 0);
    } // ~TraceSession waits for its workers: the import read ends once ncu is killed
    const qint64 ms = clock.elapsed();
    qputenv("PATH", oldPath);
    // Not a timing: any bound far below ncu's 120 s limit shows the close did not wait it out.
    QVERIFY2(ms < 30000, qPrintable(QString::number(ms)));
    QVERIFY(::kill(pid_t(pid), 0) != 0); // killed and reaped
}

QTEST_GUILESS_MAIN(TestTraceSession)
#include "tst_tracesession.moc"
