// SPDX-License-Identifier: MIT
#include "core/compare/comparison.h"

namespace sl {

QString ComparisonFigure::sectionName(Section s)
{
    switch (s) {
    case Section::Trace:
        return QStringLiteral("trace");
    case Section::Phase:
        return QStringLiteral("phase");
    case Section::Category:
        return QStringLiteral("category");
    case Section::Anatomy:
        return QStringLiteral("anatomy");
    }
    return {};
}

QString ComparisonFigure::kindName(Kind k)
{
    switch (k) {
    case Kind::DurationNs:
        return QStringLiteral("ns");
    case Kind::Count:
        return QStringLiteral("count");
    case Kind::Share:
        return QStringLiteral("share");
    case Kind::PerSecond:
        return QStringLiteral("per_s");
    case Kind::Bytes:
        return QStringLiteral("bytes");
    }
    return {};
}

QString KernelMatch::methodName(Method m)
{
    switch (m) {
    case Method::Name:
        return QStringLiteral("name");
    case Method::Normalised:
        return QStringLiteral("normalised");
    case Method::Unmatched:
        return QStringLiteral("unmatched");
    }
    return {};
}

QString ComparisonChange::kindName(Kind k)
{
    switch (k) {
    case Kind::Category:
        return QStringLiteral("category");
    case Kind::Kernel:
        return QStringLiteral("kernel");
    case Kind::Phase:
        return QStringLiteral("phase");
    case Kind::BlockingSync:
        return QStringLiteral("blocking-sync");
    case Kind::Idle:
        return QStringLiteral("idle");
    }
    return {};
}

int Comparison::figureIndex(const QString& key, const QString& scope) const
{
    for (qsizetype i = 0; i < figures.size(); ++i)
        if (figures[i].key == key && figures[i].scope == scope)
            return int(i);
    return -1;
}

std::optional<double> Comparison::delta(const ComparisonFigure& f, int trace) const
{
    if (trace < 0 || trace >= f.values.size() || baseline >= f.values.size() || !f.values[trace] || !f.values[baseline])
        return std::nullopt;
    return *f.values[trace] - *f.values[baseline];
}

std::optional<double> Comparison::ratio(const ComparisonFigure& f, int trace) const
{
    if (trace < 0 || trace >= f.values.size() || baseline >= f.values.size() || !f.values[trace] || !f.values[baseline]
        || *f.values[baseline] == 0)
        return std::nullopt;
    return *f.values[trace] / *f.values[baseline];
}

int Comparison::direction(const ComparisonFigure& f, int trace) const
{
    const auto d = delta(f, trace);
    if (!d || *d == 0 || f.better == ComparisonFigure::Better::Neutral)
        return 0;
    const bool lower = *d < 0;
    return (lower == (f.better == ComparisonFigure::Better::Lower)) ? 1 : -1;
}

int Comparison::phaseSlot(int trace, const QString& phase) const
{
    if (trace < 0 || trace >= analyses.size())
        return -1;
    const auto& phases = analyses[trace]->phases;
    for (qsizetype i = 0; i < phases.size(); ++i)
        if (phases[i].phase == phase)
            return int(i);
    return -1;
}

} // namespace sl
