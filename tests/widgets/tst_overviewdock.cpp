// SPDX-License-Identifier: MIT
#include "core/models/overviewdata.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tabbeddock.h"
#include "tests/common/tracefixture.h"
#include "widgets/charts/barchartview.h"
#include "widgets/docks/overviewdock.h"

#include <QDir>
#include <QGraphicsView>
#include <QImage>
#include <QMainWindow>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// One GPU: gemm [1 ms, 3 ms], a 0.5 ms host-wait gap (the next launch call starts at 3.1 ms),
/// nccl [3.5 ms, 4 ms]. No NVTX, so no phases. Values in ns.
AnalysisPtr analyseFixture()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    const QString launch = QStringLiteral("cudaLaunchKernel_v7000");
    fx.runtime(900'000, 950'000, 100, 101, 1, launch);
    fx.runtime(3'100'000, 3'150'000, 100, 101, 2, launch);
    fx.kernel(1'000'000, 3'000'000, 0, 7, 1, 100, QStringLiteral("sm90_gemm_bf16"));
    fx.kernel(3'500'000, 4'000'000, 0, 7, 2, 100, QStringLiteral("ncclAllReduceKernel"));
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

} // namespace

class TestOverviewDock : public QObject
{
    Q_OBJECT
private slots:
    void chartsPlotTheAnalysis();
    void emptyWithoutAnalysis();
    void hiddenChartsAreBuiltWhenShown();
    void coveredDockBuildsItsChartWhenRaised();
    void coveredChartIsBuiltOnceUncovered();
    void chartOnScreenIsBuiltAtOnce();
    void exportsPng();
    void exportFailureNamesTheFile();
};

void TestOverviewDock::chartsPlotTheAnalysis()
{
    OverviewDock dock;
    QCOMPARE(dock.objectName(), QStringLiteral("dock.overview"));
    dock.setAnalysis(analyseFixture());
    dock.show();

    // The longest bar is 2 ms, so the axis is in ms: gemm 2.0, communication 0.5.
    BarChartView* categories = dock.chart(OverviewDock::Categories);
    QCOMPARE(categories->unitName(), QStringLiteral("ms"));
    QCOMPARE(categories->plottedCategories(), QStringList({ QStringLiteral("gemm"), QStringLiteral("communication") }));
    QCOMPARE(categories->plottedValues(), QVector<QVector<qreal>>({ { 2.0, 0.5 } }));

    // GPU 0 spans 3 ms: 2.5 ms compute, no copies, 0.5 ms idle waiting for the host.
    BarChartView* devices = dock.chart(OverviewDock::Devices);
    QCOMPARE(devices->unitName(), QStringLiteral("ms"));
    QCOMPARE(devices->plottedCategories(), QStringList({ QStringLiteral("GPU 0") }));
    QCOMPARE(
        devices->plottedValues(), QVector<QVector<qreal>>({ { 2.5 }, { 0.0 }, { 0.5 }, { 0.0 }, { 0.0 }, { 0.0 } }));

    // No NVTX ranges: the kernels are all unattributed, wall time 0.
    BarChartView* phases = dock.chart(OverviewDock::Phases);
    QCOMPARE(phases->plottedCategories(), QStringList({ QStringLiteral("unattributed") }));
    QCOMPARE(phases->plottedValues(), QVector<QVector<qreal>>({ { 0.0 }, { 2.5 } }));
}

void TestOverviewDock::emptyWithoutAnalysis()
{
    OverviewDock dock;
    dock.setAnalysis(analyseFixture());
    dock.setAnalysis(nullptr);
    for (int c = 0; c < OverviewDock::ChartCount; ++c) {
        QVERIFY(dock.chart(OverviewDock::Chart(c))->plottedValues().isEmpty());
        QVERIFY(dock.chart(OverviewDock::Chart(c))->plottedCategories().isEmpty());
    }
}

void TestOverviewDock::hiddenChartsAreBuiltWhenShown()
{
    // Only the current tab's chart is built when an analysis lands; another tab's chart is built
    // from the latest data when that tab is shown (its view's tooltip is the chart's title, set
    // when the chart is built).
    OverviewDock dock;
    dock.show();
    dock.setCurrentChart(OverviewDock::Categories);
    dock.setAnalysis(analyseFixture());
    // The chart view is a QGraphicsView (Qt Charts headers stay out of the tests).
    const QGraphicsView* devicesView = dock.chart(OverviewDock::Devices)->findChild<QGraphicsView*>();
    QVERIFY(devicesView);
    QCOMPARE(devicesView->toolTip(), QString()); // no chart built for that tab yet
    dock.setCurrentChart(OverviewDock::Devices);
    QCOMPARE(devicesView->toolTip(), QStringLiteral("Busy and idle time per GPU"));
    QCOMPARE(dock.chart(OverviewDock::Devices)->plottedCategories(), QStringList({ QStringLiteral("GPU 0") }));
}

