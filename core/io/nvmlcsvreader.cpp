// SPDX-License-Identifier: MIT
#include "core/io/nvmlcsvreader.h"

#include "core/io/csvlinereader.h"
#include "core/io/csvrecords.h"
#include "core/util/nativepath.h"

#include <QBuffer>
#include <QDate>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>
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

/// The number at the start of a value field and its unit suffix: "1129 MiB" → (1129, "MiB").
double valueAndUnit(const QString& field, QString* unit)
{
    const QString s = field.trimmed();
    qsizetype end = 0;
    while (end < s.size() && (s.at(end).isDigit() || QStringLiteral("+-.eE").contains(s.at(end))))
        ++end;
    *unit = s.mid(end).trimmed();
    return CsvRecords::number(s);
}

/// `v` given in `from` (the value's own unit) expressed in `to` (the column's): nvidia-smi writes
/// the column's unit, other samplers may scale. Unknown pairs: the number as written.
double inUnit(double v, const QString& from, const QString& to)
{
    struct Scale
    {
        const char *from, *to;
        double factor;
    };
    static const Scale kScales[] = { { "KiB", "MiB", 1.0 / 1024 }, { "GiB", "MiB", 1024 }, { "kHz", "MHz", 1e-3 },
        { "GHz", "MHz", 1e3 }, { "mW", "W", 1e-3 }, { "kW", "W", 1e3 } };
    for (const Scale& sc : kScales)
        if (from.compare(QLatin1String(sc.from), Qt::CaseInsensitive) == 0 && to == QLatin1String(sc.to))
            return v * sc.factor;
    return v;
}

/// A header row: no field holds a number or a time (a data row always has its timestamp).
bool looksLikeHeader(const QStringList& fields, int localOffsetSeconds)
{
    for (const QString& f : fields)
        if (std::isfinite(CsvRecords::number(f)) || NvmlCsvReader::epochNs(f, localOffsetSeconds))
            return false;
    return true;
}

QStringList normalised(const QStringList& fields)
{
    QStringList out;
    for (const QString& f : fields)
        out << f.trimmed().toLower();
    return out;
}

/// One pass over an NVML file: the header (or the given columns), then the rows, streamed.
class NvmlParser
{
    Q_DECLARE_TR_FUNCTIONS(NvmlCsvReader)
public:
    NvmlParser(const QString& fileName, qint64 startNs, int offset, const QStringList& columns)
        : m_file(fileName)
        , m_startNs(startNs)
        , m_offset(offset)
        , m_given(columns)
    {
    }
    NvmlCsvReader::Result run(QIODevice& device);

private:
    bool takeHeader(const QStringList& header, bool given);
    void takeRow(const QStringList& row);
    bool takeLine(const QString& record, qint64 lineNumber);
    void finish(const CsvLineReader& in);

    QString m_file;
    qint64 m_startNs;
    int m_offset;
    QStringList m_given;
    NvmlCsvReader::Result m_r;
    QChar m_delimiter;
    bool m_haveHeader = false;
    QStringList m_headerKey; ///< the header row, normalised: a block's repeated header is skipped
    int m_timeCol = -1, m_indexCol = -1;
    struct Col
    {
        int column;
        int rule; ///< index into kRules
        QString metric, unit; ///< kRules[rule].metric and its unit
    };
    QVector<Col> m_cols;
    std::optional<qint64> m_blockTime; ///< epoch ns of the last date line
    qint64 m_tooLong = 0, m_firstTooLong = 0;
    std::map<std::pair<int, int>, CounterSeries> m_series; ///< (device, rule) → series
};

