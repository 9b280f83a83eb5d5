// SPDX-License-Identifier: MIT
#include "core/analysis/analyzer.h"

#include "core/analysis/counters/counteranalysis.h"
#include "core/analysis/design/anatomyanalysis.h"
#include "core/analysis/design/gemmanalysis.h"
#include "core/analysis/design/waveanalysis.h"
#include "core/analysis/findings/dataqualityfindings.h"
#include "core/analysis/findings/findingsengine.h"
#include "core/analysis/importsreader.h"
#include "core/analysis/passes/deviceanalysis.h"
#include "core/analysis/passes/efficiencyanalysis.h"
#include "core/analysis/passes/hostanalysis.h"
#include "core/analysis/passes/iterationanalysis.h"
#include "core/analysis/passes/kernelanalysis.h"
#include "core/analysis/passes/memoryanalysis.h"
#include "core/analysis/passes/nvtxanalysis.h"
#include "core/analysis/passes/opwalk.h"
#include "core/analysis/passes/processanalysis.h"
#include "core/analysis/passes/requestanalysis.h"
#include "core/analysis/passes/servinganalysis.h"
#include "core/analysis/rules/specrules.h"
#include "core/util/format.h"
#include "core/util/logging.h"
#include "core/util/resourceusage.h"
#include "core/util/workerpool.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <functional>
#include <initializer_list>

