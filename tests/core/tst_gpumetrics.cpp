// SPDX-License-Identifier: MIT
// GPU metrics read from exports with the nsys schema (issue 11): a synthetic export's series and
// per-phase figures recomputed by plain SQL, the guards taken from real exports (transient metric
// types, clocks stored in Hz, the 35 metric names of a B200), and reading in rowid ranges.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/synth/synthgpumetrics.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace sl;

class TestGpuMetrics : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void gpuMetricsFromExportEqualSql();
    void gpuMetricsPerPhase();
    void gpuMetricsRealWorldGuards();
    void gpuMetricsInRowidRanges();
    void b200MetricNames();

private:
    QTemporaryDir m_dir;
    QString m_export;
    TracePtr m_trace;
};

void TestGpuMetrics::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_export = m_dir.filePath(QStringLiteral("metrics.sqlite"));
    SynthOptions o;
    o.steps = 40;
    o.ranks = 2;
    o.gpuMetricsPeriodNs = 100'000; // 10 kHz
    const SynthResult w = writeSynthTrace(m_export, o, {});
    QVERIFY2(w.ok, qPrintable(w.error));
    const LoadOutcome out = TraceLoader::loadSync(m_export);
    QVERIFY2(out.ok(), qPrintable(out.message));
    m_trace = out.trace;
}

