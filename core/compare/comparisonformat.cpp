// SPDX-License-Identifier: MIT
#include "core/compare/comparisonformat.h"

#include "core/util/format.h"

#include <cmath>

namespace sl {

namespace {
const QString kUndefined = QStringLiteral("–");

QString magnitude(ComparisonFigure::Kind kind, double v)
{
    switch (kind) {
    case ComparisonFigure::Kind::DurationNs:
        return formatDuration(qint64(std::llround(v)));
    case ComparisonFigure::Kind::Count:
        return formatCount(qint64(std::llround(v)));
    case ComparisonFigure::Kind::Share:
        return formatPercent(v);
    case ComparisonFigure::Kind::PerSecond:
        return formatRate(v);
    }
    return {};
}
} // namespace

QString ComparisonFormat::value(ComparisonFigure::Kind kind, const std::optional<double>& v)
{
    return v ? magnitude(kind, *v) : kUndefined;
}

QString ComparisonFormat::delta(ComparisonFigure::Kind kind, const std::optional<double>& d)
{
    if (!d)
        return kUndefined;
    if (*d == 0)
        return QStringLiteral("±0");
    QString text = magnitude(kind, std::abs(*d));
    if (kind == ComparisonFigure::Kind::Share) // a difference of shares is in percentage points
        text.replace(QLatin1String(" %"), QLatin1String(" pp"));
    return (*d < 0 ? QStringLiteral("−") : QStringLiteral("+")) + text;
}

QString ComparisonFormat::ratio(const std::optional<double>& r)
{
    return r ? QStringLiteral("%1×").arg(*r, 0, 'f', 2) : kUndefined;
}

QString ComparisonFormat::signedDuration(double ns) { return delta(ComparisonFigure::Kind::DurationNs, ns); }

} // namespace sl
