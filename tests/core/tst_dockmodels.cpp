// SPDX-License-Identifier: MIT
// The table models of the Efficiency and Counters docks, headless, over results built by hand:
// every value shown is the hand-chosen input or a share of it computed here, sorting by SortRole
// is numeric (a text sort orders "10" before "2" and "1.20 ms" before "900 µs"), and the scope
// proxy keeps exactly the focused GPU's rows and the rows of no one GPU.
#include "core/models/counterscopemodel.h"
#include "core/models/efficiencymodel.h"
#include "core/models/ncukernelmodel.h"
#include "core/models/scopeproxymodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace sl;

namespace {

/// Two GPUs: GPU 0 busy 900 of 1000 µs, GPU 1 busy 1200 of 2000 µs with 600 µs of communication
/// (200 overlapped), one collective, one operator with FLOPs.
AnalysisPtr efficiencyResult()
{
    auto r = std::make_shared<AnalysisResult>();
    r->trace = std::make_shared<Trace>();
    EfficiencyStats& e = r->efficiency;
    e.busy = { { 0, 900'000, 800'000, 150'000, 100'000, 1'000'000 }, { 1, 1'200'000, 1'200'000, 0, 0, 2'000'000 } };
    e.overlap = { { 1, -1, 3, 600'000, 200'000 } };
    CollectiveStats all;
    all.collective = QStringLiteral("AllReduce");
    all.count = 3, all.totalNs = 600'000, all.p50Ns = 200'000, all.p90Ns = 250'000;
    e.collectives = { all };
    FlopFigure mm;
    mm.name = QStringLiteral("aten::mm");
    mm.ranges = 4, mm.kernels = 4, mm.kernelNs = 1'000'000, mm.flops = 1.5e9; // 1.5e9 FLOP in 1 ms
    e.flopsByOp = { mm };
    return r;
}

/// Counters of two stretches and two Nsight Compute kernels, one with every figure, one with none.
AnalysisPtr counterResult()
{
    auto r = std::make_shared<AnalysisResult>();
    auto t = std::make_shared<Trace>();
    const quint32 gemm = t->strings.intern(QStringLiteral("gemm_kernel"));
    const quint32 norm = t->strings.intern(QStringLiteral("rms_norm_kernel"));
    r->trace = t;
    CounterScope window;
    window.kind = CounterScope::Kind::Window;
    window.scope = QStringLiteral("window");
    window.deviceId = 0, window.spanNs = 1'000'000, window.kernelBusyNs = 700'000;
    window.bound = BoundClass::MemoryBound, window.dramPct = 72.5, window.computePct = 30;
    CounterFigure sm;
    sm.name = QStringLiteral("SMs Active [Throughput %]");
    sm.whole.mean = 55, sm.whole.p90 = 80;
    window.figures = { sm };
    CounterScope decode;
    decode.kind = CounterScope::Kind::Phase;
    decode.scope = QStringLiteral("decode");
    decode.deviceId = 1, decode.spanNs = 400'000, decode.kernelBusyNs = 100'000;
    decode.computePct = 12; // DRAM not sampled
    r->counters.scopes = { window, decode };
    NcuResult ncu;
    NcuKernelFigures g;
    g.name = gemm, g.deviceId = 0, g.launches = 2, g.traceNs = 5'000'000;
    g.achievedOccupancyPct = 40, g.sightlineOccupancyPct = 50; // no ncu theoretical: Sightline's
    g.arithmeticIntensity = 0.25, g.achievedFlopsPerSecond = 2e11;
    NcuKernelFigures n;
    n.name = norm, n.deviceId = 1, n.launches = 10, n.traceNs = 700'000;
    ncu.kernels = { g, n };
    r->counters.ncu = ncu;
    return r;
}

QString text(const QAbstractItemModel& m, int row, int column) { return m.index(row, column).data().toString(); }

} // namespace

class TestDockModels : public QObject
{
    Q_OBJECT
private slots:
    void efficiencyRows();
    void efficiencySortAndScope();
    void counterScopes();
    void ncuKernels();
    void empty();
};

