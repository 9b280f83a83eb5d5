// SPDX-License-Identifier: MIT
#include "core/session/tracesession.h"
#include "tests/common/tracefixture.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QThreadPool>
#include <QtTest>

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
};

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
    QThreadPool::globalInstance()->waitForDone(30000);
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
    QThreadPool::globalInstance()->waitForDone(30000);
    QCoreApplication::processEvents();
    QCOMPARE(s.count(), 0); // the load that was running finished into the void
    QTRY_VERIFY(QSqlDatabase::connectionNames().isEmpty());
}

QTEST_GUILESS_MAIN(TestTraceSession)
#include "tst_tracesession.moc"