void TestGpuMetrics::gpuMetricsFromExportEqualSql()
{
    QVERIFY(m_trace);
    const CounterSet& c = m_trace->counters;
    QCOMPARE(c.devices(), (QVector<int> { 0, 1 }));
    QCOMPARE(c.series.size(), 2 * SynthGpuMetrics::metricNames().size());
    // Device 1's metric ids are rotated: the join on (typeId, metricId) must still name them right.
    const CounterSeries* clock1 = c.find(1, QStringLiteral("GPC Clock Frequency"));
    QVERIFY(clock1);
    QCOMPARE(*std::min_element(clock1->v.begin(), clock1->v.end()), 1980.0f);
    QCOMPARE(*std::max_element(clock1->v.begin(), clock1->v.end()), 1980.0f);

    AnalysisOptions o;
    const AnalysisPtr r = Analyzer::analyze(m_trace, o);
    QVERIFY(r);
    const CounterScope* window = nullptr;
    for (const auto& s : r->counters.scopes)
        if (s.deviceId == 1 && s.kind == CounterScope::Kind::Window)
            window = &s;
    QVERIFY(window);
    const CounterFigure* active = nullptr;
    for (const auto& f : window->figures)
        if (f.name.startsWith(QLatin1String("SMs Active")))
            active = &f;
    QVERIFY(active);
    // Independently: SQL over GPU_METRICS joined on both ids, weights from the 100 µs periods
    // clipped to the window (each sample holds the period ending at its timestamp).
    const auto samples = sl::test::selectRows(m_export,
        QStringLiteral("SELECT m.timestamp, m.value FROM GPU_METRICS m JOIN "
                       "TARGET_INFO_GPU_METRICS n ON n.typeId = m.typeId AND n.metricId = "
                       "m.metricId WHERE (m.typeId & 255) = 1 AND n.metricName LIKE 'SMs Active%' "
                       "ORDER BY m.timestamp"),
        2);
    QVERIFY(samples.size() > 100);
    const qint64 w0 = r->window.startNs, w1 = r->window.endNs;
    double sum = 0;
    qint64 covered = 0;
    for (const auto& s : samples) {
        const qint64 a = std::max(s[0] - 100'000, w0), b = std::min(s[0], w1);
        if (b > a) {
            sum += double(s[1]) * double(b - a);
            covered += b - a;
        }
    }
    QCOMPARE(active->whole.coveredNs, covered);
    QVERIFY(std::abs(active->whole.mean - sum / double(covered)) < 1e-9);
}

void TestGpuMetrics::gpuMetricsPerPhase()
{
    QVERIFY(m_trace);
    const AnalysisPtr r = Analyzer::analyze(m_trace, AnalysisOptions {});
    QVERIFY(r);
    // The synthetic ranks run prefill and decode steps: each device gets a scope per phase, and
    // a phase's kernel time is at most its span.
    QStringList phases;
    for (const auto& s : r->counters.scopes) {
        QVERIFY(s.kernelBusyNs <= s.spanNs);
        if (s.deviceId == 0 && s.kind == CounterScope::Kind::Phase)
            phases << s.scope;
        for (const auto& f : s.figures) {
            QVERIFY(f.whole.mean >= 0);
            if (f.unit == QLatin1String("%"))
                QVERIFY2(f.whole.p90 <= 100, qPrintable(f.name));
        }
    }
    QVERIFY2(phases.contains(QStringLiteral("prefill")), qPrintable(phases.join(QLatin1Char(','))));
    QVERIFY2(phases.contains(QStringLiteral("decode")), qPrintable(phases.join(QLatin1Char(','))));
    // The generator's model (SynthGpuMetrics): decode GEMMs have fewer CTAs than SMs and stream
    // weights (DRAM read 85 % while they run, tensor 8 %), prefill GEMMs fill the SMs (tensor 60 %,
    // issue 70 %): the classes must come out as on a real GPU, and decode gets its finding.
    for (const auto& s : r->counters.scopes) {
        if (s.kind != CounterScope::Kind::Phase)
            continue;
        if (s.scope == QLatin1String("decode"))
            QCOMPARE(s.bound, BoundClass::MemoryBound);
        if (s.scope == QLatin1String("prefill"))
            QCOMPARE(s.bound, BoundClass::ComputeBound);
    }
    bool memoryFinding = false;
    for (const auto& f : r->findings)
        memoryFinding = memoryFinding || f.id == QLatin1String("counters-memory-bound");
    QVERIFY(memoryFinding);
}

void TestGpuMetrics::gpuMetricsRealWorldGuards()
{
    // Two facts from real exports (docs/analysis.md "GPU metrics"): a transient second typeId of
    // the same GPU (another event tag, GPU byte 0) with two samples beside the real stream, and a
    // "[MHz]" clock whose values are Hz. GPU 0, samples every 1 µs from 1 to 10 µs: SMs Active 40,
    // the clock 1,980,000,000 (Hz); the transient type: SMs Active 99 at 3 and 4 µs.
    test::TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA L40S"));
    fx.kernel(0, 10'000, 0, 7, 1, 100, QStringLiteral("gemm"));
    fx.gpuMetricsTables();
    const qint64 real = test::TraceFixture::gpuMetricTypeId(0);
    const qint64 transient = test::TraceFixture::gpuMetricTypeId(0, 0x01F4B7);
    fx.exec(
        QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (%1, 2, 'AD102', 0, 'GPC Clock Frequency [MHz]'), "
                       "(%1, 2, 'AD102', 14, 'SMs Active [Throughput %]'), (%2, 2, 'AD102', 14, 'SMs Active "
                       "[Throughput %]');"
                       "INSERT INTO GPU_METRICS VALUES (3000, %2, 14, 99), (4000, %2, 14, 99);")
            .arg(real)
            .arg(transient));
    QStringList rows;
    for (int i = 1; i <= 10; ++i)
        rows << QStringLiteral("(%1, %2, 0, 1980000000)").arg(i * 1000).arg(real)
             << QStringLiteral("(%1, %2, 14, 40)").arg(i * 1000).arg(real);
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS VALUES %1;").arg(rows.join(QLatin1Char(','))));
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    const CounterSet& c = trace->counters;
    QCOMPARE(c.series.size(), 2); // the transient type's series is set aside
    const CounterSeries* active = c.find(0, QStringLiteral("SMs Active"));
    QVERIFY(active);
    QCOMPARE(active->size(), 10);
    QCOMPARE(*std::max_element(active->v.begin(), active->v.end()), 40.0f);
    const CounterSeries* clock = c.find(0, QStringLiteral("GPC Clock Frequency"));
    QVERIFY(clock);
    QCOMPARE(clock->v.front(), 1980.0f);
    QCOMPARE(clock->v.back(), 1980.0f);
    const QString notes = c.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("2 GPU metric samples under a second metric type")), qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("converted")) && notes.contains(QStringLiteral("GPC Clock Frequency [MHz]")),
        qPrintable(notes));
    // The window's mean over kernel time is the real stream's 40, untouched by the transient 99s.
    const AnalysisPtr a = test::analyzeWindow(trace, QStringLiteral("0:10000"));
    QVERIFY(a && !a->counters.scopes.isEmpty());
    const CounterFigure* f = test::counterFigure(a->counters.scopes.front(), QStringLiteral("SMs Active"));
    QVERIFY(f);
    QCOMPARE(f->busy.mean, 40.0);

    // A plausible MHz clock (1,980) is left as it is: the same export with MHz values.
    test::TraceFixture mhz;
    mhz.gpu(0, QStringLiteral("NVIDIA L40S"));
    mhz.gpuMetricsTables();
    mhz.exec(
        QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (%1, 2, 'AD102', 0, 'GPC Clock Frequency [MHz]');"
                       "INSERT INTO GPU_METRICS VALUES (1000, %1, 0, 1980), (2000, %1, 0, 2520);")
            .arg(real));
    const TracePtr t2 = test::loadFixture(mhz);
    QVERIFY(t2);
    QCOMPARE(t2->counters.series.size(), 1);
    QCOMPARE(t2->counters.series.front().v.back(), 2520.0f);
    QVERIFY(!t2->counters.notes.join(QLatin1Char(' ')).contains(QStringLiteral("converted")));
}