void TestOverviewDock::coveredDockBuildsItsChartWhenRaised()
{
    // Tabbed behind another dock, the overview is visible but moved off-screen: its current chart
    // waits until its tab is raised (in the main window, 4.5-8.6 ms of the GUI thread when a 5 M
    // kernel analysis lands).
    QMainWindow window;
    auto* dock = new OverviewDock(&window);
    QVERIFY(test::showTabbedBehind(window, dock));
    dock->setCurrentChart(OverviewDock::Categories);
    QVERIFY(dock->isVisible());
    QVERIFY(dock->visibleRegion().isEmpty());

    const QGraphicsView* view = dock->chart(OverviewDock::Categories)->findChild<QGraphicsView*>();
    QVERIFY(view);
    const QString emptyChart = view->toolTip(); // the chart of no analysis, built when shown
    dock->setAnalysis(analyseFixture());
    QVERIFY(dock->chart(OverviewDock::Categories)->data().title != emptyChart);
    QTest::qWait(50); // no paint of the off-screen view builds it either
    QCOMPARE(view->toolTip(), emptyChart); // the analysis' chart is not built yet

    dock->raise();
    QVERIFY(!dock->visibleRegion().isEmpty());
    QCOMPARE(view->toolTip(), dock->chart(OverviewDock::Categories)->data().title);
    QVERIFY(!view->toolTip().isEmpty());
    QCOMPARE(dock->chart(OverviewDock::Categories)->plottedCategories(),
        QStringList({ QStringLiteral("gemm"), QStringLiteral("communication") }));
}

void TestOverviewDock::coveredChartIsBuiltOnceUncovered()
{
    // Covered by an opaque sibling, then uncovered without a show or a raised dock tab: the
    // chart's first paint asks for the build, which comes in the next event-loop turn.
    QWidget window;
    auto* chart = new BarChartView(&window);
    auto* cover = new QWidget(&window);
    cover->setAutoFillBackground(true);
    window.resize(600, 400);
    chart->setGeometry(0, 0, 600, 400);
    cover->setGeometry(0, 0, 600, 400);
    cover->raise();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(chart->isVisible());
    const QGraphicsView* view = chart->findChild<QGraphicsView*>();
    QVERIFY(view);
    QVERIFY(view->viewport()->visibleRegion().isEmpty());
    const QString emptyChart = view->toolTip();
    chart->setData(OverviewData::categories(*analyseFixture()));
    QCOMPARE(chart->data().title, QStringLiteral("GPU time by kernel category"));
    QTest::qWait(50);
    QCOMPARE(view->toolTip(), emptyChart);

    cover->hide();
    QVERIFY(!view->viewport()->visibleRegion().isEmpty());
    QCOMPARE(view->toolTip(), emptyChart); // built in the turn after the paint, not before
    QTRY_COMPARE(view->toolTip(), QStringLiteral("GPU time by kernel category"));
}

void TestOverviewDock::chartOnScreenIsBuiltAtOnce()
{
    // On screen, new data is plotted in the same call: nothing waits for a paint.
    QWidget window;
    auto* chart = new BarChartView(&window);
    window.resize(600, 400);
    chart->setGeometry(0, 0, 600, 400);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QGraphicsView* view = chart->findChild<QGraphicsView*>();
    QVERIFY(view);
    QVERIFY(!view->viewport()->visibleRegion().isEmpty());
    chart->setData(OverviewData::categories(*analyseFixture()));
    QCOMPARE(view->toolTip(), QStringLiteral("GPU time by kernel category"));
}

void TestOverviewDock::exportsPng()
{
    QTemporaryDir dir;
    OverviewDock dock;
    dock.setAnalysis(analyseFixture());
    QString error;
    const QString one = dir.filePath(QStringLiteral("devices.png"));
    QVERIFY2(dock.exportPng(OverviewDock::Devices, one, &error), qPrintable(error));
    QImage image(one);
    // 900 × 520 logical pixels at a pixel ratio of 2.
    QCOMPARE(image.size(), QSize(1800, 1040));
    // Not blank: the bars and text differ from the white background somewhere.
    bool drawn = false;
    for (int y = 0; y < image.height() && !drawn; y += 7)
        for (int x = 0; x < image.width() && !drawn; x += 7)
            drawn = image.pixel(x, y) != qRgb(255, 255, 255);
    QVERIFY(drawn);

    const QString all = dir.filePath(QStringLiteral("all.png"));
    QVERIFY2(dock.exportPng(OverviewDock::ChartCount, all, &error), qPrintable(error));
    QCOMPARE(QImage(all).size(), QSize(1800, 3 * 1040));
    // Atomic writes leave no temporary files behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
        QStringList({ QStringLiteral("all.png"), QStringLiteral("devices.png") }));
}

void TestOverviewDock::exportFailureNamesTheFile()
{
    QTemporaryDir dir;
    OverviewDock dock;
    dock.setAnalysis(analyseFixture());
    QString error;
    const QString path = dir.filePath(QStringLiteral("missing-folder/chart.png"));
    QVERIFY(!dock.exportPng(OverviewDock::Categories, path, &error));
    QVERIFY2(error.contains(QStringLiteral("chart.png")), qPrintable(error));
    QVERIFY(!QFileInfo::exists(path));
}

QTEST_MAIN(TestOverviewDock)
#include "tst_overviewdock.moc"
