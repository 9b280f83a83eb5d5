// SPDX-License-Identifier: MIT
#include "core/io/gpumetricsreader.h"

#include "core/io/rowscan.h"
#include "core/io/schema.h"
#include "core/trace/tablenames.h"
#include "core/util/logging.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sqlite3.h>
#include <thread>

namespace sl {

namespace {

const QString kMetricsTable = tables::kGpuMetrics;

/// (typeId, metricId) → series slot, O(1) per row: rows interleave the metrics of a sample, so
/// the key changes on nearly every row and a hash lookup per row showed in the load time. Both
/// ids are full 64-bit values (nsys packs typeId as <Hardware:8><VM:8><Source:16><Event tag:24>
/// <GPU:8>, so real ids are ≥ 2^48); SQLite stores an id with the top bit set as a negative
/// integer, which is read back as the same bit pattern. Metric ids are small (tens): a type's
/// ids below kDirect index a vector, larger ones fall back to the hash.
class SlotIndex
{
public:
    void insert(quint64 typeId, quint64 metricId, int slot)
    {
        m_hash.insert({ typeId, metricId }, slot);
        if (metricId >= kDirect)
            return;
        auto& byMetric = typeSlots(typeId);
        if (byMetric.size() <= metricId)
            byMetric.resize(size_t(metricId) + 1, -1);
        byMetric[size_t(metricId)] = slot;
    }
    bool contains(quint64 typeId, quint64 metricId) const { return m_hash.contains({ typeId, metricId }); }
    int find(quint64 typeId, quint64 metricId)
    {
        if (metricId >= kDirect)
            return m_hash.value({ typeId, metricId }, -1);
        if (m_last < 0 || m_lastType != typeId) {
            m_last = m_typeIndex.value(typeId, -1);
            m_lastType = typeId;
            if (m_last < 0)
                return -1;
        }
        const auto& byMetric = m_types[size_t(m_last)];
        return metricId < byMetric.size() ? byMetric[size_t(metricId)] : -1;
    }

private:
    static constexpr quint64 kDirect = 4096;
    std::vector<int>& typeSlots(quint64 typeId)
    {
        const auto it = m_typeIndex.constFind(typeId);
        if (it != m_typeIndex.cend())
            return m_types[size_t(*it)];
        m_typeIndex.insert(typeId, int(m_types.size()));
        m_types.emplace_back();
        return m_types.back();
    }
    QHash<std::pair<quint64, quint64>, int> m_hash;
    QHash<quint64, int> m_typeIndex; ///< typeId → index into m_types
    std::vector<std::vector<int>> m_types; ///< per type: metricId → slot (−1: none)
    quint64 m_lastType = 0;
    int m_last = -1;
};

/// The samples of one rowid range, per series slot.
struct SampleChunk
{
    std::vector<std::vector<qint64>> t;
    std::vector<std::vector<float>> v;
    qint64 unnamed = 0; ///< rows whose (typeId, metricId) has no name
    DataQuality quality; ///< rows left out by a load rule
    bool ok = true;
};

/// The load rule a GPU_METRICS row (timestamp, typeId, metricId, value) breaks, if any: a NULL,
/// an id or time that is not an integer (SQLite would read text as 0), a value that is no
/// finite float (text, ±inf, beyond ±3.4e38; nan is stored as NULL), a time beyond ±2^53 ns.
template <typename Row> std::optional<DataQuality::Rule> rowFault(const Row& s)
{
    for (int c = 0; c < 4; ++c)
        if (s.type(c) == SQLITE_NULL)
            return DataQuality::Rule::NullRequired;
    for (int c = 0; c < 3; ++c)
        if (s.type(c) != SQLITE_INTEGER)
            return DataQuality::Rule::NotInteger;
    const int valueType = s.type(3);
    if (valueType != SQLITE_INTEGER && valueType != SQLITE_FLOAT)
        return DataQuality::Rule::NotFinite;
    if (!(std::abs(s.real(3)) <= double(std::numeric_limits<float>::max())))
        return DataQuality::Rule::NotFinite;
    constexpr qint64 kPlausibleNs = qint64(1) << 53;
    if (const qint64 t = s.int64(0); t < -kPlausibleNs || t > kPlausibleNs)
        return DataQuality::Rule::OutsideCapture;
    return std::nullopt;
}

/// Scans the rows of `from` (the table and a rowid range) into `out`. `slot` is copied: its
/// lookup caches the last type, so each range has its own.
bool scanChunk(const SqliteConnection& db, LoadContext& ctx, const QString& from, SlotIndex slot, size_t seriesCount,
    size_t reserve, SampleChunk& out, QString* error)
{
    out.t.assign(seriesCount, {});
    out.v.assign(seriesCount, {});
    for (size_t i = 0; i < seriesCount; ++i) {
        out.t[i].reserve(reserve);
        out.v[i].reserve(reserve);
    }
    const QString columns = QStringLiteral("timestamp, typeId, metricId, value, rowid");
    out.ok = scanTable(db, ctx, columns, from, error, [&](const auto& s) {
        if (const auto fault = rowFault(s)) {
            out.quality.add(*fault, kMetricsTable, s.int64(4));
            return;
        }
        const int at = slot.find(quint64(s.int64(1)), quint64(s.int64(2)));
        if (at < 0) {
            ++out.unnamed;
            return;
        }
        out.t[size_t(at)].push_back(s.int64(0));
        out.v[size_t(at)].push_back(float(s.real(3)));
    });
    return out.ok;
}

/// Several typeIds can map to one GPU (typeId & 0xFF): exports of A100s show transient extra
/// typeIds with one or two samples mid-capture beside the real per-GPU stream. Per (GPU, metric
/// name) the series with the most samples is kept (the first in names-table order on a tie); the
/// others are emptied, and the samples set aside are counted. Returns that count. One hash
/// lookup per series: a names table of 200,000 rows costs no more than its reading.
qint64 setAsideTransientTypes(std::vector<CounterSeries>& series)
{
    qint64 setAside = 0;
    QHash<std::pair<int, QString>, size_t> kept;
    for (size_t i = 0; i < series.size(); ++i) {
        if (series[i].t.empty())
            continue;
        const auto it = kept.find({ series[i].deviceId, series[i].name });
        if (it == kept.end()) {
            kept.insert({ series[i].deviceId, series[i].name }, i);
            continue;
        }
        const size_t loser = series[i].t.size() > series[*it].t.size() ? *it : i;
        if (loser == *it)
            *it = i;
        setAside += qint64(series[loser].t.size());
        series[loser].t = {};
        series[loser].v = {};
    }
    return setAside;
}

/// Values stored in a smaller unit than the name says: a note on L40S exports reads "GPC Clock
/// Frequency [MHz]" values in Hz, and graphics presets store "[GB/s]" metrics as bytes/s. A
/// median no real clock (100,000 MHz) or link (1,000,000 GB/s) reaches is taken as the smaller
/// unit and divided. Returns the names rescaled.
QStringList rescaleMisstatedUnits(std::vector<CounterSeries>& series)
{
    QStringList rescaled;
    for (auto& s : series) {
        double limit = 0, divisor = 1;
        if (s.unit == QLatin1String("MHz")) {
            limit = 100'000;
            divisor = 1e6;
        } else if (s.unit == QLatin1String("GB/s")) {
            limit = 1'000'000;
            divisor = 1e9;
        }
        if (limit <= 0 || s.v.empty())
            continue;
        std::vector<float> values = s.v;
        auto mid = values.begin() + std::ptrdiff_t(values.size() / 2);
        std::nth_element(values.begin(), mid, values.end());
        if (double(*mid) <= limit)
            continue;
        for (float& v : s.v)
            v = float(double(v) / divisor);
        if (!rescaled.contains(s.name))
            rescaled << s.name;
    }
    return rescaled;
}

/// Reads TARGET_INFO_GPU_METRICS into one series per (typeId, metricId) and `slot`. Rows with a
/// NULL or non-integer id or an empty name cannot name a sample: counted in `skipped`. A second
/// row for a pair already named is ignored (the first name holds).
bool readNames(const SqliteConnection& db, const QString& table, SlotIndex& slot, std::vector<CounterSeries>& series,
    qint64& skipped, QString* error)
{
    SqliteStatement st(db, QStringLiteral("SELECT typeId, metricId, metricName FROM %1").arg(table));
    if (!st.isValid()) {
        *error = st.errorText();
        return false;
    }
    while (st.next()) {
        const QString name = st.isNull(2) ? QString() : st.text(2).trimmed();
        if (name.isEmpty() || st.type(0) != SQLITE_INTEGER || st.type(1) != SQLITE_INTEGER) {
            ++skipped;
            continue;
        }
        const auto typeId = quint64(st.int64(0)), metricId = quint64(st.int64(1));
        if (slot.contains(typeId, metricId))
            continue;
        CounterSeries s;
        s.source = CounterSeries::Source::GpuMetrics;
        s.deviceId = int(typeId & 0xFF);
        s.name = name;
        s.unit = CounterSeries::unitOf(name);
        slot.insert(typeId, metricId, int(series.size()));
        series.push_back(std::move(s));
    }
    if (!st.errorText().isEmpty()) {
        *error = st.errorText();
        return false;
    }
    return true;
}

/// Appends the chunks' samples to `series` in chunk (rowid) order. One chunk: its vectors become
/// the series'. Several: appended range by range, each range's vectors freed as soon as they
/// are copied (the peak stays one range above the result).
void concatenate(std::vector<SampleChunk>& chunks, std::vector<CounterSeries>& series)
{
    for (size_t i = 0; i < series.size(); ++i) {
        if (chunks.size() == 1) {
            series[i].t = std::move(chunks[0].t[i]);
            series[i].v = std::move(chunks[0].v[i]);
            continue;
        }
        size_t total = 0;
        for (const auto& c : chunks)
            total += c.t[i].size();
        series[i].t.reserve(total);
        series[i].v.reserve(total);
        for (auto& c : chunks) {
            series[i].t.insert(series[i].t.end(), c.t[i].begin(), c.t[i].end());
            series[i].v.insert(series[i].v.end(), c.v[i].begin(), c.v[i].end());
            c.t[i] = {};
            c.v[i] = {};
        }
    }
}

/// The rows to size the buffers and ranges for (an upper bound): the rowid span when the file
/// could hold that many rows — no GPU_METRICS row takes under 8 bytes on disk, and a dense
/// table, the usual case, then costs no counting pass — else COUNT(*): a sparse table (one
/// rowid at 2^40) would otherwise ask for 2^40 samples and abort.
qint64 rowsToReserve(const SqliteConnection& db, const QString& path)
{
    const qint64 first = db.scalar(QStringLiteral("SELECT MIN(rowid) FROM %1").arg(kMetricsTable), 0);
    const qint64 last = std::max(first, db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(kMetricsTable), 0));
    const quint64 span = quint64(last) - quint64(first) + 1; // unsigned: rowids may span all of qint64
    const qint64 fileBytes = path.isEmpty() ? 0 : QFileInfo(path).size();
    if (span <= quint64(fileBytes / 8))
        return qint64(span);
    return db.scalar(QStringLiteral("SELECT COUNT(*) FROM %1").arg(kMetricsTable), 0);
}

/// Scans GPU_METRICS into `chunks`: large tables in rowid ranges on connections of their own, one
/// per spare core (the scan is SQLite's row stepping, ≈ 5 M rows/s per core, the longest reader
/// of a 10 kHz capture). The number of ranges follows `rows` (rowsToReserve), never a sparse
/// rowid span: one rowid at 2^40 only makes the ranges uneven. Returns false on an error (set)
/// or a cancel.
bool scanRanges(const SqliteConnection& db, LoadContext& ctx, const SlotIndex& slot, size_t seriesCount, qint64 rows,
    const QString& path, int readers, qint64 rowsPerRange, std::vector<SampleChunk>& chunks, QString* error)
{
    const qint64 firstRowid = db.scalar(QStringLiteral("SELECT MIN(rowid) FROM %1").arg(kMetricsTable), 0);
    const qint64 lastRowid
        = std::max(firstRowid, db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(kMetricsTable), 0));
    const qint64 perRange = std::max<qint64>(1, rowsPerRange);
    const int ranges = !path.isEmpty() ? int(std::clamp<qint64>(rows / perRange, 1, std::max(1, readers))) : 1;
    chunks.assign(size_t(ranges), {});
    std::vector<QString> errors(static_cast<size_t>(ranges));
    const QString table = kMetricsTable;
    // Range bounds in unsigned arithmetic: the span of rowids −2^63 … 2^63−1 does not fit qint64.
    const quint64 span = ranges > 1 ? (quint64(lastRowid) - quint64(firstRowid)) / quint64(ranges) + 1 : 0;
    const auto bound = [&](int r) { return qint64(quint64(firstRowid) + quint64(r) * span); };
    const auto rangeFrom = [&](int r) -> QString {
        if (ranges == 1)
            return table;
        if (r == 0)
            return table + QStringLiteral(" WHERE rowid < %1").arg(bound(1));
        if (r == ranges - 1)
            return table + QStringLiteral(" WHERE rowid >= %1").arg(bound(r));
        return table + QStringLiteral(" WHERE rowid >= %1 AND rowid < %2").arg(bound(r)).arg(bound(r + 1));
    };
    // nsys writes every metric of a GPU at each sample time, so the series are about equally
    // long: reserving the rows' share of each avoids growing by doubling (twice the memory for
    // a moment, and a copy of every sample). An uneven export still reads right, only slower.
    const size_t reserve = size_t(rows / qint64(seriesCount) / ranges + 1);
    std::vector<std::thread> workers;
    for (int r = 1; r < ranges; ++r)
        workers.emplace_back([&, r] {
            SqliteConnection own(path);
            if (!own.isOpen()) {
                errors[size_t(r)] = own.errorText();
                ctx.cancel = true;
                return;
            }
            if (!scanChunk(own, ctx, rangeFrom(r), slot, seriesCount, reserve, chunks[size_t(r)], &errors[size_t(r)]))
                ctx.cancel = true; // the other ranges stop too
        });
    bool ok = scanChunk(db, ctx, rangeFrom(0), slot, seriesCount, reserve, chunks[0], &errors[0]);
    if (!ok)
        ctx.cancel = true;
    for (auto& w : workers)
        w.join();
    for (size_t r = 0; r < chunks.size(); ++r) {
        if (!errors[r].isEmpty() && error->isEmpty())
            *error = errors[r];
        ok = ok && chunks[r].ok;
    }
    return ok && error->isEmpty();
}

