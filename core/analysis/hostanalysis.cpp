// SPDX-License-Identifier: MIT
#include "core/analysis/hostanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/statistics.h"
#include "core/trace/apiclassifier.h"

#include <QHash>

#include <map>

namespace sl {

void HostAnalysis::launches(AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    for (const auto& [device, idx] : t.kernelsByDevice) {
        LaunchStats::PerDevice pd;
        pd.deviceId = device;
        std::vector<qint64> d;
        d.reserve(idx.size());
        qint64 first = -1, last = -1, under5 = 0, under10 = 0, under20 = 0;
        for (quint32 i : idx) {
            if (!r.kernelInWindow[i])
                continue;
            const qint64 dur = k.duration(i);
            d.push_back(dur);
            if (first < 0)
                first = k.start[i];
            last = std::max(last, k.end[i]);
            under5 += dur < 5'000, under10 += dur < 10'000, under20 += dur < 20'000;
        }
        if (d.empty())
            continue;
        pd.kernels = qint64(d.size());
        const qint64 span = last - first;
        pd.kernelsPerSecond = span > 0 ? double(pd.kernels) * 1e9 / double(span) : 0.0;
        const double n = double(d.size());
        pd.shareUnder5us = double(under5) / n, pd.shareUnder10us = double(under10) / n;
        pd.shareUnder20us = double(under20) / n;
        // Ascending ranks: each nth_element leaves the higher ranks above it, so the next one
        // only partitions that upper part.
        pd.p50Ns = nearestRankUnsorted(d, 50);
        pd.p90Ns = nearestRankAbove(d, 90, 50);
        pd.p99Ns = nearestRankAbove(d, 99, 90);
        pd.storm = (pd.kernelsPerSecond >= 50'000 && pd.p50Ns <= 10'000)
            || (pd.kernelsPerSecond >= 100'000 && pd.p50Ns <= 20'000);
        r.launches.storm = r.launches.storm || pd.storm;
        r.launches.perDevice.append(pd);
    }

    // Launch overhead. Kernels of a node-mode graph share one cudaGraphLaunch call, so a
    // per-kernel comparison with "its" launch call would be meaningless: they are left out.
    // One vector of values at a time, reused: each costs 8 B per kernel, and this runs beside
    // other analyses, so two at once would add to the peak memory of millions of kernels.
    auto launched = [&](qsizetype i) {
        return r.kernelInWindow[size_t(i)] && k.api[size_t(i)] >= 0 && !(k.flags[size_t(i)] & KernelTable::FromGraph);
    };
    std::vector<qint64> values;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (!launched(i))
            continue;
        ++r.launches.matchedKernels;
        const qint64 callNs = t.api.duration(k.api[size_t(i)]);
        values.push_back(callNs);
        r.launches.launchBound += k.duration(i) < callNs;
    }
    r.launches.apiP50Ns = nearestRankUnsorted(values, 50);
    values.clear();
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (!launched(i))
            continue;
        const qint64 q = k.start[size_t(i)] - t.api.end[size_t(k.api[size_t(i)])];
        if (q >= 0)
            values.push_back(q);
    }
    r.launches.queueP50Ns = nearestRankUnsorted(values, 50);
    r.launches.queueP90Ns = nearestRankAbove(values, 90, 50);
}

void HostAnalysis::sync(AnalysisResult& r)
{
    const Trace& t = *r.trace;
    QHash<quint32, int> groupOfName; // StringTable index → index into r.sync
    for (qsizetype i = 0; i < t.api.size(); ++i) {
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
                r.sync.append({base, ApiClassifier::isBlocking(kind), 0, 0});
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

bool HostAnalysis::isPageableAsyncCopy(const Trace& t, qsizetype i)
{
    const auto& m = t.memcpy;
    const qint32 a = m.api[size_t(i)];
    return (m.srcKind[size_t(i)] == 0 || m.dstKind[size_t(i)] == 0) && a >= 0
        && t.api.kind[size_t(a)] == ApiTable::MemcpyAsync;
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
    const int copyKind = m.copyKind[size_t(i)];
    return copyKind != 8 && !(copyKind == 1 && m.bytes[size_t(i)] <= 64 * 1024);
}

void HostAnalysis::memcpy(AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const auto& m = t.memcpy;
    std::map<int, MemcpyKind> byKind;
    for (qsizetype i = 0; i < m.size(); ++i) {
        if (!r.window.contains(m.start[size_t(i)]))
            continue;
        auto& k = byKind[m.copyKind[size_t(i)]];
        k.kindId = m.copyKind[size_t(i)];
        ++k.count;
        k.bytes += m.bytes[size_t(i)];
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
        set.bytes += t.memset.bytes[size_t(i)];
        set.totalNs += t.memset.duration(i);
    }
    if (set.count > 0)
        r.memcpy.append(set);
}

void HostAnalysis::graphs(AnalysisResult& r)
{
    const Trace& t = *r.trace;
    for (qsizetype i = 0; i < t.graphs.size(); ++i)
        if (r.window.contains(t.graphs.start[size_t(i)]))
            ++r.graphLaunches, r.graphNs += t.graphs.duration(i);
    qint64 nodeKernelNs = 0;
    for (qsizetype i = 0; i < t.kernels.size(); ++i)
        if (r.kernelInWindow[size_t(i)] && (t.kernels.flags[size_t(i)] & KernelTable::FromGraph))
            ++r.graphNodeKernels, nodeKernelNs += t.kernels.duration(i);
    qint64 graphCalls = 0;
    for (qsizetype i = 0; i < t.api.size(); ++i)
        graphCalls += t.api.kind[size_t(i)] == ApiTable::GraphLaunch && r.window.contains(t.api.start[size_t(i)]);
    if (t.graphs.size() > 0)
        r.graphMode = QStringLiteral("graph");
    else if (r.graphNodeKernels > 0)
        r.graphMode = QStringLiteral("node");
    else if (t.info.graphMode == TraceInfo::GraphMode::Graph)
        r.graphMode = QStringLiteral("graph");
    else if (t.info.graphMode == TraceInfo::GraphMode::Node)
        r.graphMode = QStringLiteral("node");
    else
        r.graphMode = QStringLiteral("unknown");
    // In node mode the graph's kernels are ordinary rows: count the launches from the API.
    // and the time from the node kernels.
    if (t.graphs.size() == 0)
        r.graphLaunches = graphCalls, r.graphNs = nodeKernelNs;
}

} // namespace sl
