// SPDX-License-Identifier: MIT
#include "core/io/tracecachelayout.h"

#include "core/io/tracecachearchive.h"

#include <QDataStream>

namespace sl {

namespace {

constexpr auto kStreamVersion = QDataStream::Qt_6_4;

template <class A, class Ops> void gpuOpColumns(A& a, Ops& c)
{
    c.rowid.archive(a), a.column(c.start), c.dur.archive(a), a.column(c.device), a.column(c.stream);
    a.column(c.correlationId), a.column(c.pid), a.column(c.api);
}

/// Every column of a trace, in file order. `T` is `Trace` (reading) or `const Trace` (writing);
/// the per-series and per-lane vectors exist already when reading (readMetadata made them).
template <class A, class T> void traceColumns(A& a, T& t)
{
    gpuOpColumns(a, t.kernels);
    a.column(t.kernels.name), a.column(t.kernels.shortName), a.column(t.kernels.shortNameByName);
    a.column(t.kernels.config), a.column(t.kernels.flags);
    gpuOpColumns(a, t.memcpy);
    a.column(t.memcpy.bytes), a.column(t.memcpy.copyKind), a.column(t.memcpy.srcKind), a.column(t.memcpy.dstKind);
    gpuOpColumns(a, t.memset);
    a.column(t.memset.bytes);
    gpuOpColumns(a, t.graphs);
    a.column(t.graphs.graphId);
    t.api.rowid.archive(a), a.column(t.api.start), t.api.dur.archive(a), a.column(t.api.correlationId);
    a.column(t.api.pid), a.column(t.api.tid), a.column(t.api.name), a.column(t.api.kind);
    t.nvtx.rowid.archive(a), a.column(t.nvtx.start), a.column(t.nvtx.end), a.column(t.nvtx.pid);
    a.column(t.nvtx.tid), a.column(t.nvtx.endTid), a.column(t.nvtx.name), a.column(t.nvtx.domain);
    a.column(t.nvtx.eventType);
    auto& m = t.memoryUsage;
    a.column(m.rowid), a.column(m.start), a.column(m.device), a.column(m.pid), a.column(m.bytes);
    a.column(m.operation), a.column(m.memKind);
    auto& o = t.profilerOverhead;
    a.column(o.rowid), a.column(o.start), a.column(o.end), a.column(o.pid);
    for (auto& s : t.counters.series)
        a.column(s.t), a.column(s.v), a.column(s.prefix);
    for (auto& lane : t.kernelsByDevice)
        a.column(lane.second);
    for (auto& lane : t.kernelsByStream)
        a.column(lane.second);
    for (auto& e : t.dataQuality.entries)
        a.column(e.rowids);
}

void writeInfo(QDataStream& s, const TraceInfo& i)
{
    s << i.fileSize << i.sha256 << i.nsysVersion << i.schemaVersion << int(i.versionSource) << int(i.graphMode)
      << i.exportPlatform << i.sessionStartUtcNs << i.localOffsetSeconds << qint64(i.tables.size());
    for (const auto& t : i.tables)
        s << t.name << t.rows;
    s << i.kernelNameColumn << i.captureSettings << i.sensitive << i.processStreamsReportError << i.processStreamRows
      << i.captureDurationNs << i.backtraceCopies;
}

void readInfo(QDataStream& s, TraceInfo& i)
{
    int versionSource = 0, graphMode = 0;
    qint64 tables = 0;
    s >> i.fileSize >> i.sha256 >> i.nsysVersion >> i.schemaVersion >> versionSource >> graphMode >> i.exportPlatform
        >> i.sessionStartUtcNs >> i.localOffsetSeconds >> tables;
    i.versionSource = TraceInfo::VersionSource(std::clamp(versionSource, 0, int(TraceInfo::VersionSource::Unknown)));
    i.graphMode = GraphMode(std::clamp(graphMode, 0, int(GraphMode::Node)));
    for (qint64 k = 0; k < tables && s.status() == QDataStream::Ok; ++k) {
        TraceInfo::Table t;
        s >> t.name >> t.rows;
        i.tables.append(t);
    }
    s >> i.kernelNameColumn >> i.captureSettings >> i.sensitive >> i.processStreamsReportError >> i.processStreamRows
        >> i.captureDurationNs >> i.backtraceCopies;
}

void writeGpus(QDataStream& s, const QVector<GpuInfo>& gpus)
{
    s << qint64(gpus.size());
    for (const auto& g : gpus)
        s << g.deviceId << g.name << g.chipName << g.smCount << g.computeMajor << g.computeMinor << g.totalMemory
          << g.clockRate << g.memoryBandwidth << g.threadsPerWarp << g.maxThreadsPerBlock << g.maxWarpsPerSm
          << g.maxBlocksPerSm << g.maxRegistersPerSm << g.maxRegistersPerBlock << g.maxShmemPerSm << g.maxShmemPerBlock
          << g.maxShmemPerBlockOptin;
}

void readGpus(QDataStream& s, QVector<GpuInfo>& gpus)
{
    qint64 n = 0;
    s >> n;
    for (qint64 k = 0; k < n && s.status() == QDataStream::Ok; ++k) {
        GpuInfo g;
        s >> g.deviceId >> g.name >> g.chipName >> g.smCount >> g.computeMajor >> g.computeMinor >> g.totalMemory
            >> g.clockRate >> g.memoryBandwidth >> g.threadsPerWarp >> g.maxThreadsPerBlock >> g.maxWarpsPerSm
            >> g.maxBlocksPerSm >> g.maxRegistersPerSm >> g.maxRegistersPerBlock >> g.maxShmemPerSm
            >> g.maxShmemPerBlock >> g.maxShmemPerBlockOptin;
        gpus.append(g);
    }
}

void writeQuality(QDataStream& s, const DataQuality& q)
{
    s << q.captureStartNs << q.captureEndNs << q.captureSource << qint64(q.entries.size());
    for (const auto& e : q.entries)
        s << int(e.rule) << e.table << e.count << e.sql;
}

void readQuality(QDataStream& s, DataQuality& q)
{
    qint64 n = 0;
    s >> q.captureStartNs >> q.captureEndNs >> q.captureSource >> n;
    for (qint64 k = 0; k < n && s.status() == QDataStream::Ok; ++k) {
        DataQuality::Entry e;
        int rule = 0;
        s >> rule >> e.table >> e.count >> e.sql;
        if (rule < 0 || rule >= DataQuality::kRuleCount)
            s.setStatus(QDataStream::ReadCorruptData);
        e.rule = DataQuality::Rule(rule);
        q.entries.push_back(std::move(e));
    }
}

void writeCounters(QDataStream& s, const CounterSet& c)
{
    s << c.notes << qint64(c.series.size());
    for (const auto& x : c.series)
        s << int(x.source) << x.deviceId << x.name << x.unit << x.medianPeriodNs;
}

void readCounters(QDataStream& s, CounterSet& c)
{
    qint64 n = 0;
    s >> c.notes >> n;
    for (qint64 k = 0; k < n && s.status() == QDataStream::Ok; ++k) {
        CounterSeries x;
        int source = 0;
        s >> source >> x.deviceId >> x.name >> x.unit >> x.medianPeriodNs;
        if (source < 0 || source > int(CounterSeries::Source::MemoryEvents))
            s.setStatus(QDataStream::ReadCorruptData);
        x.source = CounterSeries::Source(source);
        c.series.append(std::move(x));
    }
}

template <class Table> bool sameLength(qsizetype n, const Table& first) { return qsizetype(first.size()) == n; }

template <class... Columns> bool allSized(qsizetype n, const Columns&... c) { return (sameLength(n, c) && ...); }

bool opsSized(const GpuOpColumns& c)
{
    // correlationId is empty once every op found its launching call (compactCorrelations).
    const auto rows = size_t(c.size());
    return c.rowid.wellFormed(rows) && c.dur.wellFormed(rows) && allSized(c.size(), c.device, c.stream, c.pid, c.api)
        && (c.correlationId.empty() || allSized(c.size(), c.correlationId));
}

template <class Ids> bool below(const Ids& ids, quint64 limit)
{
    for (auto id : ids)
        if (quint64(id) >= limit)
            return false;
    return true;
}

bool apiIndicesValid(const std::vector<qint32>& api, qsizetype apiRows)
{
    for (qint32 a : api)
        if (a < -1 || a >= apiRows)
            return false;
    return true;
}

} // namespace

QByteArray TraceCacheLayout::metadata(const Trace& t)
{
    QByteArray meta;
    QDataStream s(&meta, QIODevice::WriteOnly);
    s.setVersion(kStreamVersion);
    TraceInfo info = t.info;
    info.sha256 = t.knownSha256(); // the load's hash, which may still be running: waits for it
    writeInfo(s, info);
    s << t.strings.all() << t.strings.nsysCount();
    s << qint64(t.strings.exportIdPairs().size());
    for (const auto& [index, id] : t.strings.exportIdPairs())
        s << index << id;
    writeGpus(s, t.gpus);
    s << t.processNames << t.threadNames << t.nvtxDomains << t.firstNs << t.lastNs << t.loadWarnings;
    writeQuality(s, t.dataQuality);
    writeCounters(s, t.counters);
    s << qint64(t.kernelsByDevice.size());
    for (const auto& lane : t.kernelsByDevice)
        s << lane.first;
    s << qint64(t.kernelsByStream.size());
    for (const auto& lane : t.kernelsByStream)
        s << lane.first.first << lane.first.second;
    return meta;
}

bool TraceCacheLayout::write(QIODevice& out, const Trace& trace)
{
    CacheWriter w(out);
    const QByteArray meta = metadata(trace);
    w.bytes(1, quint64(meta.size()), meta.constData());
    w.column(trace.configs.all());
    traceColumns(w, trace);
    return w.ok();
}

bool TraceCacheLayout::readMetadata(const QByteArray& meta, Trace& t)
{
    QDataStream s(meta);
    s.setVersion(kStreamVersion);
    readInfo(s, t.info);
    QVector<QString> strings;
    quint32 nsysCount = 0;
    s >> strings >> nsysCount;
    t.strings.restore(std::move(strings), nsysCount);
    qint64 pairs = 0;
    s >> pairs;
    if (pairs < 0 || pairs > qint64(meta.size()) / 12) // 12 bytes a pair: a damaged count sizes nothing
        return false;
    std::vector<std::pair<quint32, qint64>> exportIds(static_cast<size_t>(pairs));
    for (auto& [index, id] : exportIds)
        s >> index >> id;
    t.strings.restoreExportIds(std::move(exportIds));
    readGpus(s, t.gpus);
    s >> t.processNames >> t.threadNames >> t.nvtxDomains >> t.firstNs >> t.lastNs >> t.loadWarnings;
    readQuality(s, t.dataQuality);
    readCounters(s, t.counters);
    qint64 lanes = 0;
    s >> lanes;
    for (qint64 k = 0; k < lanes && s.status() == QDataStream::Ok; ++k) {
        quint16 device = 0;
        s >> device;
        t.kernelsByDevice[device];
    }
    s >> lanes;
    for (qint64 k = 0; k < lanes && s.status() == QDataStream::Ok; ++k) {
        quint16 device = 0;
        quint32 stream = 0;
        s >> device >> stream;
        t.kernelsByStream[{ device, stream }];
    }
    return s.status() == QDataStream::Ok && s.atEnd();
}

bool TraceCacheLayout::read(const uchar* data, quint64 size, Trace& trace, QString* why)
{
    CacheReader r(data, size);
    QByteArray meta;
    if (!r.bytes(&meta) || !readMetadata(meta, trace)) {
        *why = r.ok() ? QStringLiteral("metadata block does not parse") : r.why();
        return false;
    }
    std::vector<LaunchConfig> configs;
    r.column(configs);
    traceColumns(r, trace);
    if (!r.run()) {
        *why = r.why();
        return false;
    }
    if (r.position() != size) {
        *why = QStringLiteral("%1 bytes after the last column").arg(size - r.position());
        return false;
    }
    trace.configs.restore(std::move(configs));
    return checkIds(trace, why);
}

bool TraceCacheLayout::checkIds(const Trace& t, QString* why)
{
    const quint64 strings = t.strings.size();
    const auto& k = t.kernels;
    const bool tables = opsSized(k) && allSized(k.size(), k.name, k.config, k.flags)
        && (k.shortName.empty() || allSized(k.size(), k.shortName)) && opsSized(t.memcpy)
        && allSized(t.memcpy.size(), t.memcpy.bytes, t.memcpy.copyKind, t.memcpy.srcKind)
        && allSized(t.memcpy.size(), t.memcpy.dstKind) && opsSized(t.memset)
        && allSized(t.memset.size(), t.memset.bytes) && opsSized(t.graphs)
        && allSized(t.graphs.size(), t.graphs.graphId) && t.api.rowid.wellFormed(size_t(t.api.size()))
        && t.api.dur.wellFormed(size_t(t.api.size()))
        && allSized(t.api.size(), t.api.correlationId, t.api.pid, t.api.tid, t.api.name)
        && allSized(t.api.size(), t.api.kind) && t.nvtx.rowid.wellFormed(size_t(t.nvtx.size()))
        && allSized(t.nvtx.size(), t.nvtx.end, t.nvtx.pid, t.nvtx.tid, t.nvtx.endTid, t.nvtx.name)
        && allSized(t.nvtx.size(), t.nvtx.domain, t.nvtx.eventType)
        && allSized(t.memoryUsage.size(), t.memoryUsage.rowid, t.memoryUsage.device, t.memoryUsage.pid)
        && allSized(t.memoryUsage.size(), t.memoryUsage.bytes, t.memoryUsage.operation, t.memoryUsage.memKind)
        && allSized(
            t.profilerOverhead.size(), t.profilerOverhead.rowid, t.profilerOverhead.end, t.profilerOverhead.pid);
    if (!tables) {
        *why = QStringLiteral(
            "columns of one table differ in length, or the parts of a rowid or duration column disagree");
        return false;
    }
    // The short names: one a kernel, or (compacted, none a kernel) one for every name.
    const bool shortNames
        = qsizetype(k.shortName.size()) == k.size() || below(k.name, quint64(k.shortNameByName.size()));
    const bool ids = below(k.name, strings) && shortNames && below(k.shortName, strings)
        && below(k.shortNameByName, strings) && below(k.config, quint64(t.configs.size())) && below(t.api.name, strings)
        && below(t.nvtx.name, strings) && apiIndicesValid(k.api, t.api.size())
        && apiIndicesValid(t.memcpy.api, t.api.size()) && apiIndicesValid(t.memset.api, t.api.size())
        && apiIndicesValid(t.graphs.api, t.api.size()) && below(t.threadNames, strings);
    bool lanes = true;
    for (const auto& lane : t.kernelsByDevice)
        lanes = lanes && below(lane.second, quint64(k.size()));
    for (const auto& lane : t.kernelsByStream)
        lanes = lanes && below(lane.second, quint64(k.size()));
    for (const auto& s : t.counters.series)
        lanes = lanes && s.v.size() == s.t.size() && (s.prefix.empty() || s.prefix.size() == s.t.size() + 1);
    if (!ids || !lanes)
        *why = QStringLiteral("an id or index points outside its table");
    return ids && lanes;
}

} // namespace sl
