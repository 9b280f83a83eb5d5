// SPDX-License-Identifier: MIT
#include "core/analysis/analyzer.h"

#include "core/counters/counteranalysis.h"

#include "core/analysis/deviceanalysis.h"
#include "core/analysis/findingsengine.h"
#include "core/analysis/hostanalysis.h"
#include "core/analysis/kernelanalysis.h"
#include "core/analysis/nvtxanalysis.h"
#include "core/analysis/processanalysis.h"
#include "core/util/format.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace sl {

namespace {
/// Start-sorted union of all GPU work on all devices, as [start, end] segments (ns). Each
/// table is start-sorted already, so this is a 4-way merge with no copy of the intervals.
std::vector<std::pair<qint64, qint64>> gpuUnion(const Trace& t)
{
    const GpuOpColumns* tables[] = {&t.kernels, &t.memcpy, &t.memset, &t.graphs};
    size_t pos[4] = {0, 0, 0, 0};
    std::vector<std::pair<qint64, qint64>> merged;
    for (;;) {
        int best = -1;
        for (int i = 0; i < 4; ++i)
            if (pos[i] < tables[i]->start.size()
                && (best < 0 || tables[i]->start[pos[i]] < tables[best]->start[pos[best]]))
                best = i;
        if (best < 0)
            break;
        const qint64 s = tables[best]->start[pos[best]], e = tables[best]->end[pos[best]];
        ++pos[best];
        if (merged.empty() || s > merged.back().second)
            merged.emplace_back(s, e);
        else
            merged.back().second = std::max(merged.back().second, e);
    }
    return merged;
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
                                 .arg(w.startNs).arg(w.endNs).arg(trace.firstNs).arg(trace.lastNs));
        return w;
    }
    if (spec.kind != AnalysisWindow::Kind::Steady)
        return w;
    const auto u = gpuUnion(trace);
    if (u.empty()) {
        warnings->append(tr("No GPU work in the export: the steady-state window falls back to the whole capture."));
        return w;
    }
    // Warm-up ends at the first idle gap longer than both 1 s and 25 % of the capture.
    const qint64 capture = trace.lastNs - trace.firstNs;
    const qint64 threshold = std::max<qint64>(1'000'000'000, capture / 4);
    w.kind = AnalysisWindow::Kind::Steady;
    w.startNs = u.front().first;
    for (size_t i = 1; i < u.size(); ++i) {
        if (u[i].first - u[i - 1].second > threshold) {
            w.startNs = u[i].first;
            break;
        }
    }
    w.endNs = u.back().second; // the trailing idle tail is cut off
    return w;
}

AnalysisPtr Analyzer::analyze(const TracePtr& trace, const AnalysisOptions& options, const std::atomic<bool>* cancel)
{
    auto r = std::make_shared<AnalysisResult>();
    r->trace = trace;
    r->window = resolveWindow(*trace, options.window, &r->warnings);
    r->warnings += trace->loadWarnings;
    const auto& k = trace->kernels;
    r->kernelInWindow.resize(size_t(k.size()));
    for (qsizetype i = 0; i < k.size(); ++i)
        r->kernelInWindow[size_t(i)] = r->window.contains(k.start[size_t(i)]);
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };

    // Independent analyses write disjoint members of the result: run them side by side. Three
    // streams of about equal cost (kernel summary and launch statistics; device unions; NVTX,
    // host calls and processes, which need the NVTX phases) keep both cores busy until the
    // findings, which read them all.
    AnalysisResult& res = *r;
    auto kernels = QtConcurrent::run([&] {
        KernelAnalysis::run(options.taxonomy, res);
        HostAnalysis::launches(res);
    });
    auto devices = QtConcurrent::run([&] { DeviceAnalysis::run(options.maxGaps, res); });
    NvtxAnalysis::run(options.phases, res);
    HostAnalysis::sync(res);
    HostAnalysis::memcpy(res);
    HostAnalysis::graphs(res);
    ProcessAnalysis::run(res);
    kernels.waitForFinished();
    devices.waitForFinished();
    if (cancelled())
        return nullptr;
    r->coverage = r->kernelNs > 0 ? double(r->attributedNs) / double(r->kernelNs) : 0.0;
    FindingsEngine::run(res);
    CounterAnalysis::attach(options, res, cancelled);

    if (trace->nvtx.size() > 0 && r->kernelNs > 0 && r->coverage < 0.70)
        r->warnings << tr("NVTX attribution covers %1 of kernel time (under 70 %): per-range and per-phase figures "
                          "describe part of the work only.").arg(formatPercent(r->coverage));
    return r;
}

QFuture<AnalysisPtr> Analyzer::analyzeAsync(const TracePtr& trace, const AnalysisOptions& options)
{
    return QtConcurrent::run([trace, options](QPromise<AnalysisPtr>& promise) {
        std::atomic<bool> cancel{false};
        promise.addResult(analyze(trace, options, &cancel));
    });
}

} // namespace sl
