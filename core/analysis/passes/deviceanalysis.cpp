// SPDX-License-Identifier: MIT
#include "core/analysis/passes/deviceanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/apiclassifier.h"

#include <queue>

#include <algorithm>
#include <array>
#include <deque>
#include <limits>
#include <set>
#include <unordered_map>

namespace sl {

namespace {

/// Start-ordered walk over one device's ops in the window, across several tables.
class DeviceOps
{
public:
    DeviceOps(const AnalysisResult& r, int device)
        : m_w(r.window)
    {
        const Trace& t = *r.trace;
        if (auto it = t.kernelsByDevice.find(quint16(device)); it != t.kernelsByDevice.end())
            if (!it->second.empty())
                m_lists.push_back({ &t.kernels, &it->second, 0, t.kernels.start[it->second.front()] });
        addFiltered(t.graphs, device);
        addFiltered(t.memcpy, device);
        addFiltered(t.memset, device);
    }
    /// Next op by start: its table, index, start and end clipped to the window. False at the end.
    /// The head start of each table is cached: with a handful of tables the choice is a few
    /// compares of values already in a register, not two indirections per table per op.
    bool next(const GpuOpColumns** table, quint32* index, qint64* start, qint64* end)
    {
        for (;;) {
            List* best = nullptr;
            for (auto& l : m_lists)
                if (l.pos < l.idx->size() && (!best || l.head < best->head))
                    best = &l;
            if (!best)
                return false;
            const quint32 i = (*best->idx)[best->pos++];
            const qint64 s = best->head;
            if (best->pos < best->idx->size())
                best->head = best->ops->start[(*best->idx)[best->pos]];
            if (s < m_w.startNs || s > m_w.endNs)
                continue;
            *table = best->ops;
            *index = i;
            *start = s;
            *end = std::min(best->ops->endOf(i), m_w.endNs);
            return true;
        }
    }

