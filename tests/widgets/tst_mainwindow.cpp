// SPDX-License-Identifier: MIT
#include "core/analysis/analysisresult.h"
#include "core/compare/comparator.h"
#include "core/compare/comparison.h"
#include "core/models/efficiencymodel.h"
#include "core/models/evidencerowsmodel.h"
#include "core/models/kernelinstancemodel.h"
#include "core/models/processtreemodel.h"
#include "core/models/searchresultmodel.h"
#include "core/session/tracesession.h"
#include "core/synth/synthcluster.h"
#include "core/util/workerpool.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/analysisfiles.h"
#include "widgets/charts/barchartview.h"
#include "widgets/cluster/clusterwindow.h"
#include "widgets/comparisonroster.h"
#include "widgets/dialogs/preferencesdialog.h"
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
#include "widgets/recentfilesmenu.h"
#include "widgets/sessionstatus.h"
#include "widgets/settings.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timeviewport.h"
#include "widgets/viewcontext.h"
#include "widgets/viewstate.h"

#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSqlDatabase>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

#include <set>

using namespace sl;
using sl::test::TraceFixture;

namespace {

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");

/// Three kernel names; "big" dominates (rowids 2, 4, 5).
void fillFixture(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("small"));
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("big"));
    fx.kernel(4000, 4100, 0, 7, 3, 100, QStringLiteral("small"));
    fx.kernel(5000, 6000, 0, 7, 4, 100, QStringLiteral("big"));
    fx.kernel(6500, 6510, 0, 7, 6, 100, QStringLiteral("tiny"));
    fx.kernel(7000, 8000, 0, 7, 5, 100, QStringLiteral("big"));
    for (quint32 c = 1; c <= 6; ++c)
        fx.runtime(qint64(c) * 100, qint64(c) * 100 + 50, 100, 101, c, kLaunch);
    // rowids 7 and 8: 3.1 µs of blocking sync in an 8 µs window.
    fx.runtime(3000, 4900, 100, 101, 20, QStringLiteral("cudaStreamSynchronize_v3020"));
    fx.runtime(8000, 9200, 100, 101, 21, QStringLiteral("cudaDeviceSynchronize_v3020"));
    fx.nvtx(100, 9200, 100, 101, QStringLiteral("decode_step")); // one decode step around everything
}

/// Column 0 of every row of the NVTX dock's phase table.
QStringList phaseRows(const MainWindow& w)
{
    QStringList names;
    const QAbstractItemModel* m = w.nvtxDock()->phaseTable()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        names << m->index(r, 0).data().toString();
    return names;
}

bool writeFile(const QString& path, const QByteArray& content)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

bool waitIdle(MainWindow& w)
{
    return QTest::qWaitFor([&w] { return !w.isBusy(); }, 30000);
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void openFillsDocks();
    void findingEvidenceSelectsRows();
    void failedLoadReportsMessage();
    void apiEvidenceInEvidenceDock();
    void oneRequestPerActivation();
    void everyDockFollowsTheFocus();
    void windowChangeReanalyses();
    void processSelectionSetsScope();
    void closeTrace();
    void comparisonOfOpenTraces();
    void findingZoomsTimeline();
    void clusterEvidenceOpensTheRankAtIt();
    void timelineSelectionSetsWindow();
    void cancelClosesConnections();
    void layoutRoundTrip();
    void phaseMapAndTaxonomyFiles();
    void closeWhileSorting();
    void recentFilesMenu();
    void preferencesCheckTheFiles();
    void preferencesSetEfficiencyOptions();

private:
    QTemporaryDir m_settingsDir;
};

void TestMainWindow::initTestCase() { QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_mainwindow"))); }

void TestMainWindow::openFillsDocks()
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

void TestMainWindow::findingEvidenceSelectsRows()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    QVERIFY(a);
    int findingIndex = -1;
    const Evidence* evidence = nullptr;
    for (int i = 0; i < a->findings.size() && !evidence; ++i)
        for (const Evidence& e : a->findings[i].evidence)
            if (e.table == QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL") && !e.rows.empty()) {
                findingIndex = i;
                evidence = &e;
                break;
            }
    QVERIFY(evidence);

    QTableView* findings = w.findingsDock()->view();
    const QModelIndex index = findings->model()->index(findingIndex, 1);
    findings->scrollTo(index);
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, findings->visualRect(index).center());

    KernelInstanceModel* instances = w.kernelsDock()->instanceModel();
    QCOMPARE(instances->rowCount(), int(evidence->rows.size()));
    std::set<quint32> shown;
    for (int r = 0; r < instances->rowCount(); ++r)
        shown.insert(instances->kernelIndex(r));
    QCOMPARE(shown, std::set<quint32>(evidence->rows.begin(), evidence->rows.end()));
    const QModelIndexList selected = w.kernelsDock()->instanceView()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), int(evidence->rows.size()));
}