/// Finishes the series that have samples (the metrics of one GPU share their sample times: the
/// median period is computed once) and moves them into `out`, sorted by GPU and name.
void finishInto(std::vector<CounterSeries>& series, CounterSet& out)
{
    const CounterSeries* previous = nullptr;
    for (auto& s : series) {
        if (s.t.empty())
            continue;
        s.finish(previous && previous->deviceId == s.deviceId ? previous : nullptr);
        previous = &s;
    }
    out.series.reserve(qsizetype(series.size()));
    for (auto& s : series)
        if (!s.t.empty())
            out.series.append(std::move(s));
    std::sort(out.series.begin(), out.series.end(),
        [](const auto& a, const auto& b) { return std::tie(a.deviceId, a.name) < std::tie(b.deviceId, b.name); });
}

/// Why the GPU metrics of `fileName` cannot be read at all — a column or the names table
/// missing, as an older or edited schema has it —, empty when they can.
QString missingSchema(const Schema& schema, const QString& fileName)
{
    const QString names = tables::kGpuMetricNames;
    for (const char* c : { "timestamp", "typeId", "metricId", "value" })
        if (!schema.hasColumn(kMetricsTable, QLatin1String(c)))
            return GpuMetricsReader::tr("GPU metrics are not read: GPU_METRICS in %1 has no %2 column.")
                .arg(fileName, QLatin1String(c));
    if (!schema.hasTable(names))
        return GpuMetricsReader::tr("GPU metrics are not read: %1 has no TARGET_INFO_GPU_METRICS table to name them.")
            .arg(fileName);
    for (const char* c : { "typeId", "metricId", "metricName" })
        if (!schema.hasColumn(names, QLatin1String(c)))
            return GpuMetricsReader::tr("GPU metrics are not read: TARGET_INFO_GPU_METRICS in %1 has no %2 column.")
                .arg(fileName, QLatin1String(c));
    return {};
}

