// SPDX-License-Identifier: MIT
#include "core/analysis/findings/evidencebuilder.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/tablenames.h"
#include "core/trace/trace.h"
#include "core/util/privacy.h"

#include <QStringList>

#include <algorithm>
#include <limits>
#include <set>

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
    if (!predicate.isEmpty())
        e.ruleSql = QStringLiteral("SELECT rowid FROM %1 WHERE %2").arg(table, predicate);
    e.rows = std::move(rows);
    return e;
}

Evidence EvidenceBuilder::apiRows(const Trace& t, std::vector<quint32> rows, const QString& predicate)
{
    if (t.info.backtraceCopies == 0)
        return EvidenceBuilder::rows(tables::kRuntime, t.api.rowid, std::move(rows), predicate);
    // The load's rule (TraceFinalizer): a call with backtrace (eventClass 67) is a copy when the
    // same process (globalTid bits 24 and up) has a plain call with its correlationId.
    const QString copies = QStringLiteral(
        "rowid NOT IN (SELECT b.rowid FROM %1 b JOIN %1 p ON p.correlationId = b.correlationId AND (p.globalTid & "
        "~0xFFFFFF) = (b.globalTid & ~0xFFFFFF) AND p.eventClass <> 67 WHERE b.eventClass = 67)")
                               .arg(tables::kRuntime);
    return EvidenceBuilder::rows(
        tables::kRuntime, t.api.rowid, std::move(rows), QStringLiteral("(%1) AND %2").arg(predicate, copies));
}