void TestMainWindow::apiEvidenceInEvidenceDock()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    QVERIFY(a);
    int sync = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("blocking-sync"))
            sync = i;
    QVERIFY(sync >= 0);
    QTableView* findings = w.findingsDock()->view();
    const QModelIndex index = findings->model()->index(sync, 1);
    findings->scrollTo(index);
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, findings->visualRect(index).center());

    // Both sync calls, longest first (rowid 7: 1.9 µs, rowid 8: 1.2 µs), all selected, dock raised.
    EvidenceRowsModel* rows = w.evidenceDock()->model();
    QCOMPARE(rows->rowCount(), 2);
    QCOMPARE(rows->index(0, EvidenceRowsModel::Rowid).data().toLongLong(), 7);
    QCOMPARE(rows->index(1, EvidenceRowsModel::Rowid).data().toLongLong(), 8);
    QCOMPARE(w.evidenceDock()->view()->selectionModel()->selectedRows().size(), 2);
    QVERIFY(w.evidenceDock()->isVisible());
    // Copy SQL puts the query selecting exactly rowids 7 and 8 on the clipboard.
    auto* copySql = w.evidenceDock()->findChild<QPushButton*>();
    QVERIFY(copySql && copySql->isEnabled());
    copySql->click();
    const QString sql = QApplication::clipboard()->text();
    QVERIFY2(sql.contains(QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME")) && sql.contains(QStringLiteral("7"))
            && sql.contains(QStringLiteral("8")),
        qPrintable(sql));
}

void TestMainWindow::oneRequestPerActivation()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    int sync = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("blocking-sync"))
            sync = i;
    QVERIFY(sync >= 0);
    // Every dock's request passes the view context: count them there.
    QSignalSpy requests(w.viewContext(), &ViewContext::evidenceRequested);
    QTableView* findings = w.findingsDock()->view();
    const QModelIndex index = findings->model()->index(sync, 1);
    findings->scrollTo(index);
    const QPoint at = findings->visualRect(index).center();
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(requests.count(), 1);
    const auto first = requests.first().first().value<EvidenceRequest>();
    QCOMPARE(first.title, a->findings[sync].title);
    QCOMPARE(first.detail, a->findings[sync].summary);
    QCOMPARE(first.evidence.size(), a->findings[sync].evidence.size());
    // A double-click is two clicks and an activation: one more request, not two.
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(findings->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(requests.count(), 2);
    // Enter on the current finding: one.
    findings->setFocus();
    QTest::keyClick(findings, Qt::Key_Return);
    QCOMPARE(requests.count(), 3);
}

void TestMainWindow::everyDockFollowsTheFocus()
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
    // Thirteen docks, each subscribed to the one context.
    QCOMPARE(w.findChildren<ViewDock*>().size(), 13);
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

void TestMainWindow::windowChangeReanalyses()
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

void TestMainWindow::processSelectionSetsScope()
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

void TestMainWindow::closeTrace()
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

void TestMainWindow::comparisonOfOpenTraces()
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

void TestMainWindow::findingZoomsTimeline()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    // The dominant kernel's evidence is "big" (2000–3000, 5000–6000, 7000–8000): the timeline,
    // which the NVTX view shares, shows all three and not much more.
    int dominant = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("dominant-kernel"))
            dominant = i;
    QVERIFY(dominant >= 0);
    w.showEvidence(dominant);
    const TimeViewport* v = w.timelineDock()->timeViewport();
    QCOMPARE(w.nvtxDock()->timeViewport(), v);
    QVERIFY2(v->startNs() <= 2000 && v->endNs() >= 8000,
        qPrintable(QStringLiteral("%1..%2").arg(v->startNs()).arg(v->endNs())));
    QVERIFY(v->spanNs() < 2 * 6000);

    // A blocking-sync finding has no kernel rows: the view goes to what its API rows span (3000–9200).
    int sync = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("blocking-sync"))
            sync = i;
    QVERIFY(sync >= 0);
    w.showEvidence(sync);
    QVERIFY2(v->startNs() <= 3000 && v->endNs() >= 9200,
        qPrintable(QStringLiteral("%1..%2").arg(v->startNs()).arg(v->endNs())));
}

