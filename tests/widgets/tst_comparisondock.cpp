// SPDX-License-Identifier: MIT
// The Comparison dock offscreen: its models under QAbstractItemModelTester, the comparison
// computed off the GUI thread, baseline/unit/counts controls, evidence links (changes, kernels,
// aligned steps) and the export. Expected values are worked out from the fixture rows.
#include "core/compare/comparator.h"
#include "core/models/comparisonchangemodel.h"
#include "core/models/comparisoncountermodel.h"
#include "core/models/comparisonfiguremodel.h"
#include "core/models/comparisonkernelmodel.h"
#include "core/models/comparisonrooflinemodel.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"
#include "widgets/docks/comparisondock.h"
#include "widgets/stepalignedview.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// The request of the `i`-th evidenceRequested signal a spy caught.
EvidenceRequest request(const QSignalSpy& spy, int i) { return spy.at(i).at(0).value<EvidenceRequest>(); }

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");

/// pid 100 on GPU 0: a call opening the window, 4 decode steps of 10 µs with a 2 µs gemm, a 1 µs
/// attention and a 0.5 µs norm kernel (plus a 0.7 µs activation kernel when `activation`), a
/// blocking sync per step, and a call closing the window.
AnalysisPtr analysis(bool activation)
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.exec(QStringLiteral("BEGIN"));
    quint32 corr = 1;
    qint64 t = 1'000'000;
    fx.runtime(t - 1'000, t - 900, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    auto launch = [&](qint64 callAt, qint64 start, qint64 length, const QString& name) {
        fx.runtime(callAt, callAt + 50, 100, 101, corr, kLaunch);
        fx.kernel(start, start + length, 0, 7, corr++, 100, name);
    };
    for (int k = 0; k < 4; ++k, t += 15'000) {
        fx.nvtx(t, t + 10'000, 100, 101, QStringLiteral("decode"));
        launch(t + 100, t + 1'000, 2'000, QStringLiteral("gemm_kernel"));
        launch(t + 200, t + 3'100, 1'000, QStringLiteral("flash_attn_kernel"));
        launch(t + 300, t + 4'200, 500, QStringLiteral("rms_norm_kernel"));
        if (activation)
            launch(t + 400, t + 4'800, 700, QStringLiteral("silu_and_mul_kernel"));
        fx.runtime(t + 6'000, t + 6'300, 100, 101, corr++, QStringLiteral("cudaStreamSynchronize_v3020"));
    }
    fx.runtime(t, t + 100, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    fx.exec(QStringLiteral("COMMIT"));
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

int rowOf(const ComparisonFigureModel& m, const QString& key, const QString& scope = {})
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.figure(r)->key == key && m.figure(r)->scope == scope)
            return r;
    return -1;
}

int unitIndex(const QComboBox* box, WorkUnit u) { return box->findData(int(u)); }

/// A copy of `base` with counters built in code: on GPU 0, the window and the decode phase with
/// the bound class given and "SMs Active" at busy mean `active` (p90 `active` + 10); Nsight Compute
/// figures for gemm_kernel (its 4 launches) at intensity `ai`, `flops` FLOP/s and SM throughput
/// `sm` % under a 2 TB/s DRAM roof and a 3.3792e13 FLOP/s FP32 ceiling.
AnalysisPtr withCounters(const AnalysisPtr& base, BoundClass decode, double active, double ai, double flops, double sm)
{
    auto r = std::make_shared<AnalysisResult>(*base);
    for (const QString& name : { QStringLiteral("window"), QStringLiteral("decode") }) {
        CounterScope s;
        s.kind = name == QLatin1String("window") ? CounterScope::Kind::Window : CounterScope::Kind::Phase;
        s.scope = name;
        s.deviceId = 0;
        s.spanNs = 40'000;
        s.kernelBusyNs = 14'000;
        s.bound = name == QLatin1String("decode") ? decode : BoundClass::LatencyBound;
        CounterFigure f;
        f.name = QStringLiteral("SMs Active [Throughput %]");
        f.unit = QStringLiteral("%");
        f.busy.coveredNs = 14'000;
        f.busy.mean = active;
        f.busy.p90 = active + 10;
        f.whole = f.busy;
        s.figures.append(f);
        r->counters.scopes.append(s);
    }
    NcuResult ncu;
    NcuKernelFigures k;
    for (const auto& ks : r->kernels)
        if (r->trace->strings.at(ks.name) == QLatin1String("gemm_kernel"))
            k.name = ks.name;
    k.deviceId = 0;
    k.arithmeticIntensity = ai;
    k.achievedFlopsPerSecond = flops;
    k.smThroughputPct = sm;
    for (qsizetype i = 0; i < r->trace->kernels.size(); ++i)
        if (r->trace->kernels.name[size_t(i)] == k.name)
            k.kernelRows.push_back(quint32(i));
    k.launches = qint64(k.kernelRows.size());
    ncu.kernels.append(k);
    Roofline roof;
    roof.deviceId = 0;
    roof.dramBytesPerSecond = 2e12;
    roof.fp32FlopsPerSecond = 3.3792e13;
    ncu.roofs.append(roof);
    r->counters.ncu = ncu;
    return r;
}

} // namespace

class TestComparisonDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void models();
    void dockComputesOffThread();
    void baselineUnitAndCounts();
    void evidenceLinks();
    void exportWritesFiles();
    void rendersEveryTab();
    void countersTab();

private:
    bool waitForComparison(ComparisonDock& dock, QSignalSpy& spy, int count);
    AnalysisPtr m_a, m_b;
};