bool NvmlParser::takeHeader(const QStringList& header, bool given)
{
    for (int c = 0; c < header.size(); ++c) {
        const auto [key, unit] = splitHeader(header[c]);
        if (m_timeCol < 0 && spelledAs(key, kTimeSpellings)) {
            m_timeCol = c;
            continue;
        }
        if (m_indexCol < 0 && spelledAs(key, kIndexSpellings)) {
            m_indexCol = c;
            continue;
        }
        for (int rule = 0; rule < int(std::size(kRules)); ++rule) {
            if (!spelledAs(key, kRules[rule].spellings))
                continue;
            const bool taken
                = std::any_of(m_cols.cbegin(), m_cols.cend(), [&](const Col& x) { return x.rule == rule; });
            if (!taken) {
                const QString metric = QString::fromUtf8(kRules[rule].metric);
                m_cols.append({ c, rule, metric, CounterSeries::unitOf(metric) });
                m_r.columnsFound.append(
                    header[c].trimmed() + QStringLiteral(" → ") + QString::fromUtf8(kRules[rule].metric));
            }
            break;
        }
    }
    const QString from = given ? tr("the columns given for it") : tr("its header");
    if (m_timeCol < 0 && !m_blockTime) {
        m_r.error = tr("%1 has no timestamp column (looked for timestamp, time, ts, epoch, …) in %2, and no line "
                       "holding only a date before it (as `date --iso-8601=ns` writes before each nvidia-smi block).")
                        .arg(m_file, from);
        return false;
    }
    if (m_cols.isEmpty()) {
        m_r.error = tr("%1 has no NVML column Sightline knows in %2 (utilization.gpu, clocks.sm, power.draw, "
                       "temperature.gpu, memory.used, …).")
                        .arg(m_file, from);
        return false;
    }
    m_haveHeader = true;
    m_headerKey = normalised(header);
    return true;
}

void NvmlParser::takeRow(const QStringList& row)
{
    std::optional<qint64> epoch = m_blockTime;
    if (m_timeCol >= 0)
        epoch = m_timeCol < row.size() ? NvmlCsvReader::epochNs(row[m_timeCol], m_offset) : std::nullopt;
    int device = 0;
    if (m_indexCol >= 0) {
        bool ok = m_indexCol < row.size();
        device = ok ? row[m_indexCol].trimmed().toInt(&ok) : 0;
        if (!ok || device < 0 || device > 0xFFFF)
            epoch.reset();
    }
    if (!epoch) {
        ++m_r.rowsSkipped;
        return;
    }
    ++m_r.rowsRead;
    const qint64 t = *epoch - m_startNs;
    for (const Col& col : std::as_const(m_cols)) {
        if (col.column >= row.size())
            continue;
        const QString& metric = col.metric;
        const QString& unit = col.unit;
        double v = 0;
        if (metric.startsWith(QLatin1String("Throttle"))) {
            bool ok = false;
            v = double(row[col.column].trimmed().toULongLong(&ok, 0)); // "0x0000000000000004"
            if (!ok)
                v = std::numeric_limits<double>::quiet_NaN();
        } else {
            QString valueUnit;
            v = inUnit(valueAndUnit(row[col.column], &valueUnit), valueUnit, unit);
        }
        if (!std::isfinite(v)) {
            ++m_r.valuesSkipped;
            continue;
        }
        auto& s = m_series[{ device, col.rule }];
        if (s.name.isEmpty()) {
            s.source = CounterSeries::Source::Nvml;
            s.deviceId = device;
            s.name = metric;
            s.unit = unit;
        }
        s.t.push_back(t);
        s.v.push_back(float(v));
    }
}

/// One record; false when the file cannot be read further (m_r.error says why).
bool NvmlParser::takeLine(const QString& record, qint64 lineNumber)
{
    const QString trimmed = record.trimmed();
    if (trimmed.isEmpty() || trimmed.startsWith(QLatin1String("==")) || trimmed.startsWith(QLatin1Char('#')))
        return true; // blank lines between blocks, tool chatter, comments
    if (const auto date = NvmlCsvReader::epochNs(trimmed, m_offset)) {
        m_blockTime = date; // a line holding only a date: the time of the block after it
        ++m_r.dateLines;
        return true;
    }
    if (m_delimiter.isNull())
        m_delimiter = CsvLineReader::delimiterOf(record);
    const QStringList fields = CsvLineReader::split(record, m_delimiter);
    if (!m_haveHeader) {
        if (looksLikeHeader(fields, m_offset))
            return takeHeader(fields, false);
        if (m_given.isEmpty()) {
            m_r.error = tr("%1 has no header row: line %2 is already a sample (%3). Give its columns in order, the "
                           "--query-gpu list it was written with: --nvml-columns timestamp,index,power.draw,…")
                            .arg(m_file)
                            .arg(lineNumber)
                            .arg(trimmed.left(80));
            return false;
        }
        if (!takeHeader(m_given, true))
            return false;
    } else if (fields.size() == m_headerKey.size()
        && fields.front().trimmed().compare(m_headerKey.front(), Qt::CaseInsensitive) == 0
        && normalised(fields) == m_headerKey) {
        return true; // nvidia-smi repeats its header before every block
    }
    takeRow(fields);
    return true;
}

