// SPDX-License-Identifier: MIT
// One palette: every view that colours a category, phase, idle cause, severity or trace takes
// the colour from CategoryPalette. Each check reads what the view actually uses (lane pixels,
// legend swatches, chart bar sets, the delegate's brush) and compares it with the palette.
#include "core/compare/comparison.h"
#include "core/models/findingsmodel.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"
#include "widgets/categorypalette.h"
#include "widgets/charts/barchartview.h"
#include "widgets/charts/categorybarchart.h"
#include "widgets/charts/phasestackchart.h"
#include "widgets/docks/comparisondock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/overviewdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/severitydelegate.h"
#include "widgets/timeline/legendbar.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"

#include <QSignalSpy>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");

/// GPU 0: a gemm kernel on stream 7 [1000,4000), a flash-attention kernel on stream 8
/// [5000,8000); a 1 ms host-wait gap would need far longer traces, so idle colours are read from
/// the legend and the Overview chart. NVTX: decode_step [900,4100) and prefill_batch [4900,8100)
/// around the launches on thread 101.
AnalysisPtr fixtureAnalysis(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("engine"));
    fx.nvtx(900, 4100, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(4900, 8100, 100, 101, QStringLiteral("prefill_batch"));
    fx.runtime(950, 960, 100, 101, 1, kLaunch);
    fx.runtime(4950, 4960, 100, 101, 2, kLaunch);
    fx.kernel(1000, 4000, 0, 7, 1, 100, QStringLiteral("ampere_sgemm_128x64_nn"));
    fx.kernel(5000, 8000, 0, 8, 2, 100, QStringLiteral("flash_fwd_kernel"));
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

/// Whether some pixel of the band of the first row matching `pick` has exactly `color`.
bool rowHasColor(TimeCanvas* view, const std::function<bool(const TimelineLane&)>& pick, const QColor& color)
{
    const QImage image = view->viewport()->grab().toImage();
    const QRect data = view->dataRect();
    for (const TimeCanvas::Row& row : view->rows()) {
        if (row.lane < 0 || !pick(view->data()->lane(row.lane)))
            continue;
        const int top = TimeCanvas::kAxisHeight + row.y;
        for (int y = top; y < top + row.height && y < image.height(); ++y)
            for (int x = data.left(); x <= data.right() && x < image.width(); ++x)
                if (image.pixel(x, y) == color.rgb())
                    return true;
        return false;
    }
    return false;
}

QColor legendColor(const LegendBar* legend, const QString& label)
{
    for (const LegendBar::Entry& e : legend->entries())
        if (e.label == label)
            return e.color;
    return {};
}

class SeverityProbe : public SeverityDelegate
{
public:
    using SeverityDelegate::initStyleOption;
};

} // namespace

class TestPalette : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void timelineLanesAndLegend();
    void nvtxLanesAndLegend();
    void overviewIdleCauses();
    void comparisonCharts();
    void findingSeverities();
    void oneColourPerThing();

private:
    TraceFixture m_fx;
    AnalysisPtr m_analysis;
};

void TestPalette::initTestCase()
{
    m_analysis = fixtureAnalysis(m_fx);
    QVERIFY(m_analysis);
}

void TestPalette::timelineLanesAndLegend()
{
    TimelineDock dock;
    dock.resize(1000, 500);
    dock.show();
    dock.setAnalysis(m_analysis);
    QVERIFY(dock.view()->waitForData());
    // The kernels fill a third of their lanes each: fully covered pixels have the category colour.
    const auto stream = [](qint64 s) {
        return [s](const TimelineLane& l) { return l.kind == TimelineLane::Kind::Kernels && l.stream == s; };
    };
    QVERIFY(rowHasColor(dock.view(), stream(7), CategoryPalette::category(QStringLiteral("gemm"))));
    QVERIFY(rowHasColor(dock.view(), stream(8), CategoryPalette::category(QStringLiteral("attention"))));
    QVERIFY(!rowHasColor(dock.view(), stream(8), CategoryPalette::category(QStringLiteral("gemm"))));
    QCOMPARE(legendColor(dock.legend(), QStringLiteral("attention")),
        CategoryPalette::category(QStringLiteral("attention")));
    for (const IdleGap::Cause c : { IdleGap::HostWait, IdleGap::SyncWait, IdleGap::Other })
        QCOMPARE(legendColor(dock.legend(), QStringLiteral("idle: %1").arg(TimelineView::causeLabel(c))),
            CategoryPalette::idle(c));
}