void TestComparisonDock::initTestCase()
{
    m_a = analysis(false);
    m_b = analysis(true);
    QVERIFY(m_a && m_b);
}

bool TestComparisonDock::waitForComparison(ComparisonDock&, QSignalSpy& spy, int count)
{
    return QTest::qWaitFor([&] { return spy.count() >= count; }, 20000);
}

void TestComparisonDock::models()
{
    ComparisonFigureModel figures;
    ComparisonKernelModel kernels;
    ComparisonChangeModel changes;
    QAbstractItemModelTester t1(&figures, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&kernels, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(&changes, QAbstractItemModelTester::FailureReportingMode::QtTest);
    ComparisonOptions o;
    o.labels = { QStringLiteral("before"), QStringLiteral("after") };
    const auto c = Comparator::compare({ m_a, m_b }, o);
    QVERIFY(c);
    figures.setComparison(c);
    kernels.setComparison(c);
    changes.setComparison(c);

    // Scope, Figure, 2 values, 1 delta, 1 ratio.
    QCOMPARE(figures.columnCount(), 6);
    QCOMPARE(figures.rowCount(), int(c->figures.size()));
    QCOMPARE(figures.headerData(2, Qt::Horizontal).toString(), QStringLiteral("before (baseline)"));
    QCOMPARE(figures.headerData(4, Qt::Horizontal).toString(), QStringLiteral("Δ after"));
    QCOMPARE(figures.deltaColumn(1), 4);
    QCOMPARE(figures.deltaColumn(0), -1);
    // Kernel time: 4 × 3500 = 14000 ns against 4 × 4200 = 16800 ns: +2.80 µs, worse, ratio 1.20.
    const int kernelNs = rowOf(figures, QStringLiteral("kernel_ns"));
    QVERIFY(kernelNs >= 0);
    QCOMPARE(figures.index(kernelNs, 2).data().toString(), QStringLiteral("14.0 µs"));
    QCOMPARE(figures.index(kernelNs, 3).data().toString(), QStringLiteral("16.8 µs"));
    QCOMPARE(figures.index(kernelNs, 4).data().toString(), QStringLiteral("+2.80 µs"));
    QCOMPARE(figures.index(kernelNs, 4).data(ComparisonFigureModel::SortRole).toDouble(), 2800.0);
    QCOMPARE(figures.index(kernelNs, 4).data(ComparisonFigureModel::DirectionRole).toInt(), -1);
    QCOMPARE(figures.index(kernelNs, 5).data().toString(), QStringLiteral("1.20×"));
    QCOMPARE(figures.index(kernelNs, 3).data(ComparisonFigureModel::TraceRole).toInt(), 1);
    QCOMPARE(figures.index(kernelNs, 0).data().toString(), QStringLiteral("Whole trace"));
    // Decode GPU idle share in steps: busy 3500 → 0.65, busy 4200 → 0.58: better, −7.0 pp.
    const int idle = rowOf(figures, QStringLiteral("idle_share"), QStringLiteral("decode"));
    QVERIFY(idle >= 0);
    QCOMPARE(figures.index(idle, 4).data().toString(), QStringLiteral("−7.0 pp"));
    QCOMPARE(figures.index(idle, 4).data(ComparisonFigureModel::DirectionRole).toInt(), 1);
    QCOMPARE(figures.index(idle, 0).data().toString(), QStringLiteral("Phase decode"));

    // Kernels: gemm, attention, norm matched by name; silu only in "after".
    QCOMPARE(kernels.rowCount(), 4);
    QCOMPARE(kernels.columnCount(), 3 + 2 + 1);
    int silu = -1;
    for (int r = 0; r < kernels.rowCount(); ++r)
        if (kernels.index(r, ComparisonKernelModel::Kernel).data().toString() == QLatin1String("silu_and_mul_kernel"))
            silu = r;
    QVERIFY(silu >= 0);
    QCOMPARE(kernels.index(silu, ComparisonKernelModel::MatchedBy).data().toString(), QStringLiteral("unmatched"));
    // Per step (4 steps): 0 and 700 ns, +700 ns, worse.
    QCOMPARE(kernels.index(silu, 3).data().toString(), QStringLiteral("0 ns"));
    QCOMPARE(kernels.index(silu, 4).data().toString(), QStringLiteral("700 ns"));
    QCOMPARE(kernels.index(silu, 5).data().toString(), QStringLiteral("+700 ns"));
    QCOMPARE(kernels.index(silu, 5).data(ComparisonKernelModel::DirectionRole).toInt(), -1);
    QVERIFY(kernels.headerData(3, Qt::Horizontal).toString().endsWith(QLatin1String("per step")));

    // What changed: activation category first (+700 per step).
    QVERIFY(changes.rowCount() >= 1);
    QCOMPARE(changes.index(0, ComparisonChangeModel::Kind).data().toString(), QStringLiteral("category"));
    QCOMPARE(changes.index(0, ComparisonChangeModel::Trace).data().toString(), QStringLiteral("after"));
    QCOMPARE(changes.index(0, ComparisonChangeModel::Delta).data().toString(), QStringLiteral("+700 ns"));
    QCOMPARE(changes.index(0, ComparisonChangeModel::Delta).data(ComparisonChangeModel::DirectionRole).toInt(), -1);
    QCOMPARE(changes.index(0, ComparisonChangeModel::Rank).data().toInt(), 1);

    // Reset to nothing: the testers check the reset.
    figures.setComparison(nullptr);
    kernels.setComparison(nullptr);
    changes.setComparison(nullptr);
    QCOMPARE(figures.rowCount(), 0);
}

void TestComparisonDock::dockComputesOffThread()
{
    ComparisonDock dock;
    QCOMPARE(dock.objectName(), QStringLiteral("dock.comparison"));
    QAbstractItemModelTester tester(dock.figureModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy changed(&dock, &ComparisonDock::comparisonChanged);
    dock.setAnalyses({ m_a });
    QVERIFY(!dock.comparison());
    QVERIFY(dock.statusLabel()->text().contains(QLatin1String("two or more")));
    dock.setAnalyses({ m_a, nullptr });
    QVERIFY(!dock.comparison());
    QVERIFY(dock.statusLabel()->text().contains(QLatin1String("analysed")));
    dock.setAnalyses({ m_a, m_b }, { QStringLiteral("before"), QStringLiteral("after") });
    QVERIFY(waitForComparison(dock, changed, 1));
    QVERIFY(dock.comparison());
    QCOMPARE(dock.comparison()->baseline, 0);
    QCOMPARE(dock.baselineBox()->count(), 2);
    QCOMPARE(dock.baselineBox()->itemText(1), QStringLiteral("after"));
    QVERIFY(dock.figureModel()->rowCount() > 0);
    // Charts: gemm, attention, norm, activation; one phase (decode); one box per trace.
    QCOMPARE(dock.categoryChartGroups(), 4);
    QCOMPARE(dock.phaseChartSegments(), 1);
    QCOMPARE(dock.phaseBox()->currentText(), QStringLiteral("decode"));
    QCOMPARE(dock.stepChartBoxes(), 2);
    QCOMPARE(dock.stepView()->laneCount(), 2);
    QCOMPARE(dock.stepView()->stepCount(), 4);
}

void TestComparisonDock::baselineUnitAndCounts()
{
    ComparisonDock dock;
    QSignalSpy changed(&dock, &ComparisonDock::comparisonChanged);
    dock.setAnalyses({ m_a, m_b }, { QStringLiteral("before"), QStringLiteral("after") });
    QVERIFY(waitForComparison(dock, changed, 1));
    QCOMPARE(dock.comparison()->unit, WorkUnit::Step);

    dock.baselineBox()->setCurrentIndex(1);
    QVERIFY(waitForComparison(dock, changed, 2));
    QCOMPARE(dock.comparison()->baseline, 1);
    QCOMPARE(dock.figureModel()->headerData(3, Qt::Horizontal).toString(), QStringLiteral("after (baseline)"));

    dock.unitBox()->setCurrentIndex(unitIndex(dock.unitBox(), WorkUnit::Token));
    // Per token without counts: refused, the shown comparison stays.
    QVERIFY(dock.statusLabel()->text().contains(QLatin1String("token count")));
    dock.countsEdit()->setText(QStringLiteral("100,200"));
    emit dock.countsEdit()->editingFinished();
    QVERIFY(waitForComparison(dock, changed, 3));
    QCOMPARE(dock.comparison()->unit, WorkUnit::Token);
    QCOMPARE(dock.comparison()->units, (QVector<qint64> { 100, 200 }));
    // Kernel time per token: 14000 / 100 = 140 ns and 16800 / 200 = 84 ns.
    const int row = rowOf(*dock.figureModel(), QStringLiteral("kernel_ns_per_unit"));
    QVERIFY(row >= 0);
    QCOMPARE(dock.figureModel()->index(row, 2).data().toString(), QStringLiteral("140 ns"));
    QCOMPARE(dock.figureModel()->index(row, 3).data().toString(), QStringLiteral("84 ns"));

    dock.countsEdit()->setText(QStringLiteral("100,x"));
    emit dock.countsEdit()->editingFinished();
    QVERIFY(dock.statusLabel()->text().contains(QLatin1String("'x'")));
    QCOMPARE(changed.count(), 3);
    QCOMPARE(dock.comparison()->units, (QVector<qint64> { 100, 200 }));
}

void TestComparisonDock::evidenceLinks()
{
    ComparisonDock dock;
    dock.resize(1000, 700);
    dock.show();
    QSignalSpy changed(&dock, &ComparisonDock::comparisonChanged);
    QSignalSpy evidence(&dock, &ComparisonDock::evidenceRequested);
    dock.setAnalyses({ m_a, m_b }, { QStringLiteral("before"), QStringLiteral("after") });
    QVERIFY(waitForComparison(dock, changed, 1));

    // The activation change has rows in "after" only: one request, for trace 1, the 4 silu kernels.
    QTableView* changes = dock.changeView();
    emit changes->activated(changes->model()->index(0, 0));
    QCOMPARE(evidence.count(), 1);
    QCOMPARE(request(evidence, 0).analysis, m_b);
    QCOMPARE(request(evidence, 0).evidence.value(0).rows.size(), size_t(4));

    // A kernel matched in both traces: one request per trace.
    evidence.clear();
    QTableView* kernels = dock.kernelView();
    int gemmRow = -1;
    for (int r = 0; r < kernels->model()->rowCount(); ++r)
        if (kernels->model()->index(r, ComparisonKernelModel::Kernel).data().toString() == QLatin1String("gemm_kernel"))
            gemmRow = r;
    QVERIFY(gemmRow >= 0);
    emit kernels->activated(kernels->model()->index(gemmRow, 0));
    QCOMPARE(evidence.count(), 2);
    QCOMPARE(request(evidence, 0).analysis, m_a);
    QCOMPARE(request(evidence, 1).analysis, m_b);
    QCOMPARE(request(evidence, 1).evidence.value(0).rows.size(), size_t(4));

    // Clicking the first decode step of "before" asks for its 3 kernels.
    evidence.clear();
    dock.findChild<QTabWidget*>()->setCurrentIndex(4);
    StepAlignedView* view = dock.stepView();
    QTRY_VERIFY(view->isVisible() && view->width() > 300);
    QCOMPARE(view->lane(0).trace, 0);
    const QRect r = view->stepRect(0, 0);
    QVERIFY(!r.isEmpty());
    QTest::mouseClick(view, Qt::LeftButton, {}, r.center());
    QCOMPARE(evidence.count(), 1);
    QCOMPARE(request(evidence, 0).analysis, m_a);
    const Evidence e = request(evidence, 0).evidence.value(0);
    QCOMPARE(e.rows.size(), size_t(3));
    QCOMPARE(e.startNs, qint64(1'000'000));
    QCOMPARE(e.endNs, qint64(1'010'000));
    // The second step of both lanes lines up at the same x.
    QCOMPARE(view->stepRect(0, 1).left(), view->stepRect(1, 1).left());
}

void TestComparisonDock::exportWritesFiles()
{
    ComparisonDock dock;
    QSignalSpy changed(&dock, &ComparisonDock::comparisonChanged);
    QSignalSpy finished(&dock, &ComparisonDock::exportFinished);
    dock.exportTo(QStringLiteral("/nonexistent-comparison-dir"));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished[0][0].toBool(), false); // nothing compared yet
    dock.setAnalyses({ m_a, m_b });
    QVERIFY(waitForComparison(dock, changed, 1));
    QTemporaryDir dir;
    dock.exportTo(dir.path());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 20000);
    QVERIFY2(finished[1][0].toBool(), qPrintable(finished[1][1].toString()));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("comparison.md"))));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("comparison.json"))));
}