void TestMainWindow::clusterEvidenceOpensTheRankAtIt()
{
    QTemporaryDir dir;
    SynthClusterOptions o;
    o.ranks = 2;
    o.ranksPerHost = 2;
    o.straggler = 1;
    o.steps = 2;
    o.computeKernels = 2;
    const auto written = writeSynthCluster(dir.path(), o);
    QVERIFY2(written.ok, qPrintable(written.error));
    MainWindow w;
    w.show();
    ClusterWindow* cluster = w.openClusterRun(dir.path());
    auto* findings = cluster->findChild<QTreeWidget*>();
    QVERIFY(findings);
    QTRY_VERIFY_WITH_TIMEOUT(findings->topLevelItemCount() > 0, 60000);
    QTreeWidgetItem* evidence = findings->topLevelItem(0)->child(0);
    QVERIFY(evidence);
    const QVariantList at = evidence->data(0, Qt::UserRole).toList(); // rank, file, start, end
    QCOMPARE(at.value(1).toString(), QStringLiteral("report.1.sqlite"));
    const qint64 from = at.value(2).toLongLong(), to = at.value(3).toLongLong();
    QVERIFY(to > from);
    emit findings->itemDoubleClicked(evidence, 0);
    QVERIFY(waitIdle(w));
    // Rank 1's export is the one shown, its timeline on the evidence window (and not much more).
    QTRY_VERIFY_WITH_TIMEOUT(w.currentAnalysis() != nullptr, 30000);
    QCOMPARE(QFileInfo(w.session()->entry(w.currentTrace()).sourcePath).fileName(), QStringLiteral("report.1.sqlite"));
    const TimeViewport* v = w.timelineDock()->timeViewport();
    QTRY_VERIFY2_WITH_TIMEOUT(v->startNs() <= from && v->endNs() >= to && v->spanNs() < 3 * (to - from),
        qPrintable(QStringLiteral("%1..%2 for %3..%4").arg(v->startNs()).arg(v->endNs()).arg(from).arg(to)), 10000);
    cluster->close();
    QVERIFY(QDir(ClusterWindow::cacheFor(dir.path())).removeRecursively()); // the digests it cached
}

void TestMainWindow::timelineSelectionSetsWindow()
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

void TestMainWindow::failedLoadReportsMessage()
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

void TestMainWindow::cancelClosesConnections()
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

void TestMainWindow::layoutRoundTrip()
{
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.processesDock()->hide();
        w.nvtxDock()->hide();
        w.findingsDock()->view()->horizontalHeader()->resizeSection(1, 211);
        // Every dock registered its tables' headers, each under its own key.
        QStringList keys;
        for (const QHeaderView* h : w.findChildren<QHeaderView*>())
            if (const QString key = ViewState::headerKey(h); !key.isEmpty())
                keys << key;
        keys.sort();
        QCOMPARE(keys,
            QStringList({ QStringLiteral("comparison.changes"), QStringLiteral("comparison.counters"),
                QStringLiteral("comparison.figures"), QStringLiteral("comparison.kernels"),
                QStringLiteral("comparison.roofline"), QStringLiteral("counters.ncu"),
                QStringLiteral("counters.scopes"), QStringLiteral("efficiency"), QStringLiteral("evidence"),
                QStringLiteral("findings"), QStringLiteral("kernels.instances"), QStringLiteral("kernels.summary"),
                QStringLiteral("processes") }));
        w.close(); // closeEvent saves geometry, dock state and header states
    }
    MainWindow w2;
    w2.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w2));
    QVERIFY(w2.processesDock()->isHidden());
    QVERIFY(w2.nvtxDock()->isHidden());
    QVERIFY(!w2.kernelsDock()->isHidden());
    QVERIFY(!w2.timelineDock()->isHidden());
    QCOMPARE(w2.findingsDock()->view()->horizontalHeader()->sectionSize(1), 211);
    w2.resetLayout();
    QVERIFY(!w2.processesDock()->isHidden());
    QVERIFY(!w2.nvtxDock()->isHidden());
}

