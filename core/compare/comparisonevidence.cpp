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
    const QString predicate
        = QStringLiteral("rowid IN (SELECT k.rowid FROM %1 k LEFT JOIN %2 r ON %3 WHERE %4 AND %5)")
              .arg(kKernelTable, kApiTable, EvidenceBuilder::launchingCall(QStringLiteral("k"), QStringLiteral("r")),
                  EvidenceBuilder::windowPredicate(r, QStringLiteral("k")), EvidenceBuilder::phaseRule(r, phase));
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
    return EvidenceBuilder::apiRows(t, std::move(rows),
        QStringLiteral("nameId IN (%1) AND %2")
            .arg(EvidenceBuilder::stringIdList(t.strings, { names.begin(), names.end() }),
                EvidenceBuilder::windowPredicate(r)));
}

Evidence ComparisonEvidence::largestGap(const AnalysisResult& r)
{
    if (r.gaps.isEmpty())
        return {};
    const IdleGap& g = r.gaps.front();
    return EvidenceBuilder::timeRange(r, g.deviceId, g.startNs, g.endNs);
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
