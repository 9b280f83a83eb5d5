// SPDX-License-Identifier: MIT
#include "core/analysis/passes/hostanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/rankselector.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/apiclassifier.h"

#include <QHash>

#include <algorithm>
#include <map>

namespace sl {

namespace {

/// One device's kernels in the window being counted: launch rate and duration distribution.
struct DeviceLaunches
{
    RankSelector ranks { { 50, 90, 99 } };
    qint64 first = -1, last = -1, under5 = 0, under10 = 0, under20 = 0;

    void count(qint64 start, qint64 end, qint64 dur)
    {
        ranks.count(dur);
        if (first < 0)
            first = start;
        last = std::max(last, end);
        under5 += dur < spec::kShortKernel5Ns;
        under10 += dur < spec::kShortKernel10Ns;
        under20 += dur < spec::kShortKernel20Ns;
    }
    /// After both passes; pd.kernels == 0 without kernels.
    LaunchStats::PerDevice figures(int device)
    {
        LaunchStats::PerDevice pd;
        pd.deviceId = device;
        pd.kernels = ranks.size();
        if (pd.kernels == 0)
            return pd;
        const qint64 span = last - first;
        pd.kernelsPerSecond = span > 0 ? double(pd.kernels) * 1e9 / double(span) : 0.0;
        const double n = double(pd.kernels);
        pd.shareUnder5us = double(under5) / n;
        pd.shareUnder10us = double(under10) / n;
        pd.shareUnder20us = double(under20) / n;
        pd.p50Ns = ranks.at(0);
        pd.p90Ns = ranks.at(1);
        pd.p99Ns = ranks.at(2);
        pd.storm = spec::isLaunchStorm(pd.kernelsPerSecond, pd.p50Ns);
        return pd;
    }
};

/// The launch statistics being counted: per device, and the launch overhead of the kernels with
/// a launching call of their own (hasOwnLaunchCall): the call's duration and the queue delay
/// until the kernel starts. Every figure is ranked without a vector of every kernel's value
/// (RankSelector: two passes), and both passes walk the kernel table once in order for all
/// devices at once: walked per device through its row list, then again for the calls, the
/// table was read four times at scattered rows.
class LaunchCounter
{
public:
    explicit LaunchCounter(const AnalysisResult& r)
        : m_r(r)
        , m_t(*r.trace)
    {
        for (const auto& [device, rows] : m_t.kernelsByDevice) {
            if (device >= m_slotOf.size())
                m_slotOf.resize(size_t(device) + 1, -1);
            m_slotOf[device] = qint32(m_devices.size());
            m_devices.emplace_back(device, DeviceLaunches {});
        }
    }
    /// Counts (first pass) or keeps (second pass) every kernel in the window; false on a cancel.
    bool walk(bool keep, const Cancellation& cancel)
    {
        const auto& k = m_t.kernels;
        for (qsizetype i = 0; i < k.size(); ++i) {
            if (cancel.poll(i))
                return false;
            if (!m_r.kernelInWindow[size_t(i)])
                continue;
            const qint64 dur = k.duration(i);
            const qint32 slot = k.device[size_t(i)] < m_slotOf.size() ? m_slotOf[k.device[size_t(i)]] : -1;
            if (slot >= 0 && keep)
                m_devices[size_t(slot)].second.ranks.keep(dur);
            else if (slot >= 0)
                m_devices[size_t(slot)].second.count(k.start[size_t(i)], k.endOf(i), dur);
            if (!HostAnalysis::hasOwnLaunchCall(m_t, i))
                continue;
            const auto a = size_t(k.api[size_t(i)]);
            const qint64 call = m_t.api.duration(qsizetype(a)), queue = k.start[size_t(i)] - m_t.api.endOf(a);
            keep ? countCall<true>(call, queue, dur) : countCall<false>(call, queue, dur);
        }
        return true;
    }
    /// Between the passes: false when no kernel was counted (the figures stay 0).
    bool startKeeping()
    {
        bool any = false;
        for (auto& [device, d] : m_devices)
            any = d.ranks.startKeeping() || any;
        const bool calls = m_api.startKeeping();
        if (calls)
            m_queue.startKeeping(); // false when no delay was counted: its keep() then does nothing
        return any || calls;
    }
    void store(LaunchStats& out)
    {
        for (auto& [device, d] : m_devices) {
            const LaunchStats::PerDevice pd = d.figures(device);
            if (pd.kernels == 0)
                continue;
            out.storm = out.storm || pd.storm;
            out.perDevice.append(pd);
        }
        out.matchedKernels = m_matched;
        out.launchBound = m_launchBound;
        out.apiP50Ns = m_api.at(0);
        out.queueP50Ns = m_queue.at(0);
        out.queueP90Ns = m_queue.at(1);
    }

private:
    template <bool keep> void countCall(qint64 call, qint64 queue, qint64 kernelNs)
    {
        if constexpr (keep) {
            m_api.keep(call);
            if (queue >= 0)
                m_queue.keep(queue);
        } else {
            ++m_matched;
            m_launchBound += call > kernelNs; // launchExcessNs() > 0
            m_api.count(call);
            if (queue >= 0)
                m_queue.count(queue);
        }
    }

