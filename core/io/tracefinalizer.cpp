// SPDX-License-Identifier: MIT
#include "core/io/tracefinalizer.h"

#include "core/io/loadoutcome.h"
#include "core/trace/trace.h"

#include <algorithm>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace sl {

namespace {

template <typename T> void permute(std::vector<T>& v, const std::vector<quint32>& order)
{
    if (v.empty())
        return;
    std::vector<T> out;
    out.reserve(v.size());
    for (quint32 i : order)
        out.push_back(v[i]);
    v.swap(out);
}

/// Stable start-time order of `start`, or an empty vector when already sorted.
std::vector<quint32> sortOrder(const std::vector<qint64>& start)
{
    if (std::is_sorted(start.begin(), start.end()))
        return {};
    std::vector<quint32> order(start.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](quint32 a, quint32 b) { return start[a] < start[b]; });
    return order;
}

void permuteApi(ApiTable& api, const std::vector<quint32>& order)
{
    permute(api.rowid, order), permute(api.start, order), permute(api.end, order), permute(api.correlationId, order);
    permute(api.pid, order), permute(api.tid, order), permute(api.name, order), permute(api.kind, order);
}

void sortOps(GpuOpColumns& t, const std::vector<quint32>& order)
{
    permute(t.rowid, order), permute(t.start, order), permute(t.end, order), permute(t.device, order);
    permute(t.stream, order), permute(t.correlationId, order), permute(t.pid, order), permute(t.api, order);
}

/// (pid, correlationId) → API row. Correlation ids are a per-process counter, so a dense
/// array per process is the common case (O(1), 4 bytes per id); sparse ranges fall back to a
/// sorted vector with binary search.
class CorrelationIndex
{
public:
    explicit CorrelationIndex(const ApiTable& api, const std::vector<bool>& skip)
        : m_api(api)
    {
        struct Range
        {
            quint32 lo = ~0u, hi = 0;
            qint64 n = 0;
        };
        std::unordered_map<quint32, Range> ranges;
        for (qsizetype i = 0; i < api.size(); ++i) {
            if (!skip.empty() && skip[size_t(i)])
                continue;
            auto& r = ranges[api.pid[size_t(i)]];
            const quint32 c = api.correlationId[size_t(i)];
            r.lo = std::min(r.lo, c), r.hi = std::max(r.hi, c), ++r.n;
        }
        for (const auto& [pid, r] : ranges) {
            auto& p = m_byPid[pid];
            p.lo = r.lo;
            if (qint64(r.hi) - r.lo + 1 <= 4 * r.n + 4096)
                p.dense.assign(size_t(r.hi - r.lo + 1), -1);
        }
        for (qsizetype i = 0; i < api.size(); ++i) {
            if (!skip.empty() && skip[size_t(i)])
                continue;
            auto& p = m_byPid[api.pid[size_t(i)]];
            const quint32 c = api.correlationId[size_t(i)];
            if (!p.dense.empty()) {
                qint32& slot = p.dense[c - p.lo];
                if (slot < 0 || preferNew(slot, qint32(i)))
                    slot = qint32(i);
            } else {
                p.sparse.emplace_back(c, qint32(i));
            }
        }
        for (auto& [pid, p] : m_byPid)
            std::stable_sort(
                p.sparse.begin(), p.sparse.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }

    qint32 find(quint32 pid, quint32 corr) const
    {
        const auto it = m_byPid.find(pid);
        if (it == m_byPid.end())
            return -1;
        const auto& p = it->second;
        if (!p.dense.empty())
            return corr >= p.lo && corr - p.lo < p.dense.size() ? p.dense[corr - p.lo] : -1;
        auto lo = std::lower_bound(
            p.sparse.begin(), p.sparse.end(), corr, [](const auto& e, quint32 c) { return e.first < c; });
        if (lo == p.sparse.end() || lo->first != corr)
            return -1;
        // Several calls with one id: prefer the one that launches GPU work.
        for (auto j = lo; j != p.sparse.end() && j->first == corr; ++j)
            if (m_api.kind[size_t(j->second)] != ApiTable::Other)
                return j->second;
        return lo->second;
    }

private:
    bool preferNew(qint32 old, qint32 candidate) const
    {
        return m_api.kind[size_t(old)] == ApiTable::Other && m_api.kind[size_t(candidate)] != ApiTable::Other;
    }
    struct PerPid
    {
        quint32 lo = 0;
        std::vector<qint32> dense;
        std::vector<std::pair<quint32, qint32>> sparse;
    };
    const ApiTable& m_api;
    std::unordered_map<quint32, PerPid> m_byPid;
};

void resolve(GpuOpColumns& ops, const CorrelationIndex& index)
{
    for (qsizetype i = 0; i < ops.size(); ++i)
        ops.api[size_t(i)]
            = ops.correlationId[size_t(i)] ? index.find(ops.pid[size_t(i)], ops.correlationId[size_t(i)]) : -1;
}

void dropBacktraceCopies(ApiTable& api, std::vector<quint8>& eventClass)
{
    constexpr quint8 kBacktraceClass = 67; // "CUDA call with backtrace" (ENUM_NSYS_EVENT_CLASS)
    if (std::find(eventClass.begin(), eventClass.end(), kBacktraceClass) == eventClass.end())
        return;
    std::vector<bool> isCopy(eventClass.size());
    for (size_t i = 0; i < eventClass.size(); ++i)
        isCopy[i] = eventClass[i] == kBacktraceClass;
    const CorrelationIndex plain(api, isCopy);
    std::vector<quint32> keep;
    keep.reserve(eventClass.size());
    for (size_t i = 0; i < eventClass.size(); ++i)
        if (!isCopy[i] || plain.find(api.pid[i], api.correlationId[i]) < 0)
            keep.push_back(quint32(i));
    permuteApi(api, keep);
    permute(eventClass, keep);
}

/// Leaves out every CUDA API call whose correlation id (not 0) an earlier call of the same
/// process already has: a correlation id names one call. Of a group the call that launches GPU
/// work is kept (as CorrelationIndex would pick it), else the first in start order.
void dropDuplicateCorrelations(ApiTable& api, std::vector<quint8>& eventClass, DataQuality& quality)
{
    std::vector<quint32> order;
    order.reserve(size_t(api.size()));
    for (qsizetype i = 0; i < api.size(); ++i)
        if (api.correlationId[size_t(i)] != 0)
            order.push_back(quint32(i));
    auto key
        = [&](quint32 i) { return std::tuple(api.pid[i], api.correlationId[i], api.kind[i] == ApiTable::Other, i); };
    std::sort(order.begin(), order.end(), [&](quint32 a, quint32 b) { return key(a) < key(b); });
    std::vector<bool> drop;
    for (size_t j = 1; j < order.size(); ++j) {
        const quint32 a = order[j - 1], b = order[j];
        if (api.pid[a] != api.pid[b] || api.correlationId[a] != api.correlationId[b])
            continue;
        if (drop.empty())
            drop.assign(size_t(api.size()), false);
        drop[b] = true;
    }
    if (drop.empty())
        return;
    const QString table = QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME");
    std::vector<quint32> keep;
    keep.reserve(drop.size());
    for (size_t i = 0; i < drop.size(); ++i) {
        if (drop[i])
            quality.add(DataQuality::Rule::DuplicateCorrelation, table, api.rowid[i]);
        else
            keep.push_back(quint32(i));
    }
    permuteApi(api, keep);
    permute(eventClass, keep);
}

} // namespace

