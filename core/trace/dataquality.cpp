// SPDX-License-Identifier: MIT
#include "core/trace/dataquality.h"

#include "core/trace/tablenames.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace sl {

namespace {

/// Time columns as SQL: NVTX ranges are eventType 59/60 rows of NVTX_EVENTS.
QString tableFilter(const QString& table)
{
    return table == tables::kNvtxEvents ? QStringLiteral("eventType IN (59, 60) AND ") : QString();
}

/// GPU_METRICS's rules as SQL (GpuMetricsReader): the sample columns, a value beyond float range
/// (±inf included), a time beyond ±2^53 ns.
QString metricsPredicate(DataQuality::Rule rule)
{
    using R = DataQuality::Rule;
    switch (rule) {
    case R::NullRequired:
        return QStringLiteral("(timestamp IS NULL OR typeId IS NULL OR metricId IS NULL OR value IS NULL)");
    case R::NotInteger:
        return QStringLiteral("(typeof(timestamp) <> 'integer' OR typeof(typeId) <> 'integer' OR "
                              "typeof(metricId) <> 'integer')");
    case R::NotFinite:
        return QStringLiteral("(typeof(value) NOT IN ('integer', 'real') OR abs(value) > 3.4028234663852886e38)");
    default:
        return QStringLiteral("(timestamp < -9007199254740992 OR timestamp > 9007199254740992)");
    }
}

/// `not_integer` for column `c` as the readers apply it (IntegerCells, core/io/rowcheck.h): a
/// text, blob or real whose integer reading (CAST, the conversion sqlite3_column_int64 makes)
/// is 0 or outside the column's range; deviceId holds 0..65534, streamId 0..2^32-1, the other
/// columns listed here any value but the two a cell beyond 64 bits saturates to.
QString notIntegerSql(const QString& c)
{
    QString lo = QStringLiteral("-9223372036854775807"), hi = QStringLiteral("9223372036854775806");
    if (c == QLatin1String("deviceId")) {
        lo = QStringLiteral("0");
        hi = QStringLiteral("65534");
    } else if (c == QLatin1String("streamId")) {
        lo = QStringLiteral("0");
        hi = QStringLiteral("4294967295");
    }
    return QStringLiteral("(typeof(%1) NOT IN ('integer', 'null') AND (CAST(%1 AS INTEGER) = 0 OR CAST(%1 AS "
                          "INTEGER) NOT BETWEEN %2 AND %3))")
        .arg(c, lo, hi);
}

/// The rule written as SQL over the export, for entries with more rows than are listed. It
/// selects the rule's rows; a row that also breaks an earlier rule (counted there) is
/// selected too, which docs/analysis.md says.
QString predicate(DataQuality::Rule rule, const QString& table, const QString& nameColumn, qint64 c0, qint64 c1)
{
    using R = DataQuality::Rule;
    if (table == tables::kGpuMetrics)
        return metricsPredicate(rule);
    const bool api = table == tables::kRuntime;
    const bool nvtx = table == tables::kNvtxEvents;
    const bool kernel = table == tables::kKernel;
    const bool osrt = table == tables::kOsrtApi; // only its times are read (OsRuntimeCalls)
    QStringList cols { QStringLiteral("start") };
    if (!nvtx)
        cols << QStringLiteral("\"end\"");
    if (api)
        cols << QStringLiteral("nameId");
    else if (!nvtx && !osrt)
        cols << QStringLiteral("deviceId") << QStringLiteral("streamId");
    if (kernel)
        cols << nameColumn;
    const qint64 len = std::max<qint64>(1, c1 - c0);
    QStringList parts;
    switch (rule) {
    case R::NullRequired:
        for (const auto& c : cols)
            parts << QStringLiteral("%1 IS NULL").arg(c);
        break;
    case R::NotInteger:
        if (nvtx)
            cols << QStringLiteral("\"end\"");
        for (const auto& c : cols) // an OS runtime call's time is an integer or nothing
            parts << (osrt ? QStringLiteral("typeof(%1) NOT IN ('integer', 'null')").arg(c) : notIntegerSql(c));
        break;
    case R::NotFinite: // GPU_METRICS only (metricsPredicate)
        parts << QStringLiteral("0");
        break;
    case R::InvalidId:
        if (!api)
            parts << QStringLiteral("deviceId < 0 OR deviceId >= 65535 OR streamId < 0 OR streamId > 4294967295");
        else
            parts << QStringLiteral("eventClass < 0 OR eventClass > 255");
        parts << QStringLiteral("correlationId < 0 OR correlationId > 4294967295");
        break;
    case R::InvalidGeometry:
        parts << QStringLiteral("gridX < 1 OR gridY < 1 OR gridZ < 1 OR blockX < 1 OR blockY < 1 OR blockZ < 1 "
                                "OR gridX > 2147483647 OR gridY > 65535 OR gridZ > 65535 OR blockX > 1024 "
                                "OR blockY > 1024 OR blockZ > 64 OR blockX * blockY * blockZ > 1024 "
                                "OR registersPerThread < 0 OR registersPerThread > 255");
        break;
    case R::UnendedRange:
        parts << QStringLiteral("\"end\" IS NULL");
        break;
    case R::EndBeforeStart:
        parts << QStringLiteral("\"end\" < start");
        break;
    case R::OutsideCapture:
        parts << QStringLiteral("start < %1 OR \"end\" > %2").arg(c0 - len).arg(c1 + len);
        break;
    case R::LongerThanCapture:
        parts << QStringLiteral("\"end\" - start > %1").arg(len);
        break;
    case R::DuplicateCorrelation:
        parts << QStringLiteral("rowid NOT IN (SELECT MIN(rowid) FROM %1 GROUP BY globalTid >> 24, correlationId)")
                     .arg(table);
        break;
    case R::MissingString:
        parts << QStringLiteral("%1 NOT IN (SELECT id FROM %2)")
                     .arg(api       ? QStringLiteral("nameId")
                             : nvtx ? QStringLiteral("textId")
                                    : nameColumn,
                         tables::kStringIds);
        break;
    }
    return tableFilter(table) + QStringLiteral("(%1)").arg(parts.join(QStringLiteral(" OR ")));
}

} // namespace