    const AnalysisResult& m_r;
    const Trace& m_t;
    std::vector<qint32> m_slotOf; ///< device id → index into m_devices, −1 none
    std::vector<std::pair<int, DeviceLaunches>> m_devices; ///< in device id order
    RankSelector m_api { { 50 } }, m_queue { { 50, 90 } };
    qint64 m_matched = 0, m_launchBound = 0;
};

} // namespace

void HostAnalysis::launches(AnalysisResult& r, const Cancellation& cancel)
{
    LaunchCounter counter(r);
    if (!counter.walk(false, cancel))
        return;
    if (counter.startKeeping() && !counter.walk(true, cancel))
        return;
    counter.store(r.launches);
}

void HostAnalysis::sync(AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    QHash<quint32, int> groupOfName; // StringTable index → index into r.sync
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (cancel.poll(i))
            return;
        const auto kind = ApiTable::Kind(t.api.kind[size_t(i)]);
        if (!ApiClassifier::isSyncRelated(kind) || !r.window.contains(t.api.start[size_t(i)]))
            continue;
        const quint32 name = t.api.name[size_t(i)];
        auto it = groupOfName.find(name);
        if (it == groupOfName.end()) {
            const QString base = ApiClassifier::baseName(t.strings.at(name));
            int g = -1;
            for (int j = 0; j < r.sync.size(); ++j)
                if (r.sync[j].api == base)
                    g = j;
            if (g < 0) {
                r.sync.append({ base, ApiClassifier::isBlocking(kind), 0, 0 });
                g = int(r.sync.size()) - 1;
            }
            it = groupOfName.insert(name, g);
        }
        auto& s = r.sync[it.value()];
        ++s.count;
        s.totalNs += t.api.duration(i);
    }
    std::sort(r.sync.begin(), r.sync.end(), [](const SyncCall& a, const SyncCall& b) {
        if (a.blocking != b.blocking)
            return a.blocking;
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.api < b.api;
    });
}

bool HostAnalysis::hasOwnLaunchCall(const Trace& t, qsizetype kernel)
{
    const auto& k = t.kernels;
    return k.api[size_t(kernel)] >= 0 && !(k.flags[size_t(kernel)] & KernelTable::FromGraph);
}

qint64 HostAnalysis::launchExcessNs(const Trace& t, qsizetype kernel)
{
    const qint64 callNs = t.api.duration(t.kernels.api[size_t(kernel)]);
    return std::max<qint64>(0, callNs - t.kernels.duration(kernel));
}

HostAnalysis::LaunchBoundKernels HostAnalysis::launchBoundKernels(const AnalysisResult& r, int phase, qint64 reserve)
{
    const Trace& t = *r.trace;
    const KernelTable& k = t.kernels;
    LaunchBoundKernels out;
    out.rows.reserve(size_t(std::max<qint64>(0, reserve)));
    // The columns through raw pointers the loop keeps in registers: calling the two functions
    // above per kernel from the findings (another unit) reloaded every column's data pointer.
    const quint8* inWindow = r.kernelInWindow.data();
    const qint8* kernelPhase = phase >= 0 ? r.kernelPhase.data() : nullptr;
    const qint32* api = k.api.data();
    const quint8* flags = k.flags.data();
    const quint32* kernelNs = k.dur.data();
    const quint32* callNs = t.api.dur.data();
    const auto n = size_t(k.size());
    for (size_t i = 0; i < n; ++i) {
        if (!inWindow[i] || api[i] < 0 || (flags[i] & KernelTable::FromGraph)) // hasOwnLaunchCall
            continue;
        if (kernelPhase && kernelPhase[i] != phase)
            continue;
        ++out.considered;
        const quint32 call = callNs[api[i]], kernel = kernelNs[i];
        const qint64 excess = call != DurationColumn::kLong && kernel != DurationColumn::kLong
            ? qint64(call) - qint64(kernel)
            : launchExcessNs(t, qsizetype(i));
        if (excess > 0) {
            out.excessNs += excess;
            out.rows.push_back(quint32(i));
        }
    }
    return out;
}