void TestGpuMetrics::gpuMetricsInRowidRanges()
{
    // The same export read by three range readers (a range from 1,000 rows on) must give exactly
    // the series of the one scan in initTestCase: ranges are concatenated in rowid order.
    QVERIFY(m_trace);
    const auto rows = sl::test::selectRows(m_export, QStringLiteral("SELECT COUNT(*) FROM GPU_METRICS"), 1);
    QVERIFY(rows[0][0] > 3'000); // enough rows for three ranges
    LoadOptions options;
    options.metricsReaders = 3;
    options.metricsRowsPerRange = 1'000;
    const LoadOutcome ranged = TraceLoader::loadSync(m_export, options);
    QVERIFY2(ranged.ok(), qPrintable(ranged.message));
    const CounterSet& a = m_trace->counters;
    const CounterSet& b = ranged.trace->counters;
    QCOMPARE(b.series.size(), a.series.size());
    qint64 samples = 0;
    for (qsizetype i = 0; i < a.series.size(); ++i) {
        QCOMPARE(b.series[i].name, a.series[i].name);
        QCOMPARE(b.series[i].deviceId, a.series[i].deviceId);
        QVERIFY(b.series[i].t == a.series[i].t);
        QVERIFY(b.series[i].v == a.series[i].v);
        QVERIFY(b.series[i].prefix == a.series[i].prefix);
        samples += b.series[i].size();
    }
    QCOMPARE(samples, rows[0][0]); // every row once
    QCOMPARE(b.notes, a.notes);
}

void TestGpuMetrics::b200MetricNames()
{
    // The metric names of a real B200 export (TARGET_INFO_GPU_METRICS as listed in
    // liyanc/Flash3DTransformer, doc/modelwise_profiling.md), in that list's order, as metric ids
    // 0–34 of GPU 0. Samples every 1 µs over a 10 µs kernel: DRAM Read 70 %, DRAM Write 10 %,
    // SM Issue 5 %, Tensor Active 2 %, and 90 in every other series — so a rule that read
    // "Compute Warps in Flight [Avg Warps per Cycle]" or "[Avg]" as a percentage, or summed the
    // three "Unallocated Warps" series, would class the stretch differently.
    const QStringList names { QStringLiteral("Async Compute in Flight [Throughput %]"),
        QStringLiteral("Async Copy Engine Active 0 [Throughput %]"),
        QStringLiteral("Async Copy Engine Active 0 [Workloads]"),
        QStringLiteral("Async Copy Engine Active 1 [Throughput %]"),
        QStringLiteral("Async Copy Engine Active 1 [Workloads]"),
        QStringLiteral("Async Copy Engine Active 2 [Throughput %]"),
        QStringLiteral("Async Copy Engine Active 2 [Workloads]"),
        QStringLiteral("Compute Warps in Flight [Avg Warps per Cycle]"),
        QStringLiteral("Compute Warps in Flight [Avg]"), QStringLiteral("Compute Warps in Flight [Throughput %]"),
        QStringLiteral("DRAM Read Bandwidth [Throughput %]"), QStringLiteral("DRAM Write Bandwidth [Throughput %]"),
        QStringLiteral("GPC Clock Frequency [MHz]"), QStringLiteral("GR Active [Throughput %]"),
        QStringLiteral("GR Active [Workloads]"), QStringLiteral("PCIe RX Throughput [Throughput %]"),
        QStringLiteral("PCIe Read Requests to BAR1 [Requests]"), QStringLiteral("PCIe TX Throughput [Throughput %]"),
        QStringLiteral("PCIe Write Requests to BAR1 [Requests]"),
        QStringLiteral("Pixel Warps in Flight [Avg Warps per Cycle]"), QStringLiteral("Pixel Warps in Flight [Avg]"),
        QStringLiteral("Pixel Warps in Flight [Throughput %]"), QStringLiteral("SM Issue [Throughput %]"),
        QStringLiteral("SMs Active [Throughput %]"), QStringLiteral("SYS Clock Frequency [MHz]"),
        QStringLiteral("Sync Compute in Flight [Throughput %]"),
        QStringLiteral("Sync Copy Engine Active [Throughput %]"), QStringLiteral("Sync Copy Engine Active [Workloads]"),
        QStringLiteral("Tensor Active [Throughput %]"),
        QStringLiteral("Unallocated Warps in Active SMs [Avg Warps per Cycle]"),
        QStringLiteral("Unallocated Warps in Active SMs [Avg]"),
        QStringLiteral("Unallocated Warps in Active SMs [Throughput %]"),
        QStringLiteral("Vertex/Tess/Geometry Warps in Flight [Avg Warps per Cycle]"),
        QStringLiteral("Vertex/Tess/Geometry Warps in Flight [Avg]"),
        QStringLiteral("Vertex/Tess/Geometry Warps in Flight [Throughput %]") };
    QCOMPARE(names.size(), 35);
    test::TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA B200"));
    fx.kernel(0, 10'000, 0, 7, 1, 100, QStringLiteral("gemv"));
    fx.gpuMetricsTables(true);
    QStringList info, rows;
    const qint64 typeId = test::TraceFixture::gpuMetricTypeId(0);
    for (int id = 0; id < names.size(); ++id) {
        info << QStringLiteral("(%1, 2, 'GB100', %2, '%3')").arg(typeId).arg(id).arg(names[id]);
        const QString& n = names[id];
        const int value = n.startsWith(QLatin1String("DRAM Read")) ? 70
            : n.startsWith(QLatin1String("DRAM Write"))            ? 10
            : n.startsWith(QLatin1String("SM Issue"))              ? 5
            : n.startsWith(QLatin1String("Tensor Active"))         ? 2
                                                                   : 90;
        for (int t = 1; t <= 10; ++t)
            rows << QStringLiteral("(%1, %1, %2, %3, %4)").arg(t * 1000).arg(typeId).arg(id).arg(value);
    }
    fx.exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES %1;").arg(info.join(QLatin1Char(','))));
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS VALUES %1;").arg(rows.join(QLatin1Char(','))));
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    QCOMPARE(trace->counters.series.size(), 35);
    const auto unitOf = [&](const QString& name) {
        for (const auto& s : trace->counters.series)
            if (s.name == name)
                return s.unit;
        return QStringLiteral("<missing>");
    };
    QCOMPARE(
        unitOf(QStringLiteral("Compute Warps in Flight [Avg Warps per Cycle]")), QStringLiteral("Avg Warps per Cycle"));
    QCOMPARE(unitOf(QStringLiteral("Compute Warps in Flight [Avg]")), QStringLiteral("Avg"));
    QCOMPARE(unitOf(QStringLiteral("GR Active [Workloads]")), QStringLiteral("Workloads"));
    QCOMPARE(unitOf(QStringLiteral("PCIe Read Requests to BAR1 [Requests]")), QStringLiteral("Requests"));
    QCOMPARE(unitOf(QStringLiteral("SYS Clock Frequency [MHz]")), QStringLiteral("MHz"));
    QCOMPARE(unitOf(QStringLiteral("Unallocated Warps in Active SMs [Throughput %]")), QStringLiteral("%"));
    // 90 MHz is no plausible clock, but nor is it above the Hz guard: left as read.
    QVERIFY(!trace->counters.notes.join(QLatin1Char(' ')).contains(QStringLiteral("converted")));

    const AnalysisPtr a = test::analyzeWindow(trace, QStringLiteral("0:10000"));
    QVERIFY(a && !a->counters.scopes.isEmpty());
    const CounterScope& w = a->counters.scopes.front();
    QCOMPARE(w.figures.size(), 35);
    // DRAM 70 + 10 = 80 % of kernel time, compute max(5, 2) = 5 %: memory-bound by the rule.
    QCOMPARE(w.dramPct, 80.0);
    QCOMPARE(w.computePct, 5.0);
    QCOMPARE(w.bound, BoundClass::MemoryBound);
}

QTEST_GUILESS_MAIN(TestGpuMetrics)
#include "tst_gpumetrics.moc"
