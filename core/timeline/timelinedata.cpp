// SPDX-License-Identifier: MIT
#include "core/timeline/timelinedata.h"

#include "core/util/recentcache.h"
#include "core/util/workerpool.h"

#include <QHash>
#include <QMutex>

#include <algorithm>
#include <limits>
#include <map>

namespace sl {

namespace {

/// Adds `pid` to an ascending set kept in a vector (lanes see one or a few processes).
void insertPid(std::vector<quint32>& pids, quint32 pid)
{
    if (!pids.empty() && pids.back() == pid)
        return;
    const auto it = std::lower_bound(pids.begin(), pids.end(), pid);
    if (it == pids.end() || *it != pid)
        pids.insert(it, pid);
}

std::vector<quint32> pidsOf(const GpuOpColumns& t, const std::vector<quint32>& rows)
{
    std::vector<quint32> pids;
    for (const quint32 r : rows)
        insertPid(pids, t.pid[r]);
    return pids;
}

/// Rows of `t` per device, each in start order (the tables are start-sorted).
std::map<int, std::vector<quint32>> rowsByDevice(const GpuOpColumns& t)
{
    std::map<int, std::vector<quint32>> out;
    for (qsizetype i = 0; i < t.size(); ++i)
        out[t.device[size_t(i)]].push_back(quint32(i));
    return out;
}

using RowsByDevice = std::map<int, std::vector<quint32>>;

/// The rows of `dev` in `byDevice`, or none.
const std::vector<quint32>& rowsOf(const RowsByDevice& byDevice, int dev)
{
    static const std::vector<quint32> none;
    const auto it = byDevice.find(dev);
    return it == byDevice.end() ? none : it->second;
}

/// The processes of each kernel stream lane ((device, stream) → ascending pids), from one walk
/// over the kernel table in order: gathered through each lane's row list instead, the pid
/// column was read once per lane at scattered rows. Lanes interleave kernel by kernel (ranks on
/// their devices): each lane's set and the last pid added to it are found through a RecentCache.
std::map<std::pair<quint16, quint32>, std::vector<quint32>> pidsByStream(const KernelTable& k)
{
    std::map<std::pair<quint16, quint32>, std::vector<quint32>> out;
    struct Lane
    {
        std::vector<quint32>* pids = nullptr;
        quint32 lastPid = ~quint32(0); // pids are 24-bit: none is added yet
    };
    RecentCache<quint64, Lane> lanes { ~quint64(0) }; // devices are 16-bit
    for (qsizetype i = 0; i < k.size(); ++i) {
        const quint16 device = k.device[size_t(i)];
        const quint32 stream = k.stream[size_t(i)], pid = k.pid[size_t(i)];
        Lane& lane = lanes.get((quint64(device) << 32) | stream, device * 31u + stream, [&] {
            return Lane { &out[{ device, stream }] };
        });
        if (lane.lastPid != pid) { // most kernels repeat their lane's last process
            insertPid(*lane.pids, pid);
            lane.lastPid = pid;
        }
    }
    return out;
}

/// The busy band of device `dev`: its kernels, graph launches, copies and memsets merged by start
/// (a k-way merge of start-sorted lists), 4 bytes per operation; its summary computes the union
/// per pixel. Materialising the union's segments instead would cost 16 bytes per segment, and
/// serving traces have about one segment per kernel (a launch gap each). The kernels, nearly
/// every operation, are taken in runs up to the next head of the other lists (ties go to the
/// kernels, as to the earlier table). `kernelPids`: the processes of the device's kernels. False
/// when cancelled.
bool buildBusyLane(const Trace& t, int dev, const RowsByDevice& graphs, const RowsByDevice& copies,
    const RowsByDevice& memsets, const std::vector<quint32>& kernelPids, TimelineLane& busy,
    const std::atomic<bool>* cancel)
{
    static const std::vector<quint32> none;
    busy.kind = TimelineLane::Kind::DeviceBusy;
    busy.device = dev;
    busy.pids = kernelPids;
    const auto kernels = t.kernelsByDevice.find(quint16(dev));
    const std::pair<const GpuOpColumns*, const std::vector<quint32>*> sources[] = {
        { &t.kernels, kernels == t.kernelsByDevice.end() ? &none : &kernels->second },
        { &t.graphs, &rowsOf(graphs, dev) },
        { &t.memcpy, &rowsOf(copies, dev) },
        { &t.memset, &rowsOf(memsets, dev) },
    };
    constexpr qint64 kDone = std::numeric_limits<qint64>::max();
    size_t pos[4] = { 0, 0, 0, 0 }, total = 0;
    qint64 head[4];
    for (int s = 0; s < 4; ++s) {
        busy.tableStart[s] = sources[s].first->start.data();
        busy.tableDur[s] = &sources[s].first->dur;
        total += sources[s].second->size();
        head[s] = sources[s].second->empty() ? kDone : sources[s].first->start[sources[s].second->front()];
        Q_ASSERT(sources[s].first->size() <= qsizetype(LaneEvents::kRowMask));
    }
    busy.rows.reserve(total);
    const std::vector<quint32>& kernelRows = *sources[0].second;
    const qint64* kernelStart = t.kernels.start.data();
    for (;;) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return false;
        int other = 1; // the other lists' earliest head
        for (int s = 2; s < 4; ++s)
            if (head[s] < head[other])
                other = s;
        if (head[0] != kDone && head[0] <= head[other]) {
            // Kernels up to the other lists' head; at most 64 Ki of them between two cancel checks.
            const size_t end = std::min(kernelRows.size(), pos[0] + 0x10000);
            for (; pos[0] < end && kernelStart[kernelRows[pos[0]]] <= head[other]; ++pos[0])
                busy.rows.push_back(LaneEvents::tagged(0, kernelRows[pos[0]]));
            head[0] = pos[0] < kernelRows.size() ? kernelStart[kernelRows[pos[0]]] : kDone;
            continue;
        }
        if (head[other] == kDone)
            return true;
        const std::vector<quint32>& rows = *sources[other].second;
        const quint32 row = rows[pos[other]++];
        head[other] = pos[other] < rows.size() ? sources[other].first->start[rows[pos[other]]] : kDone;
        insertPid(busy.pids, sources[other].first->pid[row]);
        busy.rows.push_back(LaneEvents::tagged(other, row));
    }
}

} // namespace

