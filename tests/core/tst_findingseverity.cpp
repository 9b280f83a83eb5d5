// SPDX-License-Identifier: MIT
// One finding convention: every producer's severity follows Finding::severityForShare, whose
// bands are the constants of specrules.h. Each case builds the impact at a band edge from those
// constants (the smallest count whose share reaches the band, and one less), so changing a band
// in specrules.h moves every producer's finding with it, and a producer with bands of its own
// fails here. One finding of each kind: serving, efficiency, hardware counters, Nsight Compute,
// data quality.
#include "core/analysis/analysisresult.h"
#include "core/analysis/counters/counteranalysis.h"
#include "core/analysis/counters/ncuanalysis.h"
#include "core/analysis/findings/dataqualityfindings.h"
#include "core/analysis/findings/servingfindings.h"
#include "core/analysis/passes/efficiencyanalysis.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/tablenames.h"

#include <QtTest>

#include <cmath>

using namespace sl;
using Severity = Finding::Severity;

namespace {

/// The smallest n with n / total ≥ share: the count at the band's lower edge.
qint64 edge(double share, qint64 total)
{
    auto n = qint64(std::floor(share * double(total)));
    while (double(n) / double(total) < share)
        ++n;
    while (n > 0 && double(n - 1) / double(total) >= share)
        --n;
    return n;
}

/// The finding with `id` in `r`, or null.
const Finding* find(const AnalysisResult& r, const QString& id)
{
    for (const Finding& f : r.findings)
        if (f.id == id)
            return &f;
    return nullptr;
}

/// A result over `trace` (taken over) and a full window of `windowNs` ns starting at 0.
std::shared_ptr<AnalysisResult> emptyResult(qint64 windowNs, Trace* trace)
{
    auto r = std::make_shared<AnalysisResult>();
    r->trace = TracePtr(trace);
    r->window.startNs = 0;
    r->window.endNs = windowNs;
    return r;
}

} // namespace

class TestFindingSeverity : public QObject
{
    Q_OBJECT
private slots:
    void bands_data();
    void bands();
    void serving_data();
    void serving();
    void efficiency_data();
    void efficiency();
    void counters_data();
    void counters();
    void ncu_data();
    void ncu();
    void dataQuality_data();
    void dataQuality();

private:
    /// Rows (share edges of a total of 1000): the count and the severity it must get, the floor
    /// of the producer's rule applied.
    static void edgeRows(Severity floor);
};

void TestFindingSeverity::edgeRows(Severity floor)
{
    QTest::addColumn<qint64>("count");
    QTest::addColumn<Severity>("expected");
    const qint64 total = 1000;
    const std::pair<double, Severity> bands[] = { { spec::kSeverityHighShare, Severity::High },
        { spec::kSeverityMediumShare, Severity::Medium }, { spec::kSeverityLowShare, Severity::Low } };
    for (const auto& [share, severity] : bands) {
        const qint64 n = edge(share, total);
        const Severity below = Severity(int(severity) - 1);
        QTest::addRow("at %s", qPrintable(Finding::severityName(severity))) << n << std::max(floor, severity);
        QTest::addRow("under %s", qPrintable(Finding::severityName(severity))) << n - 1 << std::max(floor, below);
    }
}

void TestFindingSeverity::bands_data() { edgeRows(Severity::Info); }

void TestFindingSeverity::bands()
{
    QFETCH(qint64, count);
    QFETCH(Severity, expected);
    QCOMPARE(Finding::severityForShare(double(count) / 1000.0), expected);
    // setImpact: the share of the window, 0 for an empty window.
    Finding f;
    AnalysisWindow w;
    w.startNs = 5'000;
    w.endNs = 5'000 + 1000;
    f.setImpact(count, w);
    QCOMPARE(f.impactNs, count);
    QCOMPARE(f.impactShare, double(count) / 1000.0);
    w.endNs = w.startNs;
    f.setImpact(count, w);
    QCOMPARE(f.impactShare, 0.0);
}

void TestFindingSeverity::serving_data() { edgeRows(Severity::Low); }