void TestComparisonDock::rendersEveryTab()
{
    ComparisonDock dock;
    dock.resize(1100, 700);
    dock.show();
    QSignalSpy changed(&dock, &ComparisonDock::comparisonChanged);
    dock.setAnalyses({ m_a, m_b, m_b }, { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") });
    QVERIFY(waitForComparison(dock, changed, 1));
    auto* tabs = dock.findChild<QTabWidget*>();
    QVERIFY(tabs);
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        const QImage image = dock.grab().toImage();
        QVERIFY(!image.isNull());
    }
    // Three traces: 2 + 3 values + 2 × (delta, ratio).
    QCOMPARE(dock.figureModel()->columnCount(), 9);
    dock.stepView()->setFirstStep(2);
    QCOMPARE(dock.stepView()->firstStep(), 2);
    dock.stepView()->setFirstStep(99);
    QCOMPARE(dock.stepView()->firstStep(), 3); // clamped to the last step
}

void TestComparisonDock::countersTab()
{
    // before: decode memory-bound, SMs Active 50 %, gemm at 8 FLOP/B and 1e13 FLOP/s (roof
    // min(3.3792e13, 8 × 2e12) = 1.6e13: 62.5 %); after: compute-bound, 80 %, 16 FLOP/B, 1.6e13
    // FLOP/s (roof 3.2e13: 50 %).
    const AnalysisPtr a = withCounters(m_a, BoundClass::MemoryBound, 50, 8, 1e13, 40);
    const AnalysisPtr b = withCounters(m_b, BoundClass::ComputeBound, 80, 16, 1.6e13, 55);
    ComparisonDock dock;
    dock.resize(1100, 700);
    dock.show();
    QAbstractItemModelTester t1(dock.counterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(dock.rooflineModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy changed(&dock, &ComparisonDock::comparisonChanged);
    QSignalSpy evidence(&dock, &ComparisonDock::evidenceRequested);
    dock.setAnalyses({ a, b }, { QStringLiteral("before"), QStringLiteral("after") });
    QVERIFY(waitForComparison(dock, changed, 1));
    const ComparisonCounterModel* m = dock.counterModel();
    // Scope, GPU, Counter, Statistic, 2 values, 1 delta; 2 bound rows, then mean and p90 of the
    // one counter in 2 scopes.
    QCOMPARE(m->columnCount(), 7);
    QCOMPARE(m->rowCount(), 2 + 2 * 2);
    QCOMPARE(m->headerData(4, Qt::Horizontal).toString(), QStringLiteral("before (baseline)"));
    QCOMPARE(m->headerData(6, Qt::Horizontal).toString(), QStringLiteral("Δ after"));
    // Row 1: decode's bound class, changed.
    QCOMPARE(m->index(1, ComparisonCounterModel::Scope).data().toString(), QStringLiteral("decode"));
    QCOMPARE(m->index(1, ComparisonCounterModel::Gpu).data().toString(), QStringLiteral("GPU 0"));
    QCOMPARE(m->index(1, 4).data().toString(), QStringLiteral("memory-bound"));
    QCOMPARE(m->index(1, 5).data().toString(), QStringLiteral("compute-bound"));
    QCOMPARE(m->index(1, 6).data().toString(), QStringLiteral("changed"));
    QCOMPARE(m->index(0, 6).data().toString(), QString()); // the window kept its class
    // Rows 4 and 5: decode SMs Active mean 50 → 80 (+30 pp, better) and p90 60 → 90.
    QCOMPARE(m->index(4, ComparisonCounterModel::Statistic).data().toString(), QStringLiteral("mean, kernel time"));
    QCOMPARE(m->index(4, 4).data().toString(), QStringLiteral("50.0 %"));
    QCOMPARE(m->index(4, 5).data().toString(), QStringLiteral("80.0 %"));
    QCOMPARE(m->index(4, 6).data().toString(), QStringLiteral("+30.0 pp"));
    QCOMPARE(m->index(4, 6).data(ComparisonCounterModel::DirectionRole).toInt(), 1);
    QCOMPARE(m->index(5, 5).data().toString(), QStringLiteral("90.0 %"));
    QCOMPARE(m->index(5, 6).data(ComparisonCounterModel::SortRole).toDouble(), 30.0);

    const ComparisonRooflineModel* rm = dock.rooflineModel();
    QCOMPARE(rm->rowCount(), 5);
    QCOMPARE(rm->index(0, ComparisonRooflineModel::Kernel).data().toString(), QStringLiteral("gemm_kernel"));
    QCOMPARE(rm->index(0, 2).data().toString(), QStringLiteral("8.00 FLOP/B"));
    QCOMPARE(rm->index(0, 4).data().toString(), QStringLiteral("+100.0 %"));
    QCOMPARE(rm->index(0, 4).data(ComparisonRooflineModel::DirectionRole).toInt(), 0);
    QCOMPARE(rm->index(1, 3).data().toString(), QStringLiteral("16.0 TFLOP/s"));
    QCOMPARE(rm->index(2, 2).data().toString(), QStringLiteral("62.5 %"));
    QCOMPARE(rm->index(2, 3).data().toString(), QStringLiteral("50.0 %"));
    QCOMPARE(rm->index(2, 4).data().toString(), QStringLiteral("−12.5 pp"));
    QCOMPARE(rm->index(2, 4).data(ComparisonRooflineModel::DirectionRole).toInt(), -1);
    QCOMPARE(rm->index(3, 2).data().toString(), QStringLiteral("–")); // DRAM throughput not given
    QCOMPARE(rm->index(4, 4).data().toString(), QStringLiteral("+15.0 pp"));
    QCOMPARE(rm->index(4, 4).data(ComparisonRooflineModel::DirectionRole).toInt(), 1);

    auto* tabs = dock.findChild<QTabWidget*>();
    tabs->setCurrentIndex(tabs->count() - 1);
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Counters"));
    QVERIFY(!dock.grab().toImage().isNull());
    // The changed decode class: its kernels in both traces (4 decode steps × 3 and × 4 kernels).
    QTableView* counters = dock.counterView();
    emit counters->activated(counters->model()->index(1, 0));
    QCOMPARE(evidence.count(), 2);
    QCOMPARE(request(evidence, 0).analysis, a);
    QCOMPARE(request(evidence, 0).evidence.value(0).rows.size(), size_t(12));
    QCOMPARE(request(evidence, 1).analysis, b);
    QCOMPARE(request(evidence, 1).evidence.value(0).rows.size(), size_t(16));
    // An unchanged class opens nothing; a roofline row opens the profiled launches in each trace.
    evidence.clear();
    emit counters->activated(counters->model()->index(0, 0));
    QCOMPARE(evidence.count(), 0);
    emit dock.rooflineView()->activated(dock.rooflineView()->model()->index(2, 0));
    QCOMPARE(evidence.count(), 2);
    QCOMPARE(request(evidence, 0).evidence.value(0).rows.size(), size_t(4));
    QCOMPARE(request(evidence, 1).evidence.value(0).rows.size(), size_t(4));

    // Without counters in either trace the tab says so.
    dock.setAnalyses({ m_a, m_b });
    QVERIFY(waitForComparison(dock, changed, 2));
    QCOMPARE(dock.counterModel()->rowCount(), 0);
    QVERIFY(
        dock.findChild<QLabel*>(QStringLiteral("comparison.countersNote"))->text().contains(QLatin1String("No trace")));
}

QTEST_MAIN(TestComparisonDock)
#include "tst_comparisondock.moc"
