// SPDX-License-Identifier: MIT
#include "core/counters/gpumetricsreader.h"

#include "core/io/rowscan.h"
#include "core/io/schema.h"

#include <QDateTime>
#include <QHash>

#include <algorithm>
#include <map>

namespace sl {

namespace {

void readSessionStart(const SqliteConnection& db, const Schema& schema, TraceInfo& info)
{
    const QString t = QStringLiteral("TARGET_INFO_SESSION_START_TIME");
    if (!schema.hasTable(t) || !schema.hasColumn(t, QStringLiteral("utcEpochNs")))
        return;
    const QString local = schema.columnOr(t, QStringLiteral("localTime"), QStringLiteral("NULL"));
    const QString utc = schema.columnOr(t, QStringLiteral("utcTime"), QStringLiteral("NULL"));
    SqliteStatement st(db, QStringLiteral("SELECT utcEpochNs, %1, %2 FROM %3 LIMIT 1").arg(utc, local, t));
    if (!st.isValid() || !st.next())
        return;
    const qint64 epoch = st.int64(0);
    if (epoch <= 0)
        return;
    info.sessionStartUtcNs = epoch;
    // The profiled machine's local offset: localTime − utcTime, both "yyyy-MM-ddTHH:mm:ss".
    const QDateTime u = QDateTime::fromString(st.text(1), Qt::ISODate);
    const QDateTime l = QDateTime::fromString(st.text(2), Qt::ISODate);
    if (u.isValid() && l.isValid()) {
        const qint64 offset = u.secsTo(l);
        if (offset >= -14 * 3600 && offset <= 14 * 3600)
            info.localOffsetSeconds = int(offset);
    }
}

} // namespace

bool GpuMetricsReader::read(
    const SqliteConnection& db, const Schema& schema, LoadContext& ctx, Trace& trace, QString* error)
{
    readSessionStart(db, schema, trace.info);
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
    QHash<quint64, int> slot;
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
            const quint64 key = (quint64(typeId) << 32) | quint64(metricId);
            if (slot.contains(key))
                continue;
            CounterSeries s;
            s.source = CounterSeries::Source::GpuMetrics;
            s.deviceId = int(typeId & 0xFF);
            s.name = name;
            s.unit = CounterSeries::unitOf(name);
            slot.insert(key, int(series.size()));
            series.push_back(std::move(s));
        }
        if (!st.errorText().isEmpty()) {
            *error = st.errorText();
            return false;
        }
    }
    qint64 unnamed = 0;
    int last = -1;
    quint64 lastKey = ~0ull;
    const bool ok = scanRows(db, ctx, QStringLiteral("SELECT timestamp, typeId, metricId, value FROM %1").arg(metrics),
        error, [&](const SqliteStatement& s) {
            const qint64 typeId = s.int64(1);
            const qint64 metricId = s.int64(2);
            const quint64 key = (quint64(quint32(typeId)) << 32) | quint64(quint32(metricId));
            if (key != lastKey) { // rows come in runs of one metric: one lookup per run
                lastKey = key;
                last = slot.value(key, -1);
            }
            if (last < 0) {
                ++unnamed;
                return;
            }
            CounterSeries& cs = series[size_t(last)];
            cs.t.push_back(s.int64(0));
            cs.v.push_back(float(s.real(3)));
        });
    if (!ok)
        return false;
    for (auto& s : series) {
        if (s.t.empty())
            continue;
        s.finish();
        trace.counters.series.append(std::move(s));
    }
    std::sort(trace.counters.series.begin(), trace.counters.series.end(),
        [](const auto& a, const auto& b) { return std::tie(a.deviceId, a.name) < std::tie(b.deviceId, b.name); });
    if (unnamed > 0)
        trace.counters.notes
            << tr("%1 GPU metric samples have no name in TARGET_INFO_GPU_METRICS and were skipped.").arg(unnamed);
    return true;
}

} // namespace sl
