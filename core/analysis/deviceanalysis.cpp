// SPDX-License-Identifier: MIT
#include "core/analysis/deviceanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/trace/apiclassifier.h"

#include <algorithm>
#include <deque>
#include <set>
#include <queue>
#include <unordered_map>

namespace sl {

namespace {

constexpr qint64 kGpuGapRuleNs = 500'000'000; // gpu_gaps rule: 500 ms
constexpr int kUtilChunks = 30;               // gpu_time_util rule: 30 chunks, 50 % threshold

/// Start-ordered walk over one device's ops in the window, across several tables.
class DeviceOps
{
public:
    DeviceOps(const AnalysisResult& r, int device)
        : m_w(r.window)
    {
        const Trace& t = *r.trace;
        if (auto it = t.kernelsByDevice.find(quint16(device)); it != t.kernelsByDevice.end())
            m_lists.push_back({&t.kernels, &it->second, 0});
        addFiltered(t.graphs, device);
        addFiltered(t.memcpy, device);
        addFiltered(t.memset, device);
    }
    /// Next op by start: its table, index, start and end clipped to the window. False at the end.
    bool next(const GpuOpColumns** table, quint32* index, qint64* start, qint64* end)
    {
        for (;;) {
            List* best = nullptr;
            for (auto& l : m_lists)
                if (l.pos < l.idx->size() && (!best || l.ops->start[(*l.idx)[l.pos]] < best->ops->start[(*best->idx)[best->pos]]))
                    best = &l;
            if (!best)
                return false;
            const quint32 i = (*best->idx)[best->pos++];
            const qint64 s = best->ops->start[i];
            if (s < m_w.startNs || s > m_w.endNs)
                continue;
            *table = best->ops, *index = i, *start = s;
            *end = std::min(best->ops->end[i], m_w.endNs);
            return true;
        }
    }

    /// Every op in the window, table by table (not in start order): f(table, start, clipped end).
    template<typename F>
    void forEach(F f) const
    {
        for (const auto& l : m_lists)
            for (quint32 i : *l.idx) {
                const qint64 s = l.ops->start[i];
                if (s >= m_w.startNs && s <= m_w.endNs)
                    f(l.ops, s, std::min(l.ops->end[i], m_w.endNs));
            }
    }

private:
    void addFiltered(const GpuOpColumns& ops, int device)
    {
        std::vector<quint32> idx;
        for (qsizetype i = 0; i < ops.size(); ++i)
            if (ops.device[size_t(i)] == device)
                idx.push_back(quint32(i));
        if (!idx.empty()) {
            m_owned.push_back(std::move(idx));
            m_lists.push_back({&ops, &m_owned.back(), 0});
        }
    }
    struct List
    {
        const GpuOpColumns* ops;
        const std::vector<quint32>* idx;
        size_t pos;
    };
    AnalysisWindow m_w;
    std::vector<List> m_lists;
    std::deque<std::vector<quint32>> m_owned; // stable addresses
};

/// Blocking synchronisation calls of one process, start-sorted, with the running maximum of
/// their ends: "does any blocking call overlap (a, b)?" is one binary search.
struct SyncIntervals
{
    std::vector<qint64> start, maxEnd;
    bool overlaps(qint64 a, qint64 b) const
    {
        const auto it = std::lower_bound(start.begin(), start.end(), b); // calls starting before b
        if (it == start.begin())
            return false;
        return maxEnd[size_t(it - start.begin()) - 1] > a;
    }
};

} // namespace

void DeviceAnalysis::run(int maxGaps, AnalysisResult& r)
{
    const Trace& t = *r.trace;
    std::unordered_map<quint32, SyncIntervals> syncByPid;
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (!ApiClassifier::isBlocking(ApiTable::Kind(t.api.kind[size_t(i)])))
            continue;
        auto& s = syncByPid[t.api.pid[size_t(i)]];
        s.start.push_back(t.api.start[size_t(i)]);
        s.maxEnd.push_back(std::max(s.maxEnd.empty() ? 0 : s.maxEnd.back(), t.api.end[size_t(i)]));
    }

    std::set<int> devices;
    for (const auto& [d, idx] : t.kernelsByDevice)
        devices.insert(d);
    for (const GpuOpColumns* ops : {static_cast<const GpuOpColumns*>(&t.memcpy), static_cast<const GpuOpColumns*>(&t.memset),
                                    static_cast<const GpuOpColumns*>(&t.graphs)})
        for (quint16 d : ops->device)
            devices.insert(d);

    auto smaller = [](const IdleGap& a, const IdleGap& b) { return a.durationNs() > b.durationNs(); };
    std::priority_queue<IdleGap, std::vector<IdleGap>, decltype(smaller)> top(smaller);
    std::vector<IdleGap> bigGaps;