void TestMainWindow::phaseMapAndTaxonomyFiles()
{
    QTemporaryDir dir;
    const QString map = dir.filePath(QStringLiteral("serving.json"));
    QVERIFY(writeFile(map, R"({"serve": ["decode_step"]})"));
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    QVERIFY(writeFile(broken, "{\"serve\": "));
    const QString taxonomy = dir.filePath(QStringLiteral("taxonomy.json"));
    QVERIFY(writeFile(taxonomy, R"({"rules": [{"category": "attention", "patterns": ["big"]}]})"));
    TraceFixture fx;
    fillFixture(fx);
    QString tracePath;
    {
        MainWindow w;
        w.openFiles({ fx.path() });
        QVERIFY(waitIdle(w));
        tracePath = w.session()->entry(0).trace->info.filePath;
        QVERIFY(phaseRows(w).contains(QStringLiteral("decode")));
        QVERIFY(!phaseRows(w).contains(QStringLiteral("serve")));

        // A broken file changes nothing; the parser's message names it.
        QString error;
        QVERIFY(!w.analysisFiles()->setTracePhaseMap(0, broken, &error));
        QVERIFY2(error.contains(QStringLiteral("broken.json")) && error.contains(QStringLiteral("Invalid phase map")),
            qPrintable(error));
        QVERIFY(!w.isBusy());
        QVERIFY(Settings::instance()->tracePhaseMap(tracePath).isEmpty());

        // The user's map: the one decode_step range (holding all six launches) is now "serve".
        QVERIFY2(w.analysisFiles()->setTracePhaseMap(0, map, &error), qPrintable(error));
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve"));
        QCOMPARE(w.currentAnalysis()->phases.first().steps, 1);
        QCOMPARE(w.currentAnalysis()->phases.first().kernelNs, 100 + 1000 + 100 + 1000 + 10 + 1000);
        QVERIFY(phaseRows(w).contains(QStringLiteral("serve")));
        QVERIFY(!phaseRows(w).contains(QStringLiteral("decode")));

        // A taxonomy rule before the built-in ones puts "big" into attention.
        QVERIFY2(w.analysisFiles()->setTraceTaxonomy(0, taxonomy, &error), qPrintable(error));
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve")); // the map stays
        bool big = false;
        for (const KernelSummary& k : w.currentAnalysis()->kernels)
            if (w.currentAnalysis()->trace->strings.at(k.name) == QStringLiteral("big")) {
                big = true;
                QCOMPARE(k.category, QStringLiteral("attention"));
            }
        QVERIFY(big);
    }
    // Both are remembered for the trace: a new window analyses it the same way.
    {
        MainWindow w;
        w.openFiles({ fx.path() });
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve"));
        QString error;
        QVERIFY(w.analysisFiles()->setTracePhaseMap(0, {}, &error));
        QVERIFY(w.analysisFiles()->setTraceTaxonomy(0, {}, &error));
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("prefill")); // built-in again
        QVERIFY(Settings::instance()->tracePhaseMap(tracePath).isEmpty());
    }
    // The default from Preferences applies to every trace, open ones re-analysed.
    {
        MainWindow w;
        w.openFiles({ fx.path() });
        QVERIFY(waitIdle(w));
        Settings::instance()->setDefaultPhaseMap(map);
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve"));
        Settings::instance()->setDefaultPhaseMap(broken); // reported, the last good options stay
        QVERIFY(w.status()->text().contains(QStringLiteral("broken.json")));
        Settings::instance()->setDefaultPhaseMap({});
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("prefill"));
    }
}

void TestMainWindow::closeWhileSorting()
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

void TestMainWindow::recentFilesMenu()
{
    Settings::instance()->setRecentFiles({ QStringLiteral("/t/a.sqlite"), QStringLiteral("/t/b.sqlite") });
    RecentFilesMenu menu;
    QSignalSpy chosen(&menu, &RecentFilesMenu::fileChosen);
    QList<QAction*> actions = menu.actions();
    QCOMPARE(actions.size(), 4); // a, b, separator, Clear
    QCOMPARE(actions[0]->text(), QStringLiteral("a.sqlite"));
    QCOMPARE(actions[1]->toolTip(), QStringLiteral("/t/b.sqlite"));
    QVERIFY(actions[2]->isSeparator());
    actions[1]->trigger();
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.first().at(0).toString(), QStringLiteral("/t/b.sqlite"));
    actions[3]->trigger(); // Clear
    QVERIFY(Settings::instance()->recentFiles().isEmpty());
    emit menu.aboutToShow(); // rebuilt from the settings before every show
    actions = menu.actions();
    QCOMPARE(actions.size(), 1);
    QVERIFY(!actions[0]->isEnabled()); // "(none)"
}