TimelineData::Keys TimelineData::Keys::fromAnalysis(const AnalysisResult& analysis)
{
    Keys k;
    k.kernelKeyOfName = analysis.nameCategory;
    k.rangeKey.resize(analysis.rangePhase.size());
    std::transform(analysis.rangePhase.begin(), analysis.rangePhase.end(), k.rangeKey.begin(),
        [](qint8 p) { return p < 0 ? LaneSummary::kNoKey : quint8(p); });
    for (const PhaseStats& p : analysis.phases)
        k.phaseNames << p.phase;
    return k;
}

size_t TimelineData::Keys::hash() const
{
    size_t h = qHashBits(kernelKeyOfName.data(), kernelKeyOfName.size(), 0x5175);
    h = qHashBits(rangeKey.data(), rangeKey.size(), h);
    return qHash(phaseNames, h);
}

std::shared_ptr<const TimelineData> TimelineData::build(
    const TracePtr& trace, Keys keys, const std::atomic<bool>* cancel, const std::function<void(int)>& progress)
{
    if (!trace)
        return nullptr;
    std::shared_ptr<TimelineData> d(new TimelineData);
    d->m_trace = trace;
    d->m_keys = std::move(keys);
    // Keys must cover every name and range even when the analysis that gave them did not.
    d->m_keys.kernelKeyOfName.resize(
        std::max<size_t>(d->m_keys.kernelKeyOfName.size(), trace->strings.size()), LaneSummary::kNoKey);
    d->m_keys.rangeKey.resize(size_t(trace->nvtx.size()), LaneSummary::kNoKey);

    // Progress: events summarised so far over all events of all lanes (kernels count twice:
    // their stream lane and their device band).
    const Trace& t = *trace;
    const qint64 total = std::max<qint64>(
        1, 2 * t.kernels.size() + 2 * (t.memcpy.size() + t.memset.size() + t.graphs.size()) + t.nvtx.size());
    qint64 doneEvents = 0;
    int lastReported = -1;
    QMutex mutex; // summaries are built on several threads
    const auto done = [&](qint64 events) {
        const QMutexLocker lock(&mutex);
        doneEvents += events;
        const int permille = int(std::min<qint64>(1000, doneEvents * 1000 / total));
        if (progress && permille != lastReported)
            progress(lastReported = permille);
    };
    if (!d->buildGpuLanes(cancel) || !d->buildNvtxLanes(cancel) || !d->buildSummaries(cancel, done))
        return nullptr;
    return d;
}

