// SPDX-License-Identifier: MIT
#include "core/counters/gpumetricsreader.h"

#include "core/io/rowscan.h"
#include "core/io/schema.h"
#include "core/util/logging.h"

#include <QElapsedTimer>
#include <QHash>

#include <algorithm>
#include <map>
#include <thread>

namespace sl {

namespace {

/// (typeId, metricId) → series slot, O(1) per row: rows interleave the metrics of a sample, so
/// the key changes on nearly every row and a hash lookup per row showed in the load time.
/// Metric ids are small (tens); a type's ids above kDirect fall back to the hash.
class SlotIndex
{
public:
    void insert(quint32 typeId, quint32 metricId, int slot)
    {
        m_hash.insert(key(typeId, metricId), slot);
        if (metricId >= kDirect)
            return;
        auto& byMetric = typeSlots(typeId);
        if (byMetric.size() <= metricId)
            byMetric.resize(size_t(metricId) + 1, -1);
        byMetric[metricId] = slot;
    }
    bool contains(quint32 typeId, quint32 metricId) const { return m_hash.contains(key(typeId, metricId)); }
    int find(quint32 typeId, quint32 metricId)
    {
        if (metricId >= kDirect)
            return m_hash.value(key(typeId, metricId), -1);
        if (m_last < 0 || m_types[size_t(m_last)].first != typeId) {
            m_last = -1;
            for (size_t i = 0; i < m_types.size(); ++i)
                if (m_types[i].first == typeId)
                    m_last = int(i);
            if (m_last < 0)
                return -1;
        }
        const auto& byMetric = m_types[size_t(m_last)].second;
        return metricId < byMetric.size() ? byMetric[metricId] : -1;
    }

private:
    static constexpr quint32 kDirect = 4096;
    static quint64 key(quint32 typeId, quint32 metricId) { return (quint64(typeId) << 32) | metricId; }
    std::vector<int>& typeSlots(quint32 typeId)
    {
        for (auto& [t, v] : m_types)
            if (t == typeId)
                return v;
        m_types.emplace_back(typeId, std::vector<int> {});
        return m_types.back().second;
    }
    QHash<quint64, int> m_hash;
    std::vector<std::pair<quint32, std::vector<int>>> m_types;
    int m_last = -1;
};

/// The samples of one rowid range, per series slot.
struct SampleChunk
{
    std::vector<std::vector<qint64>> t;
    std::vector<std::vector<float>> v;
    qint64 unnamed = 0; ///< rows whose (typeId, metricId) has no name
    bool ok = true;
};

/// Scans `sql` (timestamp, typeId, metricId, value) into `out`. `slot` is copied: its lookup
/// caches the last type, so each range has its own.
bool scanChunk(const SqliteConnection& db, LoadContext& ctx, const QString& sql, SlotIndex slot, size_t seriesCount,
    size_t reserve, SampleChunk& out, QString* error)
{
    out.t.assign(seriesCount, {});
    out.v.assign(seriesCount, {});
    for (size_t i = 0; i < seriesCount; ++i) {
        out.t[i].reserve(reserve);
        out.v[i].reserve(reserve);
    }
    out.ok = scanRows(db, ctx, sql, error, [&](const SqliteStatement& s) {
        const qint64 typeId = s.int64(1);
        const qint64 metricId = s.int64(2);
        const int at = typeId < 0 || metricId < 0 || typeId > 0xFFFFFFFFll || metricId > 0xFFFFFFFFll
            ? -1
            : slot.find(quint32(typeId), quint32(metricId));
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
/// name) the series with the most samples is kept; the others are emptied, and the samples set
/// aside are counted. Returns that count.
qint64 setAsideTransientTypes(std::vector<CounterSeries>& series)
{
    qint64 setAside = 0;
    for (size_t i = 0; i < series.size(); ++i) {
        for (size_t j = i + 1; j < series.size(); ++j) {
            if (series[j].t.empty() || series[i].t.empty() || series[i].deviceId != series[j].deviceId
                || series[i].name != series[j].name)
                continue;
            const size_t loser = series[j].t.size() > series[i].t.size() ? i : j;
            setAside += qint64(series[loser].t.size());
            series[loser].t = {};
            series[loser].v = {};
        }
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

} // namespace

bool GpuMetricsReader::read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, Trace& trace,
    QString* error, const QString& path, int readers, qint64 rowsPerRange)
{
    const QString metrics = QStringLiteral("GPU_METRICS");
    const QString names = QStringLiteral("TARGET_INFO_GPU_METRICS");
    if (!schema.hasTable(metrics))
        return true;
    for (const char* c : { "timestamp", "typeId", "metricId", "value" }) {
        if (!schema.hasColumn(metrics, QLatin1String(c))) {
            trace.counters.notes << tr("GPU metrics are not read: GPU_METRICS has no %1 column.").arg(QLatin1String(c));
            return true;
        }
    }
    if (!schema.hasTable(names) || !schema.hasColumn(names, QStringLiteral("metricName"))) {
        trace.counters.notes << tr("GPU metrics are not read: the export has no TARGET_INFO_GPU_METRICS names.");
        return true;
    }
    // (typeId, metricId) → series slot; the names table is small (tens of rows per GPU).
    SlotIndex slot;
    std::vector<CounterSeries> series;
    {
        SqliteStatement st(db, QStringLiteral("SELECT typeId, metricId, metricName FROM %1").arg(names));
        if (!st.isValid()) {
            *error = st.errorText();
            return false;
        }
        while (st.next()) {
            const qint64 typeId = st.int64(0), metricId = st.int64(1);
            const QString name = st.text(2).trimmed();
            if (name.isEmpty() || typeId < 0 || metricId < 0 || typeId > 0xFFFFFFFFll || metricId > 0xFFFFFFFFll)
                continue;
            if (slot.contains(quint32(typeId), quint32(metricId)))
                continue;
            CounterSeries s;
            s.source = CounterSeries::Source::GpuMetrics;
            s.deviceId = int(typeId & 0xFF);
            s.name = name;
            s.unit = CounterSeries::unitOf(name);
            slot.insert(quint32(typeId), quint32(metricId), int(series.size()));
            series.push_back(std::move(s));
        }
        if (!st.errorText().isEmpty()) {
            *error = st.errorText();
            return false;
        }
    }
    if (series.empty()) {
        trace.counters.notes << tr("GPU metrics are not read: the export has no TARGET_INFO_GPU_METRICS names.");
        return true;
    }
    // nsys writes every metric of a GPU at each sample time, so the series are about equally
    // long: reserving the rows' share of each avoids growing by doubling (twice the memory for
    // a moment, and a copy of every sample). An uneven export still reads right, only slower.
    const qint64 lastRowid = db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(metrics), 0);
    const qint64 firstRowid = db.scalar(QStringLiteral("SELECT MIN(rowid) FROM %1").arg(metrics), 0);
    const qint64 rows = qBound<qint64>(0, lastRowid - std::min<qint64>(firstRowid, lastRowid) + 1, qint64(1) << 36);
    // Large tables are read in rowid ranges on connections of their own, one per spare core: the
    // scan is SQLite's row stepping (≈ 5 M rows/s per core), the longest reader of a 10 kHz
    // capture. The ranges are concatenated in rowid order, so the result is that of one scan.
    const qint64 perRange = std::max<qint64>(1, rowsPerRange);
    const int ranges = !path.isEmpty() ? int(std::clamp<qint64>(rows / perRange, 1, std::max(1, readers))) : 1;
    std::vector<SampleChunk> chunks(static_cast<size_t>(ranges));
    std::vector<QString> errors(static_cast<size_t>(ranges));
    QElapsedTimer clock;
    clock.start();
    const QString select = QStringLiteral("SELECT timestamp, typeId, metricId, value FROM %1").arg(metrics);
    const qint64 span = ranges > 1 ? (lastRowid - firstRowid + 1) / ranges : 0;
    const auto rangeSql = [&](int r) -> QString {
        if (ranges == 1)
            return select;
        const qint64 from = firstRowid + qint64(r) * span;
        if (r == 0)
            return select + QStringLiteral(" WHERE rowid < %1").arg(from + span);
        if (r == ranges - 1)
            return select + QStringLiteral(" WHERE rowid >= %1").arg(from);
        return select + QStringLiteral(" WHERE rowid >= %1 AND rowid < %2").arg(from).arg(from + span);
    };
    const size_t reserve = size_t(rows / qint64(series.size()) / ranges + 1);
    std::vector<std::thread> workers;
    for (int r = 1; r < ranges; ++r)
        workers.emplace_back([&, r] {
            SqliteConnection own(path);
            if (!own.isOpen()) {
                errors[size_t(r)] = own.errorText();
                ctx.cancel = true;
                return;
            }
            if (!scanChunk(own, ctx, rangeSql(r), slot, series.size(), reserve, chunks[size_t(r)], &errors[size_t(r)]))
                ctx.cancel = true; // the other ranges stop too
        });
    bool ok = scanChunk(db, ctx, rangeSql(0), slot, series.size(), reserve, chunks[0], &errors[0]);
    if (!ok)
        ctx.cancel = true;
    for (auto& w : workers)
        w.join();
    qint64 unnamed = 0;
    for (size_t r = 0; r < chunks.size(); ++r) {
        unnamed += chunks[r].unnamed;
        if (!errors[r].isEmpty() && error->isEmpty())
            *error = errors[r];
        ok = ok && chunks[r].ok;
    }
    if (!ok || !error->isEmpty())
        return false;
    // One range: its vectors become the series'. Several: appended range by range, each range's
    // vectors freed as soon as they are copied (the peak stays one range above the result).
    for (size_t i = 0; i < series.size(); ++i) {
        if (ranges == 1) {
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
    const qint64 scanNs = clock.nsecsElapsed();
    if (const qint64 setAside = setAsideTransientTypes(series); setAside > 0)
        trace.counters.notes << tr("%1 GPU metric samples under a second metric type of the same GPU (typeId & 0xFF) "
                                   "were set aside: per GPU and metric the type with the most samples is kept.")
                                    .arg(setAside);
    if (const QStringList rescaled = rescaleMisstatedUnits(series); !rescaled.isEmpty())
        trace.counters.notes << tr("Read in the next smaller unit (Hz, bytes/s) and converted, as the values are "
                                   "implausible in the unit of the name: %1.")
                                    .arg(rescaled.join(QStringLiteral(", ")));
    const CounterSeries* previous = nullptr;
    for (auto& s : series) {
        if (s.t.empty())
            continue;
        // The metrics of one GPU share their sample times: the median period is computed once.
        s.finish(previous && previous->deviceId == s.deviceId ? previous : nullptr);
        previous = &s;
    }
    trace.counters.series.reserve(qsizetype(series.size()));
    for (auto& s : series)
        if (!s.t.empty())
            trace.counters.series.append(std::move(s));
    std::sort(trace.counters.series.begin(), trace.counters.series.end(),
        [](const auto& a, const auto& b) { return std::tie(a.deviceId, a.name) < std::tie(b.deviceId, b.name); });
    qCDebug(lcIo) << "GPU metrics:" << rows << "rows scanned in" << scanNs / 1000 << "us, finished in"
                  << (clock.nsecsElapsed() - scanNs) / 1000 << "us";
    if (unnamed > 0)
        trace.counters.notes
            << tr("%1 GPU metric samples have no name in TARGET_INFO_GPU_METRICS and were skipped.").arg(unnamed);
    return true;
}

} // namespace sl