void NvmlParser::finish(const CsvLineReader& in)
{
    if (in.encodingName() != QLatin1String("UTF-8"))
        m_r.notes << tr("%1 read as %2.").arg(m_file, in.encodingName());
    if (!m_delimiter.isNull() && m_delimiter != QLatin1Char(','))
        m_r.notes << tr("%1 read as %2-separated values.")
                         .arg(m_file, m_delimiter == QLatin1Char('\t') ? tr("tab") : QString(m_delimiter));
    if (m_r.dateLines > 0 && m_timeCol < 0)
        m_r.notes << tr("%1: each block of rows takes the time of the date line before it (%2 date lines).")
                         .arg(m_file)
                         .arg(m_r.dateLines);
    if (m_r.valuesSkipped > 0)
        m_r.notes << tr("%1: %2 values that are not numbers ([N/A], [Not Supported], …) left out.")
                         .arg(m_file)
                         .arg(m_r.valuesSkipped);
    if (m_tooLong > 0)
        m_r.notes << tr("%1: %2 lines longer than %3 characters skipped (the first at line %4).")
                         .arg(m_file)
                         .arg(m_tooLong)
                         .arg(CsvLineReader::kMaxRecordChars)
                         .arg(m_firstTooLong);
}

NvmlCsvReader::Result NvmlParser::run(QIODevice& device)
{
    if (m_startNs <= 0) {
        m_r.error = tr("%1 cannot be aligned: the trace does not record the capture's absolute start "
                       "(TARGET_INFO_SESSION_START_TIME).")
                        .arg(m_file);
        return m_r;
    }
    CsvLineReader in(&device);
    QString record;
    bool tooLong = false, any = false;
    while (in.next(record, &tooLong)) {
        any = any || !record.trimmed().isEmpty();
        if (tooLong) {
            if (m_tooLong++ == 0)
                m_firstTooLong = in.lineNumber();
            ++m_r.rowsSkipped;
            continue;
        }
        if (!takeLine(record, in.lineNumber()))
            return m_r;
    }
    if (!any) {
        m_r.error = tr("%1 holds no CSV rows: expected a header and one row per NVML sample.").arg(m_file);
        return m_r;
    }
    if (!m_haveHeader) {
        m_r.error = tr("%1 holds no header row and no sample.").arg(m_file);
        return m_r;
    }
    finish(in);
    std::vector<std::pair<std::pair<int, QString>, CounterSeries*>> order;
    for (auto& [key, s] : m_series)
        order.push_back({ { key.first, s.name }, &s });
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [key, s] : order) {
        s->finish(); // samplers write in time order; sorted anyway (stable)
        m_r.counters.series.append(std::move(*s));
    }
    if (m_r.counters.series.isEmpty())
        m_r.error = tr("%1 has no usable NVML sample (%2 rows skipped).").arg(m_file).arg(m_r.rowsSkipped);
    return m_r;
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
    // ISO 8601 ("2025-05-06T14:55:56,933894972+02:00" from date --iso-8601=ns, "…56.933Z") and
    // nvidia-smi's "2024/01/15 10:23:45.123". Parsed by hand: QDateTime keeps milliseconds only.
    // No zone: the profiled machine's local time.
    static const QRegularExpression dateRe(QStringLiteral("^(\\d{4})([-/])(\\d{2})\\2(\\d{2})[T ](\\d{2}):(\\d{2})"
                                                          "(?::(\\d{2})(?:[.,](\\d{1,30}))?)?"
                                                          "\\s*(Z|UTC|[+-]\\d{2}(?::?\\d{2})?)?$"));
    const auto d = dateRe.match(s);
    if (!d.hasMatch())
        return std::nullopt;
    const QDate date(d.captured(1).toInt(), d.captured(3).toInt(), d.captured(4).toInt());
    const int h = d.captured(5).toInt(), min = d.captured(6).toInt(), sec = d.captured(7).toInt();
    if (!date.isValid() || h > 23 || min > 59 || sec > 60)
        return std::nullopt;
    qint64 offset = localOffsetSeconds;
    const QString zone = d.captured(9);
    if (zone == QLatin1String("Z") || zone == QLatin1String("UTC")) {
        offset = 0;
    } else if (!zone.isEmpty()) {
        const QString digits = zone.mid(1).remove(QLatin1Char(':'));
        const int zh = digits.left(2).toInt(), zm = digits.mid(2).toInt();
        if (zh > 23 || zm > 59)
            return std::nullopt;
        offset = (zone.startsWith(QLatin1Char('-')) ? -1 : 1) * (zh * 3600 + zm * 60);
    }
    const qint64 days = date.toJulianDay() - QDate(1970, 1, 1).toJulianDay();
    const qint64 seconds = days * 86400 + h * 3600 + min * 60 + sec - offset;
    // Epoch ns fit a qint64 until 2262; earlier than 1970 is no capture either.
    if (seconds < 0 || seconds > std::numeric_limits<qint64>::max() / 1'000'000'000 - 1)
        return std::nullopt;
    const qint64 fraction = d.captured(8).left(9).leftJustified(9, QLatin1Char('0')).toLongLong();
    return seconds * 1'000'000'000 + fraction;
}

