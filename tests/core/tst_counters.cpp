// SPDX-License-Identifier: MIT
// Hardware counters (issue 11): time-weighted statistics, NVML alignment, Nsight Compute CSV
// parsing and matching, step-class scopes. Every expected value is computed by hand here or by
// plain SQL over the export. Reading GPU_METRICS itself: tst_gpumetrics.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/counters/counteranalysis.h"
#include "core/analysis/counters/counterstats.h"
#include "core/analysis/counters/ncumatcher.h"
#include "core/io/ncucsvreader.h"
#include "core/io/ncustallreasons.h"
#include "core/io/nvmlcsvreader.h"
#include "core/io/traceloader.h"
#include "core/report/countersreport.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sl;

namespace {

CounterSeries series(std::vector<qint64> t, std::vector<float> v)
{
    CounterSeries s;
    s.name = QStringLiteral("SMs Active [Throughput %]");
    s.unit = QStringLiteral("%");
    s.deviceId = 0;
    s.t = std::move(t);
    s.v = std::move(v);
    s.finish();
    return s;
}

} // namespace

class TestCounters : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void timeWeightedMeanAndP90();
    void timeWeightedOverSeveralIntervals();
    void timeBelowThreshold();
    void intervalAlgebra();
    void columnMeans();
    void unitOfName();
    void classification();
    void nvmlAlignsToTheMillisecond();
    void nvmlRefusesWhatItCannotRead();
    void ncuRawPage();
    void ncuDetailsPage();
    void ncuDemanglingAndFunctionNames();
    void ncuMatchesLaunchesInOrder();
    void stepClassScopes();
    void ncuStallReasons();
    void ncuStallsInTheBelowRoofFinding();

private:
    QTemporaryDir m_dir;
    QString m_export;
    TracePtr m_trace;
};

void TestCounters::initTestCase()
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

void TestCounters::timeWeightedMeanAndP90()
{
    // Samples at 100, 200, 300, 400 ns: each holds the 100 ns before it.
    const CounterSeries s = series({ 100, 200, 300, 400 }, { 10, 20, 30, 40 });
    QCOMPARE(s.periodNs(), 100);
    // [150, 350): 50 ns of 20, 100 ns of 30, 50 ns of 40 → mean (1000 + 3000 + 2000) / 200 = 30.
    const CounterSummary a = CounterStats::over(s, 150, 350);
    QCOMPARE(a.coveredNs, 200);
    QCOMPARE(a.samples, 3);
    QCOMPARE(a.mean, 30.0);
    // 90 % of 200 ns = 180 ns: the cumulative weights by value are 50, 150, 200 → 40.
    QCOMPARE(a.p90, 40.0);
    QCOMPARE(a.max, 40.0);
    // The first sample's period is one median period long: (0, 100].
    const CounterSummary b = CounterStats::over(s, 0, 100);
    QCOMPARE(b.coveredNs, 100);
    QCOMPARE(b.mean, 10.0);
    // Outside the samples: nothing.
    QVERIFY(!CounterStats::over(s, 500, 900).valid());
}

void TestCounters::timeWeightedOverSeveralIntervals()
{
    const CounterSeries s = series({ 100, 200, 300, 400 }, { 10, 20, 30, 40 });
    // 50 ns of 10 and 50 ns of 30 → mean 20; 90 % of 100 ns = 90 → cumulative 50, 100 → 30.
    const CounterSummary a = CounterStats::over(s, IntervalList { { 0, 50 }, { 250, 300 } });
    QCOMPARE(a.coveredNs, 100);
    QCOMPARE(a.mean, 20.0);
    QCOMPARE(a.p90, 30.0);
    // One interval spanning several periods and one inside a period: 20 ns of 20 + (30, 40 whole).
    const CounterSummary b = CounterStats::over(s, IntervalList { { 170, 190 }, { 200, 400 } });
    QCOMPARE(b.coveredNs, 220);
    QCOMPARE(b.mean, (20.0 * 20 + 30.0 * 100 + 40.0 * 100) / 220);
}

void TestCounters::timeBelowThreshold()
{
    const CounterSeries s = series({ 100, 200, 300, 400 }, { 10, 20, 30, 40 });
    QCOMPARE(CounterStats::timeBelow(s, IntervalList { { 0, 400 } }, 25), 200);
    QCOMPARE(CounterStats::timeBelow(s, IntervalList { { 150, 260 } }, 25), 50);
    QCOMPARE(CounterStats::timeBelow(s, IntervalList { { 0, 400 } }, 5), 0);
}

