// SPDX-License-Identifier: MIT
// MainWindow with its traces: opening fills every dock, a failed open says why, the analysis
// window and the focus (scope) re-analyse or filter every dock, closing and cancelling, comparing
// the open traces, closing while a worker sorts. Evidence navigation is in tst_mainwindowevidence,
// layout, analysis files and preferences in tst_mainwindowsettings.
#include "core/analysis/analysisresult.h"
#include "core/compare/comparator.h"
#include "core/compare/comparison.h"
#include "core/models/efficiencymodel.h"
#include "core/models/evidencerowsmodel.h"
#include "core/models/kernelinstancemodel.h"
#include "core/models/processtreemodel.h"
#include "core/models/searchresultmodel.h"
#include "core/session/tracesession.h"
#include "core/util/workerpool.h"
#include "tests/common/mainwindowfixture.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/charts/barchartview.h"
#include "widgets/comparisonroster.h"
#include "widgets/docks/comparisondock.h"
#include "widgets/docks/efficiencydock.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/overviewdock.h"
#include "widgets/docks/processesdock.h"
#include "widgets/docks/searchdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/mainwindow.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/viewcontext.h"

#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSqlDatabase>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace sl;
using namespace sl::test;

class TestMainWindowTraces : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void openFillsDocks();
    void failedLoadReportsMessage();
    void everyDockFollowsTheFocus();
    void windowChangeReanalyses();
    void processSelectionSetsScope();
    void closeTrace();
    void comparisonOfOpenTraces();
    void timelineSelectionSetsWindow();
    void cancelClosesConnections();
    void closeWhileSorting();

private:
    QTemporaryDir m_settingsDir;
};

void TestMainWindowTraces::initTestCase()
{
    QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_mainwindowtraces")));
}

void TestMainWindowTraces::openFillsDocks()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    QSignalSpy ready(&w, &MainWindow::analysisReady);
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    QCOMPARE(ready.count(), 1);
    QCOMPARE(w.traceCount(), 1);
    const AnalysisPtr a = w.currentAnalysis();
    QVERIFY(a);
    QCOMPARE(w.kernelsDock()->summaryView()->model()->rowCount(), 3); // distinct kernel names
    QVERIFY(a->findings.size() > 0);
    QCOMPARE(w.findingsDock()->view()->model()->rowCount(), int(a->findings.size()));
    QVERIFY(w.windowTitle().contains(QStringLiteral("trace.sqlite")));
    // The overview charts GPU time by category: all three names fall in one category here.
    QCOMPARE(w.overviewDock()->chart(OverviewDock::Categories)->plottedCategories().size(), 1);
    QCOMPARE(w.processesDock()->view()->model()->rowCount(), 1);
    // The time views get their lanes from a worker; the NVTX dock's phase table has the one decode step.
    QVERIFY(w.timelineDock()->view()->waitForData());
    QVERIFY(w.nvtxDock()->view()->waitForData());
    const QAbstractItemModel* phases = w.nvtxDock()->phaseTable()->model();
    bool decode = false;
    for (int r = 0; r < phases->rowCount(); ++r)
        if (phases->index(r, 0).data().toString() == QStringLiteral("decode")) {
            decode = true;
            QCOMPARE(phases->index(r, 1).data().toString(), QStringLiteral("1"));
        }
    QVERIFY(decode);

    // The name filter is debounced, case-insensitive.
    w.kernelsDock()->filterEdit()->setText(QStringLiteral("BI"));
    QTRY_COMPARE(w.kernelsDock()->summaryView()->model()->rowCount(), 1);

    // Selecting the name lists its launches; Ctrl+C copies the selection as TSV with a header.
    QTableView* summary = w.kernelsDock()->summaryView();
    summary->selectRow(0);
    QCOMPARE(w.kernelsDock()->instanceModel()->rowCount(), 3);
    summary->setFocus();
    QTest::keySequence(summary, QKeySequence::Copy);
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines[0].startsWith(QStringLiteral("Kernel\t")));
    QVERIFY(lines[1].startsWith(QStringLiteral("big\t")));

    // A second trace is added to the selector and shown once analysed; the first stays selectable.
    TraceFixture second(TraceFixture::Schema::Nsys2026, QStringLiteral("second.sqlite"));
    second.gpu(0, QStringLiteral("H100"));
    second.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("only"));
    w.openFiles({ second.path() });
    QVERIFY(waitIdle(w));
    QCOMPARE(w.traceCount(), 2);
    QCOMPARE(w.currentTrace(), 1);
    QVERIFY(w.windowTitle().contains(QStringLiteral("second.sqlite")));
    QCOMPARE(w.kernelsDock()->summaryProxy()->sourceModel()->rowCount(), 1);
    w.setCurrentTrace(0);
    QCOMPARE(w.kernelsDock()->summaryProxy()->sourceModel()->rowCount(), 3);
}