void DataQuality::add(Rule rule, const QString& table, qint64 rowid)
{
    // Few entries (rules × tables): a linear search beats a map, and the last one usually hits.
    Entry* e = nullptr;
    for (auto it = entries.rbegin(); it != entries.rend(); ++it)
        if (it->rule == rule && it->table == table) {
            e = &*it;
            break;
        }
    if (!e) {
        entries.push_back({ rule, table, 0, {}, {} });
        e = &entries.back();
    }
    ++e->count;
    if (e->rowids.size() < kMaxListed)
        e->rowids.push_back(rowid);
}

void DataQuality::merge(DataQuality&& other)
{
    for (auto& o : other.entries) {
        bool found = false;
        for (auto& e : entries)
            if (e.rule == o.rule && e.table == o.table) {
                e.count += o.count;
                for (qint64 id : o.rowids)
                    if (e.rowids.size() < kMaxListed)
                        e.rowids.push_back(id);
                found = true;
                break;
            }
        if (!found)
            entries.push_back(std::move(o));
    }
    other.entries.clear();
}

void DataQuality::finish(const QString& kernelNameColumn)
{
    std::sort(entries.begin(), entries.end(),
        [](const Entry& a, const Entry& b) { return a.rule != b.rule ? a.rule < b.rule : a.table < b.table; });
    for (auto& e : entries) {
        std::sort(e.rowids.begin(), e.rowids.end());
        if (e.count <= qint64(e.rowids.size())) {
            QStringList ids;
            for (qint64 id : e.rowids)
                ids << QString::number(id);
            e.sql = QStringLiteral("SELECT rowid, * FROM %1 WHERE rowid IN (%2) ORDER BY rowid;")
                        .arg(e.table, ids.join(QLatin1Char(',')));
        } else {
            e.sql = QStringLiteral("SELECT rowid, * FROM %1 WHERE %2 ORDER BY rowid;")
                        .arg(e.table, predicate(e.rule, e.table, kernelNameColumn, captureStartNs, captureEndNs));
        }
    }
}

qint64 DataQuality::excludedRows() const
{
    qint64 n = 0;
    for (const auto& e : entries)
        n += e.excluded() ? e.count : 0;
    return n;
}

qint64 DataQuality::count(Rule rule) const
{
    qint64 n = 0;
    for (const auto& e : entries)
        n += e.rule == rule ? e.count : 0;
    return n;
}

QString DataQuality::ruleKey(Rule rule)
{
    switch (rule) {
    case Rule::NullRequired:
        return QStringLiteral("null_required");
    case Rule::NotInteger:
        return QStringLiteral("not_integer");
    case Rule::NotFinite:
        return QStringLiteral("not_finite");
    case Rule::InvalidId:
        return QStringLiteral("invalid_id");
    case Rule::InvalidGeometry:
        return QStringLiteral("invalid_geometry");
    case Rule::UnendedRange:
        return QStringLiteral("unended_range");
    case Rule::EndBeforeStart:
        return QStringLiteral("end_before_start");
    case Rule::OutsideCapture:
        return QStringLiteral("outside_capture");
    case Rule::LongerThanCapture:
        return QStringLiteral("longer_than_capture");
    case Rule::DuplicateCorrelation:
        return QStringLiteral("duplicate_correlation");
    case Rule::MissingString:
        return QStringLiteral("missing_string");
    }
    return {};
}

QString DataQuality::ruleTitle(Rule rule)
{
    switch (rule) {
    case Rule::NullRequired:
        return QCoreApplication::translate("DataQuality", "Required value is NULL");
    case Rule::NotInteger:
        return QCoreApplication::translate("DataQuality", "Text, blob or real where an integer belongs");
    case Rule::NotFinite:
        return QCoreApplication::translate("DataQuality", "Sample value that is not a finite number");
    case Rule::InvalidId:
        return QCoreApplication::translate("DataQuality", "Device, stream or correlation id out of range");
    case Rule::InvalidGeometry:
        return QCoreApplication::translate("DataQuality", "Impossible launch geometry");
    case Rule::UnendedRange:
        return QCoreApplication::translate("DataQuality", "NVTX range that never ends");
    case Rule::EndBeforeStart:
        return QCoreApplication::translate("DataQuality", "Ends before it starts");
    case Rule::OutsideCapture:
        return QCoreApplication::translate("DataQuality", "Time far outside the capture");
    case Rule::LongerThanCapture:
        return QCoreApplication::translate("DataQuality", "Lasts longer than the capture");
    case Rule::DuplicateCorrelation:
        return QCoreApplication::translate("DataQuality", "Correlation id used twice in a process");
    case Rule::MissingString:
        return QCoreApplication::translate("DataQuality", "Name id not in StringIds");
    }
    return {};
}

} // namespace sl