bool TraceFinalizer::finalize(Trace& trace, std::vector<quint8>& apiEventClass, const LoadContext& ctx)
{
    auto& api = trace.api;
    if (const auto order = sortOrder(api.start); !order.empty()) {
        permuteApi(api, order);
        permute(apiEventClass, order);
    }
    dropBacktraceCopies(api, apiEventClass);
    dropDuplicateCorrelations(api, apiEventClass, trace.dataQuality);
    if (ctx.cancelled())
        return false;

    auto& k = trace.kernels;
    if (const auto order = sortOrder(k.start); !order.empty()) {
        sortOps(k, order);
        permute(k.name, order), permute(k.shortName, order), permute(k.config, order), permute(k.flags, order);
    }
    auto& m = trace.memcpy;
    if (const auto order = sortOrder(m.start); !order.empty()) {
        sortOps(m, order);
        permute(m.bytes, order), permute(m.copyKind, order), permute(m.srcKind, order), permute(m.dstKind, order);
    }
    auto& ms = trace.memset;
    if (const auto order = sortOrder(ms.start); !order.empty())
        sortOps(ms, order), permute(ms.bytes, order);
    auto& g = trace.graphs;
    if (const auto order = sortOrder(g.start); !order.empty())
        sortOps(g, order), permute(g.graphId, order);
    auto& n = trace.nvtx;
    if (const auto order = sortOrder(n.start); !order.empty()) {
        permute(n.rowid, order), permute(n.start, order), permute(n.end, order), permute(n.pid, order);
        permute(n.tid, order), permute(n.endTid, order), permute(n.name, order), permute(n.domain, order);
        permute(n.eventType, order);
    }
    if (ctx.cancelled())
        return false;

    {
        const CorrelationIndex index(api, {});
        resolve(k, index), resolve(m, index), resolve(ms, index), resolve(g, index);
    }
    if (ctx.cancelled())
        return false;

    // Consecutive kernels mostly share a lane: reuse the last vector instead of a map lookup.
    // No sentinel device: every quint16 value is a key here (the readers reject 0xFFFF anyway).
    std::vector<quint32>* laneIdx = nullptr;
    std::vector<quint32>* deviceIdx = nullptr;
    std::pair<quint16, quint32> lastLane { 0, 0 };
    for (qsizetype i = 0; i < k.size(); ++i) {
        const std::pair<quint16, quint32> lane { k.device[size_t(i)], k.stream[size_t(i)] };
        if (!deviceIdx || lane.first != lastLane.first)
            deviceIdx = &trace.kernelsByDevice[lane.first];
        if (!laneIdx || lane != lastLane)
            laneIdx = &trace.kernelsByStream[lane];
        lastLane = lane;
        deviceIdx->push_back(quint32(i));
        laneIdx->push_back(quint32(i));
    }

    // Capture extent: first to last event of any kind the trace holds, NVTX ranges included
    // (the "full" window, docs/analysis.md; the loader adds OS runtime calls).
    qint64 first = std::numeric_limits<qint64>::max(), last = std::numeric_limits<qint64>::min();
    auto extend = [&](const std::vector<qint64>& start, const std::vector<qint64>& end) {
        if (start.empty())
            return;
        first = std::min(first, start.front()); // sorted by start
        last = std::max(last, *std::max_element(end.begin(), end.end()));
    };
    extend(k.start, k.end), extend(m.start, m.end), extend(ms.start, ms.end), extend(g.start, g.end);
    extend(api.start, api.end), extend(n.start, n.end);
    if (first > last)
        first = last = 0;
    trace.firstNs = first;
    trace.lastNs = last;
    return true;
}

} // namespace sl