void TestMainWindowTraces::failedLoadReportsMessage()
{
    MainWindow w;
    QSignalSpy failed(&w, &MainWindow::loadFailed);
    const QString missing = m_settingsDir.filePath(QStringLiteral("missing-trace.sqlite"));
    w.openFiles({ missing });
    QVERIFY(waitIdle(w));
    QCOMPARE(failed.count(), 1);
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("missing-trace.sqlite")));
    QCOMPARE(w.traceCount(), 0);
}

void TestMainWindowTraces::everyDockFollowsTheFocus()
{
    // Process 100 on GPU 0 runs "small" and one "big"; process 200 on GPU 1 two "big" kernels.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.process(200, QStringLiteral("python3"));
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("small"));
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("big"));
    fx.kernel(5000, 6000, 1, 7, 3, 200, QStringLiteral("big"));
    fx.kernel(7000, 8000, 1, 7, 4, 200, QStringLiteral("big"));
    fx.runtime(900, 950, 100, 101, 1, kLaunch);
    fx.runtime(1900, 1950, 100, 101, 2, kLaunch);
    fx.runtime(4900, 4950, 200, 201, 3, kLaunch);
    fx.runtime(6900, 6950, 200, 201, 4, kLaunch);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    // Fourteen docks, each subscribed to the one context.
    QCOMPARE(w.findChildren<ViewDock*>().size(), 14);
    SearchDock* search = w.searchDock();
    search->searchEdit()->setText(QStringLiteral("big"));
    QTRY_VERIFY(!search->isSearching());
    QCOMPARE(search->model()->index(0, SearchResultModel::Count).data(SearchResultModel::SortRole).toLongLong(), 3);

    ScopeFilter gpu1;
    gpu1.device = 1;
    w.setScope(gpu1);
    // Search: the two launches on GPU 1.
    QTRY_VERIFY(!search->isSearching());
    QCOMPARE(search->model()->rowCount(), 1);
    QCOMPARE(search->model()->index(0, SearchResultModel::Count).data(SearchResultModel::SortRole).toLongLong(), 2);
    // Efficiency: GPU 1's busy row only.
    const QAbstractItemModel* efficiency = w.efficiencyDock()->view()->model();
    QStringList busy;
    for (int r = 0; r < efficiency->rowCount(); ++r)
        if (efficiency->index(r, 0).data(EfficiencyModel::KindRole).toInt() == int(EfficiencyAnalysis::Figure::Busy))
            busy << efficiency->index(r, EfficiencyModel::Figure).data().toString();
    QCOMPARE(busy, QStringList { QStringLiteral("GPU 1") });
    // Overview: one bar (GPU 1) in the device chart.
    for (const auto& series : w.overviewDock()->chart(OverviewDock::Devices)->plottedValues())
        QCOMPARE(series.size(), 1);
    // Findings: one whose evidence kernels all ran on GPU 0 is hidden; the others stay.
    const AnalysisPtr a = w.currentAnalysis();
    int judged = 0, hidden = 0;
    for (int i = 0; i < a->findings.size(); ++i) {
        const QVector<Evidence>& evidence = a->findings[i].evidence;
        const bool kernelsOnly
            = !evidence.isEmpty() && std::all_of(evidence.cbegin(), evidence.cend(), [](const Evidence& e) {
                  return e.table == QLatin1String("CUPTI_ACTIVITY_KIND_KERNEL") && !e.rows.empty();
              });
        if (!kernelsOnly)
            continue;
        bool onGpu1 = false;
        for (const Evidence& e : evidence)
            for (quint32 k : e.rows)
                onGpu1 = onGpu1 || a->trace->kernels.device[k] == 1;
        QCOMPARE(w.findingsDock()->view()->isRowHidden(i), !onGpu1);
        ++judged;
        hidden += !onGpu1;
    }
    QVERIFY(judged > hidden && hidden > 0);
    // Kernels, timeline and processes as before.
    QCOMPARE(w.kernelsDock()->scope(), gpu1);
    QCOMPARE(w.processesDock()->scope(), gpu1);
    // The focus back to everything: both GPUs again.
    w.setScope({});
    QTRY_VERIFY(!search->isSearching());
    QCOMPARE(search->model()->index(0, SearchResultModel::Count).data(SearchResultModel::SortRole).toLongLong(), 3);
    for (const auto& series : w.overviewDock()->chart(OverviewDock::Devices)->plottedValues())
        QCOMPARE(series.size(), 2);
}