void TestMainWindow::preferencesCheckTheFiles()
{
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("taxonomy.json"));
    QVERIFY(writeFile(broken, R"({"rules": [{"category": "nonsense", "patterns": ["x"]}]})"));
    const QString map = dir.filePath(QStringLiteral("phases.json"));
    QVERIFY(writeFile(map, R"({"serve": ["step"]})"));
    PreferencesDialog dialog;
    dialog.phaseMapEdit()->setText(map);
    dialog.taxonomyEdit()->setText(broken);
    dialog.accept(); // refused: the taxonomy does not load
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("taxonomy.json"))
            && dialog.errorLabel()->text().contains(QStringLiteral("unknown category 'nonsense'")),
        qPrintable(dialog.errorLabel()->text()));
    QVERIFY(Settings::instance()->defaultPhaseMap().isEmpty()); // nothing stored
    dialog.taxonomyEdit()->clear();
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(Settings::instance()->defaultPhaseMap(), map);
    QVERIFY(Settings::instance()->defaultTaxonomy().isEmpty());
    Settings::instance()->setDefaultPhaseMap({});
}

void TestMainWindow::preferencesSetEfficiencyOptions()
{
    // The CLI's --math-paths, --gpu-peaks and --peak-tflops in the Preferences (issue 21.5):
    // checked by AnalysisOptions' loader, stored, and applied to the session's options.
    QTemporaryDir dir;
    const QString paths = dir.filePath(QStringLiteral("paths.json"));
    QVERIFY(writeFile(paths, R"({"format": "sightline.math-paths", "format_version": 1, "paths": [
        {"path": "tensor-core", "dtype": "tf32", "patterns": ["my_gemm"]}]})"));
    const QString peaks = dir.filePath(QStringLiteral("peaks.json"));
    QVERIFY(writeFile(peaks, R"({"format": "sightline.gpu-peaks", "format_version": 1, "gpus": [
        {"model": "Test H100", "match": ["H100"], "source": "test", "tflops": {"tf32": 250}}]})"));
    const QString broken = dir.filePath(QStringLiteral("broken-peaks.json"));
    QVERIFY(writeFile(broken, R"({"gpus": [{"model": "cut short)")); // no valid JSON
    TraceSession session;
    AnalysisFiles files(&session);
    PreferencesDialog dialog;
    dialog.mathPathsEdit()->setText(paths);
    dialog.gpuPeaksEdit()->setText(broken);
    dialog.accept(); // refused: the peak table does not load
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("broken-peaks.json")),
        qPrintable(dialog.errorLabel()->text()));
    dialog.gpuPeaksEdit()->setText(peaks);
    dialog.peakTflopsEdit()->setText(QStringLiteral("fast"));
    dialog.accept(); // refused: no number
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("\"fast\"")), qPrintable(dialog.errorLabel()->text()));
    QVERIFY(Settings::instance()->defaultMathPaths().isEmpty()); // nothing stored
    dialog.peakTflopsEdit()->setText(QStringLiteral(" 123.5 "));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(Settings::instance()->defaultMathPaths(), paths);
    QCOMPARE(Settings::instance()->defaultGpuPeaks(), peaks);
    QCOMPARE(Settings::instance()->peakTflops(), QStringLiteral("123.5"));
    const AnalysisOptions& o = session.options();
    QCOMPARE(o.peakTflops.value_or(0), 123.5);
    QCOMPARE(o.mathPaths.classify(QStringLiteral("my_gemm_kernel")).dtype, QStringLiteral("tf32"));
    const GpuPeaks::Entry* entry = o.peaks.find(QStringLiteral("NVIDIA H100 80GB HBM3"));
    QVERIFY(entry);
    QCOMPARE(entry->model, QStringLiteral("Test H100"));
    Settings::instance()->setDefaultMathPaths({});
    Settings::instance()->setDefaultGpuPeaks({});
    Settings::instance()->setPeakTflops({});
    QVERIFY(!session.options().peakTflops); // back to the table
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