bool TimelineData::buildGpuLanes(const std::atomic<bool>* cancel)
{
    const Trace& t = *m_trace;
    RowsByDevice copies = rowsByDevice(t.memcpy), memsets = rowsByDevice(t.memset), graphs = rowsByDevice(t.graphs);
    std::map<int, std::vector<std::pair<quint32, const std::vector<quint32>*>>> streamsOf;
    for (const auto& [key, rows] : t.kernelsByStream)
        streamsOf[key.first].emplace_back(key.second, &rows);
    const auto streamPids = pidsByStream(t.kernels);
    if (cancel && cancel->load(std::memory_order_relaxed))
        return false;
    std::vector<int> deviceIds;
    for (const auto* m : { &copies, &memsets, &graphs })
        for (const auto& [dev, rows] : *m)
            deviceIds.push_back(dev);
    for (const auto& [dev, rows] : t.kernelsByDevice)
        deviceIds.push_back(dev);
    std::sort(deviceIds.begin(), deviceIds.end());
    deviceIds.erase(std::unique(deviceIds.begin(), deviceIds.end()), deviceIds.end());

    for (const int dev : deviceIds) {
        Device device;
        device.deviceId = dev;
        std::vector<quint32> kernelPids; // of every stream of the device
        for (const auto& [stream, rows] : streamsOf[dev])
            for (const quint32 pid : streamPids.at({ quint16(dev), stream }))
                insertPid(kernelPids, pid);
        TimelineLane busy;
        if (!buildBusyLane(t, dev, graphs, copies, memsets, kernelPids, busy, cancel))
            return false;
        device.busy = int(m_lanes.size());
        m_lanes.push_back(std::move(busy));
        for (const auto& [stream, rows] : streamsOf[dev]) {
            TimelineLane lane;
            lane.kind = TimelineLane::Kind::Kernels;
            lane.device = dev;
            lane.stream = stream;
            lane.pids = streamPids.at({ quint16(dev), stream });
            device.kernels.push_back(int(m_lanes.size()));
            m_lanes.push_back(std::move(lane));
        }
        // Graph launches, copies and memsets: one lane each, which takes the device's rows.
        const auto ownLane = [&](TimelineLane::Kind kind, const GpuOpColumns& table, RowsByDevice& byDevice) {
            const auto it = byDevice.find(dev);
            if (it == byDevice.end())
                return -1;
            TimelineLane lane;
            lane.kind = kind;
            lane.device = dev;
            lane.pids = pidsOf(table, it->second);
            lane.rows = std::move(it->second);
            m_lanes.push_back(std::move(lane));
            return int(m_lanes.size()) - 1;
        };
        device.graphs = ownLane(TimelineLane::Kind::Graphs, t.graphs, graphs);
        device.memcpy = ownLane(TimelineLane::Kind::Memcpy, t.memcpy, copies);
        device.memset = ownLane(TimelineLane::Kind::Memset, t.memset, memsets);
        m_devices.push_back(std::move(device));
    }
    return true;
}

bool TimelineData::buildNvtxLanes(const std::atomic<bool>* cancel)
{
    const NvtxTable& n = m_trace->nvtx;
    // Ranges by opening thread, in start order (outer range first when two start together).
    std::map<std::pair<quint32, quint32>, std::vector<quint32>> byThread;
    for (qsizetype i = 0; i < n.size(); ++i)
        byThread[{ n.pid[size_t(i)], n.tid[size_t(i)] }].push_back(quint32(i));
    for (auto& [thread, ranges] : byThread) {
        std::stable_sort(ranges.begin(), ranges.end(), [&n](quint32 a, quint32 b) {
            return n.start[a] != n.start[b] ? n.start[a] < n.start[b] : n.end[a] > n.end[b];
        });
        // Greedy first fit: a range goes to the shallowest depth free at its start. Nested
        // ranges land at their nesting depth; start/end ranges that overlap without nesting
        // still get rows where they do not overlap.
        std::vector<qint64> depthEnd;
        std::vector<std::vector<quint32>> depthRows;
        for (const quint32 r : ranges) {
            size_t depth = 0;
            while (depth < depthEnd.size() && depthEnd[depth] > n.start[r])
                ++depth;
            depth = std::min<size_t>(depth, kMaxDepth - 1);
            if (depth == depthEnd.size())
                depthEnd.push_back(n.end[r]), depthRows.emplace_back();
            depthEnd[depth] = std::max(depthEnd[depth], n.end[r]);
            depthRows[depth].push_back(r);
        }
        Thread th;
        th.pid = thread.first;
        th.tid = thread.second;
        for (size_t depth = 0; depth < depthRows.size(); ++depth) {
            TimelineLane lane;
            lane.kind = TimelineLane::Kind::Nvtx;
            lane.pid = th.pid;
            lane.tid = th.tid;
            lane.depth = int(depth);
            lane.pids = { th.pid };
            lane.rows = std::move(depthRows[depth]); // in start order; the deepest lane may overlap
            th.depths.push_back(int(m_lanes.size()));
            m_lanes.push_back(std::move(lane));
        }
        m_threads.push_back(std::move(th));
        if (cancel && cancel->load(std::memory_order_relaxed))
            return false;
    }
    return true;
}

