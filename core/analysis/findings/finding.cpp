// SPDX-License-Identifier: MIT
#include "core/analysis/findings/finding.h"

#include "core/analysis/analysisresult.h"

#include <QStringList>

#include <algorithm>

namespace sl {

QString Finding::severityName(Severity s)
{
    switch (s) {
    case Severity::High:
        return QStringLiteral("high");
    case Severity::Medium:
        return QStringLiteral("medium");
    case Severity::Low:
        return QStringLiteral("low");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return {};
}

void Finding::setImpact(qint64 ns, const AnalysisWindow& window)
{
    impactNs = ns;
    impactShare = window.lengthNs() > 0 ? double(ns) / double(window.lengthNs()) : 0.0;
}

QString Evidence::joinedSql(const QVector<Evidence>& evidence)
{
    QStringList sql;
    for (const Evidence& e : evidence)
        if (!e.sql.isEmpty())
            sql << e.sql;
    return sql.join(QLatin1Char('\n'));
}

QString IdleGap::causeName(Cause c)
{
    switch (c) {
    case HostWait:
        return QStringLiteral("host-wait");
    case SyncWait:
        return QStringLiteral("sync-wait");
    case Other:
        return QStringLiteral("other");
    case ProfilerOverhead:
        return QStringLiteral("profiler-overhead");
    }
    return {};
}

void Finding::rank(QVector<Finding>& findings)
{
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        // Impact descending; of equal impact the more severe first, then by id (ranking.h's rule).
        if (a.impactNs != b.impactNs)
            return a.impactNs > b.impactNs;
        if (a.severity != b.severity)
            return a.severity > b.severity;
        return QString::compare(a.id, b.id, Qt::CaseSensitive) < 0;
    });
}

} // namespace sl
