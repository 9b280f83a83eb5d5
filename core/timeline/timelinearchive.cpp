// SPDX-License-Identifier: MIT
#include "core/timeline/timelinearchive.h"

#include <QBuffer>
#include <QDataStream>

#include <algorithm>
#include <type_traits>

namespace sl {

namespace {

constexpr auto kStreamVersion = QDataStream::Qt_6_4;

template <class T> void putRaw(QDataStream& s, const std::vector<T>& v)
{
    static_assert(std::is_trivially_copyable_v<T>);
    s << qint64(v.size());
    s.writeRawData(reinterpret_cast<const char*>(v.data()), qint64(v.size() * sizeof(T)));
}

/// False when the count does not fit the bytes left or they end early.
template <class T> bool getRaw(QDataStream& s, std::vector<T>& v)
{
    qint64 n = -1;
    s >> n;
    if (s.status() != QDataStream::Ok || n < 0 || n > s.device()->bytesAvailable() / qint64(sizeof(T)))
        return false;
    v.resize(size_t(n));
    const qint64 bytes = n * qint64(sizeof(T));
    return s.readRawData(reinterpret_cast<char*>(v.data()), bytes) == bytes;
}

} // namespace

QByteArray TimelineArchive::write(const TimelineData& d)
{
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    s.setVersion(kStreamVersion);
    s.setByteOrder(QDataStream::LittleEndian);
    putRaw(s, d.m_keys.kernelKeyOfName);
    putRaw(s, d.m_keys.rangeKey);
    s << d.m_keys.phaseNames;
    s << qint64(d.m_devices.size());
    for (const TimelineData::Device& dev : d.m_devices) {
        s << dev.deviceId << dev.busy << dev.graphs << dev.memcpy << dev.memset;
        putRaw(s, dev.kernels);
    }
    s << qint64(d.m_threads.size());
    for (const TimelineData::Thread& th : d.m_threads) {
        s << th.pid << th.tid;
        putRaw(s, th.depths);
    }
    s << qint64(d.m_lanes.size());
    for (const TimelineLane& lane : d.m_lanes) {
        s << quint8(lane.kind) << lane.device << lane.stream << lane.pid << lane.tid << lane.depth;
        putRaw(s, lane.pids);
        putRaw(s, lane.rows);
        const LaneSummary& m = lane.summary;
        s << m.m_lastEnd << m.m_origin << m.m_binNs;
        putRaw(s, m.m_blockStart);
        putRaw(s, m.m_blocks);
        s << qint64(m.m_levels.size());
        for (const auto& level : m.m_levels)
            putRaw(s, level);
    }
    return bytes;
}

namespace {

/// Rows of the lane's own table, or the tagged rows of a busy band, inside the trace.
bool rowsFit(const TimelineLane& lane, const Trace& t)
{
    const auto below = [&lane](qsizetype n) {
        return std::all_of(lane.rows.begin(), lane.rows.end(), [n](quint32 r) { return qsizetype(r) < n; });
    };
    switch (lane.kind) {
    case TimelineLane::Kind::DeviceBusy: {
        const qsizetype sizes[4] = { t.kernels.size(), t.graphs.size(), t.memcpy.size(), t.memset.size() };
        return std::all_of(lane.rows.begin(), lane.rows.end(),
            [&sizes](quint32 r) { return qsizetype(r & LaneEvents::kRowMask) < sizes[r >> LaneEvents::kTableShift]; });
    }
    case TimelineLane::Kind::Kernels:
        return lane.rows.empty() && lane.device >= 0 && lane.device <= 0xFFFF && lane.stream >= 0
            && lane.stream <= qint64(0xFFFFFFFF)
            && t.kernelsByStream.count({ quint16(lane.device), quint32(lane.stream) }) == 1;
    case TimelineLane::Kind::Graphs:
        return below(t.graphs.size());
    case TimelineLane::Kind::Memcpy:
        return below(t.memcpy.size());
    case TimelineLane::Kind::Memset:
        return below(t.memset.size());
    case TimelineLane::Kind::Nvtx:
        return below(t.nvtx.size());
    }
    return false;
}

/// The pyramid levels as LaneSummary::buildPyramid makes them for `count` events.
bool levelsFit(const std::vector<std::vector<quint8>>& levels, qint64 binNs, qsizetype count)
{
    if (count <= LaneSummary::kExactEvents)
        return levels.empty();
    if (levels.empty() || levels.front().empty() || levels.back().size() != 1 || binNs < 1)
        return false;
    for (size_t l = 1; l < levels.size(); ++l)
        if (levels[l].size() != (levels[l - 1].size() + 1) / 2)
            return false;
    return true;
}

} // namespace

bool TimelineArchive::readLayout(QDataStream& s, TimelineData& d)
{
    qint64 devices = -1, threads = -1;
    s >> devices;
    if (s.status() != QDataStream::Ok || devices < 0 || devices > s.device()->bytesAvailable())
        return false;
    d.m_devices.resize(size_t(devices));
    for (TimelineData::Device& dev : d.m_devices) {
        s >> dev.deviceId >> dev.busy >> dev.graphs >> dev.memcpy >> dev.memset;
        if (!getRaw(s, dev.kernels))
            return false;
    }
    s >> threads;
    if (s.status() != QDataStream::Ok || threads < 0 || threads > s.device()->bytesAvailable())
        return false;
    d.m_threads.resize(size_t(threads));
    for (TimelineData::Thread& th : d.m_threads) {
        s >> th.pid >> th.tid;
        if (!getRaw(s, th.depths))
            return false;
    }
    return s.status() == QDataStream::Ok;
}

const char* TimelineArchive::readLane(QDataStream& s, const TimelineData& d, TimelineLane& lane)
{
    const Trace& t = *d.m_trace;
    quint8 kind = 0xFF;
    s >> kind >> lane.device >> lane.stream >> lane.pid >> lane.tid >> lane.depth;
    if (kind > quint8(TimelineLane::Kind::Nvtx) || !getRaw(s, lane.pids) || !getRaw(s, lane.rows))
        return "a lane does not parse";
    lane.kind = TimelineLane::Kind(kind);
    if (!rowsFit(lane, t))
        return "a lane's rows do not fit the trace";
    const GpuOpColumns* tables[4] = { &t.kernels, &t.graphs, &t.memcpy, &t.memset }; // buildBusyLane's order
    for (int k = 0; k < 4 && lane.kind == TimelineLane::Kind::DeviceBusy; ++k) {
        lane.tableStart[k] = tables[k]->start.data();
        lane.tableDur[k] = &tables[k]->dur;
    }
    LaneSummary& m = lane.summary;
    qint64 levels = -1;
    s >> m.m_lastEnd >> m.m_origin >> m.m_binNs;
    if (!getRaw(s, m.m_blockStart) || !getRaw(s, m.m_blocks))
        return "a lane's summary does not parse";
    s >> levels;
    if (s.status() != QDataStream::Ok || levels < 0 || levels > s.device()->bytesAvailable())
        return "a lane's summary does not parse";
    m.m_levels.resize(size_t(levels));
    for (auto& level : m.m_levels)
        if (!getRaw(s, level))
            return "a lane's summary does not parse";
    m.m_ev = d.eventsOf(lane);
    const qsizetype count = m.m_ev.count;
    const bool blocksFit = qsizetype(m.m_blockStart.size()) == (count + LaneSummary::kBlock - 1) / LaneSummary::kBlock
        && m.m_blocks.size() == m.m_blockStart.size()
        && std::all_of(m.m_blocks.begin(), m.m_blocks.end(),
            [count](const LaneSummary::BlockState& b) { return b.maxEvent >= -1 && b.maxEvent < count; });
    if (!blocksFit || !levelsFit(m.m_levels, m.m_binNs, count))
        return "a lane's summary does not fit its events";
    return nullptr;
}

const char* TimelineArchive::readLanes(QDataStream& s, TimelineData& d)
{
    qint64 n = -1;
    s >> n;
    if (s.status() != QDataStream::Ok || n < 0 || n > s.device()->bytesAvailable())
        return "the lanes do not parse";
    d.m_lanes.resize(size_t(n)); // sized once: the summaries point into the lanes' rows
    for (TimelineLane& lane : d.m_lanes)
        if (const char* bad = readLane(s, d, lane))
            return bad;
    const auto lane = [n](int i) { return i >= 0 && i < n; };
    const auto laneOrNone = [n](int i) { return i >= -1 && i < n; };
    for (const TimelineData::Device& dev : d.m_devices)
        if (!lane(dev.busy) || !laneOrNone(dev.graphs) || !laneOrNone(dev.memcpy) || !laneOrNone(dev.memset)
            || !std::all_of(dev.kernels.begin(), dev.kernels.end(), lane))
            return "a device's lanes do not fit";
    for (const TimelineData::Thread& th : d.m_threads)
        if (!std::all_of(th.depths.begin(), th.depths.end(), lane))
            return "a thread's lanes do not fit";
    return nullptr;
}

TimelineDataPtr TimelineArchive::read(const QByteArray& bytes, const TracePtr& trace, QString* why)
{
    const auto fail = [why](const char* what) {
        if (why)
            *why = QStringLiteral("timeline lanes: %1").arg(QLatin1String(what));
        return TimelineDataPtr();
    };
    QByteArray view = QByteArray::fromRawData(bytes.constData(), bytes.size());
    QBuffer buffer(&view);
    buffer.open(QIODevice::ReadOnly);
    QDataStream s(&buffer);
    s.setVersion(kStreamVersion);
    s.setByteOrder(QDataStream::LittleEndian);
    std::shared_ptr<TimelineData> d(new TimelineData);
    d->m_trace = trace;
    // As build() leaves them: one key per string and per range.
    TimelineData::Keys& keys = d->m_keys;
    if (!getRaw(s, keys.kernelKeyOfName) || !getRaw(s, keys.rangeKey))
        return fail("the colour keys do not parse");
    s >> keys.phaseNames;
    if (s.status() != QDataStream::Ok || keys.kernelKeyOfName.size() != size_t(trace->strings.size())
        || keys.rangeKey.size() != size_t(trace->nvtx.size()))
        return fail("the colour keys do not fit the trace");
    if (!readLayout(s, *d))
        return fail("the devices and threads do not parse");
    if (const char* bad = readLanes(s, *d))
        return fail(bad);
    if (!buffer.atEnd())
        return fail("bytes left after the lanes");
    return d;
}

} // namespace sl