void TestPalette::nvtxLanesAndLegend()
{
    NvtxPhasesDock dock;
    dock.resize(1000, 500);
    dock.show();
    dock.setAnalysis(m_analysis);
    QVERIFY(dock.view()->waitForData());
    const auto outer = [](const TimelineLane& l) { return l.kind == TimelineLane::Kind::Nvtx && l.depth == 0; };
    QVERIFY(rowHasColor(dock.view(), outer, CategoryPalette::phase(QStringLiteral("decode"))));
    QVERIFY(rowHasColor(dock.view(), outer, CategoryPalette::phase(QStringLiteral("prefill"))));
    QCOMPARE(legendColor(dock.legend(), QStringLiteral("decode")), CategoryPalette::phase(QStringLiteral("decode")));
    QCOMPARE(legendColor(dock.legend(), QStringLiteral("prefill")), CategoryPalette::phase(QStringLiteral("prefill")));
}

void TestPalette::overviewIdleCauses()
{
    OverviewDock dock;
    dock.setAnalysis(m_analysis);
    const QVector<QColor> colors = dock.chart(OverviewDock::Devices)->plottedColors();
    QCOMPARE(colors.size(), 6); // compute, copies only, four idle causes
    QCOMPARE(colors[0], CategoryPalette::busy());
    QCOMPARE(colors[1], CategoryPalette::copyOnly());
    QCOMPARE(colors[2], CategoryPalette::idle(IdleGap::HostWait));
    QCOMPARE(colors[3], CategoryPalette::idle(IdleGap::SyncWait));
    QCOMPARE(colors[4], CategoryPalette::idle(IdleGap::Other)); // was grey here, purple on the timeline
    QCOMPARE(colors[5], CategoryPalette::idle(IdleGap::ProfilerOverhead));
    // Series that are no category, phase or cause take the palette's positional colours.
    QCOMPARE(dock.chart(OverviewDock::Phases)->plottedColors(),
        QVector<QColor>({ CategoryPalette::series(0, false), CategoryPalette::series(1, false) }));
}

void TestPalette::comparisonCharts()
{
    ComparisonDock dock;
    QSignalSpy changed(&dock, &ComparisonDock::comparisonChanged);
    dock.setAnalyses({ m_analysis, m_analysis }, { QStringLiteral("a"), QStringLiteral("b") });
    QVERIFY(changed.wait(20000));
    QVERIFY(dock.comparison());
    QCOMPARE(
        dock.categoryChart()->barColors(), QVector<QColor>({ CategoryPalette::trace(0), CategoryPalette::trace(1) }));
    const ChartData& phases = dock.phaseChart()->data();
    QVERIFY(phases.series.size() >= 2); // decode and prefill
    QVector<QColor> expected;
    for (const ChartData::Series& s : phases.series)
        expected << CategoryPalette::phase(s.name);
    QCOMPARE(dock.phaseChart()->barColors(), expected);
}

void TestPalette::findingSeverities()
{
    FindingsDock dock;
    dock.setAnalysis(m_analysis);
    const FindingsModel* model = dock.model();
    QVERIFY(model->rowCount() > 0);
    SeverityProbe probe;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex i = model->index(r, FindingsModel::Severity);
        QStyleOptionViewItem option;
        probe.initStyleOption(&option, i);
        QCOMPARE(option.backgroundBrush.color(),
            CategoryPalette::severity(Finding::Severity(i.data(FindingsModel::SeverityRole).toInt())));
    }
}

void TestPalette::oneColourPerThing()
{
    // The keys charts carry resolve to the same colours as the direct calls.
    QCOMPARE(CategoryPalette::forKey(QStringLiteral("idle:other")), CategoryPalette::idle(IdleGap::Other));
    QCOMPARE(CategoryPalette::forKey(QStringLiteral("phase:decode")), CategoryPalette::phase(QStringLiteral("decode")));
    QCOMPARE(CategoryPalette::forKey(QStringLiteral("category:attention")),
        CategoryPalette::category(QStringLiteral("attention")));
    QCOMPARE(CategoryPalette::forKey(QStringLiteral("trace:3")), CategoryPalette::trace(3));
    QVERIFY(!CategoryPalette::forKey(QString()).isValid());
    QVERIFY(!CategoryPalette::forKey(QStringLiteral("idle:nonsense")).isValid());
    // Category by name and by taxonomy index agree (the timeline uses indices, charts names).
    QCOMPARE(CategoryPalette::category(1), CategoryPalette::category(QStringLiteral("attention")));
    // Distinct things look distinct where they share a view.
    QVERIFY(CategoryPalette::idle(IdleGap::Other) != CategoryPalette::idle(IdleGap::HostWait));
    QVERIFY(CategoryPalette::phase(QStringLiteral("decode")) != CategoryPalette::phase(QStringLiteral("prefill")));
}

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
