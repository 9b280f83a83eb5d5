// SPDX-License-Identifier: MIT
// Hardware counters in the comparison (issue 11): hand-built exports with GPU_METRICS sampled
// every 10 µs, whose kernels line up with the sampling periods, so that every busy-time mean and
// p90 — and so every delta — is worked out by hand from the sample values written here; Nsight
// Compute rows built for both traces so that the roofline positions are exact too.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/analyzer.h"
#include "core/compare/comparator.h"
#include "core/report/comparisonjsonreport.h"
#include "core/report/comparisonmarkdownreport.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <map>
#include <set>

using namespace sl;
using sl::test::TraceFixture;

namespace QTest {
template <> char* toString(const std::optional<double>& v) { return v ? QTest::toString(*v) : qstrdup("undefined"); }
} // namespace QTest

namespace {

constexpr qint64 kT0 = 1'000'000; ///< prefill step [T0, T0 + 100 µs], decode step [T0 + 200 µs, T0 + 300 µs]
constexpr qint64 kPeriod = 10'000; ///< GPU metrics every 10 µs; a sample holds the period ending at it

/// Per metric: the values of the four samples covering the first half of the prefill kernel
/// (T0 + 10..50 µs), its second half (50..90 µs), and the same for the decode kernel
/// (T0 + 210..250, 250..290 µs); `idle` elsewhere.
struct Metric
{
    double prefill1, prefill2, decode1, decode2, idle = 0;
};
using Metrics = std::map<QString, Metric>;

/// One GPU's metrics (device id → metrics); the kernels: a 80 µs gemm in the prefill step and a
/// 80 µs attention kernel in the decode step on every listed device, launched by pid 100.
void build(TraceFixture& fx, const std::map<int, Metrics>& devices)
{
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    // 1 GHz, 2 TB/s: FP32 ceiling 2 × 128 lanes × 132 SMs × 1e9 = 3.3792e13 FLOP/s.
    fx.exec(QStringLiteral("UPDATE TARGET_INFO_GPU SET clockRate = 1000000000, memoryBandwidth = 2000000000000"));
    if (devices.count(1))
        fx.gpu(1, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.exec(QStringLiteral("BEGIN"));
    quint32 corr = 1;
    fx.runtime(kT0 - 1'000, kT0 - 900, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    fx.nvtx(kT0, kT0 + 100'000, 100, 101, QStringLiteral("prefill"));
    fx.nvtx(kT0 + 200'000, kT0 + 300'000, 100, 101, QStringLiteral("decode"));
    for (const auto& [device, metrics] : devices) {
        Q_UNUSED(metrics);
        fx.runtime(kT0 + 100 + device, kT0 + 150, 100, 101, corr, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.kernel(kT0 + 10'000, kT0 + 90'000, device, 7, corr++, 100, QStringLiteral("gemm_kernel"));
        fx.runtime(kT0 + 200'100 + device, kT0 + 200'150, 100, 101, corr, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.kernel(kT0 + 210'000, kT0 + 290'000, device, 7, corr++, 100, QStringLiteral("flash_attn_kernel"));
    }
    fx.runtime(kT0 + 400'000, kT0 + 400'100, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    fx.gpuMetricsTables(true);
    for (const auto& [device, metrics] : devices) {
        const qint64 typeId = test::TraceFixture::gpuMetricTypeId(device);
        int metricId = 0;
        for (const auto& [name, m] : metrics) {
            fx.exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (%1, 2, 'GH100', %2, '%3')")
                        .arg(typeId)
                        .arg(metricId)
                        .arg(name));
            // Samples at T0 − 20 µs … T0 + 420 µs: the one at t holds (t − 10 µs, t].
            for (qint64 t = kT0 - 20'000; t <= kT0 + 420'000; t += kPeriod) {
                const qint64 at = t - kT0;
                double v = m.idle;
                if (at > 10'000 && at <= 50'000)
                    v = m.prefill1;
                else if (at > 50'000 && at <= 90'000)
                    v = m.prefill2;
                else if (at > 210'000 && at <= 250'000)
                    v = m.decode1;
                else if (at > 250'000 && at <= 290'000)
                    v = m.decode2;
                fx.exec(QStringLiteral("INSERT INTO GPU_METRICS VALUES (%1, %1, %2, %3, %4)")
                            .arg(t)
                            .arg(typeId)
                            .arg(metricId)
                            .arg(qint64(v)));
            }
            ++metricId;
        }
    }
    fx.exec(QStringLiteral("COMMIT"));
}

const QString kSmActive = QStringLiteral("SMs Active [Throughput %]");
const QString kIssue = QStringLiteral("SM Issue [Throughput %]");
const QString kTensor = QStringLiteral("Tensor Active [Throughput %]");
const QString kDramRead = QStringLiteral("DRAM Read Bandwidth [Throughput %]");
const QString kDramWrite = QStringLiteral("DRAM Write Bandwidth [Throughput %]");
const QString kClock = QStringLiteral("GPC Clock Frequency [MHz]");
const QString kPcie = QStringLiteral("PCIe RX Throughput [Throughput %]");

/// Baseline: prefill compute-bound (compute max(65, 75) = 75, DRAM 20 + 5 = 25), decode
/// memory-bound (DRAM 65 + 10 = 75, compute max(15, 5) = 15); clock 2000 MHz.
Metrics baselineMetrics()
{
    return { { kSmActive, { 80, 90, 40, 60 } }, { kIssue, { 60, 70, 10, 20 } }, { kTensor, { 70, 80, 4, 6 } },
        { kDramRead, { 20, 20, 60, 70 } }, { kDramWrite, { 5, 5, 10, 10 } },
        { kClock, { 2000, 2000, 2000, 2000, 2000 } } };
}

/// After: decode batched — compute-bound (compute max(55, 65) = 65 ≥ DRAM 35 + 5 = 40); prefill
/// SMs Active 75 instead of 85; clock 1500 MHz; a PCIe counter the baseline lacks.
Metrics afterMetrics()
{
    return { { kSmActive, { 70, 80, 70, 90 } }, { kIssue, { 60, 70, 50, 60 } }, { kTensor, { 70, 80, 60, 70 } },
        { kDramRead, { 20, 20, 30, 40 } }, { kDramWrite, { 5, 5, 5, 5 } }, { kClock, { 1500, 1500, 1500, 1500, 1500 } },
        { kPcie, { 10, 10, 10, 10 } } };
}

/// `ncu --csv --page raw` rows for the trace's gemm_kernel (and optionally flash_attn_kernel).
QString writeNcu(const QString& dir, const QString& name, const QString& gemmRow, const QString& attnRow = {})
{
    const QString path = dir + QLatin1Char('/') + name;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    QByteArray csv = "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Device\",\"gpu__time_duration.sum\","
                     "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"dram__bytes.sum\","
                     "\"sm__throughput.avg.pct_of_peak_sustained_elapsed\","
                     "\"dram__throughput.avg.pct_of_peak_sustained_elapsed\"\n"
                     "\"\",\"\",\"\",\"\",\"\",\"nsecond\",\"inst\",\"byte\",\"%\",\"%\"\n";
    csv += (QStringLiteral("\"0\",\"gemm_kernel\",\"(128, 1, 1)\",\"(1, 1, 1)\",\"0\",") + gemmRow + QLatin1Char('\n'))
               .toUtf8();
    if (!attnRow.isEmpty())
        csv += (QStringLiteral("\"1\",\"flash_attn_kernel\",\"(128, 1, 1)\",\"(1, 1, 1)\",\"0\",") + attnRow
            + QLatin1Char('\n'))
                   .toUtf8();
    f.write(csv);
    return path;
}

AnalysisPtr analyze(TraceFixture& fx, const QString& ncu = {})
{
    const TracePtr t = sl::test::loadFixture(fx);
    if (!t)
        return nullptr;
    AnalysisOptions o;
    o.ncuFile = ncu;
    return Analyzer::analyze(t, o);
}

const CounterComparison* counterOf(const Comparison& c, const QString& scope, const QString& name, int gpu = 0)
{
    for (const auto& k : c.counters.counters)
        if (k.scope == scope && k.name == name && k.gpu == gpu)
            return &k;
    return nullptr;
}

const CounterScopeComparison* scopeOf(const Comparison& c, const QString& scope, int gpu = 0)
{
    for (const auto& s : c.counters.scopes)
        if (s.scope == scope && s.gpu == gpu)
            return &s;
    return nullptr;
}

QSet<QString> keysOf(const QJsonObject& o)
{
    const QStringList k = o.keys();
    return QSet<QString>(k.begin(), k.end());
}

} // namespace

class TestCompareCounters : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void busyMeansAndDeltas();
    void boundClassChange();
    void rooflinePositions();
    void traceWithoutCounters();
    void differentGpuCounts();
    void nvmlCountsToo();
    void jsonKeys();
    void markdownSection();

private:
    TraceFixture m_before, m_after, m_plain, m_twoGpus;
    AnalysisPtr m_a, m_b, m_plainA, m_twoGpusA;
    ComparisonPtr m_c;
};

void TestCompareCounters::initTestCase()
{
    build(m_before, { { 0, baselineMetrics() } });
    build(m_after, { { 0, afterMetrics() } });
    // A: gemm 4e8 FMAs = 8e8 FLOP over 1e8 bytes in 80 µs; attention profiled in A only.
    const QString ncuA = writeNcu(m_before.dir(), QStringLiteral("a.csv"),
        QStringLiteral("80000,400000000,100000000,40,70"), QStringLiteral("80000,100000000,400000000,20,90"));
    // B: the same FLOPs over 5e7 bytes in 50 µs.
    const QString ncuB
        = writeNcu(m_after.dir(), QStringLiteral("b.csv"), QStringLiteral("50000,400000000,50000000,55,60"));
    QVERIFY(!ncuA.isEmpty() && !ncuB.isEmpty());
    m_a = analyze(m_before, ncuA);
    m_b = analyze(m_after, ncuB);
    QVERIFY(m_a && m_b);
    QVERIFY(m_a->counters.ncu && m_b->counters.ncu);
    QCOMPARE(m_a->counters.ncu->match.matched, 2);
    QCOMPARE(m_b->counters.ncu->match.matched, 1);
    ComparisonOptions o;
    o.labels = { QStringLiteral("before"), QStringLiteral("after") };
    m_c = Comparator::compare({ m_a, m_b }, o);
    QVERIFY(m_c);

    { // A trace without any counters.
        TraceFixture& fx = m_plain;
        fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
        fx.process(100, QStringLiteral("python3"));
        fx.thread(100, 101, QStringLiteral("main"));
        fx.runtime(kT0 + 100, kT0 + 150, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.nvtx(kT0, kT0 + 100'000, 100, 101, QStringLiteral("prefill"));
        fx.kernel(kT0 + 10'000, kT0 + 90'000, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
        m_plainA = analyze(fx);
        QVERIFY(m_plainA);
        QVERIFY(m_plainA->counters.scopes.isEmpty());
    }
    // Two GPUs: device 0 as the baseline, device 1 with SMs Active 20/40 in decode.
    Metrics second = baselineMetrics();
    second[kSmActive] = { 80, 90, 20, 40 };
    build(m_twoGpus, { { 0, baselineMetrics() }, { 1, second } });
    m_twoGpusA = analyze(m_twoGpus);
    QVERIFY(m_twoGpusA);
}

void TestCompareCounters::busyMeansAndDeltas()
{
    const Comparison& c = *m_c;
    QVERIFY(c.counters.perDevice);
    QCOMPARE(c.counters.devices, (QVector<QVector<int>> { { 0 }, { 0 } }));
    // Scopes: window, then the comparison's phases.
    QStringList scopes;
    for (const auto& s : c.counters.scopes)
        scopes << s.scope;
    QCOMPARE(scopes, (QStringList { QStringLiteral("window"), QStringLiteral("prefill"), QStringLiteral("decode") }));

    // Decode SMs Active: four samples of 40 and four of 60 over the kernel → mean 50, p90 60;
    // after: 70 and 90 → mean 80, p90 90. Deltas in percentage points.
    const CounterComparison* decode = counterOf(c, QStringLiteral("decode"), kSmActive);
    QVERIFY(decode);
    QCOMPARE(decode->busyMean, (QVector<std::optional<double>> { 50.0, 80.0 }));
    QCOMPARE(decode->busyP90, (QVector<std::optional<double>> { 60.0, 90.0 }));
    QCOMPARE(ComparisonCounters::delta(true, decode->busyMean[0], decode->busyMean[1]), std::optional<double>(30.0));
    QCOMPARE(ComparisonCounters::direction(decode->better, 30.0), 1);
    // Prefill SMs Active: 85 → 75 (−10 pp, worse), p90 90 → 80.
    const CounterComparison* prefill = counterOf(c, QStringLiteral("prefill"), kSmActive);
    QVERIFY(prefill);
    QCOMPARE(prefill->busyMean, (QVector<std::optional<double>> { 85.0, 75.0 }));
    QCOMPARE(prefill->busyP90, (QVector<std::optional<double>> { 90.0, 80.0 }));
    QCOMPARE(ComparisonCounters::direction(prefill->better, -10.0), -1);
    // Window: both kernels, 16 samples of equal weight: (80 + 90 + 40 + 60) / 4 = 67.5, p90 = 90;
    // after (70 + 80 + 70 + 90) / 4 = 77.5, p90 = 90.
    const CounterComparison* window = counterOf(c, QStringLiteral("window"), kSmActive);
    QVERIFY(window);
    QCOMPARE(window->busyMean, (QVector<std::optional<double>> { 67.5, 77.5 }));
    QCOMPARE(window->busyP90, (QVector<std::optional<double>> { 90.0, 90.0 }));
    // The clock is in MHz: a relative delta, 1500 / 2000 − 1 = −25 %, and lower is worse.
    const CounterComparison* clock = counterOf(c, QStringLiteral("decode"), kClock);
    QVERIFY(clock);
    QVERIFY(!clock->percent());
    QCOMPARE(clock->busyMean, (QVector<std::optional<double>> { 2000.0, 1500.0 }));
    const auto clockDelta = ComparisonCounters::delta(false, clock->busyMean[0], clock->busyMean[1]);
    QCOMPARE(clockDelta, std::optional<double>(-0.25));
    QCOMPARE(ComparisonCounters::direction(clock->better, clockDelta), -1);
    // DRAM bandwidth is neither better nor worse.
    const CounterComparison* dram = counterOf(c, QStringLiteral("decode"), kDramRead);
    QVERIFY(dram);
    QCOMPARE(dram->busyMean, (QVector<std::optional<double>> { 65.0, 35.0 }));
    QCOMPARE(ComparisonCounters::direction(dram->better, -30.0), 0);
    // PCIe only in the after trace: listed, with no baseline value and no delta.
    const CounterComparison* pcie = counterOf(c, QStringLiteral("decode"), kPcie);
    QVERIFY(pcie);
    QCOMPARE(pcie->present, (QVector<bool> { false, true }));
    QCOMPARE(pcie->onlyIn(), 1);
    QCOMPARE(pcie->busyMean, (QVector<std::optional<double>> { std::nullopt, 10.0 }));
    QVERIFY(!ComparisonCounters::delta(true, pcie->busyMean[0], pcie->busyMean[1]));
    // Every scope lists the baseline's six counters and the after trace's seven: 7 rows per scope.
    QCOMPARE(c.counters.counters.size(), 3 * 7);
}

void TestCompareCounters::boundClassChange()
{
    const Comparison& c = *m_c;
    const CounterScopeComparison* prefill = scopeOf(c, QStringLiteral("prefill"));
    const CounterScopeComparison* decode = scopeOf(c, QStringLiteral("decode"));
    const CounterScopeComparison* window = scopeOf(c, QStringLiteral("window"));
    QVERIFY(prefill && decode && window);
    QCOMPARE(prefill->bound, (QVector<BoundClass> { BoundClass::ComputeBound, BoundClass::ComputeBound }));
    QCOMPARE(prefill->changed, (QVector<bool> { false, false }));
    QVERIFY(prefill->evidence[0].table.isEmpty() && prefill->evidence[1].table.isEmpty());
    QCOMPARE(decode->bound, (QVector<BoundClass> { BoundClass::MemoryBound, BoundClass::ComputeBound }));
    QCOMPARE(decode->changed, (QVector<bool> { false, true }));
    QCOMPARE(decode->kernelBusyNs, (QVector<qint64> { 80'000, 80'000 }));
    QCOMPARE(decode->spanNs, (QVector<qint64> { 100'000, 100'000 }));
    // Window: DRAM (42.5 + 7.5 = 50) ≥ 50 and compute max(40, 40) < 50 → memory-bound; after:
    // compute max(60, 70) = 70 → compute-bound.
    QCOMPARE(window->bound, (QVector<BoundClass> { BoundClass::MemoryBound, BoundClass::ComputeBound }));
    QCOMPARE(window->changed, (QVector<bool> { false, true }));
    // Evidence: the decode kernels of each trace, by plain SQL over each export.
    for (int i = 0; i < 2; ++i) {
        const Evidence& e = decode->evidence[i];
        bool ok = false;
        const auto expected = sl::test::selectFirstColumn(i == 0 ? m_before.path() : m_after.path(),
            QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                           "k.demangledName WHERE s.value = 'flash_attn_kernel'"),
            &ok);
        QVERIFY(ok);
        QCOMPARE(std::set<qint64>(e.rowids.begin(), e.rowids.end()), expected);
        QCOMPARE(window->evidence[i].startNs, c.analyses[i]->window.startNs);
        QCOMPARE(window->evidence[i].deviceId, 0);
    }
}

void TestCompareCounters::rooflinePositions()
{
    const Comparison& c = *m_c;
    QCOMPARE(c.counters.roofline.size(), 2);
    const RooflineComparison* gemm = nullptr;
    const RooflineComparison* attn = nullptr;
    for (const auto& r : c.counters.roofline)
        (r.key == QLatin1String("gemm_kernel") ? gemm : attn) = &r;
    QVERIFY(gemm && attn);
    QCOMPARE(gemm->matchedBy, QStringLiteral("name"));
    const auto& a = gemm->sides[0];
    const auto& b = gemm->sides[1];
    QVERIFY(a.present && b.present);
    // A: 8e8 FLOP / 1e8 B = 8 FLOP/B; 8e8 FLOP in 80 µs = 1e13 FLOP/s; roof min(3.3792e13, 8 × 2e12)
    // = 1.6e13 → 62.5 %. B: 16 FLOP/B, 1.6e13 FLOP/s, roof min(3.3792e13, 3.2e13) → 50 %.
    QCOMPARE(a.arithmeticIntensity, std::optional<double>(8.0));
    QCOMPARE(b.arithmeticIntensity, std::optional<double>(16.0));
    QVERIFY(a.flopsPerSecond && qFuzzyCompare(*a.flopsPerSecond, 1e13));
    QVERIFY(b.flopsPerSecond && qFuzzyCompare(*b.flopsPerSecond, 1.6e13));
    QCOMPARE(a.roofFlopsPerSecond, std::optional<double>(1.6e13));
    QCOMPARE(b.roofFlopsPerSecond, std::optional<double>(3.2e13));
    QVERIFY(a.roofPct && qFuzzyCompare(*a.roofPct, 62.5));
    QVERIFY(b.roofPct && qFuzzyCompare(*b.roofPct, 50.0));
    QCOMPARE(a.smPct, std::optional<double>(40.0));
    QCOMPARE(b.smPct, std::optional<double>(55.0));
    QCOMPARE(ComparisonCounters::delta(true, a.smPct, b.smPct), std::optional<double>(15.0));
    QCOMPARE(ComparisonCounters::delta(true, a.dramPct, b.dramPct), std::optional<double>(-10.0));
    QCOMPARE(
        ComparisonCounters::delta(false, a.arithmeticIntensity, b.arithmeticIntensity), std::optional<double>(1.0));
    const auto roofDelta = ComparisonCounters::delta(true, a.roofPct, b.roofPct);
    QVERIFY(roofDelta && qFuzzyCompare(*roofDelta, -12.5));
    const auto flopsDelta = ComparisonCounters::delta(false, a.flopsPerSecond, b.flopsPerSecond);
    QVERIFY(flopsDelta && qFuzzyCompare(*flopsDelta, 0.6));
    // Attention: profiled in A only, listed with no B side.
    QVERIFY(attn->sides[0].present);
    QVERIFY(!attn->sides[1].present);
    QCOMPARE(attn->sides[0].arithmeticIntensity, std::optional<double>(0.5)); // 2e8 FLOP / 4e8 B
}

void TestCompareCounters::traceWithoutCounters()
{
    ComparisonOptions o;
    const ComparisonPtr c = Comparator::compare({ m_a, m_plainA }, o);
    QVERIFY(c);
    QCOMPARE(c->counters.devices, (QVector<QVector<int>> { { 0 }, {} }));
    QVERIFY(c->counters.perDevice);
    const CounterScopeComparison* decode = scopeOf(*c, QStringLiteral("decode"));
    QVERIFY(decode);
    QCOMPARE(decode->present, (QVector<bool> { true, false }));
    QCOMPARE(decode->changed, (QVector<bool> { false, false }));
    const CounterComparison* active = counterOf(*c, QStringLiteral("decode"), kSmActive);
    QVERIFY(active);
    QCOMPARE(active->onlyIn(), 0);
    QCOMPARE(active->busyMean, (QVector<std::optional<double>> { 50.0, std::nullopt }));
    // The plain trace has no ncu data: the baseline's kernels are listed with an empty side.
    QCOMPARE(c->counters.roofline.size(), 2);
    for (const auto& r : c->counters.roofline)
        QVERIFY(!r.sides[1].present);
    // And the other way round (the plain trace as the baseline) writes both reports.
    o.baseline = 1;
    const ComparisonPtr d = Comparator::compare({ m_a, m_plainA }, o);
    QVERIFY(d);
    QVERIFY(!ComparisonMarkdownReport::build(*d).isEmpty());
    const QJsonObject json = ComparisonJsonReport::build(*d);
    QCOMPARE(json.value(QStringLiteral("counters")).toObject().value(QStringLiteral("counters")).toArray().size(),
        c->counters.counters.size());
}

void TestCompareCounters::differentGpuCounts()
{
    ComparisonOptions o;
    const ComparisonPtr c = Comparator::compare({ m_a, m_twoGpusA }, o);
    QVERIFY(c);
    QVERIFY(!c->counters.perDevice);
    QCOMPARE(c->counters.devices, (QVector<QVector<int>> { { 0 }, { 0, 1 } }));
    for (const auto& s : c->counters.scopes)
        QCOMPARE(s.gpu, -1);
    // Decode SMs Active over both GPUs: each covers 80 µs of kernel time, so (50 + 30) / 2 = 40;
    // no p90 over several GPUs, the single-GPU baseline keeps its own.
    const CounterComparison* active = counterOf(*c, QStringLiteral("decode"), kSmActive, -1);
    QVERIFY(active);
    QCOMPARE(active->busyMean, (QVector<std::optional<double>> { 50.0, 40.0 }));
    QCOMPARE(active->busyP90, (QVector<std::optional<double>> { 60.0, std::nullopt }));
    const CounterScopeComparison* decode = scopeOf(*c, QStringLiteral("decode"), -1);
    QVERIFY(decode);
    QCOMPARE(decode->kernelBusyNs, (QVector<qint64> { 80'000, 160'000 }));
    QCOMPARE(decode->bound, (QVector<BoundClass> { BoundClass::MemoryBound, BoundClass::MemoryBound }));
    QCOMPARE(c->counters.gpuLabel(-1), QStringLiteral("all GPUs"));

    // Against the after trace (compute-bound window) the two-GPU window changes class; its
    // evidence over all GPUs is every in-window kernel: 2 in the after trace, 4 on two GPUs.
    const ComparisonPtr d = Comparator::compare({ m_b, m_twoGpusA }, o);
    QVERIFY(d);
    const CounterScopeComparison* window = scopeOf(*d, QStringLiteral("window"), -1);
    QVERIFY(window);
    QCOMPARE(window->bound, (QVector<BoundClass> { BoundClass::ComputeBound, BoundClass::MemoryBound }));
    QCOMPARE(window->changed, (QVector<bool> { false, true }));
    QCOMPARE(window->evidence[0].rowids.size(), size_t(2));
    QCOMPARE(window->evidence[1].rowids.size(), size_t(4));
}

void TestCompareCounters::nvmlCountsToo()
{
    // NVML samples reach the analysis as figures with nvml set (CounterAnalysis::attach): a clock
    // of 1400 MHz over decode's kernel time in the baseline, 1750 MHz after (+25 %, better).
    auto withNvml = [](const AnalysisPtr& a, double mhz) {
        auto r = std::make_shared<AnalysisResult>(*a);
        for (CounterScope& s : r->counters.scopes)
            if (s.scope == QLatin1String("decode")) {
                CounterFigure f;
                f.name = QStringLiteral("SM Clock [MHz]");
                f.unit = QStringLiteral("MHz");
                f.nvml = true;
                f.busy.coveredNs = s.kernelBusyNs;
                f.busy.mean = f.busy.p90 = f.busy.max = mhz;
                f.whole = f.busy;
                s.figures.append(f);
            }
        return AnalysisPtr(r);
    };
    const ComparisonPtr c = Comparator::compare({ withNvml(m_a, 1400), withNvml(m_b, 1750) }, ComparisonOptions {});
    QVERIFY(c);
    const CounterComparison* clock = counterOf(*c, QStringLiteral("decode"), QStringLiteral("SM Clock [MHz]"));
    QVERIFY(clock);
    QVERIFY(clock->nvml);
    QCOMPARE(clock->busyMean, (QVector<std::optional<double>> { 1400.0, 1750.0 }));
    const auto d = ComparisonCounters::delta(clock->percent(), clock->busyMean[0], clock->busyMean[1]);
    QCOMPARE(d, std::optional<double>(0.25));
    QCOMPARE(ComparisonCounters::direction(clock->better, d), 1);
    // GPU metrics first, then NVML: the NVML row is the decode scope's last.
    const CounterComparison* last = nullptr;
    for (const auto& k : c->counters.counters)
        if (k.scope == QLatin1String("decode"))
            last = &k;
    QCOMPARE(last, clock);
    bool found = false;
    for (const auto& v : ComparisonJsonReport::build(*c)
                             .value(QStringLiteral("counters"))
                             .toObject()
                             .value(QStringLiteral("counters"))
                             .toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("name")).toString() != QLatin1String("SM Clock [MHz]"))
            continue;
        found = true;
        QCOMPARE(o.value(QStringLiteral("source")).toString(), QStringLiteral("nvml"));
        QCOMPARE(o.value(QStringLiteral("delta")).toString(), QStringLiteral("relative"));
        QCOMPARE(o.value(QStringLiteral("busy_mean_deltas")).toArray(), (QJsonArray { 0.0, 0.25 }));
    }
    QVERIFY(found);
}

void TestCompareCounters::jsonKeys()
{
    const QJsonObject root = ComparisonJsonReport::build(*m_c);
    QCOMPARE(root.value(QStringLiteral("format_version")).toInt(), ComparisonJsonReport::kFormatVersion);
    const QJsonObject counters = root.value(QStringLiteral("counters")).toObject();
    QCOMPARE(keysOf(counters),
        (QSet<QString> { QStringLiteral("gpu_pairing"), QStringLiteral("devices"), QStringLiteral("scopes"),
            QStringLiteral("counters"), QStringLiteral("roofline") }));
    QCOMPARE(counters.value(QStringLiteral("gpu_pairing")).toString(), QStringLiteral("slot"));
    const QJsonObject scope = counters.value(QStringLiteral("scopes")).toArray().at(2).toObject();
    QCOMPARE(keysOf(scope),
        (QSet<QString> { QStringLiteral("kind"), QStringLiteral("scope"), QStringLiteral("gpu"),
            QStringLiteral("device_ids"), QStringLiteral("bound"), QStringLiteral("bound_changed"),
            QStringLiteral("span_ns"), QStringLiteral("kernel_busy_ns"), QStringLiteral("evidence") }));
    QCOMPARE(scope.value(QStringLiteral("scope")).toString(), QStringLiteral("decode"));
    QCOMPARE(scope.value(QStringLiteral("bound")).toArray(),
        (QJsonArray { QStringLiteral("memory-bound"), QStringLiteral("compute-bound") }));
    QCOMPARE(scope.value(QStringLiteral("bound_changed")).toArray(), (QJsonArray { false, true }));
    QVERIFY(scope.value(QStringLiteral("evidence")).toArray().at(1).isObject());

    QJsonObject active, pcie;
    for (const auto& v : counters.value(QStringLiteral("counters")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("scope")).toString() != QLatin1String("decode"))
            continue;
        if (o.value(QStringLiteral("name")).toString() == kSmActive)
            active = o;
        if (o.value(QStringLiteral("name")).toString() == kPcie)
            pcie = o;
    }
    QCOMPARE(keysOf(active),
        (QSet<QString> { QStringLiteral("kind"), QStringLiteral("scope"), QStringLiteral("gpu"), QStringLiteral("name"),
            QStringLiteral("unit"), QStringLiteral("source"), QStringLiteral("delta"), QStringLiteral("better"),
            QStringLiteral("present"), QStringLiteral("only_in"), QStringLiteral("busy_mean"),
            QStringLiteral("busy_p90"), QStringLiteral("busy_mean_deltas"), QStringLiteral("busy_p90_deltas") }));
    QCOMPARE(active.value(QStringLiteral("source")).toString(), QStringLiteral("gpu_metrics"));
    QCOMPARE(active.value(QStringLiteral("delta")).toString(), QStringLiteral("points"));
    QCOMPARE(active.value(QStringLiteral("better")).toString(), QStringLiteral("higher"));
    QCOMPARE(active.value(QStringLiteral("busy_mean")).toArray(), (QJsonArray { 50.0, 80.0 }));
    QCOMPARE(active.value(QStringLiteral("busy_mean_deltas")).toArray(), (QJsonArray { 0.0, 30.0 }));
    QCOMPARE(active.value(QStringLiteral("busy_p90_deltas")).toArray(), (QJsonArray { 0.0, 30.0 }));
    QVERIFY(active.value(QStringLiteral("only_in")).isNull());
    QCOMPARE(pcie.value(QStringLiteral("only_in")).toInt(), 1);
    QCOMPARE(pcie.value(QStringLiteral("present")).toArray(), (QJsonArray { false, true }));
    QVERIFY(pcie.value(QStringLiteral("busy_mean_deltas")).toArray().at(1).isNull());

    const QJsonArray roofline = counters.value(QStringLiteral("roofline")).toArray();
    QCOMPARE(roofline.size(), 2);
    // Equal kernel times: groups in key order, flash_attn_kernel before gemm_kernel.
    QCOMPARE(roofline.at(0).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("flash_attn_kernel"));
    const QJsonObject gemm = roofline.at(1).toObject();
    QCOMPARE(keysOf(gemm),
        (QSet<QString> { QStringLiteral("matched_by"), QStringLiteral("key"), QStringLiteral("category"),
            QStringLiteral("traces") }));
    const QJsonObject side = gemm.value(QStringLiteral("traces")).toArray().at(1).toObject();
    QCOMPARE(keysOf(side),
        (QSet<QString> { QStringLiteral("present"), QStringLiteral("name"), QStringLiteral("short_name"),
            QStringLiteral("device_id"), QStringLiteral("trace_ns"), QStringLiteral("arithmetic_intensity"),
            QStringLiteral("achieved_flops_per_s"), QStringLiteral("roof_flops_per_s"), QStringLiteral("roof_pct"),
            QStringLiteral("dram_throughput_pct"), QStringLiteral("sm_throughput_pct"), QStringLiteral("deltas") }));
    QCOMPARE(side.value(QStringLiteral("arithmetic_intensity")).toDouble(), 16.0);
    const QJsonObject deltas = side.value(QStringLiteral("deltas")).toObject();
    QCOMPARE(keysOf(deltas),
        (QSet<QString> { QStringLiteral("arithmetic_intensity"), QStringLiteral("achieved_flops_per_s"),
            QStringLiteral("roof_pct"), QStringLiteral("dram_throughput_pct"), QStringLiteral("sm_throughput_pct") }));
    QCOMPARE(deltas.value(QStringLiteral("sm_throughput_pct")).toDouble(), 15.0);
    QCOMPARE(deltas.value(QStringLiteral("arithmetic_intensity")).toDouble(), 1.0);
    // The attention kernel has no ncu data in B: {present: false} only.
    const QJsonObject missing = roofline.at(0).toObject().value(QStringLiteral("traces")).toArray().at(1).toObject();
    QCOMPARE(missing, (QJsonObject { { QStringLiteral("present"), false } }));
}

void TestCompareCounters::markdownSection()
{
    const QString md = ComparisonMarkdownReport::build(*m_c);
    QVERIFY(md.contains(QStringLiteral("## Hardware counters")));
    QVERIFY(md.contains(QStringLiteral("| decode | GPU 0 | memory-bound | compute-bound | **changed** |")));
    QVERIFY2(md.contains(QStringLiteral("| decode | GPU 0 | SMs Active [Throughput %] | 50.0 % (p90 60.0 %) | "
                                        "80.0 % (p90 90.0 %) | +30.0 pp |")),
        qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("| decode | GPU 0 | GPC Clock Frequency [MHz] | 2000 MHz (p90 2000 MHz) | "
                                       "1500 MHz (p90 1500 MHz) | −25.0 % |")));
    QVERIFY(md.contains(QStringLiteral("PCIe RX Throughput [Throughput %] — only in after")));
    QVERIFY(md.contains(QStringLiteral("### Roofline positions (Nsight Compute)")));
    QVERIFY(md.contains(
        QStringLiteral("| `gemm_kernel` | arithmetic intensity | 8.00 FLOP/B | 16.00 FLOP/B | +100.0 % |")));
    QVERIFY(md.contains(QStringLiteral("| `gemm_kernel` | % of roof | 62.5 % | 50.0 % | −12.5 pp |")));
    QVERIFY(md.contains(QStringLiteral("| `flash_attn_kernel` | SM throughput | 20.0 % | no ncu data | – |")));
}

QTEST_GUILESS_MAIN(TestCompareCounters)
#include "tst_comparecounters.moc"