void TestDockModels::efficiencyRows()
{
    EfficiencyModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(efficiencyResult());
    // Busy × 2, overlap, collective, operator, in the sections' order.
    QCOMPARE(m.rowCount(), 5);
    QCOMPARE(text(m, 0, EfficiencyModel::Section), QStringLiteral("Busy time"));
    QCOMPARE(text(m, 0, EfficiencyModel::Figure), QStringLiteral("GPU 0"));
    QCOMPARE(text(m, 0, EfficiencyModel::Share), QStringLiteral("90.0 %")); // 900 of 1000 µs
    QCOMPARE(text(m, 1, EfficiencyModel::Share), QStringLiteral("60.0 %")); // 1200 of 2000 µs
    QCOMPARE(text(m, 2, EfficiencyModel::Section), QStringLiteral("Communication overlap"));
    QCOMPARE(text(m, 2, EfficiencyModel::Figure), QStringLiteral("GPU 1, window"));
    QCOMPARE(text(m, 2, EfficiencyModel::Count), QStringLiteral("3"));
    QCOMPARE(text(m, 2, EfficiencyModel::Share), QStringLiteral("66.7 % exposed")); // 400 of 600 µs
    QCOMPARE(m.index(2, EfficiencyModel::Share).data(EfficiencyModel::SortRole).toDouble(), 400'000.0 / 600'000.0);
    QCOMPARE(text(m, 3, EfficiencyModel::Figure), QStringLiteral("AllReduce"));
    QCOMPARE(text(m, 4, EfficiencyModel::Figure), QStringLiteral("aten::mm"));
    QCOMPARE(text(m, 4, EfficiencyModel::Share), QStringLiteral("1.50 TFLOP/s")); // 1.5e9 FLOP / 1e-3 s
    // Which figure a row is: the evidence the dock asks for (EfficiencyAnalysis::evidenceOf).
    QCOMPARE(m.figure(2), std::make_pair(EfficiencyAnalysis::Figure::Overlap, 0));
    QCOMPARE(m.figure(4), std::make_pair(EfficiencyAnalysis::Figure::FlopOp, 0));
    QCOMPARE(m.index(1, 0).data(EfficiencyModel::KindRole).toInt(), int(EfficiencyAnalysis::Figure::Busy));
    QCOMPARE(m.index(1, 0).data(EfficiencyModel::IndexRole).toInt(), 1);
}

void TestDockModels::efficiencySortAndScope()
{
    EfficiencyModel m;
    m.setAnalysis(efficiencyResult());
    ScopeProxyModel proxy;
    proxy.setSourceModel(&m);
    proxy.setSortRole(EfficiencyModel::SortRole);
    // By time, ascending: 600 µs (overlap, collective), 900 µs (GPU 0), 1 ms (aten::mm), 1.2 ms (GPU 1).
    proxy.sort(EfficiencyModel::Time, Qt::AscendingOrder);
    QCOMPARE(text(proxy, 2, EfficiencyModel::Figure), QStringLiteral("GPU 0"));
    QCOMPARE(text(proxy, 3, EfficiencyModel::Figure), QStringLiteral("aten::mm"));
    QCOMPARE(text(proxy, 4, EfficiencyModel::Figure), QStringLiteral("GPU 1"));
    proxy.sort(-1);
    // GPU 0 focus: its busy row and the three figures of no one GPU.
    ScopeFilter gpu0;
    gpu0.device = 0;
    proxy.setScope(gpu0);
    QCOMPARE(proxy.rowCount(), 3);
    QCOMPARE(text(proxy, 0, EfficiencyModel::Figure), QStringLiteral("GPU 0"));
    QCOMPARE(text(proxy, 1, EfficiencyModel::Figure), QStringLiteral("AllReduce"));
    // GPU 1 focus: busy, overlap, collective, operator.
    ScopeFilter gpu1;
    gpu1.device = 1;
    proxy.setScope(gpu1);
    QCOMPARE(proxy.rowCount(), 4);
    QCOMPARE(text(proxy, 1, EfficiencyModel::Figure), QStringLiteral("GPU 1, window"));
    // A process focus: these figures are per GPU or the window's, so all stay.
    ScopeFilter process;
    process.pid = 100;
    proxy.setScope(process);
    QCOMPARE(proxy.rowCount(), 5);
}

