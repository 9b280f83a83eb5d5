// SPDX-License-Identifier: MIT
#include "core/analysis/counters/counteranalysis.h"

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"
#include "core/analysis/counters/ncuanalysis.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/imports.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/gpumetricnames.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"
#include "core/util/workerpool.h"

#include <QHash>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace sl {

QString boundClassKey(BoundClass c)
{
    switch (c) {
    case BoundClass::Idle:
        return QStringLiteral("idle");
    case BoundClass::MemoryBound:
        return QStringLiteral("memory-bound");
    case BoundClass::ComputeBound:
        return QStringLiteral("compute-bound");
    case BoundClass::LatencyBound:
        return QStringLiteral("latency-bound");
    case BoundClass::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString boundClassLabel(BoundClass c)
{
    switch (c) {
    case BoundClass::Idle:
        return CounterAnalysis::tr("idle");
    case BoundClass::MemoryBound:
        return CounterAnalysis::tr("memory-bound");
    case BoundClass::ComputeBound:
        return CounterAnalysis::tr("compute-bound");
    case BoundClass::LatencyBound:
        return CounterAnalysis::tr("latency/launch-bound");
    case BoundClass::Unknown:
        break;
    }
    return CounterAnalysis::tr("unknown");
}

QString scopeKindKey(CounterScope::Kind kind)
{
    switch (kind) {
    case CounterScope::Kind::Phase:
        return QStringLiteral("phase");
    case CounterScope::Kind::StepClass:
        return QStringLiteral("step_class");
    case CounterScope::Kind::Window:
        break;
    }
    return QStringLiteral("window");
}

QString scopeKindLabel(CounterScope::Kind kind)
{
    switch (kind) {
    case CounterScope::Kind::Phase:
        return CounterAnalysis::tr("phase");
    case CounterScope::Kind::StepClass:
        return CounterAnalysis::tr("step class");
    case CounterScope::Kind::Window:
        break;
    }
    return CounterAnalysis::tr("window");
}

QString scopeLabel(const CounterScope& scope)
{
    switch (scope.kind) {
    case CounterScope::Kind::Phase:
        return scope.scope;
    case CounterScope::Kind::StepClass:
        //: %1 is a serving step class: prefill, decode, mixed or other
        return CounterAnalysis::tr("%1 steps").arg(scope.scope);
    case CounterScope::Kind::Window:
        break;
    }
    return CounterAnalysis::tr("window");
}

BoundClass CounterAnalysis::classify(double dramPct, double computePct, double busyShare)
{
    if (busyShare < spec::kIdleBusyShare)
        return BoundClass::Idle;
    if (dramPct < 0 && computePct < 0)
        return BoundClass::Unknown;
    if (computePct >= spec::kBoundPct && computePct >= dramPct)
        return BoundClass::ComputeBound;
    if (dramPct >= spec::kBoundPct)
        return BoundClass::MemoryBound;
    return BoundClass::LatencyBound;
}

namespace {

struct DeviceSeries
{
    int deviceId = -1;
    QVector<const CounterSeries*> series;
};

/// Time-weighted busy mean of the first percentage series whose name starts with one of
/// `prefixes` (summed over all that match the first prefix family, e.g. DRAM read + write); −1
/// when none. Only "%" series: an export may carry the same counter in other units too (B200:
/// "Compute Warps in Flight [Avg]", "[Avg Warps per Cycle]" and "[Throughput %]").
double busyMean(const CounterScope& scope, std::initializer_list<QLatin1String> prefixes, bool sum)
{
    double total = 0;
    bool any = false;
    for (const QLatin1String p : prefixes) {
        for (const auto& f : scope.figures) {
            if (f.nvml || !f.busy.valid() || f.unit != gpumetrics::kPercentUnit
                || !f.name.startsWith(p, Qt::CaseInsensitive))
                continue;
            if (!sum)
                return f.busy.mean;
            total += f.busy.mean;
            any = true;
        }
    }
    return any ? std::min(total, 100.0) : -1;
}

/// For each series, the index of the first series with the same timestamps (the metrics of one
/// GPU are sampled together): computed once per device, each comparison is a pass over the times.
std::vector<size_t> timestampGrids(const QVector<const CounterSeries*>& series)
{
    std::vector<size_t> gridOf(size_t(series.size()));
    for (qsizetype i = 0; i < series.size(); ++i) {
        qsizetype j = 0;
        while (j < i && (gridOf[size_t(j)] != size_t(j) || series[j]->t != series[i]->t))
            ++j;
        gridOf[size_t(i)] = size_t(j);
    }
    return gridOf;
}

/// `grids`: timestampGrids(series), or null to compute it here.
CounterScope summarise(CounterScope::Kind kind, const QString& name, int deviceId,
    const QVector<const CounterSeries*>& series, const IntervalList& stretch, const IntervalList& busy,
    const std::vector<size_t>* grids = nullptr)
{
    CounterScope scope;
    scope.kind = kind;
    scope.scope = name;
    scope.deviceId = deviceId;
    scope.spanNs = CounterStats::length(stretch);
    const IntervalList busyInStretch = CounterStats::intersect(busy, stretch);
    scope.kernelBusyNs = CounterStats::length(busyInStretch);
    // Which samples overlap the stretch and its kernel time depends on the timestamps only: the
    // metrics of one GPU are sampled together, so the weights are computed once per distinct
    // timestamp grid (one interval walk instead of one per metric), then the figures of all
    // metrics in parallel.
    const std::vector<size_t> own = grids ? std::vector<size_t> {} : timestampGrids(series);
    const std::vector<size_t>& gridOf = grids ? *grids : own;
    std::vector<size_t> distinct;
    for (size_t i = 0; i < gridOf.size(); ++i)
        if (gridOf[i] == i)
            distinct.push_back(i);
    std::vector<SampleWeights> whole(gridOf.size()), busyWeights(gridOf.size());
    parallelFor(distinct.size(), [&](size_t j) {
        const size_t i = distinct[j];
        whole[i] = CounterStats::weights(*series[qsizetype(i)], stretch);
        busyWeights[i] = CounterStats::weights(*series[qsizetype(i)], busyInStretch);
    });
    std::vector<CounterFigure> figures(size_t(series.size()));
    parallelFor(figures.size(), [&](size_t i) {
        const CounterSeries* s = series[qsizetype(i)];
        CounterFigure& f = figures[i];
        f.name = s->name;
        f.unit = s->unit;
        f.nvml = s->source == CounterSeries::Source::Nvml;
        f.whole = CounterStats::over(*s, whole[gridOf[i]]);
        f.busy = CounterStats::over(*s, busyWeights[gridOf[i]]);
    });
    for (auto& f : figures)
        if (f.whole.valid())
            scope.figures.append(std::move(f));
    // DRAM: read + write throughput (each a % of peak bandwidth); older chips: one "DRAM" metric.
    scope.dramPct = busyMean(scope, { gpumetrics::kDramRead, gpumetrics::kDramWrite }, true);
    if (scope.dramPct < 0)
        scope.dramPct = busyMean(scope, { gpumetrics::kDramBandwidth, gpumetrics::kDramThroughput }, false);
    const double issue = busyMean(scope, { gpumetrics::kSmIssue }, false);
    const double tensor = busyMean(scope, { gpumetrics::kTensorActive }, false);
    scope.computePct = std::max(issue, tensor);
    const double busyShare = scope.spanNs > 0 ? double(scope.kernelBusyNs) / double(scope.spanNs) : 0;
    scope.bound = scope.figures.isEmpty() ? BoundClass::Unknown
                                          : CounterAnalysis::classify(scope.dramPct, scope.computePct, busyShare);
    return scope;
}

QString sqlForSamples(int deviceId, qint64 a, qint64 b)
{
    return QStringLiteral("SELECT m.rowid, m.timestamp, n.metricName, m.value FROM %1 m JOIN %2 n ON n.typeId = "
                          "m.typeId AND n.metricId = m.metricId WHERE (m.typeId & 255) = %3 AND m.timestamp "
                          "BETWEEN %4 AND %5 ORDER BY m.timestamp;")
        .arg(tables::kGpuMetrics, tables::kGpuMetricNames)
        .arg(deviceId)
        .arg(a)
        .arg(b);
}

/// A note per source whose samples exist but none of which holds a moment of the window [w0, w1)
/// (another clock domain or time zone, all timestamps equal, another run's log): without it the
/// counters section is empty and reads like "nothing to say".
QStringList nonOverlapNotes(const CounterSet& exported, const CounterSet& extra, qint64 w0, qint64 w1)
{
    QStringList notes;
    for (const CounterSet* set : { &exported, &extra }) {
        qint64 first = std::numeric_limits<qint64>::max(), last = std::numeric_limits<qint64>::min();
        bool overlaps = false;
        for (const CounterSeries& s : set->series) {
            if (s.t.empty())
                continue;
            first = std::min(first, s.periodStart(0));
            last = std::max(last, s.t.back());
            // The first sample ending after w0 holds (periodStart, t]: it overlaps if it starts before w1.
            const auto i = std::upper_bound(s.t.begin(), s.t.end(), w0) - s.t.begin();
            overlaps = overlaps || (i < s.size() && s.periodStart(i) < w1);
        }
        if (overlaps || first > last)
            continue;
        const bool nvml = set->series.front().source == CounterSeries::Source::Nvml;
        const QString note = nvml
            ? CounterAnalysis::tr(
                "The NVML samples do not overlap the analysis window: they lie from %1 to %2 ns of the "
                "session timeline, the window from %3 to %4 ns. No counter figure is computed from "
                "them; check that they come from this run and that their clock (time zone) matches "
                "the trace's.")
            : CounterAnalysis::tr(
                "The GPU metric samples do not overlap the analysis window: they lie from %1 to %2 ns "
                "of the session timeline, the window from %3 to %4 ns. No counter figure is computed "
                "from them; check the export's clock domain.");
        notes << note.arg(first).arg(last).arg(w0).arg(w1);
    }
    return notes;
}

/// The series of both sets grouped by device, by device id.
QVector<DeviceSeries> groupByDevice(const CounterSet& exported, const CounterSet& extra)
{
    QVector<DeviceSeries> devices;
    const auto add = [&](const CounterSeries& s) {
        for (auto& d : devices) {
            if (d.deviceId == s.deviceId) {
                d.series.append(&s);
                return;
            }
        }
        devices.append({ s.deviceId, { &s } });
    };
    for (const auto& s : exported.series)
        add(s);
    for (const auto& s : extra.series)
        add(s);
    std::sort(devices.begin(), devices.end(), [](const auto& a, const auto& b) { return a.deviceId < b.deviceId; });
    return devices;
}

constexpr int kClasses = StepComposition::kClassCount;

/// The in-window kernel time of one device as unions: all of it, per phase and per step class.
struct DeviceBusy
{
    IntervalList all;
    std::vector<IntervalList> byPhase;
    std::array<IntervalList, kClasses> byClass;
};

/// DeviceBusy of `deviceId` (its kernels are start-sorted; clipped to the window's end). The
/// phase and class lists are not united yet: only the stretches reported need it.
DeviceBusy kernelBusy(const AnalysisResult& r, int deviceId)
{
    const Trace& trace = *r.trace;
    const int phaseCount = int(r.phases.size());
    const ServingSteps& st = r.serving.steps;
    DeviceBusy busy;
    busy.byPhase.resize(size_t(std::max(phaseCount, 0)));
    const auto byDevice = trace.kernelsByDevice.find(quint16(deviceId));
    if (byDevice == trace.kernelsByDevice.end())
        return busy;
    busy.all.reserve(byDevice->second.size());
    for (quint32 k : byDevice->second) {
        if (k >= r.kernelInWindow.size() || !r.kernelInWindow[k])
            continue;
        const qint64 a = trace.kernels.start[k], b = std::min(trace.kernels.endOf(k), r.window.endNs);
        if (b <= a)
            continue;
        busy.all.emplace_back(a, b);
        const int p = k < r.kernelPhase.size() ? r.kernelPhase[k] : -1;
        if (p >= 0 && p < phaseCount)
            busy.byPhase[size_t(p)].emplace_back(a, b);
        // The class of the serving step the kernel was launched in (ServingStats::rangeStep).
        const qint32 rg = k < r.kernelRange.size() ? r.kernelRange[k] : -1;
        const qint32 step = rg >= 0 && size_t(rg) < r.serving.rangeStep.size() ? r.serving.rangeStep[size_t(rg)] : -1;
        if (step >= 0 && step < st.size() && st.cls[size_t(step)] < kClasses)
            busy.byClass[st.cls[size_t(step)]].emplace_back(a, b);
    }
    busy.all = CounterStats::unite(std::move(busy.all));
    return busy;
}

/// Each phase's steps on `deviceId`, clipped to the window: the step ranges of the processes
/// that ran work there (not united).
std::vector<IntervalList> phaseSteps(const AnalysisResult& r, int deviceId)
{
    const int phaseCount = int(r.phases.size());
    std::vector<IntervalList> steps(size_t(std::max(phaseCount, 0)));
    const auto& nv = r.trace->nvtx;
    // pid → whether the process ran work on this device, looked up once per pid (the last
    // process entry of a pid decides, as before).
    QHash<quint32, bool> usesDevice;
    for (const auto& proc : r.processes)
        usesDevice.insert(proc.pid, proc.devices.contains(deviceId));
    for (qsizetype i = 0; i < nv.size() && size_t(i) < r.rangeStepPhase.size(); ++i) {
        const int p = r.rangeStepPhase[size_t(i)];
        if (p < 0 || p >= phaseCount || !usesDevice.value(nv.pid[size_t(i)], false))
            continue;
        const qint64 a = std::max(nv.start[size_t(i)], r.window.startNs);
        const qint64 b = std::min(nv.end[size_t(i)], r.window.endNs);
        if (b > a)
            steps[size_t(p)].emplace_back(a, b);
    }
    return steps;
}

/// Each step class's serving steps whose GPU is `deviceId` (ServingSteps::device, where most of
/// the step's kernels ran), clipped to the window (not united).
std::array<IntervalList, kClasses> classSteps(const AnalysisResult& r, int deviceId)
{
    const ServingSteps& st = r.serving.steps;
    std::array<IntervalList, kClasses> steps;
    for (qsizetype i = 0; i < st.size(); ++i) {
        const qint64 a = std::max(st.start[size_t(i)], r.window.startNs);
        const qint64 b = std::min(st.end[size_t(i)], r.window.endNs);
        if (st.device[size_t(i)] == deviceId && st.cls[size_t(i)] < kClasses && b > a)
            steps[st.cls[size_t(i)]].emplace_back(a, b);
    }
    return steps;
}

/// The scopes of one device into `out.scopes` — the window, each phase with steps there, each
/// step class with steps there — and their stretches into `stretchOf` (parallel to out.scopes).
/// False when cancelled.
bool summariseDevice(const AnalysisResult& r, const DeviceSeries& dev, CounterResult& out,
    std::vector<IntervalList>& stretchOf, const Cancellation& cancel)
{
    const IntervalList window { { r.window.startNs, r.window.endNs } };
    DeviceBusy busy = kernelBusy(r, dev.deviceId);
    const std::vector<size_t> grids = timestampGrids(dev.series);
    const auto add
        = [&](CounterScope::Kind kind, const QString& name, IntervalList stretch, const IntervalList& kernels) {
              out.scopes.append(summarise(kind, name, dev.deviceId, dev.series, stretch, kernels, &grids));
              stretchOf.push_back(std::move(stretch));
          };
    add(CounterScope::Kind::Window, QStringLiteral("window"), window, busy.all);
    std::vector<IntervalList> steps = phaseSteps(r, dev.deviceId);
    for (size_t p = 0; p < steps.size(); ++p) {
        if (cancel.isCancelled())
            return false;
        if (!steps[p].empty())
            add(CounterScope::Kind::Phase, r.phases[qsizetype(p)].phase, CounterStats::unite(std::move(steps[p])),
                CounterStats::unite(std::move(busy.byPhase[p])));
    }
    std::array<IntervalList, kClasses> classes = classSteps(r, dev.deviceId);
    for (int c = 0; c < kClasses; ++c) {
        if (cancel.isCancelled())
            return false;
        if (!classes[size_t(c)].empty())
            add(CounterScope::Kind::StepClass, StepComposition::className(StepComposition::Class(c)),
                CounterStats::unite(std::move(classes[size_t(c)])),
                CounterStats::unite(std::move(busy.byClass[size_t(c)])));
    }
    return true;
}

/// Whether step-class scope `i` covers the same time as a phase of its device (e.g. the vLLM
/// "decode" phase and the decode steps): then only the phase gets findings.
bool sameAsAPhase(const CounterResult& out, const std::vector<IntervalList>& stretchOf, qsizetype i)
{
    const qint64 len = CounterStats::length(stretchOf[size_t(i)]);
    for (qsizetype j = 0; j < out.scopes.size(); ++j) {
        if (out.scopes[j].kind != CounterScope::Kind::Phase || out.scopes[j].deviceId != out.scopes[i].deviceId)
            continue;
        const qint64 shared = CounterStats::length(CounterStats::intersect(stretchOf[size_t(i)], stretchOf[size_t(j)]));
        const qint64 longer = std::max(len, CounterStats::length(stretchOf[size_t(j)]));
        if (longer > 0 && double(shared) >= spec::kSameStretchShare * double(longer))
            return true;
    }
    return false;
}

/// The memory-bound or latency-bound finding of scope `s` (its bound is one of the two).
Finding boundFinding(const AnalysisResult& r, const CounterScope& s)
{
    Finding f;
    // The title starts with the stretch's name ("Decode on GPU 0: memory-bound"), as other
    // findings; one text for a phase, a step class (plural) and the window.
    QString where = s.kind == CounterScope::Kind::Window ? CounterAnalysis::tr("The window") : scopeLabel(s);
    if (!where.isEmpty())
        where[0] = where[0].toUpper();
    const double tensor = busyMean(s, { gpumetrics::kTensorActive }, false);
    if (s.bound == BoundClass::MemoryBound) {
        f.id = QStringLiteral("counters-memory-bound");
        f.title = CounterAnalysis::tr("%1 on GPU %2: memory-bound").arg(where).arg(s.deviceId);
        f.summary = CounterAnalysis::tr(
            "While the kernels run, DRAM bandwidth averages %1 of peak and compute %2 (tensor pipes %3) "
            "over %4 of kernel time: the GPU waits for memory. More requests per step reuse each "
            "weight byte for more tokens; quantised weights or KV cache move fewer bytes.")
                        .arg(formatPercent(s.dramPct / 100), formatPercent(std::max(0.0, s.computePct) / 100),
                            tensor >= 0 ? formatPercent(tensor / 100) : CounterAnalysis::tr("not sampled"),
                            formatDuration(s.kernelBusyNs));
        f.metric = CounterAnalysis::tr("DRAM %1").arg(formatPercent(s.dramPct / 100));
    } else {
        f.id = QStringLiteral("counters-latency-bound");
        f.title = CounterAnalysis::tr("%1 on GPU %2: busy at low utilisation").arg(where).arg(s.deviceId);
        f.summary = CounterAnalysis::tr(
            "While the kernels run, neither memory (DRAM %1 of peak) nor compute (%2) comes near its "
            "limit over %3 of kernel time: small kernels, launch latency or dependencies dominate. "
            "Fusing kernels, CUDA graphs or larger batches raise the work per launch.")
                        .arg(formatPercent(std::max(0.0, s.dramPct) / 100),
                            formatPercent(std::max(0.0, s.computePct) / 100), formatDuration(s.kernelBusyNs));
        f.metric = CounterAnalysis::tr("compute %1").arg(formatPercent(std::max(0.0, s.computePct) / 100));
    }
    f.setImpact(s.kernelBusyNs, r.window);
    f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(f.impactShare));
    Evidence samples;
    samples.table = tables::kGpuMetrics;
    samples.deviceId = s.deviceId;
    samples.startNs = r.window.startNs;
    samples.endNs = r.window.endNs;
    samples.sql = sqlForSamples(s.deviceId, r.window.startNs, r.window.endNs);
    f.evidence.append(samples);
    return f;
}

/// Findings: per phase and step class where the device has some, else per window; only
/// stretches with a real share of the window's kernel time; a step class that covers the same
/// time as a phase of the device only once, as the phase.
void boundFindings(
    AnalysisResult& r, const CounterResult& out, const std::vector<IntervalList>& stretchOf, qint64 windowKernelNs)
{
    for (qsizetype i = 0; i < out.scopes.size(); ++i) {
        const CounterScope& s = out.scopes[i];
        const bool isWindow = s.kind == CounterScope::Kind::Window;
        bool deviceHasStretches = false;
        for (const auto& o : out.scopes)
            deviceHasStretches
                = deviceHasStretches || (o.deviceId == s.deviceId && o.kind != CounterScope::Kind::Window);
        if (isWindow == deviceHasStretches)
            continue;
        if (s.kind == CounterScope::Kind::StepClass && sameAsAPhase(out, stretchOf, i))
            continue;
        if (windowKernelNs <= 0 || double(s.kernelBusyNs) < spec::kCounterFindingBusyShare * double(windowKernelNs))
            continue;
        if (s.bound == BoundClass::MemoryBound || s.bound == BoundClass::LatencyBound)
            r.findings.append(boundFinding(r, s));
    }
}

/// The clock-throttle finding of clock series `s` on `deviceId`: below kThrottleClockShare of
/// its capture maximum `peak` for `below` ns of the `sum.coveredNs` sampled in the window.
Finding throttleFinding(const AnalysisResult& r, const CounterResult& out, int deviceId, const CounterSeries& s,
    double peak, qint64 below, const CounterSummary& sum, const CounterScope& window)
{
    QStringList slowPhases;
    for (const CounterScope& o : out.scopes) {
        for (const auto& fig : o.figures)
            if (o.deviceId == deviceId && o.kind == CounterScope::Kind::Phase && fig.name == s.name && fig.whole.valid()
                && fig.whole.mean < spec::kThrottleClockShare * peak)
                slowPhases << o.scope;
    }
    Finding f;
    f.id = QStringLiteral("counters-clock-throttle");
    f.title = CounterAnalysis::tr("GPU %1 runs below its clock").arg(deviceId);
    f.summary
        = CounterAnalysis::tr("%1 was below %6 of its %2 MHz maximum for %3 of the sampled window (mean %4 MHz)%5. "
                              "Power or thermal limits slow every kernel alike: check power caps, cooling and "
                              "clock settings (nvidia-smi -q -d PERFORMANCE names the reason).")
              .arg(s.name)
              .arg(peak, 0, 'f', 0)
              .arg(formatPercent(double(below) / double(sum.coveredNs)))
              .arg(sum.mean, 0, 'f', 0)
              .arg(slowPhases.isEmpty()
                      ? QString()
                      : CounterAnalysis::tr("; slowest in %1").arg(slowPhases.join(QStringLiteral(", "))))
              .arg(formatPercent(spec::kThrottleClockShare, 0));
    f.metric
        = CounterAnalysis::tr("%1 below %2 clock")
              .arg(formatPercent(double(below) / double(sum.coveredNs)), formatPercent(spec::kThrottleClockShare, 0));
    f.setImpact(qint64(double(window.kernelBusyNs) * double(below) / double(sum.coveredNs)), r.window);
    f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(f.impactShare));
    Evidence e;
    e.deviceId = deviceId;
    e.startNs = r.window.startNs;
    e.endNs = r.window.endNs;
    if (s.source == CounterSeries::Source::GpuMetrics) {
        e.table = tables::kGpuMetrics;
        e.sql = sqlForSamples(deviceId, r.window.startNs, r.window.endNs);
    } else {
        e.table = QStringLiteral("NVML");
    }
    f.evidence.append(e);
    return f;
}

/// Throttling: any clock series (GPU metrics "GPC Clock Frequency", NVML "SM Clock") below
/// 90 % of its own capture maximum for over 10 % of the window, on devices whose window has a
/// real share of the kernel time.
void throttleFindings(
    AnalysisResult& r, const QVector<DeviceSeries>& devices, const CounterResult& out, qint64 windowKernelNs)
{
    const IntervalList window { { r.window.startNs, r.window.endNs } };
    for (const DeviceSeries& dev : devices) {
        const CounterScope* scope = nullptr;
        for (const CounterScope& o : out.scopes)
            if (o.deviceId == dev.deviceId && o.kind == CounterScope::Kind::Window)
                scope = &o;
        if (!scope || windowKernelNs <= 0
            || double(scope->kernelBusyNs) < spec::kCounterFindingBusyShare * double(windowKernelNs))
            continue;
        for (const CounterSeries* s : dev.series) {
            if (!gpumetrics::isCoreClock(s->name, s->unit) || s->v.empty())
                continue;
            const double peak = double(*std::max_element(s->v.begin(), s->v.end()));
            if (peak <= 0)
                continue;
            const qint64 below = CounterStats::timeBelow(*s, window, spec::kThrottleClockShare * peak);
            const CounterSummary sum = CounterStats::over(*s, window);
            if (sum.valid() && double(below) > spec::kThrottleTimeShare * double(sum.coveredNs))
                r.findings.append(throttleFinding(r, out, dev.deviceId, *s, peak, below, sum, *scope));
        }
    }
}

} // namespace

