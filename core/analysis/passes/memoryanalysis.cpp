// SPDX-License-Identifier: MIT
#include "core/analysis/passes/memoryanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/memoryinuse.h"
#include "core/trace/nvtxthreadgroups.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"

#include <algorithm>
#include <map>
#include <utility>

namespace sl {

qint64 MemoryDeviceStats::inUseAt(qint64 ns) const
{
    const auto it = std::upper_bound(t.begin(), t.end(), ns);
    return it == t.begin() ? baselineBytes : inUse[size_t(it - t.begin() - 1)];
}

qint64 MemoryDeviceStats::peakBetween(qint64 fromNs, qint64 toNs) const
{
    qint64 peak = inUseAt(fromNs);
    for (auto i = size_t(std::upper_bound(t.begin(), t.end(), fromNs) - t.begin()); i < t.size() && t[i] <= toNs; ++i)
        peak = std::max(peak, inUse[i]);
    return peak;
}

namespace {

/// Per device: the in-use series, its baseline, and the window's peak and headroom.
void deviceSeries(AnalysisResult& r)
{
    for (auto& [device, use] : MemoryInUse::byDevice(r.trace->memoryUsage)) {
        MemoryDeviceStats d;
        d.deviceId = device;
        d.events = qint64(use.t.size());
        d.t = std::move(use.t);
        d.inUse = std::move(use.bytes);
        d.baselineBytes = use.baselineBytes;
        d.peakBytes = d.peakBetween(r.window.startNs, r.window.endNs);
        d.peakNs = r.window.startNs;
        for (size_t i = 0; i < d.t.size(); ++i)
            if (r.window.contains(d.t[i]) && d.inUse[i] == d.peakBytes) {
                d.peakNs = d.t[i];
                break;
            }
        if (const GpuInfo* gpu = r.trace->gpu(device); gpu && gpu->totalMemory > 0) {
            d.totalBytes = gpu->totalMemory;
            d.headroomBytes = gpu->totalMemory - d.peakBytes;
        }
        r.memory.devices.append(std::move(d));
    }
}

/// The most each process held on each device during the window (its own allocations only).
void processPeaks(AnalysisResult& r)
{
    const MemoryUsageTable& m = r.trace->memoryUsage;
    struct Held
    {
        qint64 now = 0, lowest = 0, peakInWindow = 0;
        bool seenInWindow = false;
    };
    std::map<std::pair<quint32, int>, Held> held;
    for (qsizetype i = 0; i < m.size(); ++i) {
        Held& h = held[{ m.pid[size_t(i)], m.device[size_t(i)] }];
        if (!h.seenInWindow && r.window.contains(m.start[size_t(i)]))
            h.peakInWindow = h.now, h.seenInWindow = true; // held when the window opened
        h.now += m.delta(i);
        h.lowest = std::min(h.lowest, h.now);
        if (r.window.contains(m.start[size_t(i)]))
            h.peakInWindow = std::max(h.peakInWindow, h.now);
    }
    for (const auto& [key, h] : held)
        if (h.seenInWindow)
            r.memory.processes.append({ key.first, key.second, h.peakInWindow - h.lowest });
}

/// Per phase: the most in use on a GPU where the step's process allocates, during its steps.
void phasePeaks(AnalysisResult& r)
{
    const NvtxTable& n = r.trace->nvtx;
    std::map<quint32, std::vector<int>> devicesOfPid;
    const MemoryUsageTable& m = r.trace->memoryUsage;
    for (qsizetype i = 0; i < m.size(); ++i) {
        auto& v = devicesOfPid[m.pid[size_t(i)]];
        if (std::find(v.begin(), v.end(), int(m.device[size_t(i)])) == v.end())
            v.push_back(m.device[size_t(i)]);
    }
    QVector<MemoryPhaseStats> phases(r.mappedPhaseCount());
    for (qsizetype i = 0; i < n.size(); ++i) {
        const qint8 ph = i < qsizetype(r.rangeStepPhase.size()) ? r.rangeStepPhase[size_t(i)] : qint8(-1);
        if (ph < 0 || ph >= phases.size() || !r.window.contains(n.start[size_t(i)]))
            continue;
        MemoryPhaseStats& p = phases[ph];
        ++p.steps;
        const auto it = devicesOfPid.find(n.pid[size_t(i)]);
        for (const MemoryDeviceStats& d : std::as_const(r.memory.devices))
            if (it == devicesOfPid.end()
                || std::find(it->second.begin(), it->second.end(), d.deviceId) != it->second.end())
                p.peakBytes = std::max(p.peakBytes, d.peakBetween(n.start[size_t(i)], n.end[size_t(i)]));
    }
    for (int p = 0; p < phases.size(); ++p)
        if (phases[p].steps > 0) {
            phases[p].phase = r.phases[p].phase;
            r.memory.phases.append(phases[p]);
        }
}

/// Whether the call at `at` on (pid, tid) lies in a step: the innermost same-thread range
/// enclosing it, or one of its ancestors, is a step (rangeStepPhase ≥ 0).
bool inStep(const AnalysisResult& r, quint32 pid, quint32 tid, qint64 at)
{
    if (!r.nvtxThreads)
        return false;
    const qint64 g = r.nvtxThreads->find(pid, tid);
    if (g < 0)
        return false;
    const NvtxTable& n = r.trace->nvtx;
    const std::vector<quint32>& ranges = r.nvtxThreads->ranges[size_t(g)];
    auto it = std::upper_bound(ranges.begin(), ranges.end(), at, [&](qint64 x, quint32 rg) { return x < n.start[rg]; });
    for (qint32 rg = it == ranges.begin() ? -1 : qint32(*(it - 1)); rg >= 0; rg = r.nvtxThreads->parent[size_t(rg)])
        if (n.end[size_t(rg)] >= at && r.rangeStepPhase[size_t(rg)] >= 0)
            return true;
    return false;
}

void churn(AnalysisResult& r)
{
    const ApiTable& a = r.trace->api;
    std::map<quint32, int> kindOfName;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!r.window.contains(a.start[size_t(i)]))
            continue;
        auto it = kindOfName.find(a.name[size_t(i)]);
        if (it == kindOfName.end())
            it = kindOfName
                     .emplace(a.name[size_t(i)], MemoryAnalysis::allocationKind(r.trace->strings.at(a.name[size_t(i)])))
                     .first;
        if (it->second == 0)
            continue;
        (it->second > 0 ? r.memory.allocCalls : r.memory.freeCalls) += 1;
        r.memory.callHostNs += a.duration(i);
        if (inStep(r, a.pid[size_t(i)], a.tid[size_t(i)], a.start[size_t(i)])) {
            r.memory.inStepCalls.push_back(quint32(i));
            r.memory.inStepHostNs += a.duration(i);
        }
    }
    for (const PhaseStats& p : std::as_const(r.phases))
        r.memory.stepWallNs += p.wallNs;
}

