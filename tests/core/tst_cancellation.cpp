// SPDX-License-Identifier: MIT
// A cancel reaches every analysis and comparison loop: a cancelled analysis or comparison
// returns no result and stops polling (it does not run on to the end), and each analysis step
// cancelled before it starts leaves its part of the result empty.
#include "core/analysis/analyzer.h"
#include "core/analysis/counters/counteranalysis.h"
#include "core/analysis/counters/ncuanalysis.h"
#include "core/analysis/findings/findingsengine.h"
#include "core/analysis/passes/deviceanalysis.h"
#include "core/analysis/passes/efficiencyanalysis.h"
#include "core/analysis/passes/hostanalysis.h"
#include "core/analysis/passes/kernelanalysis.h"
#include "core/analysis/passes/nvtxanalysis.h"
#include "core/analysis/passes/processanalysis.h"
#include "core/analysis/passes/servinganalysis.h"
#include "core/compare/changeranker.h"
#include "core/compare/comparator.h"
#include "core/compare/kernelmatcher.h"
#include "core/compare/tracebreakdown.h"
#include "core/io/traceloader.h"
#include "core/synth/synthtracewriter.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

using namespace sl;

namespace {

/// A cancel requested at the `at`-th poll (1-based), counting every poll.
struct PollCounter
{
    explicit PollCounter(qint64 at = std::numeric_limits<qint64>::max())
        : at(at)
    {
    }
    Cancellation cancellation()
    {
        return Cancellation([this] { return polls.fetch_add(1, std::memory_order_relaxed) + 1 >= at; });
    }
    qint64 at;
    std::atomic<qint64> polls { 0 };
};

/// A result prepared as Analyzer::analyze does before its analyses run: whole capture.
AnalysisResult prepared(const TracePtr& trace)
{
    AnalysisResult r;
    r.trace = trace;
    QStringList warnings;
    r.window = Analyzer::resolveWindow(*trace, WindowSpec {}, &warnings);
    r.kernelInWindow.assign(size_t(trace->kernels.size()), 1);
    return r;
}

} // namespace

class TestCancellation : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void analysisStopsWhenCancelled();
    void eachAnalysisHonoursCancel();
    void servingEfficiencyCountersNcuHonourCancel();
    void cancelAtTheLastPollGivesNoResult();
    void comparisonStopsWhenCancelled();
    void eachComparisonStepHonoursCancel();

private:
    QTemporaryDir m_dir;
    TracePtr m_a, m_b, m_serving;
    AnalysisPtr m_analysisA, m_analysisB;
};