    for (int d : devices) {
        DeviceStats ds;
        ds.deviceId = d;
        const GpuOpColumns* table;
        quint32 index;
        qint64 s, e;
        // Extent of the device's work in the window (it places the 30 chunks): a plain scan of
        // each table, no merge needed for a minimum and a maximum.
        DeviceOps ops(r, d);
        {
            bool any = false;
            ops.forEach([&](const GpuOpColumns* table, qint64 s, qint64 e) {
                if (!any || s < ds.firstNs)
                    ds.firstNs = s;
                if (!any || e > ds.lastNs)
                    ds.lastNs = e;
                any = true;
                if (table == &t.kernels)
                    ++ds.kernelCount, ds.kernelNs += e - s;
            });
            if (!any)
                continue;
        }
        const qint64 span = ds.lastNs - ds.firstNs;
        std::vector<qint64> chunkBusy(kUtilChunks, 0);
        auto addBusy = [&](qint64 a, qint64 b) {
            ds.busyNs += b - a;
            if (span <= 0)
                return;
            // Chunk c covers [first + c·span/30, first + (c+1)·span/30).
            for (int c = int((a - ds.firstNs) * kUtilChunks / span); c < kUtilChunks; ++c) {
                const qint64 cs = ds.firstNs + span * c / kUtilChunks, ce = ds.firstNs + span * (c + 1) / kUtilChunks;
                if (cs >= b)
                    break;
                chunkBusy[size_t(c)] += std::min(b, ce) - std::max(a, cs);
            }
        };
        // One start-ordered merge: the busy union with its gaps and their causes, and beside it
        // the compute-only union (kernels and whole-graph launches).
        {
            qint64 curS = -1, curE = -1;
            qint64 compS = -1, compE = -1;
            while (ops.next(&table, &index, &s, &e)) {
                if (table == &t.kernels || table == &t.graphs) {
                    if (compS < 0 || s > compE) {
                        if (compS >= 0)
                            ds.computeBusyNs += compE - compS;
                        compS = s, compE = e;
                    } else {
                        compE = std::max(compE, e);
                    }
                }
                if (curS < 0) {
                    curS = s, curE = e;
                    continue;
                }
                if (s > curE) {
                    addBusy(curS, curE);
                    IdleGap g;
                    g.deviceId = d, g.startNs = curE, g.endNs = s;
                    g.nextApi = table->api[index];
                    if (g.nextApi >= 0 && t.api.start[size_t(g.nextApi)] > g.startNs) {
                        g.cause = IdleGap::HostWait;
                    } else if (auto it = syncByPid.find(table->pid[index]);
                               it != syncByPid.end() && it->second.overlaps(g.startNs, g.endNs)) {
                        g.cause = IdleGap::SyncWait;
                    }
                    ++ds.gapCount;
                    ds.idleByCauseNs[g.cause] += g.durationNs();
                    if (g.durationNs() >= kGpuGapRuleNs)
                        bigGaps.push_back(g);
                    if (int(top.size()) < maxGaps) {
                        top.push(g);
                    } else if (maxGaps > 0 && g.durationNs() > top.top().durationNs()) {
                        top.pop();
                        top.push(g);
                    }
                    curS = s, curE = e;
                } else {
                    curE = std::max(curE, e);
                }
            }
            addBusy(curS, curE);
            if (compS >= 0)
                ds.computeBusyNs += compE - compS;
        }
        ds.idleNs = span - ds.busyNs;
        // gpu_time_util: chunks under 50 % busy, adjacent ones merged with a size-weighted share.
        if (span > 0) {
            for (int c = 0; c < kUtilChunks; ++c) {
                const qint64 cs = ds.firstNs + span * c / kUtilChunks, ce = ds.firstNs + span * (c + 1) / kUtilChunks;
                if (ce <= cs || 2 * chunkBusy[size_t(c)] >= ce - cs)
                    continue;
                if (!ds.lowUtil.isEmpty() && ds.lowUtil.back().endNs == cs) {
                    auto& m = ds.lowUtil.back();
                    const double busy = m.busyShare * double(m.endNs - m.startNs) + double(chunkBusy[size_t(c)]);
                    m.endNs = ce;
                    m.busyShare = busy / double(m.endNs - m.startNs);
                } else {
                    ds.lowUtil.append({cs, ce, double(chunkBusy[size_t(c)]) / double(ce - cs)});
                }
            }
        }
        r.devices.append(ds);
    }

    std::vector<IdleGap> gaps;
    gaps.reserve(top.size() + bigGaps.size());
    while (!top.empty()) {
        gaps.push_back(top.top());
        top.pop();
    }
    for (const auto& g : bigGaps)
        if (std::none_of(gaps.begin(), gaps.end(),
                         [&](const IdleGap& x) { return x.deviceId == g.deviceId && x.startNs == g.startNs; }))
            gaps.push_back(g);
    std::sort(gaps.begin(), gaps.end(), [](const IdleGap& a, const IdleGap& b) {
        return a.durationNs() != b.durationNs() ? a.durationNs() > b.durationNs()
                                                : std::tie(a.deviceId, a.startNs) < std::tie(b.deviceId, b.startNs);
    });
    r.gaps = QVector<IdleGap>(gaps.begin(), gaps.end());
}

} // namespace sl
