// SPDX-License-Identifier: MIT
#include "core/compare/comparisoncounters.h"

#include "core/trace/gpumetricnames.h"

#include <QStringList>

namespace sl {

int CounterComparison::onlyIn() const
{
    int only = -1;
    for (qsizetype i = 0; i < present.size(); ++i) {
        if (!present[i])
            continue;
        if (only >= 0)
            return -1;
        only = int(i);
    }
    return only;
}

std::optional<double> RooflineComparison::value(const Side& s, Measure m)
{
    switch (m) {
    case Measure::Intensity:
        return s.arithmeticIntensity;
    case Measure::FlopsPerSecond:
        return s.flopsPerSecond;
    case Measure::RoofPct:
        return s.roofPct;
    case Measure::DramPct:
        return s.dramPct;
    case Measure::SmPct:
        return s.smPct;
    }
    return std::nullopt;
}

std::optional<double> RooflineComparison::delta(const Side& base, const Side& s, Measure m)
{
    if (!base.present || !s.present)
        return std::nullopt;
    return ComparisonCounters::delta(isPercent(m), value(base, m), value(s, m));
}

QString ComparisonCounters::scopeText(CounterScope::Kind kind, const QString& scope)
{
    CounterScope s;
    s.kind = kind;
    s.scope = scope;
    return scopeLabel(s);
}

QString ComparisonCounters::gpuLabel(int gpu) const
{
    if (gpu < 0)
        return tr("all GPUs");
    QStringList ids;
    for (const auto& d : devices)
        if (gpu < d.size() && !ids.contains(QString::number(d[gpu])))
            ids << QString::number(d[gpu]);
    return tr("GPU %1").arg(ids.isEmpty() ? QString::number(gpu) : ids.join(QStringLiteral(" / ")));
}

std::optional<double> ComparisonCounters::delta(
    bool percent, const std::optional<double>& base, const std::optional<double>& v)
{
    if (!base || !v)
        return std::nullopt;
    if (percent)
        return *v - *base;
    if (*base == 0)
        return std::nullopt;
    return *v / *base - 1;
}

int ComparisonCounters::direction(CounterBetter better, const std::optional<double>& delta)
{
    if (!delta || *delta == 0 || better == CounterBetter::Neutral)
        return 0;
    return (*delta > 0) == (better == CounterBetter::Higher) ? 1 : -1;
}

QString ComparisonCounters::betterName(CounterBetter b)
{
    switch (b) {
    case CounterBetter::Lower:
        return QStringLiteral("lower");
    case CounterBetter::Higher:
        return QStringLiteral("higher");
    case CounterBetter::Neutral:
        break;
    }
    return QStringLiteral("neutral");
}

CounterBetter ComparisonCounters::betterOf(const QString& name, const QString& unit)
{
    // Over the same kernels' busy time, more of the SMs and pipes at work is better, and a lower
    // clock is throttling. Bandwidths, PCIe, NVLink, power, temperature and memory say how, not
    // how well: more DRAM traffic can be a faster kernel or a wasteful one.
    for (const QLatin1String p : gpumetrics::kHigherIsBetter)
        if (name.startsWith(p, Qt::CaseInsensitive))
            return CounterBetter::Higher;
    if (gpumetrics::isCoreClock(name, unit))
        return CounterBetter::Higher;
    return CounterBetter::Neutral;
}

} // namespace sl