void TestCounters::intervalAlgebra()
{
    const IntervalList u = CounterStats::unite({ { 50, 60 }, { 0, 10 }, { 5, 20 }, { 20, 30 }, { 40, 40 } });
    QCOMPARE(u, (IntervalList { { 0, 30 }, { 50, 60 } }));
    QCOMPARE(CounterStats::length(u), 40);
    const IntervalList i = CounterStats::intersect(u, { { 10, 55 } });
    QCOMPARE(i, (IntervalList { { 10, 30 }, { 50, 55 } }));
}

void TestCounters::columnMeans()
{
    CounterSeries s = series({ 100, 200, 300, 400 }, { 10, 20, 30, 40 });
    s.finish();
    QCOMPARE(s.prefix, (std::vector<double> { 0, 10, 30, 60, 100 }));
    // Timestamps 200 and 300 lie in [150, 350): (20 + 30) / 2.
    QCOMPARE(*s.meanBetween(150, 350), 25.0);
    // Zoomed in: no timestamp in [210, 220); the sample at 300 holds (200, 300].
    QCOMPARE(*s.meanBetween(210, 220), 30.0);
    QVERIFY(!s.meanBetween(450, 500));
    QVERIFY(!s.meanBetween(-50, -10));
}

void TestCounters::unitOfName()
{
    QCOMPARE(CounterSeries::unitOf(QStringLiteral("SMs Active [Throughput %]")), QStringLiteral("%"));
    QCOMPARE(CounterSeries::unitOf(QStringLiteral("GPC Clock Frequency [MHz]")), QStringLiteral("MHz"));
    QCOMPARE(CounterSeries::unitOf(QStringLiteral("Power [W]")), QStringLiteral("W"));
    QCOMPARE(CounterSeries::unitOf(QStringLiteral("Unallocated Warps")), QString());
}

void TestCounters::classification()
{
    // The rule in docs/analysis.md, "Hardware counters": idle under 20 % kernel time; compute-
    // bound at ≥ 50 % issue/tensor (ties go to compute); memory-bound at ≥ 50 % DRAM; else latency.
    QCOMPARE(CounterAnalysis::classify(90, 5, 0.9), BoundClass::MemoryBound);
    QCOMPARE(CounterAnalysis::classify(30, 70, 0.9), BoundClass::ComputeBound);
    QCOMPARE(CounterAnalysis::classify(60, 60, 0.9), BoundClass::ComputeBound);
    QCOMPARE(CounterAnalysis::classify(20, 10, 0.9), BoundClass::LatencyBound);
    QCOMPARE(CounterAnalysis::classify(90, 90, 0.1), BoundClass::Idle);
    QCOMPARE(CounterAnalysis::classify(-1, -1, 0.9), BoundClass::Unknown);
}