/// Reads the names and the samples into `trace.counters` and `quality`. Returns false on a
/// SQLite error (set, with the table that failed in `table`) or a cancel (error empty).
bool readMetrics(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, Trace& trace, DataQuality& quality,
    QString* error, QString* table, const QString& path, int readers, qint64 rowsPerRange)
{
    const QString names = tables::kGpuMetricNames;
    if (const QString missing = missingSchema(schema, QFileInfo(path).fileName()); !missing.isEmpty()) {
        trace.counters.notes << missing;
        return true;
    }
    SlotIndex slot;
    std::vector<CounterSeries> series;
    qint64 skippedNames = 0;
    *table = names;
    if (!readNames(db, names, slot, series, skippedNames, error))
        return false;
    if (skippedNames > 0)
        trace.counters.notes << GpuMetricsReader::tr(
            "%1 TARGET_INFO_GPU_METRICS rows were skipped: their typeId or "
            "metricId is NULL or not an integer, or their metricName is empty.")
                                    .arg(skippedNames);
    if (series.empty()) {
        trace.counters.notes << GpuMetricsReader::tr(
            "GPU metrics are not read: TARGET_INFO_GPU_METRICS in %1 names no metric.")
                                    .arg(QFileInfo(path).fileName());
        return true;
    }
    const qint64 rows = rowsToReserve(db, path);
    QElapsedTimer clock;
    clock.start();
    std::vector<SampleChunk> chunks;
    *table = kMetricsTable;
    if (!scanRanges(db, ctx, slot, series.size(), rows, path, readers, rowsPerRange, chunks, error))
        return false;
    qint64 unnamed = 0;
    for (auto& c : chunks) {
        unnamed += c.unnamed;
        quality.merge(std::move(c.quality));
    }
    concatenate(chunks, series);
    const qint64 scanNs = clock.nsecsElapsed();
    if (const qint64 setAside = setAsideTransientTypes(series); setAside > 0)
        trace.counters.notes << GpuMetricsReader::tr("%1 GPU metric samples under a second metric type of the same "
                                                     "GPU (typeId & 0xFF) were set aside: per GPU and metric the type "
                                                     "with the most samples is kept.")
                                    .arg(setAside);
    if (const QStringList rescaled = rescaleMisstatedUnits(series); !rescaled.isEmpty())
        trace.counters.notes << GpuMetricsReader::tr("Read in the next smaller unit (Hz, bytes/s) and converted, as "
                                                     "the values are implausible in the unit of the name: %1.")
                                    .arg(rescaled.join(QStringLiteral(", ")));
    finishInto(series, trace.counters);
    qCDebug(lcIo) << "GPU metrics:" << rows << "rows scanned in" << scanNs / 1000 << "us, finished in"
                  << (clock.nsecsElapsed() - scanNs) / 1000 << "us";
    if (unnamed > 0)
        trace.counters.notes << GpuMetricsReader::tr(
            "%1 GPU metric samples have no name in TARGET_INFO_GPU_METRICS and were skipped.")
                                    .arg(unnamed);
    return true;
}

} // namespace

