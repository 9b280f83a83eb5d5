// SPDX-License-Identifier: MIT
#include "core/counters/nvmlcsvreader.h"

#include "core/counters/csvrecords.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTimeZone>

#include <cmath>
#include <limits>
#include <map>

namespace sl {

namespace {

struct ColumnRule
{
    const char* metric; ///< normalised name, unit in brackets
    std::initializer_list<const char*> spellings; ///< lower case, unit stripped
};

// Spellings of nvidia-smi --query-gpu fields, DCGM-style and common pynvml sampler names.
const ColumnRule kRules[] = {
    { "GPU Utilization [%]",
        { "utilization.gpu", "gpu_util", "gpu_utilization", "util_gpu", "gpu_util_pct", "utilization_gpu",
            "gpu utilization" } },
    { "Memory Utilization [%]",
        { "utilization.memory", "mem_util", "memory_util", "memory_utilization", "util_mem", "utilization_memory",
            "memory utilization" } },
    { "SM Clock [MHz]",
        { "clocks.sm", "clocks.current.sm", "sm_clock", "clock_sm", "sm_clock_mhz", "clocks_sm", "sm clock" } },
    { "Memory Clock [MHz]",
        { "clocks.mem", "clocks.current.memory", "mem_clock", "memory_clock", "clock_mem", "mem_clock_mhz",
            "clocks_mem", "memory clock" } },
    { "Power [W]",
        { "power.draw", "power.draw.instant", "power.draw.average", "power", "power_w", "power_draw", "power_watts",
            "power_draw_w", "power usage" } },
    { "Power Limit [W]",
        { "power.limit", "enforced.power.limit", "power_limit", "power_limit_w", "enforced_power_limit" } },
    { "Temperature [°C]",
        { "temperature.gpu", "temperature", "temp", "gpu_temp", "temp_c", "gpu_temperature", "temperature_gpu" } },
    { "Memory Used [MiB]", { "memory.used", "mem_used", "memory_used", "memory_used_mib", "mem_used_mib", "fb_used" } },
    { "Memory Total [MiB]",
        { "memory.total", "mem_total", "memory_total", "memory_total_mib", "mem_total_mib", "fb_total" } },
    { "Throttle Reasons [mask]",
        { "clocks_throttle_reasons.active", "clocks_event_reasons.active", "throttle_reasons",
            "clocks_throttle_reasons" } },
};
const char* const kTimeSpellings[] = { "timestamp", "time", "ts", "wall_time", "walltime", "unix_time", "epoch",
    "time_ns", "timestamp_ns", "timestamp_us", "timestamp_ms", "timestamp_s", "datetime", "time_s", "t" };
const char* const kIndexSpellings[]
    = { "index", "gpu", "gpu_index", "device", "device_id", "gpu_id", "deviceid", "gpu index" };

/// "power.draw [W]" → ("power.draw", "W").
std::pair<QString, QString> splitHeader(const QString& header)
{
    static const QRegularExpression unitRe(QStringLiteral("^(.*?)\\s*[\\[(]([^\\])]*)[\\])]\\s*$"));
    const auto m = unitRe.match(header.trimmed());
    if (m.hasMatch())
        return { m.captured(1).trimmed().toLower(), m.captured(2).trimmed() };
    return { header.trimmed().toLower(), {} };
}

template <typename List> bool spelledExactly(const QString& key, const List& spellings)
{
    for (const char* s : spellings)
        if (key == QLatin1String(s))
            return true;
    return false;
}

/// A spelling, or a spelling with its unit glued on as a suffix ("temperature_c",
/// "memory_clock_mhz", "gpu_util_percent": samplers name their columns that way).
template <typename List> bool spelledAs(const QString& key, const List& spellings)
{
    if (spelledExactly(key, spellings))
        return true;
    static const QRegularExpression unitSuffix(
        QStringLiteral("[_ ](pct|percent|mhz|w|watts|c|celsius|degc|mib|mb|s|ms|us|ns)$"));
    QString bare = key;
    bare.remove(unitSuffix);
    return bare != key && spelledExactly(bare, spellings);
}

} // namespace

std::optional<qint64> NvmlCsvReader::epochNs(const QString& field, int localOffsetSeconds)
{
    const QString s = field.trimmed();
    if (s.isEmpty())
        return std::nullopt;
    // Epoch numbers, parsed as decimal text so that 1767258001.75 s is exactly …001 750 000 000 ns
    // (a double holds only about 16 digits). Unit by magnitude of the integer part: 1e9 s is 2001,
    // so seconds < 1e11 ≤ ms < 1e14 ≤ µs < 1e17 ≤ ns.
    static const QRegularExpression numberRe(QStringLiteral("^(\\d{1,19})(?:\\.(\\d{1,18}))?$"));
    const auto m = numberRe.match(s);
    if (m.hasMatch()) {
        bool ok = false;
        const qint64 whole = m.captured(1).toLongLong(&ok);
        if (!ok || whole <= 0)
            return std::nullopt;
        int scaleDigits = whole >= 100'000'000'000'000'000LL ? 0
            : whole >= 100'000'000'000'000LL                 ? 3
            : whole >= 100'000'000'000LL                     ? 6
                                                             : 9;
        qint64 factor = 1;
        for (int i = 0; i < scaleDigits; ++i)
            factor *= 10;
        if (whole > std::numeric_limits<qint64>::max() / factor)
            return std::nullopt;
        QString frac = m.captured(2).left(scaleDigits);
        frac = frac.leftJustified(scaleDigits, QLatin1Char('0'));
        return whole * factor + (frac.isEmpty() ? 0 : frac.toLongLong());
    }
    // nvidia-smi: "2024/01/15 10:23:45.123", local time of the profiled machine.
    QString iso = s;
    iso.replace(QLatin1Char('/'), QLatin1Char('-'));
    QDateTime dt = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!dt.isValid()) {
        dt = QDateTime::fromString(iso, QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
        if (!dt.isValid())
            dt = QDateTime::fromString(iso, QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        if (dt.isValid())
            dt.setTimeZone(QTimeZone(localOffsetSeconds));
    } else if (dt.timeSpec() == Qt::LocalTime) {
        // ISO text without a zone: the profiled machine's local time as well.
        dt.setTimeZone(QTimeZone(localOffsetSeconds));
    }
    if (!dt.isValid())
        return std::nullopt;
    return dt.toMSecsSinceEpoch() * 1000000;
}

NvmlCsvReader::Result NvmlCsvReader::read(const QString& path, qint64 sessionStartUtcNs, int localOffsetSeconds)
{
    const QString fileName = QFileInfo(path).fileName();
    QFile f(path);
    if (!QFileInfo(path).isFile() || !f.open(QIODevice::ReadOnly)) {
        Result r;
        r.error = tr("Cannot read the NVML samples file %1: %2").arg(fileName, f.errorString());
        return r;
    }
    return parse(f.readAll(), fileName, sessionStartUtcNs, localOffsetSeconds);
}

NvmlCsvReader::Result NvmlCsvReader::parse(
    const QByteArray& bytes, const QString& fileName, qint64 sessionStartUtcNs, int localOffsetSeconds)
{
    Result r;
    const QVector<QStringList> rows = CsvRecords::parse(bytes);
    if (rows.isEmpty()) {
        r.error = tr("%1 holds no CSV rows: expected a header and one row per NVML sample.").arg(fileName);
        return r;
    }
    if (sessionStartUtcNs <= 0) {
        r.error = tr("%1 cannot be aligned: the trace does not record the capture's absolute start "
                     "(TARGET_INFO_SESSION_START_TIME).")
                      .arg(fileName);
        return r;
    }
    const QStringList& header = rows.first();
    int timeCol = -1, indexCol = -1;
    struct Col
    {
        int column;
        QString metric;
    };
    QVector<Col> cols;
    for (int c = 0; c < header.size(); ++c) {
        const auto [key, unit] = splitHeader(header[c]);
        if (timeCol < 0 && spelledAs(key, kTimeSpellings)) {
            timeCol = c;
            continue;
        }
        if (indexCol < 0 && spelledAs(key, kIndexSpellings)) {
            indexCol = c;
            continue;
        }
        for (const auto& rule : kRules) {
            if (spelledAs(key, rule.spellings)) {
                bool taken = false;
                for (const auto& existing : cols)
                    taken = taken || existing.metric == QLatin1String(rule.metric);
                if (!taken) {
                    cols.append({ c, QString::fromUtf8(rule.metric) });
                    r.columnsFound.append(header[c].trimmed() + QStringLiteral(" → ") + QString::fromUtf8(rule.metric));
                }
                break;
            }
        }
    }
    if (timeCol < 0) {
        r.error = tr("%1 has no timestamp column (looked for timestamp, time, ts, epoch, …).").arg(fileName);
        return r;
    }
    if (cols.isEmpty()) {
        r.error = tr("%1 has no NVML column Sightline knows (utilization.gpu, clocks.sm, power.draw, "
                     "temperature.gpu, memory.used, …).")
                      .arg(fileName);
        return r;
    }
    // (device, metric) → series, ordered for a stable output.
    std::map<std::pair<int, QString>, CounterSeries> series;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QStringList& row = rows[i];
        if (row.size() <= timeCol) {
            ++r.rowsSkipped;
            continue;
        }
        const auto epoch = epochNs(row[timeCol], localOffsetSeconds);
        if (!epoch) {
            ++r.rowsSkipped;
            continue;
        }
        int device = 0;
        if (indexCol >= 0 && indexCol < row.size()) {
            bool ok = false;
            device = row[indexCol].trimmed().toInt(&ok);
            if (!ok || device < 0 || device > 0xFFFF) {
                ++r.rowsSkipped;
                continue;
            }
        }
        ++r.rowsRead;
        const qint64 t = *epoch - sessionStartUtcNs;
        for (const auto& col : cols) {
            if (col.column >= row.size())
                continue;
            double v = 0;
            if (col.metric.startsWith(QLatin1String("Throttle"))) {
                bool ok = false;
                v = double(row[col.column].trimmed().toULongLong(&ok, 0)); // "0x0000000000000004"
                if (!ok)
                    continue;
            } else {
                v = CsvRecords::number(row[col.column]);
                if (!std::isfinite(v))
                    continue;
            }
            auto& s = series[{ device, col.metric }];
            if (s.name.isEmpty()) {
                s.source = CounterSeries::Source::Nvml;
                s.deviceId = device;
                s.name = col.metric;
                s.unit = CounterSeries::unitOf(col.metric);
            }
            s.t.push_back(t);
            s.v.push_back(float(v));
        }
    }
    for (auto& [key, s] : series) {
        s.finish(); // samplers write in time order; sorted anyway (stable)
        r.counters.series.append(std::move(s));
    }
    if (r.counters.series.isEmpty())
        r.error = tr("%1 has no usable NVML sample (%2 rows skipped).").arg(fileName).arg(r.rowsSkipped);
    return r;
}

} // namespace sl
