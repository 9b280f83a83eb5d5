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
    case ComparisonFigure::Kind::Bytes:
        return formatBytes(qint64(std::llround(v)));
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

QString ComparisonFormat::counterValue(const QString& unit, const std::optional<double>& v)
{
    if (!v)
        return kUndefined;
    if (unit == QLatin1String("%"))
        return formatPercent(*v / 100);
    const QString number = QString::number(*v, 'f', std::abs(*v) >= 100 ? 0 : 1);
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

QString ComparisonFormat::counterDelta(bool percent, const std::optional<double>& d)
{
    if (!d)
        return kUndefined;
    if (*d == 0)
        return QStringLiteral("±0");
    const QString sign = *d < 0 ? QStringLiteral("−") : QStringLiteral("+");
    if (percent) // a difference of percentages is in percentage points
        return sign + QString::number(std::abs(*d), 'f', 1) + QStringLiteral(" pp");
    return sign + formatPercent(std::abs(*d));
}

QString ComparisonFormat::flopsPerSecond(const std::optional<double>& v)
{
    if (!v)
        return kUndefined;
    if (std::abs(*v) >= 1e12)
        return QStringLiteral("%1 TFLOP/s").arg(*v / 1e12, 0, 'f', 1);
    return QStringLiteral("%1 GFLOP/s").arg(*v / 1e9, 0, 'f', 1);
}

QString ComparisonFormat::intensity(const std::optional<double>& v)
{
    return v ? QStringLiteral("%1 FLOP/B").arg(*v, 0, 'f', 2) : kUndefined;
}

} // namespace sl

namespace sl {

QString ComparisonFormat::rooflineValue(RooflineComparison::Measure m, const std::optional<double>& v)
{
    switch (m) {
    case RooflineComparison::Measure::Intensity:
        return intensity(v);
    case RooflineComparison::Measure::FlopsPerSecond:
        return flopsPerSecond(v);
    default:
        return counterValue(QStringLiteral("%"), v);
    }
}

} // namespace sl
