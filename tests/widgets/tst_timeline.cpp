// SPDX-License-Identifier: MIT
// The Timeline and NVTX phases docks on a small fixture: every expected time, kernel and phase
// figure is worked out by hand from the rows inserted below.
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/models/phasetablemodel.h"
#include "core/timeline/timelinecache.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/timeline/legendbar.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelinebenchmark.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timeviewport.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <limits>

using namespace sl;
using sl::test::TraceFixture;

namespace {

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");

/// Kernels in start order (their KernelTable indices):
///   0: [1000,2000) GPU 0 stream 7 gemm_a     (pid 100, call at 950 inside "forward" → decode)
///   1: [3000,3500) GPU 0 stream 8 flash_attn (pid 100, call at 2900 inside the 2nd decode_step)
///   2: [4000,5000) GPU 1 stream 7 rms_norm   (pid 200, call at 3900 on a thread without ranges)
///   3: [6000,9000) GPU 0 stream 7 gemm_a     (pid 100, call at 5500 inside prefill_batch)
/// NVTX on 100/101 (table order): 0 decode_step [500,2500), 1 forward [600,2400),
/// 2 decode_step [2800,4000), 3 prefill_batch [5000,10000). An API call at 100 opens the full
/// window: [100, 9000].
AnalysisPtr fixtureAnalysis()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.process(200, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("engine"));
    fx.runtime(100, 150, 100, 101, 99, QStringLiteral("cudaSetDevice_v3020"));
    fx.runtime(950, 960, 100, 101, 1, kLaunch);
    fx.runtime(2900, 2910, 100, 101, 2, kLaunch);
    fx.runtime(3900, 3910, 200, 201, 4, kLaunch);
    fx.runtime(5500, 5510, 100, 101, 3, kLaunch);
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("gemm_a"));
    fx.kernel(3000, 3500, 0, 8, 2, 100, QStringLiteral("flash_attn"));
    fx.kernel(4000, 5000, 1, 7, 4, 200, QStringLiteral("rms_norm"));
    fx.kernel(6000, 9000, 0, 7, 3, 100, QStringLiteral("gemm_a"));
    fx.nvtx(500, 2500, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(600, 2400, 100, 101, QStringLiteral("forward"));
    fx.nvtx(2800, 4000, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(5000, 10000, 100, 101, QStringLiteral("prefill_batch"));
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

QStringList labels(const TimeCanvas& view)
{
    QStringList out;
    for (const TimeCanvas::Row& r : view.rows())
        out << r.label;
    return out;
}

/// Viewport y of the middle of the row whose label is `label` (the first one from `from`).
int rowY(const TimeCanvas& view, const QString& label, int from = 0)
{
    for (size_t i = size_t(from); i < view.rows().size(); ++i)
        if (view.rows()[i].label == label)
            return TimeCanvas::kAxisHeight + view.rows()[i].y + view.rows()[i].height / 2;
    return -1;
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void timeAxis();
    void viewport();
    void hitTestAndTooltips();
    void shiftDragEmitsWindow();
    void zoomAndHighlights();
    void scopeHidesLanes();
    void nvtxLanes();
    void phaseTable();
    void benchmarkRuns();
    void benchmarkOnAView();
    void benchmarkOnTrace();

private:
    /// Shows the dock at a fixed size and waits until its lanes are built.
    void showTimeline(TimelineDock& dock);
    AnalysisPtr m_analysis;
};

void TestTimeline::initTestCase()
{
    m_analysis = fixtureAnalysis();
    QVERIFY(m_analysis);
    QCOMPARE(m_analysis->trace->kernels.size(), qsizetype(4));
    QCOMPARE(m_analysis->window.startNs, qint64(100));
    // The full window is the whole capture: the NVTX range 5000..10000 closes it.
    QCOMPARE(m_analysis->window.endNs, qint64(10000));
}

void TestTimeline::showTimeline(TimelineDock& dock)
{
    dock.resize(1000, 400);
    dock.show();
    dock.setAnalysis(m_analysis);
    QTRY_VERIFY(dock.view()->isReady());
}

void TestTimeline::timeAxis()
{
    // 10 ns per pixel, labels at least 90 px apart: 900 ns → the next of 1, 2, 5 × 10^k is 1000.
    QCOMPARE(TimeAxis::step(10, 90), qint64(1000));
    QCOMPARE(TimeAxis::step(30, 90), qint64(5000));
    const auto ticks = TimeAxis::ticks(1000, 3500, 0, 1000);
    QCOMPARE(ticks.size(), size_t(3));
    QCOMPARE(ticks[0].ns, qint64(1000));
    QCOMPARE(ticks[2].label, QStringLiteral("3 µs"));
    // Far from the origin with a fine step: seconds with enough decimals to tell ticks apart.
    const auto far = TimeAxis::ticks(1'230'000'000, 1'230'100'000, 0, 50'000);
    QCOMPARE(far.size(), size_t(3));
    QCOMPARE(far[1].label, QStringLiteral("1.23005 s"));
    // Relative to the origin, before it too.
    const auto around = TimeAxis::ticks(500, 2500, 1500, 1000);
    QCOMPARE(around.front().label, QStringLiteral("-1 µs"));
    QCOMPARE(around.back().label, QStringLiteral("1 µs"));
    // Degenerate ranges (issue 12.2) give no ticks instead of overflowing or aborting: 2^63 ns
    // wide, at the ends of qint64, or millions of steps.
    constexpr qint64 q = qint64(1) << 62;
    QVERIFY(TimeAxis::ticks(-q, q, 0, TimeAxis::step(q / 500, 90)).empty());
    QVERIFY(TimeAxis::ticks(std::numeric_limits<qint64>::max() - 10, std::numeric_limits<qint64>::max(), 0, 1).empty());
    QVERIFY(TimeAxis::ticks(0, 1'000'000'000, 0, 1).empty());
}

void TestTimeline::viewport()
{
    TimeViewport v;
    QSignalSpy changed(&v, &TimeViewport::rangeChanged);
    v.setLimits(1000, 11000);
    QCOMPARE(v.startNs(), qint64(1000));
    QCOMPARE(v.endNs(), qint64(11000));
    v.setRange(2000, 4000);
    QCOMPARE(v.startNs(), qint64(2000));
    QCOMPARE(v.endNs(), qint64(4000));
    // Zoom ×2 around 3000: 500 ns on each side.
    v.zoom(2, 3000);
    QCOMPARE(v.startNs(), qint64(2500));
    QCOMPARE(v.endNs(), qint64(3500));
    // Panning stops at the limits, keeping the span.
    v.pan(100000);
    QCOMPARE(v.startNs(), qint64(10000));
    QCOMPARE(v.endNs(), qint64(11000));
    // Never narrower than kMinSpanNs, widened around the centre.
    v.setRange(5000, 5002);
    QCOMPARE(v.spanNs(), TimeViewport::kMinSpanNs);
    QCOMPARE(v.startNs(), qint64(5001 - TimeViewport::kMinSpanNs / 2));
    // Same limits again (a re-analysis): the range stays.
    const int before = int(changed.count());
    v.setLimits(1000, 11000);
    QCOMPARE(int(changed.count()), before);
    v.fitAll();
    QCOMPARE(v.startNs(), qint64(1000));
}

void TestTimeline::hitTestAndTooltips()
{
    TimelineDock dock;
    showTimeline(dock);
    TimelineView* view = dock.view();
    QCOMPARE(labels(*view),
        (QStringList { QStringLiteral("GPU 0 · H100"), QStringLiteral("stream 7"), QStringLiteral("stream 8"),
            QStringLiteral("GPU 1 · H100"), QStringLiteral("stream 7") }));
    // Rows: the busy band from y 2, the lanes below it.
    QCOMPARE(view->rows()[1].y, 2 + TimelineView::kBusyHeight);

    // 5 ns per pixel from 100 ns: pixel column c covers [100 + 5c, 105 + 5c).
    const int columns = view->dataRect().width();
    QVERIFY(columns * 5 <= 8900);
    dock.zoomTo(100, 100 + qint64(columns) * 5);
    const int left = view->dataRect().left();
    const int stream7 = rowY(*view, QStringLiteral("stream 7")), stream8 = rowY(*view, QStringLiteral("stream 8"));
    const int busy0 = rowY(*view, QStringLiteral("GPU 0 · H100"));
    QCOMPARE(view->kernelAt(QPoint(left + 200, stream7)), qint64(0)); // 1100 ns: kernel 0
    QCOMPARE(view->kernelAt(QPoint(left + 600, stream8)), qint64(1)); // 3100 ns: kernel 1
    QCOMPARE(view->kernelAt(QPoint(left + 500, stream7)), qint64(-1)); // 2600 ns: idle
    QCOMPARE(view->kernelAt(QPoint(left + 200, busy0)), qint64(-1)); // the busy band is no kernel lane
    QCOMPARE(view->kernelAt(QPoint(left - 20, stream7)), qint64(-1)); // the label column

    const QString kernelTip = view->toolTipAt(QPoint(left + 200, stream7));
    QVERIFY2(kernelTip.contains(QStringLiteral("gemm_a")), qPrintable(kernelTip));
    QVERIFY2(kernelTip.contains(QStringLiteral("Category: gemm")), qPrintable(kernelTip));
    QVERIFY2(kernelTip.contains(QStringLiteral("GPU 0, stream 7")), qPrintable(kernelTip));
    // Device 0 is idle over [2000,3000): the next kernel's call (2900) came after the GPU went
    // idle, so the gap is a host wait.
    const QString gapTip = view->toolTipAt(QPoint(left + 500, busy0));
    QVERIFY2(gapTip.contains(QStringLiteral("Idle gap")), qPrintable(gapTip));
    QVERIFY2(gapTip.contains(TimelineView::causeLabel(IdleGap::HostWait)), qPrintable(gapTip));
    QVERIFY(view->toolTipAt(QPoint(left + 500, stream7)).isEmpty());

    // A click on a kernel asks for it as evidence (one request), leaving the timeline where it is.
    QSignalSpy activated(&dock, &TimelineDock::evidenceRequested);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(left + 600, stream8));
    QCOMPARE(activated.count(), 1);
    const auto request = activated.first().first().value<EvidenceRequest>();
    QVERIFY(request.fromTimeline);
    QCOMPARE(request.evidence.size(), 1);
    QCOMPARE(request.evidence[0].table, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
    QCOMPARE(request.evidence[0].rows, std::vector<quint32> { 1 });
}

void TestTimeline::shiftDragEmitsWindow()
{
    TimelineDock dock;
    showTimeline(dock);
    TimelineView* view = dock.view();
    const int columns = view->dataRect().width();
    dock.zoomTo(100, 100 + qint64(columns) * 5); // 5 ns per pixel from 100 ns
    const int left = view->dataRect().left();
    const int y = rowY(*view, QStringLiteral("stream 7"));
    QSignalSpy requested(&dock, &TimelineDock::windowRequested);
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, QPoint(left + 300, y));
    QTest::mouseMove(view->viewport(), QPoint(left + 200, y));
    QTest::mouseMove(view->viewport(), QPoint(left + 100, y));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, QPoint(left + 100, y));
    QCOMPARE(requested.count(), 1);
    // Columns 100 and 300 start at 100 + 5 · 100 = 600 and 100 + 5 · 300 = 1600 ns.
    QCOMPARE(requested.first().at(0).toLongLong(), qint64(600));
    QCOMPARE(requested.first().at(1).toLongLong(), qint64(1600));
    // A plain drag pans instead: 100 px right shows 500 ns earlier.
    dock.zoomTo(2000, 2000 + qint64(columns) * 5);
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(left + 300, y));
    QTest::mouseMove(view->viewport(), QPoint(left + 400, y));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(left + 400, y));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(dock.timeViewport()->startNs(), qint64(1500));
}

void TestTimeline::zoomAndHighlights()
{
    TimelineDock timeline;
    NvtxPhasesDock nvtx;
    nvtx.setTimeViewport(timeline.timeViewport());
    showTimeline(timeline);
    nvtx.setAnalysis(m_analysis);
    QCOMPARE(nvtx.timeViewport(), timeline.timeViewport());

    timeline.zoomTo(2000, 3000);
    QCOMPARE(timeline.timeViewport()->startNs(), qint64(2000));
    QCOMPARE(timeline.timeViewport()->endNs(), qint64(3000));
    // Kernel 3 spans [6000,9000): margin max(3000 / 20, 1000) = 1000 → [5000,10000], 5000 ns
    // long, inside the capture [100,10000] (the NVTX range 5000..10000 ends it).
    timeline.highlightKernels({ 3 });
    QCOMPARE(timeline.timeViewport()->startNs(), qint64(5000));
    QCOMPARE(timeline.timeViewport()->endNs(), qint64(10000));
    // A range on GPU 1: margin max(1000 / 10, 1000) = 1000 → [3000,6000].
    timeline.highlightRange(1, 4000, 5000);
    QCOMPARE(timeline.timeViewport()->startNs(), qint64(3000));
    QCOMPARE(timeline.timeViewport()->endNs(), qint64(6000));
    // Keys: Home fits the capture; + zooms ×1.5 around the centre (5050): 9900 / 1.5 = 6600.
    QTest::keyClick(timeline.view(), Qt::Key_Home);
    QCOMPARE(timeline.timeViewport()->startNs(), qint64(100));
    QCOMPARE(timeline.timeViewport()->endNs(), qint64(10000));
    QTest::keyClick(timeline.view(), Qt::Key_Plus);
    QCOMPARE(timeline.timeViewport()->startNs(), qint64(5050 - 3300));
    QCOMPARE(timeline.timeViewport()->endNs(), qint64(5050 + 3300));
    // The NVTX view follows the shared viewport.
    QCOMPARE(nvtx.view()->timeViewport()->startNs(), qint64(5050 - 3300));
}

void TestTimeline::scopeHidesLanes()
{
    TimelineDock dock;
    showTimeline(dock);
    ScopeFilter gpu1;
    gpu1.device = 1;
    dock.setScope(gpu1);
    QCOMPARE(labels(*dock.view()), (QStringList { QStringLiteral("GPU 1 · H100"), QStringLiteral("stream 7") }));
    ScopeFilter stream8;
    stream8.device = 0;
    stream8.stream = 8;
    dock.setScope(stream8);
    QCOMPARE(labels(*dock.view()), (QStringList { QStringLiteral("GPU 0 · H100"), QStringLiteral("stream 8") }));
    ScopeFilter process200;
    process200.pid = 200;
    dock.setScope(process200);
    QCOMPARE(labels(*dock.view()), (QStringList { QStringLiteral("GPU 1 · H100"), QStringLiteral("stream 7") }));
    dock.setScope(ScopeFilter {});
    QCOMPARE(dock.view()->rows().size(), size_t(5));

    NvtxPhasesDock nvtx;
    nvtx.resize(1000, 300);
    nvtx.show();
    nvtx.setAnalysis(m_analysis);
    QTRY_VERIFY(nvtx.view()->isReady());
    QCOMPARE(nvtx.view()->rows().size(), size_t(2)); // thread 100/101, depths 0 and 1
    nvtx.setScope(process200);
    QCOMPARE(nvtx.view()->rows().size(), size_t(0)); // process 200 has no ranges
    ScopeFilter thread101;
    thread101.pid = 100;
    thread101.tid = 101;
    nvtx.setScope(thread101);
    QCOMPARE(nvtx.view()->rows().size(), size_t(2));
}

void TestTimeline::nvtxLanes()
{
    NvtxPhasesDock dock;
    dock.resize(1200, 300);
    dock.show();
    dock.setAnalysis(m_analysis);
    QTRY_VERIFY(dock.view()->isReady());
    NvtxView* view = dock.view();
    QCOMPARE(labels(*view), (QStringList { QStringLiteral("engine (100/101)"), QString() }));
    const int columns = view->dataRect().width();
    dock.timeViewport()->setRange(100, 100 + qint64(columns) * 5);
    const int left = view->dataRect().left();
    const int depth0 = TimeCanvas::kAxisHeight + view->rows()[0].y + NvtxView::kDepthHeight / 2;
    const int depth1 = TimeCanvas::kAxisHeight + view->rows()[1].y + NvtxView::kDepthHeight / 2;
    // 1100 ns: decode_step (range 0) on depth 0, forward (range 1) below it.
    QCOMPARE(view->rangeAt(QPoint(left + 200, depth0)), qint64(0));
    QCOMPARE(view->rangeAt(QPoint(left + 200, depth1)), qint64(1));
    QCOMPARE(view->rangeAt(QPoint(left + 520, depth0)), qint64(-1)); // 2700 ns: between the steps
    // "forward" has no phase of its own: it shows decode, its enclosing step's.
    const QString tip = view->toolTipAt(QPoint(left + 200, depth1));
    QVERIFY2(tip.contains(QStringLiteral("forward")) && tip.contains(QStringLiteral("Phase: decode")), qPrintable(tip));
    QCOMPARE(dock.legend()->entries().size(), 4); // prefill, decode, sampling, no phase
}

void TestTimeline::phaseTable()
{
    PhaseTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setAnalysis(m_analysis);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(PhaseTableModel::ColumnCount));
    auto value
        = [&](int row, int column) { return model.index(row, column).data(PhaseTableModel::SortRole).toLongLong(); };
    auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    // prefill: one step [5000,10000) of 5000 ns holding kernel 3 (3000 ns).
    QCOMPARE(text(0, PhaseTableModel::Phase), QStringLiteral("prefill"));
    QCOMPARE(value(0, PhaseTableModel::Steps), qint64(1));
    QCOMPARE(value(0, PhaseTableModel::WallTime), qint64(5000));
    QCOMPARE(value(0, PhaseTableModel::KernelTime), qint64(3000));
    QCOMPARE(value(0, PhaseTableModel::Kernels), qint64(1));
    QCOMPARE(value(0, PhaseTableModel::KernelPerStep), qint64(3000));
    QCOMPARE(value(0, PhaseTableModel::StepP50), qint64(5000));
    QCOMPARE(value(0, PhaseTableModel::StepP90), qint64(5000));
    // decode: steps of 2000 and 1200 ns; kernels 0 (1000) and 1 (500); 1500 / 2 = 750 per step;
    // nearest rank over [1200, 2000]: p50 rank 1 → 1200, p90 rank 2 → 2000.
    QCOMPARE(text(1, PhaseTableModel::Phase), QStringLiteral("decode"));
    QCOMPARE(value(1, PhaseTableModel::Steps), qint64(2));
    QCOMPARE(value(1, PhaseTableModel::WallTime), qint64(3200));
    QCOMPARE(value(1, PhaseTableModel::KernelTime), qint64(1500));
    QCOMPARE(value(1, PhaseTableModel::Kernels), qint64(2));
    QCOMPARE(value(1, PhaseTableModel::KernelPerStep), qint64(750));
    QCOMPARE(value(1, PhaseTableModel::StepP50), qint64(1200));
    QCOMPARE(value(1, PhaseTableModel::StepP90), qint64(2000));
    // sampling: nothing; step figures are blank.
    QCOMPARE(value(2, PhaseTableModel::Steps), qint64(0));
    QCOMPARE(text(2, PhaseTableModel::WallTime), QString());
    // unattributed: kernel 2 (1000 ns), launched from a thread without ranges.
    QCOMPARE(text(3, PhaseTableModel::Phase), QStringLiteral("unattributed"));
    QCOMPARE(value(3, PhaseTableModel::KernelTime), qint64(1000));
    QCOMPARE(model.index(3, 0).data(PhaseTableModel::PhaseIndexRole).toInt(), -1);
    QCOMPARE(model.index(1, 0).data(PhaseTableModel::PhaseIndexRole).toInt(), 1);
    // Process 200's figures: only its unattributed kernel.
    ScopeFilter process200;
    process200.pid = 200;
    model.setScope(process200);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(value(1, PhaseTableModel::KernelTime), qint64(0));
    QCOMPARE(value(3, PhaseTableModel::KernelTime), qint64(1000));

    // The dock shows the same model, sortable.
    NvtxPhasesDock dock;
    QCOMPARE(dock.objectName(), QStringLiteral("dock.nvtx"));
    QAbstractItemModelTester dockTester(
        dock.phaseTable()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    dock.setAnalysis(m_analysis);
    QCOMPARE(dock.phaseTable()->model()->rowCount(), 4);
    dock.phaseTable()->sortByColumn(PhaseTableModel::KernelTime, Qt::DescendingOrder);
    QCOMPARE(dock.phaseTable()->model()->index(0, 0).data().toString(), QStringLiteral("prefill"));
    QCOMPARE(TimelineDock().objectName(), QStringLiteral("dock.timeline"));
}

void TestTimeline::benchmarkRuns()
{
    const TimelineBenchmark::Result r = TimelineBenchmark::run(m_analysis, QSize(800, 400), 2);
    QCOMPARE(r.kernels, qint64(4));
    QVERIFY(r.lodBytes > 0);
    QCOMPARE(r.lanes, 5);
    QCOMPARE(r.samples.size(), 8); // two views × four zoom levels
    QCOMPARE(r.samples.front().zoom, QStringLiteral("whole capture"));
    QCOMPARE(r.samples.front().spanNs, qint64(9900)); // the capture [100,10000]
    // One kernel: the middle kernel of the busiest stream (GPU 0 stream 7: kernels 0 and 3 →
    // kernel 3, [6000,9000)) with a quarter of its length on each side, inside the capture.
    QCOMPARE(r.samples.back().zoom, QStringLiteral("one kernel"));
    QCOMPARE(r.samples.back().spanNs, qint64(3000 + 2 * 750));
    QVERIFY(!r.toText().isEmpty());
}

void TestTimeline::benchmarkOnAView()
{
    // A view whose lanes are still being built: the benchmark waits for them, then restores the
    // view's range.
    TimelineCache::shared().clear();
    TimelineDock dock;
    dock.resize(900, 300);
    dock.show();
    dock.setAnalysis(m_analysis);
    dock.zoomTo(2000, 3000);
    const qint64 ns = TimelineBenchmark::slowestRepaintNs(*dock.view(), 2);
    QVERIFY(ns >= 0);
    QVERIFY(dock.view()->isReady());
    QCOMPARE(dock.timeViewport()->startNs(), qint64(2000));
    QCOMPARE(dock.timeViewport()->endNs(), qint64(3000));
    TimelineDock empty;
    QCOMPARE(TimelineBenchmark::slowestRepaintNs(*empty.view()), qint64(-1));
}

void TestTimeline::benchmarkOnTrace()
{
    // Figures for docs/benchmarks.md: SIGHTLINE_TIMELINE_BENCH=trace.sqlite (e.g. a 5 M-kernel
    // `sightline-cli synth` export). Prints, never asserts times.
    const QString path = qEnvironmentVariable("SIGHTLINE_TIMELINE_BENCH");
    if (path.isEmpty())
        QSKIP("SIGHTLINE_TIMELINE_BENCH is not set (a trace to time the timeline repaints on)");
    const LoadOutcome out = TraceLoader::loadSync(path);
    QVERIFY2(out.ok(), qPrintable(out.message));
    const AnalysisPtr a = Analyzer::analyze(out.trace, AnalysisOptions {});
    QVERIFY(a);
    const TimelineBenchmark::Result r = TimelineBenchmark::run(a);
    qInfo().noquote() << r.toText();
    QCOMPARE(r.samples.size(), 8);
}

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