void TestCounters::nvmlAlignsToTheMillisecond()
{
    // Capture start 2026-01-01T09:00:00Z = 1767258000 s; the profiled machine is one hour ahead.
    const qint64 start = 1'767'258'000'000'000'000;
    const QByteArray csv = "timestamp, index, utilization.gpu [%], clocks.sm [MHz], power.draw [W], temperature.gpu\n"
                           "2026/01/01 10:00:01.250, 0, 45 %, 1410 MHz, 250.50 W, 61\n"
                           "2026-01-01T09:00:01.500Z, 0, 50 %, 1400 MHz, 260.00 W, 62\n"
                           "1767258001.75, 0, 55 %, 1395 MHz, 270.25 W, 63\n"
                           "1767258002000, 1, 5 %, 210 MHz, 60.00 W, 40\n"
                           "not a time, 0, 1 %, 1 MHz, 1 W, 1\n";
    const NvmlCsvReader::Result r = NvmlCsvReader::parse(csv, QStringLiteral("nvml.csv"), start, 3600);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 4);
    QCOMPARE(r.rowsSkipped, 1);
    QCOMPARE(r.columnsFound.size(), 4);
    const CounterSeries* power = r.counters.find(0, QStringLiteral("Power"));
    QVERIFY(power);
    QCOMPARE(power->unit, QStringLiteral("W"));
    QCOMPARE(power->t, (std::vector<qint64> { 1'250'000'000, 1'500'000'000, 1'750'000'000 }));
    QCOMPARE(power->v, (std::vector<float> { 250.5f, 260.0f, 270.25f }));
    const CounterSeries* clock = r.counters.find(1, QStringLiteral("SM Clock"));
    QVERIFY(clock);
    QCOMPARE(clock->t, (std::vector<qint64> { 2'000'000'000 }));
    QCOMPARE(clock->v, (std::vector<float> { 210.0f }));
    const CounterSeries* temp = r.counters.find(0, QStringLiteral("Temperature"));
    QVERIFY(temp);
    QCOMPARE(temp->v.back(), 63.0f);
    // Epoch numbers by magnitude.
    QCOMPARE(*NvmlCsvReader::epochNs(QStringLiteral("1767258000123456789"), 0), 1'767'258'000'123'456'789);
    QCOMPARE(*NvmlCsvReader::epochNs(QStringLiteral("1767258000123456"), 0), 1'767'258'000'123'456'000);
    QCOMPARE(*NvmlCsvReader::epochNs(QStringLiteral("1767258000123"), 0), 1'767'258'000'123'000'000);
}

void TestCounters::nvmlRefusesWhatItCannotRead()
{
    const qint64 start = 1'767'258'000'000'000'000;
    NvmlCsvReader::Result r = NvmlCsvReader::parse("index, power.draw [W]\n0, 10\n", QStringLiteral("a.csv"), start, 0);
    QVERIFY(r.error.contains(QStringLiteral("a.csv")));
    QVERIFY(r.error.contains(QStringLiteral("timestamp")));
    r = NvmlCsvReader::parse("timestamp, fan.speed\n1767258001, 10\n", QStringLiteral("b.csv"), start, 0);
    QVERIFY(r.error.contains(QStringLiteral("b.csv")));
    r = NvmlCsvReader::parse("timestamp, power.draw\n1767258001, 10\n", QStringLiteral("c.csv"), 0, 0);
    QVERIFY(r.error.contains(QStringLiteral("TARGET_INFO_SESSION_START_TIME")));
    r = NvmlCsvReader::read(m_dir.filePath(QStringLiteral("missing.csv")), start, 0);
    QVERIFY(r.error.contains(QStringLiteral("missing.csv")));
}

void TestCounters::ncuRawPage()
{
    const QByteArray csv
        = "==PROF== Connected to process 1234 (/usr/bin/python3)\n"
          "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
          "\"Grid Size\",\"Device\",\"CC\",\"dram__bytes.sum\",\"gpu__time_duration.sum\","
          "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"sm__sass_thread_inst_executed_op_fadd_pred_on.sum\","
          "\"sm__sass_thread_inst_executed_op_hfma_pred_on.sum\",\"sm__warps_active.avg.pct_of_peak_sustained_active\","
          "\"lts__t_sector_hit_rate.pct\",\"dram__throughput.avg.pct_of_peak_sustained_elapsed\"\n"
          "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"Mbyte\",\"usecond\",\"inst\",\"inst\",\"inst\",\"%"
          "\",\"%\",\"%\"\n"
          "\"0\",\"1234\",\"python3\",\"h\",\"gemm_kernel\",\"1\",\"7\",\"(128, 1, 1)\",\"(80, 2, 1)\",\"0\",\"9.0\","
          "\"1.5\",\"12.5\",\"1,000\",\"500\",\"10\",\"42.5\",\"61.25\",\"80\"\n"
          "\"1\",\"1234\",\"python3\",\"h\",\"norm_kernel\",\"1\",\"7\",\"(256, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\","
          "\"0.004096\",\"3\",\"n/a\",\"0\",\"0\",\"10\",\"90\",\"1\"\n"
          "==PROF== Disconnected from process 1234\n";
    const NcuReport r = NcuCsvReader::parse(csv, QStringLiteral("raw.csv"));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.page, NcuReport::Page::Raw);
    QCOMPARE(r.launches.size(), 2);
    const NcuLaunch& g = r.launches[0];
    QCOMPARE(g.kernelName, QStringLiteral("gemm_kernel"));
    QCOMPARE(g.grid[0], 80u);
    QCOMPARE(g.grid[1], 2u);
    QCOMPARE(g.block[0], 128u);
    QCOMPARE(*g.durationNs, 12'500.0);
    QCOMPARE(*g.dramBytes, 1'500'000.0);
    // FLOPs: 1000 FFMA × 2 + 500 FADD = 2500 FP32; 10 HFMA × 2 = 20 FP16.
    QCOMPARE(*g.flops32, 2500.0);
    QCOMPARE(*g.flops16, 20.0);
    QCOMPARE(*g.flops, 2520.0);
    QCOMPARE(*g.arithmeticIntensity(), 2520.0 / 1'500'000.0);
    QCOMPARE(*g.achievedOccupancyPct, 42.5);
    QCOMPARE(*g.l2HitPct, 61.25);
    QCOMPARE(*g.dramThroughputPct, 80.0);
    // "n/a" leaves the FFMA count out; the zero FADD still counts.
    QCOMPARE(*r.launches[1].flops, 0.0);
    QCOMPARE(*r.launches[1].dramBytes, 4096.0);
}

void TestCounters::ncuDetailsPage()
{
    const QByteArray csv
        = "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
          "\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
          "\"0\",\"1\",\"p\",\"h\",\"k(int)\",\"1\",\"7\",\"(256, 1, 1)\",\"(16384, 1, 1)\",\"0\",\"8.0\","
          "\"GPU Speed Of Light Throughput\",\"Duration\",\"msecond\",\"1.25\"\n"
          "\"0\",\"1\",\"p\",\"h\",\"k(int)\",\"1\",\"7\",\"(256, 1, 1)\",\"(16384, 1, 1)\",\"0\",\"8.0\","
          "\"GPU Speed Of Light Throughput\",\"DRAM Throughput\",\"%\",\"91.5\"\n"
          "\"0\",\"1\",\"p\",\"h\",\"k(int)\",\"1\",\"7\",\"(256, 1, 1)\",\"(16384, 1, 1)\",\"0\",\"8.0\","
          "\"Occupancy\",\"Achieved Occupancy\",\"%\",\"30\"\n"
          "\"0\",\"1\",\"p\",\"h\",\"k(int)\",\"1\",\"7\",\"(256, 1, 1)\",\"(16384, 1, 1)\",\"0\",\"8.0\","
          "\"Occupancy\",\"Theoretical Occupancy\",\"%\",\"100\"\n"
          "\"1\",\"1\",\"p\",\"h\",\"k(int)\",\"1\",\"7\",\"(256, 1, 1)\",\"(16384, 1, 1)\",\"0\",\"8.0\","
          "\"GPU Speed Of Light Throughput\",\"Duration\",\"usecond\",\"2,000\"\n";
    const NcuReport r = NcuCsvReader::parse(csv, QStringLiteral("details.csv"));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.page, NcuReport::Page::Details);
    QCOMPARE(r.launches.size(), 2);
    QCOMPARE(*r.launches[0].durationNs, 1'250'000.0);
    QCOMPARE(*r.launches[0].dramThroughputPct, 91.5);
    QCOMPARE(*r.launches[0].achievedOccupancyPct, 30.0);
    QCOMPARE(*r.launches[0].theoreticalOccupancyPct, 100.0);
    QCOMPARE(*r.launches[1].durationNs, 2'000'000.0);
    QVERIFY(!r.launches[1].dramThroughputPct);
    // Not an ncu CSV at all.
    const NcuReport bad = NcuCsvReader::parse("a,b\n1,2\n", QStringLiteral("x.csv"));
    QVERIFY(bad.error.contains(QStringLiteral("x.csv")));
}

void TestCounters::ncuDemanglingAndFunctionNames()
{
    QCOMPARE(NcuMatcher::functionName(QStringLiteral("void vllm::rms_norm_kernel<c10::BFloat16>(c10::BFloat16*, int)")),
        QStringLiteral("rms_norm_kernel"));
    QCOMPARE(
        NcuMatcher::functionName(QStringLiteral("ampere_sgemm_128x64_nn")), QStringLiteral("ampere_sgemm_128x64_nn"));
    QCOMPARE(NcuMatcher::demangled(QStringLiteral("_ZN4vllm15rms_norm_kernelIN3c108BFloat16EEEvPT_PKS3_S6_fii")),
        QStringLiteral("void vllm::rms_norm_kernel<c10::BFloat16>(c10::BFloat16*, c10::BFloat16 const*, "
                       "c10::BFloat16 const*, float, int, int)"));
    QCOMPARE(NcuMatcher::functionName(QStringLiteral("_ZN4vllm15rms_norm_kernelIN3c108BFloat16EEEvPT_PKS3_S6_fii")),
        QStringLiteral("rms_norm_kernel"));
}

void TestCounters::ncuMatchesLaunchesInOrder()
{
    QVERIFY(m_trace);
    // The first three rms_norm launches of device 0 in start order, with their geometry, by SQL.
    const auto rows = sl::test::selectRows(m_export,
        QStringLiteral("SELECT k.rowid, k.gridX, k.blockX FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
                       "StringIds s ON s.id = k.shortName WHERE s.value = 'rms_norm_kernel' AND "
                       "k.deviceId = 0 ORDER BY k.start LIMIT 1"),
        3);
    QCOMPARE(rows.size(), 1);
    const qint64 gridX = rows[0][1], blockX = rows[0][2];
    const auto same = sl::test::selectRows(m_export,
        QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON "
                       "s.id = k.shortName WHERE s.value = 'rms_norm_kernel' AND k.gridX = %1 "
                       "AND k.blockX = %2 AND k.gridY = 1 AND k.gridZ = 1 AND k.blockY = 1 AND "
                       "k.blockZ = 1 ORDER BY k.start, k.rowid LIMIT 3")
            .arg(gridX)
            .arg(blockX),
        1);
    QCOMPARE(same.size(), 3);
    // Three launches by bare function name (ncu --print-kernel-base function), one by the full
    // demangled name with a geometry the trace never used.
    QByteArray csv = "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Device\",\"gpu__time_duration.sum\"\n"
                     "\"\",\"\",\"\",\"\",\"\",\"nsecond\"\n";
    for (int i = 0; i < 3; ++i)
        csv += QStringLiteral("\"%1\",\"rms_norm_kernel\",\"(%2, 1, 1)\",\"(%3, 1, 1)\",\"0\",\"1000\"\n")
                   .arg(i)
                   .arg(blockX)
                   .arg(gridX)
                   .toUtf8();
    csv += "\"3\",\"rms_norm_kernel\",\"(7, 7, 7)\",\"(7, 1, 1)\",\"0\",\"1000\"\n";
    const NcuReport report = NcuCsvReader::parse(csv, QStringLiteral("m.csv"));
    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
    const NcuMatcher::Result m = NcuMatcher::match(*m_trace, report);
    QCOMPARE(m.matched, 3);
    QCOMPARE(m.byFullName, 0);
    QCOMPARE(m.byFunctionName, 3);
    for (int i = 0; i < 3; ++i) {
        const qint32 k = m.kernelOfLaunch[size_t(i)];
        QVERIFY(k >= 0);
        QCOMPARE(m_trace->kernels.rowid[size_t(k)], same[i][0]);
    }
    QCOMPARE(m.kernelOfLaunch[3], -1);
}

void TestCounters::stepClassScopes()
{
    // One vLLM rank (pid 100) on GPU 0, five 10 µs steps every 11 µs from 0 ns: prefill, decode,
    // decode, mixed, prefill. Each step launches one kernel over its middle 8 µs, [s + 1 µs,
    // s + 9 µs). The default phase map puts decode steps in the phase "decode", prefill and mixed
    // steps in "prefill". GPU metrics every 1 µs (a sample at t holds (t − 1 µs, t]): 50 over the
    // 1 µs gaps between steps (no step class may see them), 0 over each step's idle first and last
    // µs; over its kernel, alternately low and high (4 samples each):
    //   prefill: DRAM Read 16/24, SM Issue 60/80, Tensor 50/70 (means 20, 70, 60)
    //   decode:  DRAM Read 80/96, SM Issue  8/12, Tensor  2/6  (means 88, 10, 4)
    //   mixed:   DRAM Read 24/36, SM Issue 16/24, Tensor  8/12 (means 30, 20, 10)
    test::TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    const QStringList names { QStringLiteral("execute_context_2(512)_generation_0(0)"),
        QStringLiteral("execute_context_0(0)_generation_8(8)"), QStringLiteral("execute_context_0(0)_generation_8(8)"),
        QStringLiteral("execute_context_1(128)_generation_7(7)"),
        QStringLiteral("execute_context_2(512)_generation_0(0)") };
    struct Levels
    {
        int dram[2], issue[2], tensor[2];
    };
    const Levels prefill { { 16, 24 }, { 60, 80 }, { 50, 70 } }, decode { { 80, 96 }, { 8, 12 }, { 2, 6 } },
        mixed { { 24, 36 }, { 16, 24 }, { 8, 12 } };
    const Levels* levels[] = { &prefill, &decode, &decode, &mixed, &prefill };
    for (int j = 0; j < 5; ++j) {
        const qint64 s = j * 11'000;
        fx.nvtx(s, s + 10'000, 100, 101, names[j]);
        fx.runtime(s + 200, s + 500, 100, 101, quint32(j + 1), QStringLiteral("cudaLaunchKernel_v7000"));
        fx.kernel(s + 1'000, s + 9'000, 0, 7, quint32(j + 1), 100, QStringLiteral("gemm"));
    }
    fx.gpuMetricsTables();
    const qint64 type = test::TraceFixture::gpuMetricTypeId(0);
    fx.exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (%1, 2, 'GH100', 1, 'DRAM Read Bandwidth "
                           "[Throughput %]'), (%1, 2, 'GH100', 2, 'SM Issue [Throughput %]'), (%1, 2, 'GH100', "
                           "3, 'Tensor Active [Throughput %]');")
                .arg(type));
    QStringList rows;
    for (int i = 1; i <= 55; ++i) {
        const int j = (i - 1) / 11, m = i - 11 * j; // step j, its m-th µs (11: the gap after it)
        const bool idle = m == 1 || m == 10;
        const int hi = m % 2; // m = 2, 4, 6, 8 low; 3, 5, 7, 9 high
        const Levels& l = *levels[j];
        const auto value = [&](const int(&v)[2]) { return m == 11 ? 50 : idle ? 0 : v[hi]; };
        rows << QStringLiteral("(%1, %2, 1, %3)").arg(i * 1000).arg(type).arg(value(l.dram))
             << QStringLiteral("(%1, %2, 2, %3)").arg(i * 1000).arg(type).arg(value(l.issue))
             << QStringLiteral("(%1, %2, 3, %3)").arg(i * 1000).arg(type).arg(value(l.tensor));
    }
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS VALUES %1;").arg(rows.join(QLatin1Char(','))));
    const AnalysisPtr a = test::analyzeWindow(test::loadFixture(fx), QStringLiteral("0:55000"));
    QVERIFY(a);
    QCOMPARE(a->serving.steps.size(), 5);

    // Per device: the window first, then the phases in phase-map order, then the step classes.
    QStringList order;
    for (const auto& s : a->counters.scopes)
        order << scopeKindKey(s.kind) + QLatin1Char(':') + s.scope;
    QCOMPARE(order,
        (QStringList { QStringLiteral("window:window"), QStringLiteral("phase:prefill"), QStringLiteral("phase:decode"),
            QStringLiteral("step_class:prefill"), QStringLiteral("step_class:decode"),
            QStringLiteral("step_class:mixed") }));

    // Decode steps: [11, 21) and [22, 32) µs, kernels 16 µs of them. Over kernel time 8 samples of 80 and 8 of
    // 96 → mean 88, p90 96; over the whole 20 µs also 4 µs of 0 → mean 1,408,000 / 20,000 = 70.4.
    const CounterScope* dec = test::counterScope(*a, CounterScope::Kind::StepClass, QStringLiteral("decode"));
    QVERIFY(dec);
    QCOMPARE(dec->spanNs, 20'000);
    QCOMPARE(dec->kernelBusyNs, 16'000);
    const CounterFigure* dram = test::counterFigure(*dec, QStringLiteral("DRAM Read"));
    QVERIFY(dram);
    QCOMPARE(dram->busy.coveredNs, 16'000);
    QCOMPARE(dram->busy.mean, 88.0);
    QCOMPARE(dram->busy.p90, 96.0);
    QCOMPARE(dram->whole.coveredNs, 20'000);
    QCOMPARE(dram->whole.mean, 70.4);
    QCOMPARE(dram->whole.p90, 96.0);
    QCOMPARE(dram->whole.max, 96.0);
    QCOMPARE(test::counterFigure(*dec, QStringLiteral("Tensor"))->busy.mean, 4.0);
    QCOMPARE(dec->dramPct, 88.0);
    QCOMPARE(dec->computePct, 10.0); // max(SM Issue 10, Tensor 4)
    QCOMPARE(dec->bound, BoundClass::MemoryBound);

    // Prefill steps: the union of [0, 10) and [44, 54) µs; SM Issue 70 over kernel time,
    // 70 × 16 / 20 = 56 over the whole; p90 of {0: 4 µs, 60: 8 µs, 80: 8 µs} = 80.
    const CounterScope* pre = test::counterScope(*a, CounterScope::Kind::StepClass, QStringLiteral("prefill"));
    QVERIFY(pre);
    QCOMPARE(pre->spanNs, 20'000);
    QCOMPARE(pre->kernelBusyNs, 16'000);
    const CounterFigure* issue = test::counterFigure(*pre, QStringLiteral("SM Issue"));
    QVERIFY(issue);
    QCOMPARE(issue->busy.mean, 70.0);
    QCOMPARE(issue->whole.mean, 56.0);
    QCOMPARE(issue->whole.p90, 80.0);
    QCOMPARE(pre->dramPct, 20.0);
    QCOMPARE(pre->computePct, 70.0);
    QCOMPARE(pre->bound, BoundClass::ComputeBound);

    // The mixed step: DRAM 30, SM Issue 20, Tensor 10 (p90 12): neither near its peak.
    const CounterScope* mix = test::counterScope(*a, CounterScope::Kind::StepClass, QStringLiteral("mixed"));
    QVERIFY(mix);
    QCOMPARE(mix->spanNs, 10'000);
    QCOMPARE(mix->kernelBusyNs, 8'000);
    QCOMPARE(mix->dramPct, 30.0);
    QCOMPARE(mix->computePct, 20.0);
    QCOMPARE(test::counterFigure(*mix, QStringLiteral("Tensor"))->busy.p90, 12.0);
    QCOMPARE(mix->bound, BoundClass::LatencyBound);

    // The phase "prefill" holds the prefill and the mixed steps: DRAM (2 × 160,000 + 240,000) /
    // 24,000 over kernel time, SM Issue (2 × 560,000 + 160,000) / 24,000.
    const CounterScope* prePhase = test::counterScope(*a, CounterScope::Kind::Phase, QStringLiteral("prefill"));
    QVERIFY(prePhase);
    QCOMPARE(prePhase->spanNs, 30'000);
    QCOMPARE(prePhase->kernelBusyNs, 24'000);
    QCOMPARE(prePhase->dramPct, 560'000.0 / 24'000);
    QCOMPARE(prePhase->computePct, 1'280'000.0 / 24'000);
    QCOMPARE(prePhase->bound, BoundClass::ComputeBound);

    // Findings: the decode steps are the phase "decode" (same stretch): reported once, as the
    // phase; the mixed steps (20 % of kernel time) are latency-bound; compute-bound stretches
    // and the window (the device has phases) say nothing.
    QStringList titles;
    for (const auto& f : a->findings)
        if (f.id.startsWith(QLatin1String("counters-")))
            titles << f.id + QLatin1String(": ") + f.title;
    titles.sort();
    QCOMPARE(titles,
        (QStringList { QStringLiteral("counters-latency-bound: Mixed steps on GPU 0: busy at low utilisation"),
            QStringLiteral("counters-memory-bound: Decode on GPU 0: memory-bound") }));
    const Finding* latency = test::findingById(*a, QStringLiteral("counters-latency-bound"));
    QCOMPARE(latency->impactNs, 8'000);

    // report.json and counters.csv carry the kind.
    const QJsonArray scopes = CountersReport::json(*a).value(QStringLiteral("scopes")).toArray();
    QCOMPARE(scopes.size(), 6);
    QCOMPARE(scopes[4].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("step_class"));
    QCOMPARE(scopes[4].toObject().value(QStringLiteral("scope")).toString(), QStringLiteral("decode"));
    QCOMPARE(scopes[2].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("phase"));
    QCOMPARE(scopes[2].toObject().value(QStringLiteral("scope")).toString(), QStringLiteral("decode"));
    QMap<QString, QByteArray> tables;
    CountersReport::addCsv(*a, tables);
    const QList<QByteArray> lines = tables.value(QStringLiteral("counters.csv")).split('\n');
    QVERIFY(lines.value(0).startsWith("device_id,kind,scope,"));
    int stepClassRows = 0;
    for (const QByteArray& line : lines)
        stepClassRows += line.startsWith("0,step_class,");
    QCOMPARE(stepClassRows, 3 * 3); // three classes × three counters
}

void TestCounters::ncuStallReasons()
{
    using R = NcuStallReasons;
    auto m = R::parse(QStringLiteral("smsp__pcsamp_warps_issue_stalled_long_scoreboard"));
    QVERIFY(m);
    QCOMPARE(m->reason, QStringLiteral("long_scoreboard"));
    QCOMPARE(m->source, NcuStallSource::Sampling);
    m = R::parse(QStringLiteral("smsp__average_warps_issue_stalled_no_instructions_per_issue_active.ratio"));
    QVERIFY(m);
    QCOMPARE(m->reason, QStringLiteral("no_instructions"));
    QCOMPARE(m->source, NcuStallSource::WarpState);
    m = R::parse(QStringLiteral("smsp__average_warp_latency_issue_stalled_not_selected"));
    QVERIFY(m);
    QCOMPARE(m->reason, QStringLiteral("not_selected"));
    QCOMPARE(m->source, NcuStallSource::WarpState);
    // The "not issued" sampling columns repeat samples of the plain ones: not a reason of their own.
    QVERIFY(!R::parse(QStringLiteral("smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued")));
    QVERIFY(!R::parse(QStringLiteral("sm__warps_active.avg.pct_of_peak_sustained_active")));
    QCOMPARE(R::label(QStringLiteral("long_scoreboard")), QStringLiteral("Long scoreboard (L1TEX/memory wait)"));
    QCOMPARE(R::label(QStringLiteral("smsp__average_warp_latency_issue_stalled_long_scoreboard")),
        QStringLiteral("Long scoreboard (L1TEX/memory wait)"));
    QCOMPARE(R::label(QStringLiteral("gmma_wait")), QStringLiteral("Gmma wait"));
    QCOMPARE(R::documented().size(), 18);
    for (const QString& r : R::documented()) // every documented reason has words of its own
        QVERIFY2(R::label(r).contains(QLatin1Char(' ')) || r == QLatin1String("misc"), qPrintable(r));
    // "selected" is issuing, not a stall: the top reason is the largest other one.
    const QHash<QString, double> stalls { { QStringLiteral("selected"), 50 }, { QStringLiteral("wait"), 20 },
        { QStringLiteral("barrier"), 20 } };
    QCOMPARE(R::top(stalls), QStringLiteral("barrier"));
    QCOMPARE(R::total(stalls), 90.0);
    QCOMPARE(R::top({}), QString());
}

void TestCounters::ncuStallsInTheBelowRoofFinding()
{
    // One kernel of 100 µs on an H100-like GPU (3.352 TB/s, 132 SMs at 1.98 GHz). ncu: 1e6 FFMA
    // = 2e6 FLOP over 10 MB → 0.2 FLOP/B, 2e6 FLOP / 100 µs = 20 GFLOP/s against a roof of
    // 0.2 × 3.352e12 = 670.4 GFLOP/s: 3 %, far below. Its sampled stalls: long scoreboard 300,
    // math pipe 100, barrier 100, selected 500; the "not issued" column and the warp-state
    // figure (another unit; listed first) are left out.
    test::TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.exec(QStringLiteral("UPDATE TARGET_INFO_GPU SET memoryBandwidth = 3352000000000, clockRate = 1980000000"));
    fx.runtime(500, 900, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(1'000, 101'000, 0, 7, 1, 100, QStringLiteral("gemm"));
    const QString csvPath = QDir(fx.dir()).filePath(QStringLiteral("ncu.csv"));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::WriteOnly));
    csv.write("\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Device\","
              "\"smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio\",\"gpu__time_duration.sum\","
              "\"dram__bytes.sum\",\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\","
              "\"smsp__pcsamp_warps_issue_stalled_long_scoreboard\","
              "\"smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued\","
              "\"smsp__pcsamp_warps_issue_stalled_math_pipe_throttle\",\"smsp__pcsamp_warps_issue_stalled_barrier\","
              "\"smsp__pcsamp_warps_issue_stalled_selected\"\n"
              "\"\",\"\",\"\",\"\",\"\",\"\",\"usecond\",\"Mbyte\",\"inst\",\"\",\"\",\"\",\"\",\"\"\n"
              "\"0\",\"gemm\",\"(128, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9\",\"100\",\"10\",\"1000000\",\"300\",\"290\","
              "\"100\",\"100\",\"500\"\n");
    csv.close();
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    AnalysisOptions o;
    o.ncuFile = csvPath;
    const AnalysisPtr a = Analyzer::analyze(trace, o);
    QVERIFY(a && a->counters.ncu);
    QCOMPARE(a->counters.ncu->kernels.size(), 1);
    const NcuKernelFigures& k = a->counters.ncu->kernels[0];
    QCOMPARE(k.stallSource, NcuStallSource::Sampling);
    QCOMPARE(k.stalls,
        (QHash<QString, double> { { QStringLiteral("long_scoreboard"), 300 },
            { QStringLiteral("math_pipe_throttle"), 100 }, { QStringLiteral("barrier"), 100 },
            { QStringLiteral("selected"), 500 } }));
    const Finding* f = test::findingById(*a, QStringLiteral("ncu-below-roof"));
    QVERIFY(f);
    QCOMPARE(f->metric, QStringLiteral("3.0 %")); // 20 / 670.4
    // 300 of the 1000 samples.
    QVERIFY2(f->summary.endsWith(
                 QStringLiteral("Its warps stall most on Long scoreboard (L1TEX/memory wait): 30.0 % of the samples.")),
        qPrintable(f->summary));
    // report.md lists the top reason per kernel.
    QVERIFY(CountersReport::markdown(*a).contains(QStringLiteral("| Long scoreboard (L1TEX/memory wait) 30.0 % |")));
    // report.json names the source.
    const QJsonObject ncu = CountersReport::json(*a).value(QStringLiteral("ncu")).toObject();
    const QJsonObject kernel = ncu.value(QStringLiteral("kernels")).toArray().at(0).toObject();
    QCOMPARE(kernel.value(QStringLiteral("stall_source")).toString(), QStringLiteral("sampling"));
    QCOMPARE(
        kernel.value(QStringLiteral("stalls")).toObject().value(QStringLiteral("long_scoreboard")).toDouble(), 300.0);
}

QTEST_GUILESS_MAIN(TestCounters)
#include "tst_counters.moc"