bool TimelineData::buildSummaries(const std::atomic<bool>* cancel, const std::function<void(qint64)>& done)
{
    // Only now that every lane exists: the summaries point into the lanes (their rows and table
    // pointers), which must not move any more. Lanes are independent: they are summarised on
    // the thread pool, biggest first so that the big ones do not end up last on one thread.
    std::vector<TimelineLane*> order;
    for (TimelineLane& lane : m_lanes)
        order.push_back(&lane);
    const auto size = [this](const TimelineLane* l) -> size_t {
        if (l->kind == TimelineLane::Kind::Kernels)
            return m_trace->kernelsByStream.at({ quint16(l->device), quint32(l->stream) }).size();
        return l->rows.size();
    };
    std::stable_sort(order.begin(), order.end(),
        [&size](const TimelineLane* a, const TimelineLane* b) { return size(a) > size(b); });
    std::atomic<bool> failed { false };
    parallelFor(order.size(), [&](size_t i) {
        if (failed.load())
            return;
        TimelineLane* lane = order[i];
        const LaneEvents ev = eventsOf(*lane);
        if (!lane->summary.build(ev, cancel))
            failed = true;
        else
            done(ev.count);
    });
    return !failed.load();
}

LaneEvents TimelineData::eventsOf(const TimelineLane& lane) const
{
    const Trace& t = *m_trace;
    LaneEvents ev;
    switch (lane.kind) {
    case TimelineLane::Kind::DeviceBusy:
        ev.rows = lane.rows.data();
        ev.count = qsizetype(lane.rows.size());
        ev.tableStart = lane.tableStart;
        ev.tableDur = lane.tableDur;
        break;
    case TimelineLane::Kind::Kernels: {
        const auto& rows = t.kernelsByStream.at({ quint16(lane.device), quint32(lane.stream) });
        ev = { t.kernels.start.data(), nullptr, rows.data(), qsizetype(rows.size()), t.kernels.name.data(),
            m_keys.kernelKeyOfName.data() };
        ev.dur = &t.kernels.dur;
        break;
    }
    case TimelineLane::Kind::Memcpy:
        ev = { t.memcpy.start.data(), nullptr, lane.rows.data(), qsizetype(lane.rows.size()), nullptr,
            t.memcpy.copyKind.data() };
        ev.dur = &t.memcpy.dur;
        break;
    case TimelineLane::Kind::Graphs:
        ev = { t.graphs.start.data(), nullptr, lane.rows.data(), qsizetype(lane.rows.size()) };
        ev.dur = &t.graphs.dur;
        break;
    case TimelineLane::Kind::Memset:
        ev = { t.memset.start.data(), nullptr, lane.rows.data(), qsizetype(lane.rows.size()) };
        ev.dur = &t.memset.dur;
        break;
    case TimelineLane::Kind::Nvtx:
        ev = { t.nvtx.start.data(), t.nvtx.end.data(), lane.rows.data(), qsizetype(lane.rows.size()), nullptr,
            m_keys.rangeKey.data() };
        break;
    }
    return ev;
}

int TimelineData::kernelLane(int device, quint32 stream) const
{
    for (const Device& d : m_devices)
        if (d.deviceId == device)
            for (const int lane : d.kernels)
                if (m_lanes[size_t(lane)].stream == qint64(stream))
                    return lane;
    return -1;
}

qint64 TimelineData::memoryBytes() const
{
    qint64 bytes = qint64(m_keys.kernelKeyOfName.capacity() + m_keys.rangeKey.capacity());
    for (const TimelineLane& lane : m_lanes)
        bytes += lane.summary.memoryBytes() + qint64(lane.rows.capacity() + lane.pids.capacity()) * 4;
    return bytes;
}

} // namespace sl