    /// Every op in the window, table by table (not in start order): f(table, start, clipped end).
    template <typename F> void forEach(F f) const
    {
        for (const auto& l : m_lists)
            for (quint32 i : *l.idx) {
                const qint64 s = l.ops->start[i];
                if (s >= m_w.startNs && s <= m_w.endNs)
                    f(l.ops, s, std::min(l.ops->endOf(i), m_w.endNs));
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
            m_lists.push_back({ &ops, &m_owned.back(), 0, ops.start[m_owned.back().front()] });
        }
    }
    struct List
    {
        const GpuOpColumns* ops;
        const std::vector<quint32>* idx;
        size_t pos;
        qint64 head; ///< start of idx[pos]
    };
    AnalysisWindow m_w;
    std::vector<List> m_lists;
    std::deque<std::vector<quint32>> m_owned; // stable addresses
};

/// Blocking synchronisation calls of one process, start-sorted, with the running maximum of
/// their ends: "does any blocking call overlap (a, b)?" is the count of calls starting before b.
struct SyncIntervals
{
    std::vector<qint64> start, maxEnd;
    /// `before`: the count of calls starting before an earlier query's b, updated to this b's.
    /// A device's gaps come in start order, so b only grows and the count moves forward a few
    /// calls (a binary search per gap, a cache miss per probe, was a third of the device pass);
    /// a b behind the count (or a count past the end: unknown) searches again.
    bool overlaps(qint64 a, qint64 b, size_t& before) const
    {
        if (before > start.size() || (before > 0 && start[before - 1] >= b))
            before = size_t(std::lower_bound(start.begin(), start.end(), b) - start.begin());
        while (before < start.size() && start[before] < b)
            ++before;
        return before > 0 && maxEnd[before - 1] > a;
    }
};
using SyncByPid = std::unordered_map<quint32, SyncIntervals>;

SyncByPid blockingCallsByPid(const Trace& t, const Cancellation& cancel)
{
    SyncByPid syncByPid;
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (cancel.poll(i))
            return {};
        if (!ApiClassifier::isBlocking(ApiTable::Kind(t.api.kind[size_t(i)])))
            continue;
        auto& s = syncByPid[t.api.pid[size_t(i)]];
        s.start.push_back(t.api.start[size_t(i)]);
        s.maxEnd.push_back(std::max(s.maxEnd.empty() ? 0 : s.maxEnd.back(), t.api.endOf(size_t(i))));
    }
    return syncByPid;
}

/// Every device that ran any GPU work, ascending.
std::set<int> devicesWithWork(const Trace& t)
{
    std::set<int> devices;
    for (const auto& [d, idx] : t.kernelsByDevice)
        devices.insert(d);
    for (const GpuOpColumns* ops : { static_cast<const GpuOpColumns*>(&t.memcpy),
             static_cast<const GpuOpColumns*>(&t.memset), static_cast<const GpuOpColumns*>(&t.graphs) })
        for (quint16 d : ops->device)
            devices.insert(d);
    return devices;
}

/// The gaps every device reports: the `maxGaps` longest, and every one of the GPU gaps rule.
class GapCollector
{
public:
    explicit GapCollector(int maxGaps)
        : m_maxGaps(maxGaps)
    {
    }
    void add(const IdleGap& g)
    {
        if (g.durationNs() >= spec::kGpuGapNs)
            m_bigGaps.push_back(g);
        if (int(m_top.size()) < m_maxGaps) {
            m_top.push(g);
        } else if (m_maxGaps > 0 && g.durationNs() > m_top.top().durationNs()) {
            m_top.pop();
            m_top.push(g);
        }
    }
    /// Largest first, ties by device and start.
    QVector<IdleGap> take()
    {
        std::vector<IdleGap> gaps;
        gaps.reserve(m_top.size() + m_bigGaps.size());
        while (!m_top.empty()) {
            gaps.push_back(m_top.top());
            m_top.pop();
        }
        for (const auto& g : m_bigGaps)
            if (std::none_of(gaps.begin(), gaps.end(),
                    [&](const IdleGap& x) { return x.deviceId == g.deviceId && x.startNs == g.startNs; }))
                gaps.push_back(g);
        std::sort(gaps.begin(), gaps.end(), [](const IdleGap& a, const IdleGap& b) {
            return a.durationNs() != b.durationNs() ? a.durationNs() > b.durationNs()
                                                    : std::tie(a.deviceId, a.startNs) < std::tie(b.deviceId, b.startNs);
        });
        return QVector<IdleGap>(gaps.begin(), gaps.end());
    }

private:
    static bool shorter(const IdleGap& a, const IdleGap& b) { return a.durationNs() > b.durationNs(); }
    int m_maxGaps;
    std::priority_queue<IdleGap, std::vector<IdleGap>, decltype(&shorter)> m_top { &shorter };
    std::vector<IdleGap> m_bigGaps;
};

/// Busy time per chunk of the gpu_time_util rule. Chunk c covers [bound[c], bound[c + 1]) =
/// [first + c·span/30, first + (c+1)·span/30). Busy segments come in start order, so the first
/// chunk a segment touches only moves forward: no division per segment (a 64-bit division per
/// kernel dominated the merge loop).
class UtilChunks
{
public:
    UtilChunks(qint64 firstNs, qint64 span)
        : m_span(span)
    {
        for (int c = 0; c <= spec::kUtilChunks; ++c)
            m_bound[size_t(c)] = firstNs + span * c / spec::kUtilChunks;
    }
    void addBusy(qint64 a, qint64 b)
    {
        if (m_span <= 0)
            return;
        while (m_first < spec::kUtilChunks - 1 && m_bound[size_t(m_first) + 1] <= a)
            ++m_first;
        for (int c = m_first; c < spec::kUtilChunks && m_bound[size_t(c)] < b; ++c)
            m_busy[size_t(c)] += std::min(b, m_bound[size_t(c) + 1]) - std::max(a, m_bound[size_t(c)]);
    }
    /// Chunks under 50 % busy, adjacent ones merged with a size-weighted share.
    QVector<LowUtilChunk> lowChunks() const
    {
        QVector<LowUtilChunk> low;
        if (m_span <= 0)
            return low;
        for (int c = 0; c < spec::kUtilChunks; ++c) {
            const qint64 cs = m_bound[size_t(c)];
            const qint64 ce = m_bound[size_t(c) + 1];
            const qint64 busy = m_busy[size_t(c)];
            if (ce <= cs || spec::kLowUtilBusyDivisor * busy >= ce - cs)
                continue;
            if (!low.isEmpty() && low.back().endNs == cs) {
                auto& m = low.back();
                const double merged = m.busyShare * double(m.endNs - m.startNs) + double(busy);
                m.endNs = ce;
                m.busyShare = merged / double(m.endNs - m.startNs);
            } else {
                low.append({ cs, ce, double(busy) / double(ce - cs) });
            }
        }
        return low;
    }

private:
    qint64 m_span;
    std::array<qint64, spec::kUtilChunks + 1> m_bound {};
    std::array<qint64, spec::kUtilChunks> m_busy {};
    int m_first = 0;
};

/// The cause class of an idle gap (spec §3 "Idle gaps"): host-wait when the call that launched
/// the operation ending the gap started after the gap began, sync-wait when a blocking call of
/// that operation's process overlaps the gap, else other.
class GapCauses
{
public:
    GapCauses(const Trace& t, const SyncByPid& syncByPid)
        : m_t(t)
        , m_syncByPid(syncByPid)
    {
    }
    IdleGap::Cause of(const IdleGap& g, quint32 pid)
    {
        if (g.nextApi >= 0 && m_t.api.start[size_t(g.nextApi)] > g.startNs)
            return IdleGap::HostWait;
        const SyncIntervals* calls = syncOf(pid);
        return calls && calls->overlaps(g.startNs, g.endNs, m_before) ? IdleGap::SyncWait : IdleGap::Other;
    }

private:
    // Gaps of one device nearly always belong to one process: remember its sync calls.
    const SyncIntervals* syncOf(quint32 pid)
    {
        if (pid != m_pid) {
            const auto it = m_syncByPid.find(pid);
            m_pid = pid;
            m_sync = it == m_syncByPid.end() ? nullptr : &it->second;
            m_before = kUnknown;
        }
        return m_sync;
    }
    const Trace& m_t;
    const SyncByPid& m_syncByPid;
    quint32 m_pid = ~0u;
    const SyncIntervals* m_sync = nullptr;
    static constexpr size_t kUnknown = std::numeric_limits<size_t>::max(); ///< search again
    size_t m_before = kUnknown; ///< m_sync's calls starting before the last gap's end
};

/// A running union of start-ordered intervals: extend() returns false when [s, e] starts after
/// the current segment, which the caller then closes (its gap is current().second → s).
struct RunningUnion
{
    qint64 start = -1, end = -1;
    bool open() const { return start >= 0; }
    bool extend(qint64 s, qint64 e)
    {
        if (!open() || s > end)
            return false;
        end = std::max(end, e);
        return true;
    }
    void restart(qint64 s, qint64 e)
    {
        start = s;
        end = e;
    }
};

/// One device: extent, busy and compute-busy unions, gaps with their causes and the low
/// utilisation chunks. False when the device has no work in the window or on a cancel.
bool analyseDevice(const AnalysisResult& r, int d, const SyncByPid& syncByPid, GapCollector& gaps,
    const Cancellation& cancel, DeviceStats& ds)
{
    const Trace& t = *r.trace;
    ds.deviceId = d;
    // Extent of the device's work in the window (it places the 30 chunks): a plain scan of
    // each table, no merge needed for a minimum and a maximum.
    DeviceOps ops(r, d);
    bool any = false;
    ops.forEach([&](const GpuOpColumns* table, qint64 s, qint64 e) {
        if (!any || s < ds.firstNs)
            ds.firstNs = s;
        if (!any || e > ds.lastNs)
            ds.lastNs = e;
        any = true;
        if (table == &t.kernels) {
            ++ds.kernelCount;
            ds.kernelNs += e - s;
        }
    });
    if (!any)
        return false;
    const qint64 span = ds.lastNs - ds.firstNs;
    UtilChunks chunks(ds.firstNs, span);
    auto addBusy = [&](qint64 a, qint64 b) {
        ds.busyNs += b - a;
        chunks.addBusy(a, b);
    };
    GapCauses causes(t, syncByPid);
    // One start-ordered merge: the busy union with its gaps and their causes, and beside it
    // the compute-only union (kernels and whole-graph launches).
    RunningUnion busy, compute;
    const GpuOpColumns* table;
    quint32 index;
    qint64 s, e;
    for (qint64 n = 0; ops.next(&table, &index, &s, &e); ++n) {
        if (cancel.poll(n))
            return false;
        if ((table == &t.kernels || table == &t.graphs) && !compute.extend(s, e)) {
            if (compute.open())
                ds.computeBusyNs += compute.end - compute.start;
            compute.restart(s, e);
        }
        if (busy.extend(s, e))
            continue;
        if (busy.open()) {
            addBusy(busy.start, busy.end);
            IdleGap g;
            g.deviceId = d;
            g.startNs = busy.end;
            g.endNs = s;
            g.nextApi = table->api[index];
            g.cause = causes.of(g, table->pid[index]);
            ++ds.gapCount;
            ds.idleByCauseNs[g.cause] += g.durationNs();
            gaps.add(g);
        }
        busy.restart(s, e);
    }
    addBusy(busy.start, busy.end);
    if (compute.open())
        ds.computeBusyNs += compute.end - compute.start;
    ds.idleNs = span - ds.busyNs;
    ds.lowUtil = chunks.lowChunks();
    return true;
}

} // namespace

void DeviceAnalysis::run(int maxGaps, AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const SyncByPid syncByPid = blockingCallsByPid(t, cancel);
    GapCollector gaps(maxGaps);
    for (int d : devicesWithWork(t)) {
        DeviceStats ds;
        if (analyseDevice(r, d, syncByPid, gaps, cancel, ds))
            r.devices.append(ds);
        if (cancel.isCancelled())
            return;
    }
    r.gaps = gaps.take();
}

} // namespace sl