namespace sl {

namespace {
/// The GPU's busy span and where its warm-up ends: the first start (ns) of all GPU work on all
/// devices, the last end, and the start of the first busy stretch that follows an idle gap
/// longer than `gapNs` (`warmupEnd`, when `afterGap`). One start-ordered walk over the tables
/// (OpWalk) that keeps only the running end of the union: no copy of the intervals (a union
/// held whole cost 16 B per kernel at the analysis's peak).
struct GpuSpan
{
    qint64 first = 0;
    qint64 last = 0;
    qint64 warmupEnd = 0;
    bool afterGap = false;
    bool any = false;
};

GpuSpan gpuSpan(const Trace& t, qint64 gapNs)
{
    GpuSpan span;
    OpWalk(t).forEach({}, [&](const GpuOpColumns& ops, quint32 row, qint64 s) {
        const qint64 e = ops.endOf(row);
        if (!span.any) {
            span = { s, e, 0, false, true };
            return;
        }
        if (!span.afterGap && s - span.last > gapNs) {
            span.warmupEnd = s; // a gap of the union: s lies past every earlier end
            span.afterGap = true;
        }
        span.last = std::max(span.last, e);
    });
    return span;
}
} // namespace

AnalysisWindow Analyzer::resolveWindow(const Trace& trace, const WindowSpec& spec, QStringList* warnings)
{
    AnalysisWindow w;
    w.startNs = trace.firstNs;
    w.endNs = trace.lastNs;
    if (spec.kind == AnalysisWindow::Kind::Custom) {
        w.kind = AnalysisWindow::Kind::Custom;
        w.startNs = spec.startNs;
        w.endNs = spec.endNs;
        if (w.endNs < trace.firstNs || w.startNs > trace.lastNs)
            warnings->append(tr("The window %1–%2 ns lies outside the capture (%3–%4 ns): it holds no events.")
                                 .arg(w.startNs)
                                 .arg(w.endNs)
                                 .arg(trace.firstNs)
                                 .arg(trace.lastNs));
        return w;
    }
    if (spec.kind != AnalysisWindow::Kind::Steady)
        return w;
    // Warm-up ends at the first idle gap longer than both 1 s and 25 % of the capture.
    const qint64 capture = trace.lastNs - trace.firstNs;
    const qint64 threshold = std::max<qint64>(spec::kWarmupGapMinNs, capture / spec::kWarmupGapCaptureDivisor);
    const GpuSpan span = gpuSpan(trace, threshold);
    if (!span.any) {
        warnings->append(tr("No GPU work in the export: the steady-state window falls back to the whole capture."));
        return w;
    }
    w.kind = AnalysisWindow::Kind::Steady;
    w.startNs = span.afterGap ? span.warmupEnd : span.first;
    w.endNs = span.last; // the trailing idle tail is cut off
    return w;
}

namespace {

/// Logs the wall time of a pass or stream when it goes out of scope (µs), at debug level of
/// sightline.analysis (QT_LOGGING_RULES="sightline.analysis.debug=true"): where an analysis'
/// time goes, without a profiler.
class PassClock
{
public:
    explicit PassClock(const char* what)
        : m_what(what)
    {
        m_clock.start();
    }
    ~PassClock() { qCDebug(lcAnalysis) << m_what << m_clock.nsecsElapsed() / 1000 << "us"; }
    PassClock(const PassClock&) = delete;
    PassClock& operator=(const PassClock&) = delete;

private:
    const char* m_what;
    QElapsedTimer m_clock;
};

/// Runs the items on the calling thread and a pool thread (parallelFor), each skipped once
/// cancelled: a pool thread busy elsewhere (a view's build) leaves the caller to run them all
/// rather than wait for an item queued behind it.
void parallelItems(std::initializer_list<std::function<void()>> items, const Cancellation& cancel)
{
    parallelFor(items.size(), [&](size_t i) {
        if (!cancel.isCancelled())
            items.begin()[i]();
    });
}

/// The passes that need nothing but the trace and write disjoint members of `res`; false when
/// cancelled. `keysReady` is called once the views' colour keys are known (kernel categories,
/// NVTX phases) while the other passes still run.
bool runIndependentPasses(const AnalysisOptions& options, AnalysisResult& res, const Cancellation& cancel,
    const std::function<void()>& keysReady)
{
    // Independent analyses write disjoint members of the result. They are items the calling
    // thread and a pool thread take in this order (parallelFor), longest first, so that neither
    // core waits while work is left: as three fixed streams one queued behind the other on the
    // desktop explorer's two pool threads, the device stream ran alone for 0.1 s at 5 M kernels.
    // NVTX, serving steps, requests and processes are one item: they need the NVTX phases. Each
    // analysis returns early on a cancel, leaving its part of the result incomplete; the result
    // is dropped below.
    std::atomic<int> keysPending { 2 }; // the kernel categories and the NVTX phases
    const auto keyDone = [&] {
        if (keysPending.fetch_sub(1) == 1 && keysReady && !cancel.isCancelled())
            keysReady();
    };
    const std::function<void()> items[] = {
        [&] {
            const PassClock clock("NVTX, serving, host calls, processes");
            NvtxAnalysis::run(options.phases, res, cancel);
            keyDone();
            for (const auto step : { &ServingAnalysis::run, &RequestAnalysis::run })
                if (!cancel.isCancelled())
                    step(options.phases, res, cancel);
            if (!cancel.isCancelled())
                ProcessAnalysis::run(res, cancel);
        },
        [&] {
            const PassClock clock("kernel summary");
            KernelAnalysis::run(options.taxonomy, res, cancel);
            keyDone();
        },
        [&] {
            const PassClock clock("launch statistics");
            HostAnalysis::launches(res, cancel);
        },
        [&] {
            const PassClock clock("device unions");
            DeviceAnalysis::run(options.maxGaps, res, cancel);
        },
        [&] {
            // The host calls that need no NVTX phase.
            const PassClock clock("sync calls, copies, graphs");
            for (const auto step : { &HostAnalysis::sync, &HostAnalysis::memcpy, &HostAnalysis::graphs })
                if (!cancel.isCancelled())
                    step(res, cancel);
        },
    };
    parallelFor(std::size(items), [&](size_t i) {
        if (!cancel.isCancelled())
            items[i]();
    });
    return !cancel.isCancelled();
}

/// The passes that read the independent passes' results; false when cancelled.
bool runLaterPasses(const AnalysisOptions& options, AnalysisResult& res, const Cancellation& cancel)
{
    // Two items: the waves, memory and iterations read neither the efficiency nor the GEMM
    // figures, and each writes members of its own (design.kernels, memory and its findings,
    // iterations; efficiency, design.gemm and the warnings). One after another they left a core
    // idle for ~0.1 s at 5 M kernels.
    parallelItems({ [&] {
                       {
                           const PassClock clock("waves");
                           WaveAnalysis::run(res, cancel);
                       }
                       {
                           const PassClock clock("memory");
                           MemoryAnalysis::run(res, cancel);
                       }
                       // Reads the steps (whether there are any) and the kernel categories.
                       const PassClock clock("iterations");
                       IterationAnalysis::run(res, cancel);
                   },
                      [&] {
                          {
                              const PassClock clock("efficiency");
                              EfficiencyAnalysis::run(options, res, cancel);
                          }
                          const PassClock clock("GEMM shapes");
                          GemmAnalysis::run(options, res, cancel);
                      } },
        cancel);
    if (cancel.isCancelled())
        return false;
    QElapsedTimer counterTime;
    counterTime.start();
    CounterAnalysis::attach(options, res, cancel);
    qCDebug(lcAnalysis) << "counter analysis" << counterTime.nsecsElapsed() / 1000 << "us,"
                        << res.counters.scopes.size() << "scopes";
    // The rules (~85 ms at 5 M kernels) and the anatomy (~55 ms) side by side: the rules write
    // only `findings` and read neither the counters nor the anatomy; the anatomy writes only
    // `design.anatomy` and reads the counters' per-phase bound classes (attached above).
    parallelItems({ [&] {
                       const PassClock clock("findings");
                       FindingsEngine::run(res, cancel);
                       if (!cancel.isCancelled())
                           DataQualityFindings::append(res);
                   },
                      [&] {
                          const PassClock clock("anatomy");
                          AnatomyAnalysis::run(options, res, cancel);
                      } },
        cancel);
    // A cancel during the counter, Nsight Compute or anatomy pass leaves them incomplete: no partial result.
    return !cancel.isCancelled();
}

} // namespace

void Analyzer::warnOfCappedGaps(AnalysisResult& r)
{
    // The gap list keeps the longest (AnalysisOptions::maxGaps, and every GPU gap); a million
    // gaps of 5 M kernels would cost 40 MB. Said, so that its CSV is not taken for all of them.
    qint64 all = 0;
    for (const DeviceStats& d : std::as_const(r.devices))
        all += d.gapCount;
    if (all > qint64(r.gaps.size()))
        r.warnings << tr("The idle-gap list (idle_gaps in report.json and idle_gaps.csv) holds the %1 longest of %2 "
                         "idle gaps; each device's gap count and idle time count them all.")
                          .arg(formatCount(qint64(r.gaps.size())), formatCount(all));
}

AnalysisPtr Analyzer::analyze(const TracePtr& trace, const AnalysisOptions& options, const Cancellation& cancel,
    const ViewInputsReady& viewInputsReady)
{
    if (!options.imports && ImportsReader::hasImports(options)) {
        // Paths without a snapshot (a caller that analyses once): read them once, here, not in a pass.
        AnalysisOptions withImports = options;
        withImports.imports = ImportsReader::read(options, trace->info, cancel);
        return withImports.imports ? analyze(trace, withImports, cancel, viewInputsReady) : nullptr;
    }
    auto r = std::make_shared<AnalysisResult>();
    r->trace = trace;
    r->window = resolveWindow(*trace, options.window, &r->warnings);
    r->warnings += trace->loadWarnings;
    const auto& k = trace->kernels;
    // The kernels are in start order: a window holding the first and the last start holds all
    // (the full window, the default), and the mask is set without a walk over 5 M starts that
    // kept the second core idle.
    if (k.size() == 0 || (r->window.contains(k.start.front()) && r->window.contains(k.start.back()))) {
        r->kernelInWindow.assign(size_t(k.size()), 1);
    } else {
        r->kernelInWindow.resize(size_t(k.size()));
        for (qsizetype i = 0; i < k.size(); ++i) {
            if (cancel.poll(i))
                return nullptr;
            r->kernelInWindow[size_t(i)] = r->window.contains(k.start[size_t(i)]);
        }
    }
    if (cancel.isCancelled())
        return nullptr; // cancelled before any pass started

    AnalysisResult& res = *r;
    const PassClock total("analysis");
    // A view's build (the timeline's lane summaries) starts as soon as its colour keys are known,
    // on a pool thread the remaining passes leave free or as soon as one is.
    const auto keysReady = [&] { viewInputsReady(res); };
    if (!runIndependentPasses(options, res, cancel, viewInputsReady ? keysReady : std::function<void()>()))
        return nullptr;
    const PassClock later("passes after the independent ones");
    // The independent passes' transients (blocks under 1 MiB, in the worker threads' heaps) stay
    // resident when freed until the heap is trimmed: handed back before the next passes allocate,
    // so that they do not add to them at the peak (issue 20).
    ResourceUsage::releaseFreedMemory(ResourceUsage::kTrimWorthBytes);
    r->coverage = r->kernelNs > 0 ? double(r->attributedNs) / double(r->kernelNs) : 0.0;
    if (!runLaterPasses(options, res, cancel))
        return nullptr;
    // Every producer (the rules, serving, efficiency, data quality, counters, Nsight Compute) has
    // appended its findings: one ranking for all, so their order never depends on which ran.
    Finding::rank(res.findings);

    if (trace->nvtx.size() > 0 && r->kernelNs > 0 && r->coverage < spec::kNvtxCoverageWarning)
        r->warnings << tr("NVTX attribution covers %1 of kernel time (under %2): per-range and per-phase figures "
                          "describe part of the work only.")
                           .arg(formatPercent(r->coverage), formatPercent(spec::kNvtxCoverageWarning, 0));
    warnOfCappedGaps(*r);
    ResourceUsage::releaseFreedMemory(
        ResourceUsage::kTrimWorthBytes); // the later passes' transients, before the report or the docks
    return r;
}

QFuture<AnalysisPtr> Analyzer::analyzeAsync(
    const TracePtr& trace, const AnalysisOptions& options, ViewInputsReady viewInputsReady)
{
    return QtConcurrent::run(
        workerPool(), [trace, options, ready = std::move(viewInputsReady)](QPromise<AnalysisPtr>& promise) {
            // Null only when cancelled: a cancelled future has no result.
            if (AnalysisPtr r = analyze(trace, options, Cancellation::of(promise), ready))
                promise.addResult(std::move(r));
        });
}

} // namespace sl
