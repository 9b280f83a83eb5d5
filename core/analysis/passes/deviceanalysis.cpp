// SPDX-License-Identifier: MIT
#include "core/analysis/passes/deviceanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/gapcauses.h"
#include "core/analysis/passes/opwalk.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/apiclassifier.h"

#include <queue>

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <unordered_map>

namespace sl {

namespace {

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
        } else if (m_maxGaps > 0 && rankedBefore(g, m_top.top())) {
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
        std::sort(gaps.begin(), gaps.end(), &rankedBefore);
        return QVector<IdleGap>(gaps.begin(), gaps.end());
    }

private:
    /// Longer first, ties by device and start: which gaps are kept never depends on the order
    /// they come in (the devices are walked together).
    static bool rankedBefore(const IdleGap& a, const IdleGap& b)
    {
        return a.durationNs() != b.durationNs() ? a.durationNs() > b.durationNs()
                                                : std::tie(a.deviceId, a.startNs) < std::tie(b.deviceId, b.startNs);
    }
    int m_maxGaps;
    /// The kept gaps, the last ranked on top.
    std::priority_queue<IdleGap, std::vector<IdleGap>, decltype(&rankedBefore)> m_top { &rankedBefore };
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
    /// Chunks under 50 % busy, adjacent ones merged (their busy ns added).
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
            if (low.isEmpty() || low.back().endNs != cs)
                low.append({ cs, cs, 0, 0.0 });
            auto& m = low.back();
            m.endNs = ce;
            m.busyNs += busy;
            m.busyShare = double(m.busyNs) / double(m.endNs - m.startNs);
        }
        return low;
    }

private:
    qint64 m_span;
    std::array<qint64, spec::kUtilChunks + 1> m_bound {};
    std::array<qint64, spec::kUtilChunks> m_busy {};
    int m_first = 0;
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

/// One device's figures being gathered by the walks over the tables.
struct DeviceWalk
{
    DeviceStats ds;
    bool any = false; ///< work in the window
    std::optional<UtilChunks> chunks;
    std::optional<GapCauses> causes;
    RunningUnion busy, compute;

    /// First walk, any order: the extent of the device's work in the window (it places the 30
    /// chunks) and its kernels.
    void extend(bool kernel, qint64 s, qint64 e)
    {
        if (!any || s < ds.firstNs)
            ds.firstNs = s;
        if (!any || e > ds.lastNs)
            ds.lastNs = e;
        any = true;
        if (kernel) {
            ++ds.kernelCount;
            ds.kernelNs += e - s;
        }
    }
    /// Second walk, in start order: the busy union with its gaps and their causes, and beside
    /// it the compute-only union (kernels and whole-graph launches).
    void add(const GpuOpColumns& table, quint32 index, bool compute, qint64 s, qint64 e, GapCollector& gaps)
    {
        if (compute && !this->compute.extend(s, e)) {
            if (this->compute.open())
                ds.computeBusyNs += this->compute.end - this->compute.start;
            this->compute.restart(s, e);
        }
        if (busy.extend(s, e))
            return;
        if (busy.open()) {
            addBusy(busy.start, busy.end);
            IdleGap g;
            g.deviceId = ds.deviceId;
            g.startNs = busy.end;
            g.endNs = s;
            g.nextApi = table.api[index];
            g.cause = causes->of(g, table.pid[index]);
            ++ds.gapCount;
            ds.idleByCauseNs[g.cause] += g.durationNs();
            gaps.add(g);
        }
        busy.restart(s, e);
    }
    void finish()
    {
        addBusy(busy.start, busy.end);
        if (compute.open())
            ds.computeBusyNs += compute.end - compute.start;
        ds.idleNs = ds.lastNs - ds.firstNs - ds.busyNs;
        ds.lowUtil = chunks->lowChunks();
    }

private:
    void addBusy(qint64 a, qint64 b)
    {
        ds.busyNs += b - a;
        chunks->addBusy(a, b);
    }
};

/// Every device that ran GPU work (ascending ids), with a slot per id for the walks.
class Devices
{
public:
    explicit Devices(const Trace& t)
    {
        const auto add = [this](quint16 d) {
            if (d >= m_slot.size() || m_slot[d] < 0) {
                m_slot.resize(std::max<size_t>(m_slot.size(), size_t(d) + 1), -1);
                m_slot[d] = 0;
            }
        };
        for (const auto& [d, rows] : t.kernelsByDevice) // the kernels' devices, without a walk
            add(d);
        for (const GpuOpColumns* ops : { static_cast<const GpuOpColumns*>(&t.memcpy),
                 static_cast<const GpuOpColumns*>(&t.memset), static_cast<const GpuOpColumns*>(&t.graphs) })
            for (const quint16 d : ops->device)
                add(d);
        for (size_t d = 0; d < m_slot.size(); ++d)
            if (m_slot[d] >= 0) {
                m_slot[d] = qint32(walks.size());
                walks.emplace_back().ds.deviceId = int(d);
            }
    }
    DeviceWalk& of(quint16 device) { return walks[size_t(m_slot[device])]; }
    std::vector<DeviceWalk> walks; ///< by ascending device id

private:
    std::vector<qint32> m_slot; ///< device id → index into walks, −1 none
};

/// The two walks over every device's work in the window; false on a cancel.
bool walkDevices(const AnalysisResult& r, const CauseInputs& causeInputs, GapCollector& gaps, Devices& devices,
    const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const AnalysisWindow& w = r.window;
    for (const GpuOpColumns* ops :
        { static_cast<const GpuOpColumns*>(&t.kernels), static_cast<const GpuOpColumns*>(&t.graphs),
            static_cast<const GpuOpColumns*>(&t.memcpy), static_cast<const GpuOpColumns*>(&t.memset) })
        for (qsizetype i = 0; i < ops->size(); ++i) {
            if (cancel.poll(i))
                return false;
            const qint64 s = ops->start[size_t(i)];
            if (s >= w.startNs && s <= w.endNs)
                devices.of(ops->device[size_t(i)])
                    .extend(ops == &t.kernels, s, std::min(ops->endOf(size_t(i)), w.endNs));
        }
    for (DeviceWalk& d : devices.walks)
        if (d.any) {
            d.chunks.emplace(d.ds.firstNs, d.ds.lastNs - d.ds.firstNs);
            d.causes.emplace(t, causeInputs);
        }
    OpWalk walk(t);
    return walk.forEach(cancel, [&](const GpuOpColumns& ops, quint32 i, qint64 s) {
        if (s < w.startNs || s > w.endNs)
            return;
        const bool compute = &ops == &t.kernels || &ops == &t.graphs;
        devices.of(ops.device[i]).add(ops, i, compute, s, std::min(ops.endOf(i), w.endNs), gaps);
    });
}

} // namespace

void DeviceAnalysis::run(int maxGaps, AnalysisResult& r, const Cancellation& cancel)
{
    const CauseInputs causeInputs = CauseInputs::of(*r.trace, cancel);
    GapCollector gaps(maxGaps);
    Devices devices(*r.trace);
    if (!walkDevices(r, causeInputs, gaps, devices, cancel))
        return;
    for (DeviceWalk& d : devices.walks)
        if (d.any) {
            d.finish();
            r.devices.append(d.ds);
        }
    r.gaps = gaps.take();
}

} // namespace sl