void TestFindingSeverity::serving()
{
    // decode-host-overhead: kMinDecodeSteps decode steps with no GPU work at all (every step all
    // idle); impact = their idle time = their total time. Window 1000 × kMinDecodeSteps × 1 µs,
    // so `count` µs of idle per step is a share of count / 1000.
    QFETCH(qint64, count);
    QFETCH(Severity, expected);
    const qint64 steps = spec::kMinDecodeSteps;
    const qint64 stepNs = count * 1'000;
    auto* t = new Trace;
    auto r = emptyResult(1000 * steps * 1'000, t);
    ServingSteps& s = r->serving.steps;
    for (qint64 i = 0; i < steps; ++i) {
        t->nvtx.rowid.push_back(i + 1);
        t->nvtx.start.push_back(i * stepNs);
        t->nvtx.end.push_back((i + 1) * stepNs);
        s.range.push_back(quint32(i));
        s.pid.push_back(4242);
        s.device.push_back(0);
        s.cls.push_back(StepComposition::Decode);
        s.scheme.push_back(0);
        for (auto* v : { &s.ctxReqs, &s.ctxTokens, &s.genTokens })
            v->push_back(0);
        s.genReqs.push_back(8);
        s.start.push_back(i * stepNs);
        s.end.push_back((i + 1) * stepNs);
        for (auto* v : { &s.busyNs, &s.kernelNs, &s.hostNs })
            v->push_back(0);
        s.kernelCount.push_back(0);
    }
    ServingFindings::run(*r, r->findings);
    const Finding* f = find(*r, QStringLiteral("decode-host-overhead"));
    QVERIFY(f);
    QCOMPARE(f->impactNs, steps * stepNs);
    QCOMPARE(f->severity, expected);
}

void TestFindingSeverity::efficiency_data() { edgeRows(Severity::Low); }

void TestFindingSeverity::efficiency()
{
    // exposed-communication: one GPU's communication overlapping nothing for `count` ns of a
    // 1000 ns window (impact = the exposed time).
    QFETCH(qint64, count);
    QFETCH(Severity, expected);
    auto r = emptyResult(1000, new Trace);
    CommOverlap o;
    o.deviceId = 0;
    o.phase = -1;
    o.kernels = 1;
    o.commNs = count;
    r->efficiency.overlap.append(o);
    const QVector<Finding> findings = EfficiencyAnalysis::findings(*r);
    const Finding* f = nullptr;
    for (const Finding& x : findings)
        if (x.id == QLatin1String("exposed-communication"))
            f = &x;
    // Below kExposedCommShare the rule does not fire at all.
    if (double(count) < spec::kExposedCommShare * 1000.0) {
        QVERIFY(!f);
        return;
    }
    QVERIFY(f);
    QCOMPARE(f->impactNs, count);
    QCOMPARE(f->impactShare, double(count) / 1000.0);
    QCOMPARE(f->severity, expected);
}

void TestFindingSeverity::counters_data() { edgeRows(Severity::Low); }

void TestFindingSeverity::counters()
{
    // counters-clock-throttle: one kernel busy over the whole 1 ms window on GPU 0, and a GPC
    // clock sampled every 1 µs (each sample covers the µs ending at its timestamp) at 1980 MHz,
    // except the first `count` samples at half that. Impact = kernel time × the share of time
    // below kThrottleClockShare of the peak = count µs: a share of count / 1000.
    QFETCH(qint64, count);
    QFETCH(Severity, expected);
    const qint64 windowNs = 1'000'000;
    auto* t = new Trace;
    t->kernels.rowid.push_back(1);
    t->kernels.start = { 0 };
    t->kernels.dur.push_back(0, windowNs);
    t->kernels.device = { 0 };
    t->kernelsByDevice[0] = { 0 };
    auto r = emptyResult(windowNs, t);
    r->kernelInWindow = { true };
    r->kernelPhase = { -1 };
    r->kernelRange = { -1 };
    DeviceStats d;
    d.deviceId = 0;
    d.computeBusyNs = windowNs;
    r->devices.append(d);
    CounterSet extra;
    CounterSeries clock;
    clock.deviceId = 0;
    clock.name = QStringLiteral("GPC Clock Frequency [MHz]");
    clock.unit = CounterSeries::unitOf(clock.name);
    for (qint64 i = 1; i <= 1000; ++i) {
        clock.t.push_back(i * 1'000);
        clock.v.push_back(i <= count ? 990.f : 1980.f);
    }
    clock.finish();
    extra.series.append(clock);
    CounterAnalysis::run(*r, extra);
    const Finding* f = find(*r, QStringLiteral("counters-clock-throttle"));
    // Throttling needs more than kThrottleTimeShare of the time below the clock.
    if (double(count) <= spec::kThrottleTimeShare * 1000.0) {
        QVERIFY(!f);
        return;
    }
    QVERIFY(f);
    QCOMPARE(f->impactNs, count * 1'000);
    QCOMPARE(f->severity, expected);
}

void TestFindingSeverity::ncu_data() { edgeRows(Severity::Low); }

void TestFindingSeverity::ncu()
{
    // ncu-low-achieved-occupancy: the window's only kernel, `count` µs of a 1 ms window, profiled
    // once with 0 % achieved of a theoretical 100 %: impact = its time × (1 − 0 / 100).
    QFETCH(qint64, count);
    QFETCH(Severity, expected);
    auto* t = new Trace;
    const quint32 name = t->strings.intern(QStringLiteral("void gemm_kernel<128>(Params)"));
    LaunchConfig config;
    config.gridX = config.gridY = config.gridZ = 1;
    config.blockX = 128, config.blockY = config.blockZ = 1;
    t->kernels.rowid.push_back(1);
    t->kernels.start = { 0 };
    t->kernels.dur.push_back(0, count * 1'000);
    t->kernels.device = { 0 };
    t->kernels.name = t->kernels.shortName = { name };
    t->kernels.config = { t->configs.intern(config) };
    t->kernelsByDevice[0] = { 0 };
    auto r = emptyResult(1'000'000, t);
    r->kernelInWindow = { true };
    KernelSummary k;
    k.name = k.shortName = name;
    k.count = 1;
    k.totalNs = count * 1'000;
    r->kernels.append(k);
    r->kernelNs = k.totalNs;
    NcuReport report;
    NcuLaunch launch;
    launch.id = 0;
    launch.kernelName = QStringLiteral("void gemm_kernel<128>(Params)");
    launch.achievedOccupancyPct = 0;
    launch.theoreticalOccupancyPct = 100;
    report.launches.append(launch);
    QCOMPARE(NcuAnalysis::run(*r, report).match.matched, qint64(1));
    const Finding* f = find(*r, QStringLiteral("ncu-low-achieved-occupancy"));
    QVERIFY(f);
    QCOMPARE(f->impactNs, count * 1'000);
    QCOMPARE(f->severity, expected);
}

void TestFindingSeverity::dataQuality_data() { edgeRows(Severity::Low); }

void TestFindingSeverity::dataQuality()
{
    // data-quality-missing-string: `count` of 1000 kernel rows name a string id StringIds lacks
    // (kept rows, floor low); the share is that of the kernel table's rows.
    QFETCH(qint64, count);
    QFETCH(Severity, expected);
    auto* t = new Trace;
    for (qint64 i = 0; i < 1000; ++i) {
        t->kernels.rowid.push_back(i + 1);
        t->kernels.start.push_back(i * 1'000);
        t->kernels.dur.push_back(i * 1'000, i * 1'000 + 500);
        t->kernels.device.push_back(0);
        if (i < count)
            t->dataQuality.add(DataQuality::Rule::MissingString, tables::kKernel, i + 1);
    }
    t->dataQuality.finish(QStringLiteral("demangledName"));
    auto r = emptyResult(1'000'000, t);
    DataQualityFindings::append(*r);
    const Finding* f = find(*r, QStringLiteral("data-quality-missing-string"));
    if (count == 0) {
        QVERIFY(!f);
        return;
    }
    QVERIFY(f);
    QCOMPARE(f->impactNs, 0);
    QCOMPARE(f->severity, expected);
}

QTEST_GUILESS_MAIN(TestFindingSeverity)
#include "tst_findingseverity.moc"