bool GpuMetricsReader::read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, Trace& trace,
    DataQuality& quality, const QString& path, int readers, qint64 rowsPerRange)
{
    if (!schema.hasTable(kMetricsTable))
        return true;
    // A context of its own: a failed range stops the other ranges but not the host and GPU
    // readers of the load, and its SQLite error code does not become the load's. Progress and
    // the load's cancel pass through.
    LoadContext own;
    own.rowsTotal = ctx.rowsTotal;
    own.cancelRequested = [&ctx] { return ctx.cancelled(); };
    own.tick = [&] {
        ctx.rowsDone.fetch_add(own.rowsDone.exchange(0, std::memory_order_relaxed), std::memory_order_relaxed);
        if (ctx.tick)
            ctx.tick();
    };
    QString error, table;
    DataQuality read;
    const bool ok = readMetrics(db, schema, own, trace, read, &error, &table, path, readers, rowsPerRange);
    ctx.rowsDone.fetch_add(own.rowsDone.exchange(0, std::memory_order_relaxed), std::memory_order_relaxed);
    if (ctx.cancelled())
        return false;
    if (ok) {
        quality.merge(std::move(read));
        return true;
    }
    // The samples are an addition to the trace, as an NVML or Nsight Compute import is: a
    // damaged GPU_METRICS or TARGET_INFO_GPU_METRICS leaves the counters out, not the trace.
    // No series was added before the failure. The file's name only: notes go into reports.
    trace.counters.notes << tr("GPU metrics are not read: %1 could not be read from %2 (%3). The rest of the "
                               "trace is loaded.")
                                .arg(table, QFileInfo(path).fileName(),
                                    error.isEmpty() ? tr("unknown SQLite error") : error);
    return true;
}

} // namespace sl