void TestMainWindowTraces::windowChangeReanalyses()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    QCOMPARE(w.currentAnalysis()->kernelCount, 6);
    QSignalSpy ready(&w, &MainWindow::analysisReady);
    WindowSpec spec;
    spec.kind = AnalysisWindow::Kind::Custom;
    spec.startNs = 1500;
    spec.endNs = 5500;
    w.setAnalysisWindow(spec);
    QVERIFY(waitIdle(w));
    QCOMPARE(ready.count(), 1);
    const AnalysisPtr a = w.currentAnalysis();
    QCOMPARE(a->window.startNs, 1500);
    QCOMPARE(a->window.endNs, 5500);
    QCOMPARE(a->kernelCount, 3); // starts 2000, 4000, 5000
    QCOMPARE(a->kernelNs, 2100);
    // Every dock shows the new analysis: "big" ×2 and "small" ×1 are the names left.
    QCOMPARE(w.kernelsDock()->summaryProxy()->sourceModel()->rowCount(), 2);
}

void TestMainWindowTraces::processSelectionSetsScope()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    QTreeView* tree = w.processesDock()->view();
    const QModelIndex process = tree->model()->index(0, 0);
    QSignalSpy changed(w.processesDock(), &ProcessesDock::scopeChanged);
    tree->setCurrentIndex(process);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(w.scope().pid, 100);
    QCOMPARE(w.scope().device, ScopeFilter::kAny);
    // Process 100's children: thread 101, then GPU 0 whose only stream is 7.
    const QModelIndex gpu = tree->model()->index(1, 0, process);
    tree->setCurrentIndex(tree->model()->index(0, 0, gpu));
    QCOMPARE(w.scope().device, 0);
    QCOMPARE(w.scope().stream, 7);
    QCOMPARE(w.kernelsDock()->scope(), w.scope()); // the Kernels dock follows the focus
    // Switching traces drops the focus.
    w.setScope({});
    QVERIFY(w.scope().isAll());
    QVERIFY(!tree->selectionModel()->currentIndex().isValid());
}

void TestMainWindowTraces::closeTrace()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    QCOMPARE(w.traceCount(), 1);
    w.closeTrace(0);
    QCOMPARE(w.traceCount(), 0);
    QCOMPARE(w.currentTrace(), -1);
    QVERIFY(!w.currentAnalysis());
    QCOMPARE(w.findingsDock()->view()->model()->rowCount(), 0);
    QCOMPARE(w.kernelsDock()->summaryProxy()->sourceModel()->rowCount(), 0);
}