bool HostAnalysis::isPageableAsyncCopy(const Trace& t, qsizetype i)
{
    const auto& m = t.memcpy;
    const qint32 a = m.api[size_t(i)];
    return (m.srcKind[size_t(i)] == spec::kPageableMemoryKind || m.dstKind[size_t(i)] == spec::kPageableMemoryKind)
        && a >= 0 && t.api.kind[size_t(a)] == ApiTable::MemcpyAsync;
}

bool HostAnalysis::isSyncCopy(const Trace& t, qsizetype i)
{
    // Expert Systems cuda_memcpy_sync: copies from non-Async APIs, except device-to-device ones
    // and host-to-device ones of at most 64 KB (those return before the copy completes).
    const auto& m = t.memcpy;
    const qint32 a = m.api[size_t(i)];
    if (a < 0)
        return false;
    const auto kind = t.api.kind[size_t(a)];
    if (kind != ApiTable::MemcpySync && kind != ApiTable::DriverSyncMemOp)
        return false;
    return spec::isSyncCopyShape(m.copyKind[size_t(i)], m.bytes[size_t(i)]);
}

void HostAnalysis::memcpy(AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto& m = t.memcpy;
    std::map<int, MemcpyKind> byKind;
    for (qsizetype i = 0; i < m.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (!r.window.contains(m.start[size_t(i)]))
            continue;
        auto& k = byKind[m.copyKind[size_t(i)]];
        k.kindId = m.copyKind[size_t(i)];
        ++k.count;
        k.bytes = saturatingAdd(k.bytes, m.bytes[size_t(i)]);
        k.totalNs += m.duration(i);
        r.pageableAsyncCopies += isPageableAsyncCopy(t, i);
        r.syncCopies += isSyncCopy(t, i);
    }
    for (auto& [id, k] : byKind) {
        k.kind = Trace::memcpyKindLabel(id);
        r.memcpy.append(k);
    }
    // Memsets as one more operation (kind_id -1), as nsys stats' cuda_gpu_mem_time_sum lists
    // "[CUDA memset]" beside the copy kinds.
    MemcpyKind set;
    set.kindId = -1;
    set.kind = QStringLiteral("memset");
    for (qsizetype i = 0; i < t.memset.size(); ++i) {
        if (!r.window.contains(t.memset.start[size_t(i)]))
            continue;
        ++set.count;
        set.bytes = saturatingAdd(set.bytes, t.memset.bytes[size_t(i)]);
        set.totalNs += t.memset.duration(i);
    }
    if (set.count > 0)
        r.memcpy.append(set);
}

void HostAnalysis::graphs(AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    for (qsizetype i = 0; i < t.graphs.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (r.window.contains(t.graphs.start[size_t(i)])) {
            ++r.graphLaunches;
            r.graphNs += t.graphs.duration(i);
        }
    }
    qint64 nodeKernelNs = 0;
    for (qsizetype i = 0; i < t.kernels.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (r.kernelInWindow[size_t(i)] && (t.kernels.flags[size_t(i)] & KernelTable::FromGraph)) {
            ++r.graphNodeKernels;
            nodeKernelNs += t.kernels.duration(i);
        }
    }
    qint64 graphCalls = 0;
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (cancel.poll(i))
            return;
        graphCalls += t.api.kind[size_t(i)] == ApiTable::GraphLaunch && r.window.contains(t.api.start[size_t(i)]);
    }
    // Records decide (whole-graph rows, node kernels); else what the capture settings say.
    if (t.graphs.size() > 0)
        r.graphMode = GraphMode::Graph;
    else if (r.graphNodeKernels > 0)
        r.graphMode = GraphMode::Node;
    else
        r.graphMode = t.info.graphMode;
    // In node mode the graph's kernels are ordinary rows: count the launches from the API
    // and the time from the node kernels.
    if (t.graphs.size() == 0) {
        r.graphLaunches = graphCalls;
        r.graphNs = nodeKernelNs;
    }
}

} // namespace sl
