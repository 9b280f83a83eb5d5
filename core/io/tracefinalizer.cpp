// SPDX-License-Identifier: MIT
#include "core/io/tracefinalizer.h"

#include "core/io/columnorder.h"
#include "core/io/loadoutcome.h"
#include "core/trace/tablenames.h"
#include "core/trace/trace.h"
#include "core/util/workerpool.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>
#include <type_traits>
#include <unordered_map>

namespace sl {

namespace {

/// Applies `order` to every API column and the event classes, grouped by element type (see
/// ColumnPermuter).
void permuteApi(ApiTable& api, std::vector<quint8>& eventClass, ColumnPermuter&& p)
{
    p(api.start)(api.rowid)(api.dur)(api.correlationId)(api.pid)(api.tid)(api.name)(api.kind)(eventClass);
}
void permuteApi(ApiTable& api, std::vector<quint8>& eventClass, const std::vector<quint32>& order)
{
    permuteApi(api, eventClass, ColumnPermuter(order));
}

/// Puts the shared op columns and then `extra` (the table's own columns) into start order.
template <typename... Extra> void sortOps(GpuOpColumns& t, std::vector<Extra>&... extra)
{
    const auto order = startOrder(t.start);
    if (order.empty())
        return;
    ColumnPermuter p(order, t.start);
    p(t.start)(t.rowid)(t.dur)(t.stream)(t.correlationId)(t.pid)(t.api)(t.device);
    (p(extra), ...);
}

/// An entry of a map (a process's, a kernel lane's), found among the last eight keys before the
/// map is asked: a trace has a handful of processes and lanes, and a hash lookup per call was
/// most of the correlation passes' cost (11 M of their 31 M instructions at 101 k calls of two
/// processes, callgrind), a map lookup per change of lane most of the lanes' index.
/// Over a const map (every key asked for present) it only reads the map: several threads may
/// each use their own.
template <typename Map> class LastKey
{
public:
    using Key = typename Map::key_type;
    using Value = std::conditional_t<std::is_const_v<Map>, const typename Map::mapped_type, typename Map::mapped_type>;
    explicit LastKey(Map& map)
        : m_map(map)
    {
    }
    Value& operator[](const Key& key)
    {
        for (size_t i = 0; i < m_used; ++i)
            if (m_recent[i].first == key)
                return *m_recent[i].second;
        Value* v; // stable: neither map moves its elements
        if constexpr (std::is_const_v<Map>)
            v = &m_map.find(key)->second;
        else
            v = &m_map[key];
        m_recent[m_next] = { key, v };
        m_next = (m_next + 1) % m_recent.size();
        m_used = std::min(m_used + 1, m_recent.size());
        return *v;
    }

private:
    Map& m_map;
    std::array<std::pair<Key, Value*>, 8> m_recent {};
    size_t m_used = 0, m_next = 0;
};

/// (pid, correlationId) → API row. Correlation ids are a per-process counter, so a dense
/// array per process is the common case (O(1), 4 bytes per id); sparse ranges fall back to a
/// sorted vector with binary search.
class CorrelationIndex
{
public:
    /// Every call not in `skip`; of calls sharing an id, the one that launches GPU work.
    explicit CorrelationIndex(const ApiTable& api, const std::vector<bool>& skip)
        : m_api(api)
    {
        for (const auto& [pid, r] : idRanges(api, skip, false)) {
            auto& p = m_byPid[pid];
            p.lo = r.lo;
            if (r.dense())
                p.dense.assign(size_t(r.hi - r.lo + 1), -1);
        }
        LastKey perPid(m_byPid);
        for (qsizetype i = 0; i < api.size(); ++i) {
            if (!skip.empty() && skip[size_t(i)])
                continue;
            auto& p = perPid[api.pid[size_t(i)]];
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

    /// The calls with an id (not 0) when no process repeats one, built in the two passes that
    /// prove it (a slot filled twice is a repeat): the common case reads the calls twice instead
    /// of four times (correlationsUnique, then the index). None when an id repeats or a
    /// process's ids are too sparse for a dense array: the caller then drops the repeats and
    /// builds the index of every call.
    static std::optional<CorrelationIndex> ofUniqueIds(const ApiTable& api)
    {
        CorrelationIndex index(api);
        for (const auto& [pid, r] : idRanges(api, {}, true)) {
            if (!r.dense())
                return std::nullopt;
            auto& p = index.m_byPid[pid];
            p.lo = r.lo;
            p.dense.assign(size_t(r.hi - r.lo + 1), -1);
        }
        LastKey perPid(index.m_byPid);
        for (qsizetype i = 0; i < api.size(); ++i) {
            if (const quint32 c = api.correlationId[size_t(i)]; c != 0) {
                auto& p = perPid[api.pid[size_t(i)]];
                qint32& slot = p.dense[c - p.lo];
                if (slot >= 0)
                    return std::nullopt;
                slot = qint32(i);
            }
        }
        return std::optional<CorrelationIndex>(std::move(index));
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
    struct PerPid
    {
        quint32 lo = 0;
        std::vector<qint32> dense;
        std::vector<std::pair<quint32, qint32>> sparse;
    };
    /// A process's lowest and highest id and its number of calls.
    struct IdRange
    {
        quint32 lo = ~0u, hi = 0;
        qint64 n = 0;
        /// A dense array (4 B per id) when it wastes little: at most ~4 ids per call.
        bool dense() const { return qint64(hi) - lo + 1 <= 4 * n + 4096; }
    };

    explicit CorrelationIndex(const ApiTable& api)
        : m_api(api)
    {
    }

    /// Per process, its calls' ids (calls in `skip` left out, and id 0 when `withoutZero`).
    static std::unordered_map<quint32, IdRange> idRanges(
        const ApiTable& api, const std::vector<bool>& skip, bool withoutZero)
    {
        std::unordered_map<quint32, IdRange> ranges;
        LastKey range(ranges);
        for (qsizetype i = 0; i < api.size(); ++i) {
            const quint32 c = api.correlationId[size_t(i)];
            if ((!skip.empty() && skip[size_t(i)]) || (withoutZero && c == 0))
                continue;
            auto& r = range[api.pid[size_t(i)]];
            r.lo = std::min(r.lo, c), r.hi = std::max(r.hi, c), ++r.n;
        }
        return ranges;
    }

    bool preferNew(qint32 old, qint32 candidate) const
    {
        return m_api.kind[size_t(old)] == ApiTable::Other && m_api.kind[size_t(candidate)] != ApiTable::Other;
    }
    const ApiTable& m_api;
    std::unordered_map<quint32, PerPid> m_byPid;
};

void resolve(GpuOpColumns& ops, const CorrelationIndex& index)
{
    for (qsizetype i = 0; i < ops.size(); ++i)
        ops.api[size_t(i)]
            = ops.correlationId[size_t(i)] ? index.find(ops.pid[size_t(i)], ops.correlationId[size_t(i)]) : -1;
}

/// Leaves out the backtrace copies of calls recorded plainly; returns how many.
qint64 dropBacktraceCopies(ApiTable& api, std::vector<quint8>& eventClass)
{
    constexpr quint8 kBacktraceClass = 67; // "CUDA call with backtrace" (ENUM_NSYS_EVENT_CLASS)
    if (std::find(eventClass.begin(), eventClass.end(), kBacktraceClass) == eventClass.end())
        return 0;
    std::vector<bool> isCopy(eventClass.size());
    for (size_t i = 0; i < eventClass.size(); ++i)
        isCopy[i] = eventClass[i] == kBacktraceClass;
    const CorrelationIndex plain(api, isCopy);
    std::vector<quint32> keep;
    keep.reserve(eventClass.size());
    for (size_t i = 0; i < eventClass.size(); ++i)
        if (!isCopy[i] || plain.find(api.pid[i], api.correlationId[i]) < 0)
            keep.push_back(quint32(i));
    const auto dropped = qint64(eventClass.size() - keep.size());
    permuteApi(api, eventClass, keep);
    return dropped;
}

/// True when no process has two calls with one correlation id (not 0), decided in two linear
/// passes with one bit per id of each process's id range; false also when a process's ids are
/// too sparse for that (then the caller sorts). A sort of every call by (process, id) cost a
/// 5 M-call load more than any other finalizing step, for traces that nearly never repeat an id.
bool correlationsUnique(const ApiTable& api)
{
    struct Range
    {
        quint32 lo = ~0u, hi = 0;
        qint64 n = 0;
        std::vector<bool> seen;
    };
    std::unordered_map<quint32, Range> ranges;
    LastKey range(ranges);
    for (size_t i = 0; i < api.correlationId.size(); ++i) {
        if (const quint32 c = api.correlationId[i]; c != 0) {
            auto& r = range[api.pid[i]];
            r.lo = std::min(r.lo, c), r.hi = std::max(r.hi, c), ++r.n;
        }
    }
    for (auto& [pid, r] : ranges) {
        if (qint64(r.hi) - r.lo + 1 > 64 * r.n + 65536)
            return false;
        r.seen.assign(size_t(r.hi - r.lo) + 1, false);
    }
    for (size_t i = 0; i < api.correlationId.size(); ++i) {
        const quint32 c = api.correlationId[i];
        if (c == 0)
            continue;
        Range* r = &range[api.pid[i]];
        auto bit = r->seen[c - r->lo];
        if (bit)
            return false;
        bit = true;
    }
    return true;
}

/// Leaves out every CUDA API call whose correlation id (not 0) an earlier call of the same
/// process already has: a correlation id names one call. Of a group the call that launches GPU
/// work is kept (as CorrelationIndex would pick it), else the first in start order.
void dropDuplicateCorrelations(ApiTable& api, std::vector<quint8>& eventClass, DataQuality& quality)
{
    if (correlationsUnique(api))
        return; // the common case, proved without sorting every call
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
    const QString table = tables::kRuntime;
    std::vector<quint32> keep;
    keep.reserve(drop.size());
    for (size_t i = 0; i < drop.size(); ++i) {
        if (drop[i])
            quality.add(DataQuality::Rule::DuplicateCorrelation, table, api.rowid[i]);
        else
            keep.push_back(quint32(i));
    }
    permuteApi(api, eventClass, keep);
}

/// The kernels per lane (device, stream), counted before the per-device and per-lane kernel
/// indices are filled: each index is then allocated once at its size instead of growing by
/// copies (at 5 M kernels those copies and their page faults cost more than the counting pass).
struct LaneCounts
{
    using Lane = std::pair<quint16, quint32>;
    struct Slot
    {
        quint32 value = ~0u; ///< index into lanes and counts; ~0u until the lane is seen
    };
    std::map<Lane, Slot> slotOf;
    std::vector<Lane> lanes; ///< by slot, in the order lanes first appear
    std::vector<size_t> counts; ///< by slot
};

LaneCounts countLanes(const KernelTable& k)
{
    LaneCounts c;
    LastKey slotOf(c.slotOf); // kernels of a few streams interleave
    for (size_t i = 0; i < k.start.size(); ++i) {
        const LaneCounts::Lane lane { k.device[i], k.stream[i] };
        LaneCounts::Slot& slot = slotOf[lane];
        if (slot.value == ~0u) {
            slot.value = quint32(c.lanes.size());
            c.lanes.push_back(lane);
            c.counts.push_back(0);
        }
        ++c.counts[slot.value];
    }
    return c;
}

/// Fills the kernel indices of every lane and device, the lanes' on one thread and the devices'
/// on another (37 ms at 5 M kernels on one), `beside` after the devices'. No sentinel device:
/// every quint16 value is a key here (the readers reject 0xFFFF anyway).
void indexLanes(Trace& trace, const LaneCounts& c, const std::function<void()>& beside)
{
    const KernelTable& k = trace.kernels;
    std::map<quint16, size_t> perDevice;
    std::vector<std::vector<quint32>*> laneIdx, deviceIdx;
    for (size_t slot = 0; slot < c.counts.size(); ++slot) {
        const auto lane = c.lanes[slot];
        laneIdx.push_back(&trace.kernelsByStream[lane]);
        laneIdx.back()->reserve(c.counts[slot]);
        perDevice[lane.first] += c.counts[slot];
    }
    for (const auto& [device, n] : perDevice)
        trace.kernelsByDevice[device].reserve(n);
    for (size_t slot = 0; slot < c.counts.size(); ++slot)
        deviceIdx.push_back(&trace.kernelsByDevice[c.lanes[slot].first]);
    parallelFor(2, [&](size_t part) {
        const std::vector<std::vector<quint32>*>& index = part == 0 ? deviceIdx : laneIdx;
        LastKey slotOf(c.slotOf); // every lane has its slot: counted above
        for (size_t i = 0; i < k.start.size(); ++i)
            index[slotOf[{ k.device[i], k.stream[i] }].value]->push_back(quint32(i));
        if (part == 0)
            beside();
    });
}

/// The index of the runtime calls by correlation id, repeated ids (in a process) dropped first:
/// in the common case of none, the index's own passes prove it.
CorrelationIndex indexOfUniqueCalls(Trace& trace, std::vector<quint8>& apiEventClass)
{
    if (std::optional<CorrelationIndex> index = CorrelationIndex::ofUniqueIds(trace.api))
        return std::move(*index);
    dropDuplicateCorrelations(trace.api, apiEventClass, trace.dataQuality);
    return CorrelationIndex(trace.api, std::vector<bool>());
}

/// The runtime calls in start order, without backtrace copies (repeated ids go with the index).
void finalizeApi(Trace& trace, std::vector<quint8>& apiEventClass)
{
    auto& api = trace.api;
    if (const auto order = startOrder(api.start); !order.empty())
        permuteApi(api, apiEventClass, ColumnPermuter(order, api.start));
    trace.info.backtraceCopies = dropBacktraceCopies(api, apiEventClass);
}

/// The GPU ops and NVTX ranges in start order. Columns of one element type next to each other:
/// ColumnPermuter reuses one buffer per type.
void sortOpsAndRanges(Trace& trace)
{
    auto& k = trace.kernels;
    sortOps(k, k.name, k.shortName, k.config, k.flags);
    auto& m = trace.memcpy;
    sortOps(m, m.bytes, m.copyKind, m.srcKind, m.dstKind);
    auto& ms = trace.memset;
    sortOps(ms, ms.bytes);
    auto& g = trace.graphs;
    sortOps(g, g.graphId);
    auto& n = trace.nvtx;
    if (const auto order = startOrder(n.start); !order.empty()) {
        ColumnPermuter p(order, n.start);
        p(n.start)(n.end)(n.rowid)(n.pid)(n.tid)(n.endTid)(n.name)(n.domain)(n.eventType);
    }
}

/// Every table the finalizer sorts is in start order already (the common case: nothing to copy).
/// The kernels on one thread, the rest (mostly the runtime calls) on another: 11 ms at 5 M
/// kernels on one.
bool inStartOrder(const Trace& t)
{
    const auto sorted = [](const std::vector<qint64>& start) { return std::is_sorted(start.begin(), start.end()); };
    bool kernels = false, others = false;
    parallelFor(2, [&](size_t part) {
        if (part == 0)
            kernels = sorted(t.kernels.start);
        else
            others = sorted(t.api.start) && sorted(t.memcpy.start) && sorted(t.memset.start) && sorted(t.graphs.start)
                && sorted(t.nvtx.start);
    });
    return kernels && others;
}

/// First start and last end (ns) of the tables added, each in start order.
struct Extent
{
    qint64 first = std::numeric_limits<qint64>::max(), last = std::numeric_limits<qint64>::min();
    template <class Table> void add(const Table& table)
    {
        if (table.start.empty())
            return;
        first = std::min(first, table.start.front()); // sorted by start
        for (size_t i = 0; i < table.start.size(); ++i)
            last = std::max(last, table.endOf(i));
    }
};

/// The extent of every table but the runtime calls: the call match leaves their times as they
/// are, so it is taken beside it.
Extent extentOfOps(const Trace& t)
{
    Extent e;
    e.add(t.kernels), e.add(t.memcpy), e.add(t.memset), e.add(t.graphs), e.add(t.nvtx);
    return e;
}

} // namespace

bool TraceFinalizer::finalize(Trace& trace, std::vector<quint8>& apiEventClass, const LoadContext& ctx)
{
    // Two streams over disjoint columns (the runtime calls, their index by correlation id and the
    // match of every GPU op's call; the kernels' short names and lane counts): the finalizer was single-threaded
    // with a core idle (212 ms at 5 M kernels; the desktop explorer loads without a hash beside it).
    //
    // Unless a table must be put into start order: a reorder holds its order and part of a column,
    // and the runtime calls' and the kernels' at once, beside the index, put a load of an export
    // in per-process blocks (the layout of real runtime tables) at 115 B per kernel at 5 M,
    // against 99 in time order (issue 20). Then one reorder at a time.
    //
    // Either way the kernel lanes (8 B per kernel) are built only once the index (4 B per call)
    // is gone and the ops' own correlation ids (4 B per kernel) are dropped: built beside the
    // index they set the load's peak.
    auto& k = trace.kernels;
    // `makeIndex()` builds the calls' index by correlation id (freed on return, before the lanes).
    const auto matchCalls = [&](const std::function<CorrelationIndex()>& makeIndex) {
        if (ctx.cancelled())
            return;
        {
            const CorrelationIndex index = makeIndex();
            resolve(k, index), resolve(trace.memcpy, index), resolve(trace.memset, index), resolve(trace.graphs, index);
        }
        // Nothing reads the ops' own ids after the match: their calls hold the same ones.
        k.compactCorrelations(), trace.memcpy.compactCorrelations(), trace.memset.compactCorrelations(),
            trace.graphs.compactCorrelations();
    };
    LaneCounts lanes;
    // Capture extent: first to last event of any kind the trace holds, NVTX ranges included
    // (the "full" window, docs/analysis.md; the loader adds OS runtime calls).
    Extent extent;
    if (inStartOrder(trace)) {
        parallelFor(2, [&](size_t part) {
            if (part == 1) {
                k.compactShortNames(quint32(trace.strings.size()));
                lanes = countLanes(k); // reads the device and stream columns only
                extent = extentOfOps(trace);
                return;
            }
            trace.info.backtraceCopies = dropBacktraceCopies(trace.api, apiEventClass); // in start order already
            matchCalls([&] { return indexOfUniqueCalls(trace, apiEventClass); });
        });
    } else {
        finalizeApi(trace, apiEventClass);
        if (!ctx.cancelled())
            sortOpsAndRanges(trace);
        // Built only now: held beside a reorder, the index would set the load's peak.
        matchCalls([&] { return indexOfUniqueCalls(trace, apiEventClass); });
        k.compactShortNames(quint32(trace.strings.size()));
        lanes = countLanes(k);
        extent = extentOfOps(trace);
    }
    if (ctx.cancelled())
        return false;
    indexLanes(trace, lanes, [&] { extent.add(trace.api); });
    trace.firstNs = extent.first > extent.last ? 0 : extent.first;
    trace.lastNs = extent.first > extent.last ? 0 : extent.last;
    return true;
}

} // namespace sl
