// SPDX-License-Identifier: MIT
#include "core/compare/comparisonevidence.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/compare/tracebreakdown.h"
#include "core/trace/apiclassifier.h"
#include "core/trace/tablenames.h"
#include "core/util/privacy.h"

#include <QStringList>

#include <algorithm>
#include <set>

namespace sl {

namespace {

const QString kKernelTable = tables::kKernel;
const QString kApiTable = tables::kRuntime;

template <typename Ids> QString idList(const Ids& ids) { return EvidenceBuilder::idList(ids); }

Evidence kernelRows(const AnalysisResult& r, std::vector<quint32> rows, const QString& predicate)
{
    EvidenceBuilder::longestFirst(rows, r.trace->kernels);
    return EvidenceBuilder::rows(kKernelTable, r.trace->kernels.rowid, std::move(rows), predicate);
}

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
    return QStringLiteral("%1.rowid IN (%2)").arg(alias, idList(rowids));
}

/// "a step range named like `names` on the launching call's thread encloses the call's start".
QString enclosingStep(const AnalysisResult& r, const QString& alias, const std::set<quint32>& names)
{
    return QStringLiteral("SELECT 1 FROM %3 %1 WHERE %4 AND %1.start <= r.start AND %1.\"end\" >= r.start AND %2")
        .arg(alias, rangeNamed(r, alias, names), tables::kNvtxEvents,
            EvidenceBuilder::rangeOnCallThread(alias, QStringLiteral("r")));
}

} // namespace

Evidence ComparisonEvidence::kernels(const AnalysisResult& r, const QVector<quint32>& names)
{
    const Trace& t = *r.trace;
    std::vector<quint8> wanted(t.strings.size(), 0);
    for (quint32 n : names)
        wanted[n] = 1;
    std::vector<quint32> rows;
    for (qsizetype i = 0; i < t.kernels.size(); ++i)
        if (r.kernelInWindow[size_t(i)] && wanted[t.kernels.name[size_t(i)]])
            rows.push_back(quint32(i));
    std::vector<quint32> sorted(names.begin(), names.end());
    std::sort(sorted.begin(), sorted.end());
    return kernelRows(r, std::move(rows),
        QStringLiteral("%1 IN (%2) AND %3")
            .arg(t.info.kernelNameColumn, EvidenceBuilder::stringIdList(t.strings, sorted),
                EvidenceBuilder::windowPredicate(r)));
}

Evidence ComparisonEvidence::category(const AnalysisResult& r, const QString& category)
{
    QVector<quint32> names;
    for (const auto& k : r.kernels)
        if (k.category == category)
            names.append(k.name);
    return kernels(r, names);
}

Evidence ComparisonEvidence::phase(const AnalysisResult& r, int phase)
{
    const Trace& t = *r.trace;
    const int unattributed = r.unattributedPhase();
    std::vector<quint32> rows;
    for (qsizetype i = 0; i < t.kernels.size(); ++i) {
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const int p = r.kernelPhase[size_t(i)];
        if (p == phase || (phase == unattributed && p < 0))
            rows.push_back(quint32(i));
    }
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
    const QString predicate
        = QStringLiteral("rowid IN (SELECT k.rowid FROM %1 k LEFT JOIN %2 r ON %3 WHERE %4 AND %5)")
              .arg(kKernelTable, kApiTable, EvidenceBuilder::launchingCall(QStringLiteral("k"), QStringLiteral("r")),
                  EvidenceBuilder::windowPredicate(r, QStringLiteral("k")), rule);
    return kernelRows(r, std::move(rows), predicate);
}

Evidence ComparisonEvidence::blockingSync(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    std::vector<quint32> rows;
    std::set<quint32> names;
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (!ApiClassifier::isBlocking(ApiTable::Kind(t.api.kind[size_t(i)]))
            || !r.window.contains(t.api.start[size_t(i)]))
            continue;
        rows.push_back(quint32(i));
        names.insert(t.api.name[size_t(i)]);
    }
    EvidenceBuilder::longestFirst(rows, t.api);
    return EvidenceBuilder::rows(kApiTable, t.api.rowid, std::move(rows),
        QStringLiteral("nameId IN (%1) AND %2")
            .arg(EvidenceBuilder::stringIdList(t.strings, { names.begin(), names.end() }),
                EvidenceBuilder::windowPredicate(r)));
}

Evidence ComparisonEvidence::largestGap(const AnalysisResult& r)
{
    if (r.gaps.isEmpty())
        return {};
    const IdleGap& g = r.gaps.front();
    return EvidenceBuilder::timeRange(*r.trace, g.deviceId, g.startNs, g.endNs);
}

Evidence ComparisonEvidence::step(const AnalysisResult& r, const AlignedStep& step)
{
    const Trace& t = *r.trace;
    QVector<int> devices;
    for (const auto& p : r.processes)
        if (p.pid == step.pid)
            devices = p.devices;
    std::vector<quint32> rows;
    for (int d : devices) {
        const auto it = t.kernelsByDevice.find(quint16(d));
        if (it == t.kernelsByDevice.end())
            continue;
        const auto& idx = it->second;
        auto first = std::lower_bound(
            idx.begin(), idx.end(), step.startNs, [&](quint32 k, qint64 at) { return t.kernels.start[k] < at; });
        for (; first != idx.end() && t.kernels.start[*first] <= step.endNs; ++first)
            rows.push_back(*first);
    }
    std::sort(rows.begin(), rows.end()); // start order across devices (kernels are start-sorted)
    Evidence e = EvidenceBuilder::rows(kKernelTable, t.kernels.rowid, std::move(rows),
        QStringLiteral("deviceId IN (%1) AND start BETWEEN %2 AND %3")
            .arg(idList(devices))
            .arg(step.startNs)
            .arg(step.endNs));
    e.startNs = step.startNs;
    e.endNs = step.endNs;
    return e;
}

} // namespace sl
