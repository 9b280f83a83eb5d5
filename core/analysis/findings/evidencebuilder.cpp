// SPDX-License-Identifier: MIT
#include "core/analysis/findings/evidencebuilder.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/tablenames.h"
#include "core/trace/trace.h"

#include <QStringList>

#include <algorithm>

namespace sl {

Evidence EvidenceBuilder::rows(
    const QString& table, const RowidColumn& rowid, std::vector<quint32> rows, const QString& predicate)
{
    Evidence e;
    e.table = table;
    e.rowCount = qint64(rows.size());
    const size_t listed = std::min<size_t>(rows.size(), size_t(Evidence::kMaxRowids));
    e.rowids.reserve(listed);
    for (size_t i = 0; i < listed; ++i)
        e.rowids.push_back(rowid[rows[i]]);
    if (rows.size() <= size_t(Evidence::kMaxRowids)) {
        QStringList ids;
        for (qint64 id : e.rowids)
            ids << QString::number(id);
        e.sql = QStringLiteral("SELECT rowid, * FROM %1 WHERE rowid IN (%2) ORDER BY start;")
                    .arg(table, ids.join(QLatin1Char(',')));
    } else {
        e.sql = QStringLiteral("SELECT rowid, * FROM %1 WHERE %2 ORDER BY start;").arg(table, predicate);
    }
    e.rows = std::move(rows);
    return e;
}

namespace {

/// Rows of `t` on `deviceId` overlapping [startNs, endNs] (start ≤ endNs, end ≥ startNs), as the
/// time-range SQL selects them. The rows are in start order and last under 2^32 ns but for the
/// few in the duration column's side table: only the rows starting at most that long before the
/// range are walked, and the long ones looked up.
template <class Ops> qint64 overlapping(const Ops& t, int deviceId, qint64 startNs, qint64 endNs)
{
    const auto& s = t.start;
    size_t i = size_t(std::upper_bound(s.begin(), s.end(), endNs) - s.begin());
    const qint64 reach = startNs - qint64(DurationColumn::kLong);
    const auto hits = [&](size_t r) { return t.device[r] == deviceId && t.endOf(r) >= startNs; };
    qint64 n = 0;
    for (; i > 0 && s[i - 1] >= reach; --i)
        n += hits(i - 1);
    for (const quint32 r : t.dur.longRowIndices())
        n += r < i && hits(r);
    return n;
}

} // namespace

Evidence EvidenceBuilder::timeRange(const Trace& trace, int deviceId, qint64 startNs, qint64 endNs)
{
    Evidence e;
    e.table = tables::kKernel;
    e.deviceId = deviceId;
    e.startNs = startNs;
    e.endNs = endNs;
    e.rowCount = overlapping(trace.kernels, deviceId, startNs, endNs)
        + overlapping(trace.memcpy, deviceId, startNs, endNs) + overlapping(trace.memset, deviceId, startNs, endNs)
        + overlapping(trace.graphs, deviceId, startNs, endNs);
    QStringList parts;
    for (const QLatin1String t : tables::kGpuWork) {
        if (!trace.info.hasTable(t))
            continue;
        parts << QStringLiteral("SELECT '%1' AS source, rowid, start, \"end\", deviceId, streamId FROM %1 "
                                "WHERE deviceId = %2 AND start <= %4 AND \"end\" >= %3")
                     .arg(t)
                     .arg(deviceId)
                     .arg(startNs)
                     .arg(endNs);
    }
    e.sql = parts.isEmpty() ? QString() : parts.join(QLatin1String(" UNION ALL ")) + QLatin1String(" ORDER BY start;");
    return e;
}

QString EvidenceBuilder::stringIdList(const StringTable& strings, const std::vector<quint32>& indices)
{
    std::vector<qint64> ids;
    for (const quint32 index : indices)
        for (const qint64 id : strings.exportIds(index))
            ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids.empty() ? QStringLiteral("NULL") : idList(ids);
}

QString EvidenceBuilder::windowPredicate(const AnalysisResult& r, const QString& alias)
{
    const QString col = alias.isEmpty() ? QStringLiteral("start") : alias + QLatin1String(".start");
    return QStringLiteral("%1 BETWEEN %2 AND %3").arg(col).arg(r.window.startNs).arg(r.window.endNs);
}

QString EvidenceBuilder::launchingCall(const QString& op, const QString& call)
{
    // globalTid carries the pid in bits 24..47 (as globalPid does): same process.
    return QStringLiteral("%2.correlationId = %1.correlationId AND (%2.globalTid & ~0xFFFFFF) = %1.globalPid")
        .arg(op, call);
}

QString EvidenceBuilder::rangeOnCallThread(const QString& range, const QString& call)
{
    return QStringLiteral("%1.eventType IN (%3, %4) AND %1.globalTid = %2.globalTid")
        .arg(range, call)
        .arg(tables::kNvtxPushPopRange)
        .arg(tables::kNvtxStartEndRange);
}

QString EvidenceBuilder::pageableCopy(const QString& m)
{
    return QStringLiteral("(%1.srcKind = %2 OR %1.dstKind = %2)").arg(m).arg(spec::kPageableMemoryKind);
}

QString EvidenceBuilder::syncCopyShape(const QString& m)
{
    return QStringLiteral("%1.copyKind <> %2 AND NOT (%1.copyKind = %3 AND %1.bytes <= %4)")
        .arg(m)
        .arg(spec::kCopyKindDtoD)
        .arg(spec::kCopyKindHtoD)
        .arg(spec::kSmallHtoDBytes);
}

} // namespace sl