void inStepFinding(AnalysisResult& r)
{
    const MemoryStats& m = r.memory;
    const double share = double(m.inStepHostNs) / double(std::max<qint64>(1, m.stepWallNs));
    if (m.inStepCalls.empty() || share < spec::kAllocInStepShare)
        return;
    Finding f;
    f.id = QStringLiteral("allocation-in-step");
    f.setImpact(m.inStepHostNs, r.window);
    f.severity = Finding::severityForShare(f.impactShare);
    f.title = MemoryAnalysis::tr("GPU memory is allocated inside the steps");
    f.metric = formatDuration(m.inStepHostNs);
    f.summary = MemoryAnalysis::tr(
        "%n allocation or free call(s) run on a step's thread while the step is open, holding the CPU for "
        "%1 (%2 of the steps' time): the next launch waits for them. Allocate once before the loop or "
        "use a caching allocator / memory pool (cudaMallocAsync).",
        nullptr, int(m.inStepCalls.size()))
                    .arg(formatDuration(m.inStepHostNs), formatPercent(share));
    std::vector<quint32> rows = m.inStepCalls;
    EvidenceBuilder::longestFirst(rows, r.trace->api);
    f.evidence.append(EvidenceBuilder::rows(
        tables::kRuntime, r.trace->api.rowid, rows, QStringLiteral("rowid IN (%1)").arg(EvidenceBuilder::idList([&] {
            std::vector<qint64> ids;
            for (quint32 i : m.inStepCalls)
                ids.push_back(r.trace->api.rowid[i]);
            return ids;
        }()))));
    r.findings.append(std::move(f));
}

} // namespace

int MemoryAnalysis::allocationKind(const QString& apiName)
{
    static const QLatin1String allocs[] = { QLatin1String("cudaMalloc"), QLatin1String("cuMemAlloc"),
        QLatin1String("cuMemCreate"), QLatin1String("cudaMallocAsync") };
    static const QLatin1String frees[]
        = { QLatin1String("cudaFree"), QLatin1String("cuMemFree"), QLatin1String("cuMemRelease") };
    for (const QLatin1String& p : allocs)
        if (apiName.startsWith(p))
            return 1;
    for (const QLatin1String& p : frees)
        if (apiName.startsWith(p))
            return -1;
    return 0;
}

void MemoryAnalysis::run(AnalysisResult& r, const Cancellation& cancel)
{
    r.memory = {};
    for (void (*part)(AnalysisResult&) : { &deviceSeries, &processPeaks, &phasePeaks, &churn, &inStepFinding }) {
        if (cancel.isCancelled())
            return;
        part(r);
    }
}

} // namespace sl
