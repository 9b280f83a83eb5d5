// SPDX-License-Identifier: MIT
#include "core/compare/comparisonoptions.h"

namespace sl {

QString ComparisonOptions::unitName(WorkUnit unit)
{
    switch (unit) {
    case WorkUnit::Auto:
        return QStringLiteral("auto");
    case WorkUnit::Total:
        return QStringLiteral("total");
    case WorkUnit::Step:
        return QStringLiteral("step");
    case WorkUnit::Request:
        return QStringLiteral("request");
    case WorkUnit::Token:
        return QStringLiteral("token");
    }
    return {};
}

QString ComparisonOptions::unitNoun(WorkUnit unit)
{
    switch (unit) {
    case WorkUnit::Auto:
    case WorkUnit::Total:
        return tr("window");
    case WorkUnit::Step:
        return tr("step");
    case WorkUnit::Request:
        return tr("request");
    case WorkUnit::Token:
        return tr("token");
    }
    return {};
}

bool ComparisonOptions::parseUnit(const QString& text, WorkUnit* unit)
{
    for (WorkUnit u : { WorkUnit::Auto, WorkUnit::Total, WorkUnit::Step, WorkUnit::Request, WorkUnit::Token })
        if (text.trimmed().compare(unitName(u), Qt::CaseInsensitive) == 0) {
            *unit = u;
            return true;
        }
    return false;
}

bool ComparisonOptions::parseCounts(const QString& text, QVector<qint64>* counts, QString* error)
{
    counts->clear();
    for (const QString& part : text.split(QLatin1Char(','))) {
        bool ok = false;
        const qint64 v = part.trimmed().toLongLong(&ok);
        if (!ok || v <= 0) {
            *error = tr("'%1' is not a positive whole number (expected a comma-separated list such as 5000,5120).")
                         .arg(part.trimmed());
            counts->clear();
            return false;
        }
        counts->append(v);
    }
    return true;
}

} // namespace sl
