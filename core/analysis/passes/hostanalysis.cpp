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

/// Launch rate and duration distribution of one device's kernels in the window; no kernels
/// (or a cancel) gives pd.kernels == 0.
LaunchStats::PerDevice launchesOn(
    const AnalysisResult& r, int device, const std::vector<quint32>& idx, const Cancellation& cancel)
{
    const auto& k = r.trace->kernels;
    LaunchStats::PerDevice pd;
    pd.deviceId = device;
    RankSelector ranks({ 50, 90, 99 });
    qint64 first = -1, last = -1, under5 = 0, under10 = 0, under20 = 0;
    qint64 polled = 0;
    for (quint32 i : idx) {
        if (cancel.poll(polled++))
            return pd;
        if (!r.kernelInWindow[i])
            continue;
        const qint64 dur = k.duration(i);
        ranks.count(dur);
        if (first < 0)
            first = k.start[i];
        last = std::max(last, k.endOf(i));
        under5 += dur < spec::kShortKernel5Ns;
        under10 += dur < spec::kShortKernel10Ns;
        under20 += dur < spec::kShortKernel20Ns;
    }
    if (!ranks.startKeeping())
        return pd;
    for (quint32 i : idx)
        if (r.kernelInWindow[i])
            ranks.keep(k.duration(i));
    pd.kernels = ranks.size();
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

} // namespace

void HostAnalysis::launches(AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    for (const auto& [device, idx] : t.kernelsByDevice) {
        if (cancel.isCancelled())
            return;
        const LaunchStats::PerDevice pd = launchesOn(r, device, idx, cancel);
        if (pd.kernels == 0)
            continue;
        r.launches.storm = r.launches.storm || pd.storm;
        r.launches.perDevice.append(pd);
    }
    if (cancel.isCancelled())
        return;

    // Launch overhead (kernels with a launching call of their own, hasOwnLaunchCall): the
    // launching call's duration and the queue delay until the kernel starts, ranked without a
    // vector of every kernel's value (RankSelector: two passes). eachLaunch calls f(kernel, call
    // ns, queue ns) for each such kernel in the window; false on a cancel.
    auto eachLaunch = [&](auto f) {
        for (qsizetype i = 0; i < k.size(); ++i) {
            if (cancel.poll(i))
                return false;
            if (!r.kernelInWindow[size_t(i)] || !hasOwnLaunchCall(t, i))
                continue;
            const auto a = size_t(k.api[size_t(i)]);
            f(i, t.api.duration(qsizetype(a)), k.start[size_t(i)] - t.api.endOf(a));
        }
        return true;
    };
    RankSelector api({ 50 }), queue({ 50, 90 });
    const bool counted = eachLaunch([&](qsizetype i, qint64 call, qint64 q) {
        ++r.launches.matchedKernels;
        r.launches.launchBound += launchExcessNs(t, i) > 0;
        api.count(call);
        if (q >= 0)
            queue.count(q);
    });
    if (!counted)
        return;
    if (api.startKeeping()) { // else no kernel was launched: the figures stay 0
        queue.startKeeping(); // false when no delay was counted: its keep() then does nothing
        const bool kept = eachLaunch([&](qsizetype, qint64 call, qint64 q) {
            api.keep(call);
            if (q >= 0)
                queue.keep(q);
        });
        if (!kept)
            return;
    }
    r.launches.apiP50Ns = api.at(0);
    r.launches.queueP50Ns = queue.at(0);
    r.launches.queueP90Ns = queue.at(1);
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