namespace {

QString sqlString(QString s)
{
    return QLatin1Char('\'') + s.replace(QLatin1Char('\''), QLatin1String("''")) + QLatin1Char('\'');
}

/// SQL condition "NVTX range `alias` is named like one of these steps". By name when the names
/// can be quoted as they are; by the ranges' rowids when a name holds a path, which a report
/// must not carry.
QString rangeNamed(const AnalysisResult& r, const QString& alias, const std::set<quint32>& names)
{
    const Trace& t = *r.trace;
    QStringList quoted;
    bool scrubbed = false;
    for (quint32 name : names) {
        const QString& s = t.strings.at(name);
        scrubbed = scrubbed || scrubPaths(s) != s;
        quoted << sqlString(s);
    }
    if (!scrubbed)
        return QStringLiteral("COALESCE(%1.text, (SELECT value FROM %3 WHERE id = %1.textId)) IN (%2)")
            .arg(alias, quoted.join(QLatin1Char(',')), tables::kStringIds);
    std::vector<qint64> rowids;
    for (qsizetype i = 0; i < t.nvtx.size(); ++i)
        if (names.count(t.nvtx.name[size_t(i)]))
            rowids.push_back(t.nvtx.rowid[size_t(i)]);
    return QStringLiteral("%1.rowid IN (%2)").arg(alias, EvidenceBuilder::idList(rowids));
}

/// "a step range named like `names` on the launching call's thread encloses the call's start".
QString enclosingStep(const AnalysisResult& r, const QString& alias, const std::set<quint32>& names)
{
    return QStringLiteral("SELECT 1 FROM %3 %1 WHERE %4 AND %1.start <= r.start AND %1.\"end\" >= r.start AND %2")
        .arg(alias, rangeNamed(r, alias, names), tables::kNvtxEvents,
            EvidenceBuilder::rangeOnCallThread(alias, QStringLiteral("r")));
}

/// Rows of `t` on `deviceId` overlapping [startNs, endNs] (start ≤ endNs, end ≥ startNs), as the
/// time-range SQL selects them, among `rows` (indices into `t` in start order, or every row
/// when null). A row lasts at most `longestNs` unless it is in the duration column's side
/// table (4.29 s and more): only the rows starting that long before the range are walked, and
/// the side table's looked up.
template <class Ops>
qint64 overlapping(
    const Ops& t, const std::vector<quint32>* rows, qint64 longestNs, int deviceId, qint64 startNs, qint64 endNs)
{
    const auto at = [&](size_t j) { return rows ? size_t((*rows)[j]) : j; };
    const size_t n = rows ? rows->size() : t.start.size();
    const auto firstAfter = [&](qint64 ns) { // the first position starting after `ns`
        size_t lo = 0, hi = n;
        while (lo < hi) {
            const size_t mid = (lo + hi) / 2;
            if (t.start[at(mid)] <= ns)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    };
    const auto hits = [&](size_t r) { return t.device[r] == deviceId && t.endOf(r) >= startNs; };
    qint64 count = 0;
    // A device's own rows starting inside the range all overlap it: counted by their positions.
    size_t j = firstAfter(endNs);
    if (rows) {
        const size_t inside = startNs > std::numeric_limits<qint64>::min() ? firstAfter(startNs - 1) : 0;
        count = qint64(j - inside);
        j = inside;
    }
    const qint64 reach = startNs - std::min<qint64>(longestNs, qint64(DurationColumn::kLong));
    for (; j > 0 && t.start[at(j - 1)] >= reach; --j)
        count += hits(at(j - 1));
    for (const quint32 r : t.dur.longRowIndices()) // not walked: they start before `reach`
        if (t.start[r] < reach)
            count += hits(r);
    return count;
}

} // namespace

Evidence EvidenceBuilder::timeRange(const AnalysisResult& r, int deviceId, qint64 startNs, qint64 endNs)
{
    const Trace& trace = *r.trace;
    Evidence e;
    e.table = tables::kKernel;
    e.deviceId = deviceId;
    e.startNs = startNs;
    e.endNs = endNs;
    // The kernels through the device's own list, walked back only as far as the longest kernel
    // reaches when every kernel is in the window (their summary knows it); the other tables are
    // small and walked back 4.29 s.
    qint64 longestKernel = DurationColumn::kLong;
    if (r.kernelCount == trace.kernels.size()) {
        longestKernel = 0;
        for (const KernelSummary& k : r.kernels)
            longestKernel = std::max(longestKernel, k.maxNs);
    }
    const auto device = trace.kernelsByDevice.find(quint16(deviceId));
    if (device != trace.kernelsByDevice.end())
        e.rowCount = overlapping(trace.kernels, &device->second, longestKernel, deviceId, startNs, endNs);
    const qint64 any = DurationColumn::kLong;
    e.rowCount += overlapping(trace.memcpy, nullptr, any, deviceId, startNs, endNs)
        + overlapping(trace.memset, nullptr, any, deviceId, startNs, endNs)
        + overlapping(trace.graphs, nullptr, any, deviceId, startNs, endNs);
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

QString EvidenceBuilder::phaseRule(const AnalysisResult& r, int phase)
{
    const Trace& t = *r.trace;
    const int unattributed = r.unattributedPhase();
    // The attribution rule in SQL: the innermost step enclosing the launching call's start is
    // of this phase (no later-starting step of another phase encloses it too).
    std::set<quint32> mine, others;
    for (qsizetype i = 0; i < t.nvtx.size() && size_t(i) < r.rangeStepPhase.size(); ++i)
        if (r.rangeStepPhase[size_t(i)] >= 0)
            (r.rangeStepPhase[size_t(i)] == phase ? mine : others).insert(t.nvtx.name[size_t(i)]);
    QString rule;
    if (phase == unattributed) {
        rule = others.empty() ? QStringLiteral("1")
                              : QStringLiteral("NOT EXISTS (%1)").arg(enclosingStep(r, QStringLiteral("n"), others));
    } else if (mine.empty()) {
        rule = QStringLiteral("0");
    } else {
        rule = QStringLiteral("EXISTS (%1%2)")
                   .arg(enclosingStep(r, QStringLiteral("n"), mine),
                       others.empty() ? QString()
                                      : QStringLiteral(" AND NOT EXISTS (%1 AND m.start > n.start)")
                                            .arg(enclosingStep(r, QStringLiteral("m"), others)));
    }
    return rule;
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
