// SPDX-License-Identifier: MIT
#include "core/analysis/findings/dataqualityfindings.h"

#include "core/analysis/analysisresult.h"
#include "core/trace/tablenames.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <climits>
#include <unordered_set>

namespace sl {

namespace {
/// Trace row indices of the kept rows (missing string ids) whose rowid is listed, so the
/// Kernels and Evidence docks can show and mark them like any finding's rows.
std::vector<quint32> keptRows(const Trace& t, const DataQuality::Entry& e)
{
    const RowidColumn* rowid = nullptr;
    if (e.table == tables::kKernel)
        rowid = &t.kernels.rowid;
    else if (e.table == tables::kRuntime)
        rowid = &t.api.rowid;
    if (!rowid || e.excluded())
        return {};
    const std::unordered_set<qint64> wanted(e.rowids.begin(), e.rowids.end());
    std::vector<quint32> rows;
    for (size_t i = 0; i < rowid->size() && rows.size() < wanted.size(); ++i)
        if (wanted.count((*rowid)[i]))
            rows.push_back(quint32(i));
    return rows;
}
/// Rows of `table` the export holds: those the trace kept plus those a rule left out; 0 for a
/// table the trace does not hold in full (its share is then unknown).
qint64 exportRows(const Trace& t, const DataQuality& q, const QString& table)
{
    const std::pair<QLatin1String, qsizetype> kept[] = { { tables::kKernel, t.kernels.size() },
        { tables::kRuntime, t.api.size() }, { tables::kMemcpy, t.memcpy.size() }, { tables::kMemset, t.memset.size() },
        { tables::kGraphTrace, t.graphs.size() }, { tables::kNvtxEvents, t.nvtx.size() } };
    for (const auto& [name, rows] : kept) {
        if (table != name)
            continue;
        qint64 total = rows;
        for (const auto& e : q.entries)
            if (e.excluded() && e.table == table)
                total += e.count;
        return total;
    }
    return 0;
}

/// The rule's severity: the spec's severity of the largest share of a table's rows it touches
/// (Finding::severityForShare), at least `floor`.
Finding::Severity severityOf(const Trace& t, DataQuality::Rule rule, Finding::Severity floor)
{
    double share = 0;
    for (const auto& e : t.dataQuality.entries)
        if (e.rule == rule)
            if (const qint64 rows = exportRows(t, t.dataQuality, e.table); rows > 0)
                share = std::max(share, double(e.count) / double(rows));
    return std::max(floor, Finding::severityForShare(share));
}
} // namespace

void DataQualityFindings::append(AnalysisResult& r)
{
    const DataQuality& q = r.trace->dataQuality;
    for (int rule = 0; rule < DataQuality::kRuleCount; ++rule) {
        Finding f;
        qint64 rows = 0;
        QStringList tables;
        for (const auto& e : q.entries) {
            if (int(e.rule) != rule)
                continue;
            Evidence ev;
            ev.table = e.table;
            ev.rowids = e.rowids;
            ev.rowCount = e.count;
            ev.sql = e.sql;
            ev.rows = keptRows(*r.trace, e);
            f.evidence.append(std::move(ev));
            rows += e.count;
            tables << e.table;
        }
        if (rows == 0)
            continue;
        const auto kind = DataQuality::Rule(rule);
        f.id = QStringLiteral("data-quality-") + DataQuality::ruleKey(kind).replace(QLatin1Char('_'), QLatin1Char('-'));
        // No GPU time is at stake (the rows are left out or only unnamed): impact 0. A rule that drops
        // rows from every figure is at least medium, one that keeps them at least low.
        f.setImpact(0, r.window);
        f.severity = severityOf(*r.trace, kind,
            kind == DataQuality::Rule::MissingString || kind == DataQuality::Rule::UnendedRange
                ? Finding::Severity::Low
                : Finding::Severity::Medium);
        f.title
            = QCoreApplication::translate("DataQualityFindings", "Data quality: %1").arg(DataQuality::ruleTitle(kind));
        f.metric = QString::number(rows);
        // A plain variable for %n: lupdate 6.4 loops forever on a template call in translate()'s argument list.
        const int shown = int(std::min<qint64>(rows, INT_MAX));
        f.summary = kind == DataQuality::Rule::MissingString
            ? QCoreApplication::translate("DataQualityFindings",
                "%n row(s) of %1 name a string id that is not in StringIds; they are kept and "
                "shown as \"<missing string N>\".",
                nullptr, shown)
                  .arg(tables.join(QLatin1String(", ")))
            : QCoreApplication::translate("DataQualityFindings",
                "%n row(s) of %1 break this rule and are left out of every figure.", nullptr, shown)
                  .arg(tables.join(QLatin1String(", ")));
        r.findings.append(std::move(f));
    }
}

} // namespace sl