void TestMainWindowTraces::comparisonOfOpenTraces()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("serve-before-2026.sqlite"));
    fillFixture(a);
    TraceFixture b(TraceFixture::Schema::Nsys2026, QStringLiteral("serve-after-2026.sqlite"));
    b.gpu(0, QStringLiteral("H100"));
    b.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("only"));
    MainWindow w;
    w.openFiles({ a.path(), b.path() });
    QVERIFY(waitIdle(w));
    QTRY_VERIFY(w.comparisonDock()->comparison() && w.comparisonDock()->comparison()->traceCount() == 2);
    // The GUI labels the traces by the CLI's rule (Comparator::labelsFor over the same analyses).
    const ComparisonPtr c = w.comparisonDock()->comparison();
    QCOMPARE(c->labels, Comparator::labelsFor({ w.session()->entry(0).analysis, w.session()->entry(1).analysis }));
    QCOMPARE(w.comparisonRoster()->labels(), c->labels);
    QCOMPARE(w.comparisonDock()->baselineBox()->itemText(1), c->labels[1]);

    // A comparison link into the second trace makes it current and lands on its rows.
    w.setCurrentTrace(0);
    Evidence e;
    e.table = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
    e.rows = { 0 };
    emit w.comparisonDock()->evidenceRequested({ { e }, QStringLiteral("link"), {}, w.session()->entry(1).analysis });
    QCOMPARE(w.currentTrace(), 1);
    QCOMPARE(w.kernelsDock()->instanceModel()->rowCount(), 1);
    QCOMPARE(w.evidenceDock()->model()->rowCount(), 1);

    // Closing one leaves nothing to compare.
    w.closeTrace(0);
    QTRY_VERIFY(!w.comparisonDock()->comparison());
}

void TestMainWindowTraces::timelineSelectionSetsWindow()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    emit w.timelineDock()->windowRequested(3500, 6200);
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    QCOMPARE(a->window.kind, AnalysisWindow::Kind::Custom);
    QCOMPARE(a->window.startNs, 3500);
    QCOMPARE(a->window.endNs, 6200);
    QCOMPARE(a->kernelCount, 2); // starts 4000 and 5000 (tiny, at 6500, is outside)
    QCOMPARE(a->kernelNs, 1100);
    // The same range from the NVTX view, then back to the whole capture from the menu's action.
    emit w.nvtxDock()->windowRequested(0, 2500);
    QVERIFY(waitIdle(w));
    QCOMPARE(w.currentAnalysis()->kernelCount, 2); // 1000, 2000
    w.setAnalysisWindow(WindowSpec {});
    QVERIFY(waitIdle(w));
    QCOMPARE(w.currentAnalysis()->window.kind, AnalysisWindow::Kind::Full);
    QCOMPARE(w.currentAnalysis()->kernelCount, 6);
}

void TestMainWindowTraces::cancelClosesConnections()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.openFiles({ fx.path(), fx.path() });
    w.cancelLoading();
    QVERIFY(waitIdle(w));
    workerPool()->waitForDone(30000);
    QTRY_VERIFY(QSqlDatabase::connectionNames().isEmpty());
    QVERIFY(w.traceCount() <= 1); // the queued second file was dropped
}

void TestMainWindowTraces::closeWhileSorting()
{
    // Closing the window while a sort of the kernel instances runs on a worker: the late result
    // is dropped with the watcher the model owns (QFuture::then(this, …) asserted in Debug).
    TraceFixture fx;
    fillFixture(fx);
    for (int round = 0; round < 4; ++round) {
        auto* w = new MainWindow;
        w->show();
        w->openFiles({ fx.path() });
        QVERIFY(waitIdle(*w));
        w->kernelsDock()->instanceModel()->setAsyncThreshold(0);
        w->kernelsDock()->setShowAllKernels(true);
        w->kernelsDock()->instanceModel()->sort(KernelInstanceModel::Duration, Qt::DescendingOrder);
        QVERIFY(w->kernelsDock()->instanceModel()->isBusy());
        w->close();
        delete w;
    }
    QVERIFY(workerPool()->waitForDone(10000));
    QCoreApplication::processEvents();
}

QTEST_MAIN(TestMainWindowTraces)
#include "tst_mainwindowtraces.moc"