void TestCancellation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Two different serving traces (two ranks, so two devices and processes), large enough that
    // every loop over kernels polls many times (Cancellation::kPollInterval = 16 k items).
    const struct
    {
        const char* name;
        qint64 kernels;
        quint64 seed;
        TracePtr* trace;
        SynthFramework framework;
        qint64 gpuMetricsPeriodNs;
    } traces[] = { { "a.sqlite", 300'000, 1, &m_a, SynthFramework::None, 0 },
        { "b.sqlite", 200'000, 2, &m_b, SynthFramework::None, 0 },
        // vLLM serving steps and GPU metrics at nsys' default 10 kHz: the serving and counter passes.
        { "serving.sqlite", 40'000, 3, &m_serving, SynthFramework::Vllm, 100'000 } };
    for (const auto& t : traces) {
        SynthOptions o;
        o.ranks = 2;
        o.targetKernels = t.kernels;
        o.seed = t.seed;
        o.framework = t.framework;
        o.gpuMetricsPeriodNs = t.gpuMetricsPeriodNs;
        const QString path = m_dir.filePath(QLatin1String(t.name));
        const SynthResult written = writeSynthTrace(path, o);
        QVERIFY2(written.ok, qPrintable(written.error));
        LoadOptions lo;
        lo.computeSha256 = false;
        const LoadOutcome loaded = TraceLoader::loadSync(path, lo);
        QVERIFY2(loaded.ok(), qPrintable(loaded.message));
        *t.trace = loaded.trace;
    }
    m_analysisA = Analyzer::analyze(m_a, AnalysisOptions {});
    m_analysisB = Analyzer::analyze(m_b, AnalysisOptions {});
    QVERIFY(m_analysisA && m_analysisB);
    QVERIFY(m_a->kernels.size() > 10 * Cancellation::kPollInterval);
}

void TestCancellation::analysisStopsWhenCancelled()
{
    const qint64 perPass = m_a->kernels.size() / Cancellation::kPollInterval; // polls of one pass over kernels

    PollCounter never;
    QVERIFY(Analyzer::analyze(m_a, AnalysisOptions {}, never.cancellation()));
    // At least nine passes over the kernels poll: the summary's counting sort (a count and a
    // gather per batch), the name categories, the launch statistics (two), the device extent and
    // merge, the graph node kernels, the NVTX thread count and sweep, and the per-process
    // totals. (The full window's mask is set without a walk.)
    QVERIFY2(never.polls >= 9 * perPass, qPrintable(QString::number(never.polls.load())));

    // Cancelled inside the parallel analyses (after a pass's worth of polls): no result, and
    // only the few polls that notice the cancel follow (one per running loop and one per later
    // step of each stream), not the rest of the run.
    PollCounter soon(perPass + 4);
    QVERIFY(!Analyzer::analyze(m_a, AnalysisOptions {}, soon.cancellation()));
    QVERIFY2(soon.polls <= soon.at + 16, qPrintable(QString::number(soon.polls.load())));
    QVERIFY(soon.polls < never.polls / 4);

    // Cancelled before it starts: not one analysis runs.
    const std::atomic<bool> stop { true };
    PollCounter first(1);
    QVERIFY(!Analyzer::analyze(m_a, AnalysisOptions {}, &stop));
    QVERIFY(!Analyzer::analyze(m_a, AnalysisOptions {}, first.cancellation()));
    QCOMPARE(first.polls.load(), qint64(1));
}

void TestCancellation::eachAnalysisHonoursCancel()
{
    const std::atomic<bool> stop { true };
    const AnalysisOptions options;
    // Each step run once without and once with a cancel: the first fills its part of the
    // result (so the check can fail), the second returns before filling any of it.
    {
        AnalysisResult done = prepared(m_a), cancelled = prepared(m_a);
        KernelAnalysis::run(options.taxonomy, done);
        KernelAnalysis::run(options.taxonomy, cancelled, &stop);
        QVERIFY(!done.kernels.isEmpty());
        QVERIFY(cancelled.kernels.isEmpty());
        QCOMPARE(cancelled.kernelCount, qint64(0));
        QVERIFY(cancelled.nameCategory.empty());
    }
    {
        AnalysisResult done = prepared(m_a), cancelled = prepared(m_a);
        DeviceAnalysis::run(options.maxGaps, done);
        DeviceAnalysis::run(options.maxGaps, cancelled, &stop);
        QVERIFY(!done.devices.isEmpty());
        QVERIFY(cancelled.devices.isEmpty());
        QVERIFY(cancelled.gaps.isEmpty());
    }
    {
        AnalysisResult done = prepared(m_a), cancelled = prepared(m_a);
        HostAnalysis::launches(done);
        HostAnalysis::launches(cancelled, &stop);
        QVERIFY(!done.launches.perDevice.isEmpty());
        QVERIFY(cancelled.launches.perDevice.isEmpty());
        QCOMPARE(cancelled.launches.matchedKernels, qint64(0));
        HostAnalysis::sync(done);
        HostAnalysis::sync(cancelled, &stop);
        QVERIFY(!done.sync.isEmpty());
        QVERIFY(cancelled.sync.isEmpty());
        HostAnalysis::memcpy(done);
        HostAnalysis::memcpy(cancelled, &stop);
        QVERIFY(!done.memcpy.isEmpty());
        QVERIFY(cancelled.memcpy.isEmpty());
    }
    {
        AnalysisResult done = prepared(m_a), cancelled = prepared(m_a);
        NvtxAnalysis::run(options.phases, done);
        NvtxAnalysis::run(options.phases, cancelled, &stop);
        QCOMPARE(done.phases.size(), qsizetype(options.phases.size() + 1));
        QVERIFY(cancelled.phases.isEmpty());
        QVERIFY(cancelled.nvtxRanges.isEmpty());
        QCOMPARE(cancelled.attributedNs, qint64(0));
        ProcessAnalysis::run(done);
        ProcessAnalysis::run(cancelled, &stop);
        QVERIFY(!done.processes.isEmpty());
        QVERIFY(cancelled.processes.isEmpty());
    }
    {
        QVERIFY(!m_analysisA->findings.isEmpty());
        AnalysisResult cancelled = *m_analysisA;
        cancelled.findings.clear();
        FindingsEngine::run(cancelled, &stop);
        QVERIFY(cancelled.findings.isEmpty());
    }
}

void TestCancellation::servingEfficiencyCountersNcuHonourCancel()
{
    const std::atomic<bool> stop { true };
    const AnalysisOptions options;
    const AnalysisPtr full = Analyzer::analyze(m_serving, options);
    QVERIFY(full);
    {
        // Serving reads the NVTX attribution: both results get it first, uncancelled.
        AnalysisResult done = prepared(m_serving), cancelled = prepared(m_serving);
        NvtxAnalysis::run(options.phases, done);
        NvtxAnalysis::run(options.phases, cancelled);
        ServingAnalysis::run(options.phases, done);
        ServingAnalysis::run(options.phases, cancelled, &stop);
        QVERIFY(done.serving.present());
        QVERIFY(!cancelled.serving.present());
        QVERIFY(cancelled.serving.ranks.isEmpty());
    }
    {
        AnalysisResult done = *full, cancelled = *full;
        done.efficiency = cancelled.efficiency = EfficiencyStats {};
        EfficiencyAnalysis::run(options, done);
        EfficiencyAnalysis::run(options, cancelled, &stop);
        QVERIFY(!done.efficiency.math.isEmpty() && !done.efficiency.busy.isEmpty());
        QVERIFY(cancelled.efficiency.math.isEmpty());
        QVERIFY(cancelled.efficiency.busy.isEmpty());
    }
    {
        AnalysisResult done = *full, cancelled = *full;
        done.findings.clear(), cancelled.findings.clear();
        QVERIFY(!m_serving->counters.isEmpty());
        QVERIFY(!CounterAnalysis::run(done, CounterSet {}).scopes.isEmpty());
        QVERIFY(CounterAnalysis::run(cancelled, CounterSet {}, &stop).scopes.isEmpty());
        QVERIFY(cancelled.findings.isEmpty());
    }
    {
        // One profiled launch of the trace's first kernel, matched by its name alone.
        NcuReport report;
        NcuLaunch launch;
        launch.id = 0;
        launch.kernelName = m_serving->strings.at(m_serving->kernels.name[0]);
        launch.durationNs = double(m_serving->kernels.duration(0));
        launch.achievedOccupancyPct = 10;
        launch.theoreticalOccupancyPct = 50;
        report.launches.append(launch);
        AnalysisResult done = *full, cancelled = *full;
        QCOMPARE(NcuAnalysis::run(done, report).match.matched, qint64(1));
        const NcuResult none = NcuAnalysis::run(cancelled, report, GpuPeaks::defaultTable(), &stop);
        QVERIFY(none.kernels.isEmpty());
        QCOMPARE(none.match.matched, qint64(0));
        QCOMPARE(cancelled.findings.size(), full->findings.size());
    }
}

void TestCancellation::cancelAtTheLastPollGivesNoResult()
{
    // Whichever poll sees the cancel, the analysis returns null, never a partial result: here
    // the very last one, after the counter pass (the serving trace has GPU metrics, so the
    // counter pass polls too).
    PollCounter never;
    const AnalysisPtr full = Analyzer::analyze(m_serving, AnalysisOptions {}, never.cancellation());
    QVERIFY(full && !full->counters.scopes.isEmpty());
    for (const qint64 at : { never.polls.load(), never.polls.load() - 1, never.polls.load() - 2 }) {
        PollCounter late(at);
        QVERIFY2(
            !Analyzer::analyze(m_serving, AnalysisOptions {}, late.cancellation()), qPrintable(QString::number(at)));
        QVERIFY(late.polls >= at);
    }
}

void TestCancellation::comparisonStopsWhenCancelled()
{
    const QVector<AnalysisPtr> in { m_analysisA, m_analysisB };
    PollCounter never;
    const ComparisonPtr full = Comparator::compare(in, ComparisonOptions {}, never.cancellation());
    QVERIFY(full);
    QVERIFY(!full->changes.isEmpty());
    // Each breakdown's kernel pass alone polls once per 16 k kernels.
    const qint64 kernels = m_a->kernels.size() + m_b->kernels.size();
    QVERIFY2(never.polls >= kernels / Cancellation::kPollInterval, qPrintable(QString::number(never.polls.load())));

    PollCounter soon(3);
    QVERIFY(!Comparator::compare(in, ComparisonOptions {}, soon.cancellation()));
    QVERIFY2(soon.polls <= soon.at + 12, qPrintable(QString::number(soon.polls.load())));
    QVERIFY(soon.polls < never.polls / 2);

    const std::atomic<bool> stop { true };
    QVERIFY(!Comparator::compare(in, ComparisonOptions {}, &stop));
}

void TestCancellation::eachComparisonStepHonoursCancel()
{
    const std::atomic<bool> stop { true };
    QVERIFY(!TraceBreakdown::compute(*m_analysisA).phases.isEmpty());
    const TraceBreakdown cancelled = TraceBreakdown::compute(*m_analysisA, &stop);
    QVERIFY(cancelled.phases.isEmpty());
    QVERIFY(cancelled.steps.isEmpty());

    const QVector<AnalysisPtr> in { m_analysisA, m_analysisB };
    const QVector<KernelMatch> groups = KernelMatcher::match(in);
    QVERIFY(!groups.isEmpty());
    QVERIFY(KernelMatcher::match(in, &stop).isEmpty());

    const ComparisonPtr full = Comparator::compare(in, ComparisonOptions {});
    QVERIFY(full && !full->changes.isEmpty());
    Comparison ranked = *full;
    ranked.changes.clear();
    ChangeRanker::rank(ranked, groups, ComparisonOptions {}.topChanges, &stop);
    QVERIFY(ranked.changes.isEmpty());
}

QTEST_GUILESS_MAIN(TestCancellation)
#include "tst_cancellation.moc"