void TestDockModels::counterScopes()
{
    CounterScopeModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(counterResult());
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.columnCount(), int(CounterScopeModel::ColumnCount));
    QCOMPARE(m.headerData(CounterScopeModel::Kind, Qt::Horizontal).toString(), QStringLiteral("Kind"));
    QCOMPARE(text(m, 0, CounterScopeModel::Kind), QStringLiteral("window"));
    QCOMPARE(text(m, 1, CounterScopeModel::Kind), QStringLiteral("phase"));
    QCOMPARE(text(m, 1, CounterScopeModel::Stretch), QStringLiteral("decode"));
    QCOMPARE(text(m, 0, CounterScopeModel::Dram), QStringLiteral("72.5"));
    QCOMPARE(text(m, 1, CounterScopeModel::Dram), QStringLiteral("–")); // not sampled
    QCOMPARE(m.index(1, CounterScopeModel::Dram).data(CounterScopeModel::SortRole).toDouble(), -1.0);
    QCOMPARE(text(m, 0, CounterScopeModel::Counters), QStringLiteral("SMs Active [Throughput %] 55.0/80.0"));
    QCOMPARE(m.index(0, CounterScopeModel::KernelTime).data(CounterScopeModel::SortRole).toLongLong(), 700'000);
    ScopeProxyModel proxy;
    proxy.setSourceModel(&m);
    proxy.setSortRole(CounterScopeModel::SortRole);
    // By span, ascending: 400 µs (GPU 1) before 1 ms (GPU 0); as text "1.00 ms" would come first.
    proxy.sort(CounterScopeModel::Span, Qt::AscendingOrder);
    QCOMPARE(text(proxy, 0, CounterScopeModel::Gpu), QStringLiteral("1"));
    ScopeFilter gpu1;
    gpu1.device = 1;
    proxy.setScope(gpu1);
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(text(proxy, 0, CounterScopeModel::Stretch), QStringLiteral("decode"));
}

void TestDockModels::ncuKernels()
{
    NcuKernelModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(counterResult());
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(text(m, 0, NcuKernelModel::Kernel), QStringLiteral("gemm_kernel"));
    QCOMPARE(text(m, 0, NcuKernelModel::AchievedOccupancy), QStringLiteral("40.0"));
    QCOMPARE(text(m, 0, NcuKernelModel::TheoreticalOccupancy), QStringLiteral("50.0")); // Sightline's
    QCOMPARE(text(m, 0, NcuKernelModel::Intensity), QStringLiteral("0.25"));
    QCOMPARE(text(m, 0, NcuKernelModel::Gflops), QStringLiteral("200.0")); // 2e11 FLOP/s
    QCOMPARE(text(m, 1, NcuKernelModel::L2Hit), QStringLiteral("–"));
    QCOMPARE(m.index(1, NcuKernelModel::L2Hit).data(NcuKernelModel::SortRole).toDouble(), -1.0);
    QCOMPARE(m.index(1, 0).data(NcuKernelModel::KernelRole).toInt(), 1);
    ScopeProxyModel proxy;
    proxy.setSourceModel(&m);
    proxy.setSortRole(NcuKernelModel::SortRole);
    // Launches descending: 10 before 2 (a text sort puts "2" first).
    proxy.sort(NcuKernelModel::Launches, Qt::DescendingOrder);
    QCOMPARE(text(proxy, 0, NcuKernelModel::Kernel), QStringLiteral("rms_norm_kernel"));
    proxy.sort(NcuKernelModel::Launches, Qt::AscendingOrder);
    QCOMPARE(text(proxy, 0, NcuKernelModel::Kernel), QStringLiteral("gemm_kernel"));
    ScopeFilter gpu0;
    gpu0.device = 0;
    proxy.setScope(gpu0);
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(NcuKernelModel::KernelRole).toInt(), 0);
}

void TestDockModels::empty()
{
    EfficiencyModel e;
    CounterScopeModel c;
    NcuKernelModel n;
    QCOMPARE(e.rowCount() + c.rowCount() + n.rowCount(), 0);
    e.setAnalysis(counterResult()); // no efficiency figures
    n.setAnalysis(efficiencyResult()); // no Nsight Compute results
    c.setAnalysis(efficiencyResult()); // no sampled counters
    QCOMPARE(e.rowCount() + c.rowCount() + n.rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestDockModels)
#include "tst_dockmodels.moc"