NvmlCsvReader::Result NvmlCsvReader::read(
    const QString& path, qint64 sessionStartUtcNs, int localOffsetSeconds, const QStringList& columns)
{
    const QString fileName = NativePath::displayName(path);
    QFile f;
    QString why;
    if (!NativePath::openReadOnly(f, path, &why)) {
        Result r;
        r.error = tr("Cannot read the NVML samples file %1: %2").arg(fileName, why);
        return r;
    }
    return parse(f, fileName, sessionStartUtcNs, localOffsetSeconds, columns);
}

std::optional<bool> NvmlCsvReader::hasHeaderRow(const QString& path, int localOffsetSeconds)
{
    QFile f;
    QString why;
    if (!NativePath::openReadOnly(f, path, &why))
        return std::nullopt;
    CsvLineReader in(&f);
    QString record;
    // The first row that is not blank, tool chatter, a comment or a date line, as NvmlParser sees it.
    for (int lines = 0; lines < 1000 && in.next(record); ++lines) {
        const QString t = record.trimmed();
        if (t.isEmpty() || t.startsWith(QLatin1String("==")) || t.startsWith(QLatin1Char('#'))
            || epochNs(t, localOffsetSeconds))
            continue;
        return looksLikeHeader(CsvLineReader::split(record, CsvLineReader::delimiterOf(record)), localOffsetSeconds);
    }
    return std::nullopt;
}

NvmlCsvReader::Result NvmlCsvReader::parse(const QByteArray& bytes, const QString& fileName, qint64 sessionStartUtcNs,
    int localOffsetSeconds, const QStringList& columns)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return parse(buffer, fileName, sessionStartUtcNs, localOffsetSeconds, columns);
}

NvmlCsvReader::Result NvmlCsvReader::parse(QIODevice& device, const QString& fileName, qint64 sessionStartUtcNs,
    int localOffsetSeconds, const QStringList& columns)
{
    return NvmlParser(fileName, sessionStartUtcNs, localOffsetSeconds, columns).run(device);
}

} // namespace sl