void CounterAnalysis::attach(const AnalysisOptions& options, AnalysisResult& r, const Cancellation& cancel)
{
    static const Imports none;
    const Imports& in = options.imports ? *options.imports : none;
    if (!in.nvmlError.isEmpty())
        r.warnings << in.nvmlError;
    r.counters = run(r, in.nvml, cancel);
    r.counters.notes += in.nvmlNotes;
    r.counters.imported = in.nvml;
    if (!in.ncuError.isEmpty())
        r.warnings << in.ncuError;
    if (!in.ncu || cancel.isCancelled())
        return;
    r.counters.ncu = NcuAnalysis::run(r, *in.ncu, options.peaks, cancel);
    const NcuResult& n = *r.counters.ncu;
    r.counters.notes << tr("Nsight Compute: %1 of %2 profiled launches matched kernels of the trace "
                           "(%3 by full name, %4 by function name).")
                            .arg(n.match.matched)
                            .arg(n.report.launches.size())
                            .arg(n.match.byFullName)
                            .arg(n.match.byFunctionName);
    if (n.report.files.size() > 1)
        r.counters.notes << tr("Nsight Compute: %1 files read from the folder %2.")
                                .arg(n.report.files.size())
                                .arg(n.report.fileName);
    if (n.match.withoutDims > 0)
        r.counters.notes << tr("Nsight Compute: %1 launches matched without a grid and block in the "
                               "file (by their totals, or by name and order alone).")
                                .arg(n.match.withoutDims);
    for (const QString& skipped : n.report.skipped)
        r.counters.notes << tr("Nsight Compute: skipped %1").arg(skipped);
    if (in.ncuDropped > 0)
        r.counters.notes << tr("Nsight Compute: %1 values are no finite number once converted to their base "
                               "unit (inf or nan) and were skipped.")
                                .arg(in.ncuDropped);
}

CounterResult CounterAnalysis::run(AnalysisResult& r, const CounterSet& extra, const Cancellation& cancel)
{
    CounterResult out;
    const Trace& trace = *r.trace;
    out.notes = trace.counters.notes + extra.notes;
    out.notes += nonOverlapNotes(trace.counters, extra, r.window.startNs, r.window.endNs);
    const QVector<DeviceSeries> devices = groupByDevice(trace.counters, extra);
    if (devices.isEmpty())
        return out;
    // The stretch of each scope (parallel to out.scopes): a step class that covers the same time
    // as a phase is not reported twice (boundFindings).
    std::vector<IntervalList> stretchOf;
    for (const DeviceSeries& dev : devices) {
        if (cancel.isCancelled() || !summariseDevice(r, dev, out, stretchOf, cancel))
            return out;
    }
    if (cancel.isCancelled())
        return out;
    qint64 windowKernelNs = 0;
    for (const auto& d : r.devices)
        windowKernelNs += d.computeBusyNs;
    boundFindings(r, out, stretchOf, windowKernelNs);
    throttleFindings(r, devices, out, windowKernelNs);
    return out;
}

} // namespace sl
