// SPDX-License-Identifier: MIT
#include "core/compare/comparisongate.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace sl {

namespace {

using Outcome = GateVerdict::Outcome;
using Reason = GateVerdict::Reason;

/// Distinct GPU model names of a trace, sorted; empty when the export records none.
QStringList gpuModels(const AnalysisResult& r)
{
    QStringList names;
    for (const auto& g : r.trace->gpus)
        if (!g.name.isEmpty() && !names.contains(g.name))
            names << g.name;
    names.sort();
    return names;
}

bool perUnit(const QString& key)
{
    return key.endsWith(QLatin1String("_per_unit")) || key == QLatin1String("throughput");
}

GateVerdict inconclusive(int trace, Reason reason, const QString& text)
{
    GateVerdict v;
    v.trace = trace, v.outcome = Outcome::Inconclusive, v.reason = reason, v.reasonText = text;
    return v;
}

/// The gated figure's key (no scope) divides by units of work that trace `i` or the baseline
/// lacks. Asked by key, not of the figure: a per-unit figure that no trace defines (per step
/// without steps anywhere) is left out of the comparison, and is still "no common unit".
bool lacksUnits(const Comparison& c, int i, const QString& key)
{
    return perUnit(key) && (c.units[c.baseline] <= 0 || c.units[i] <= 0);
}

GateVerdict judge(const Comparison& c, int i, int figure, double pct, const QString& name)
{
    const int b = c.baseline;
    const AnalysisResult& base = *c.analyses[b];
    const AnalysisResult& cand = *c.analyses[i];
    if (base.kernelCount == 0 || cand.kernelCount == 0)
        return inconclusive(i, Reason::NoKernels,
            ComparisonGate::tr("%1 has no kernels in its analysis window.")
                .arg(c.labels[base.kernelCount == 0 ? b : i]));
    const QStringList baseGpus = gpuModels(base), candGpus = gpuModels(cand);
    // An export without TARGET_INFO_GPU says nothing about its GPUs: not a difference.
    if (!baseGpus.isEmpty() && !candGpus.isEmpty() && baseGpus != candGpus)
        return inconclusive(i, Reason::DifferentGpus,
            ComparisonGate::tr("%1 ran on %2 and %3 on %4: different GPU models.")
                .arg(c.labels[b], baseGpus.join(QStringLiteral(", ")), c.labels[i],
                    candGpus.join(QStringLiteral(", "))));
    const QString key = name.section(QLatin1Char('@'), 0, 0);
    if (lacksUnits(c, i, key))
        return inconclusive(i, Reason::NoCommonUnit,
            ComparisonGate::tr("%1 has no %2: no common unit of work to divide by.")
                .arg(c.labels[c.units[b] <= 0 ? b : i], ComparisonOptions::unitNoun(c.unit)));
    if (figure < 0)
        return inconclusive(i, Reason::FigureMissing,
            ComparisonGate::tr("The figure %1 is not in this comparison (see docs/report-format.md for the keys).")
                .arg(name));
    const ComparisonFigure& f = c.figures[figure];
    if (f.better == ComparisonFigure::Better::Neutral)
        return inconclusive(i, Reason::NoDirection,
            ComparisonGate::tr("%1 is neither better lower nor better higher: pick another figure.").arg(name));
    if (!f.values[b] || !f.values[i])
        return inconclusive(i, Reason::FigureUndefined,
            ComparisonGate::tr("%1 is undefined in %2.").arg(name, c.labels[f.values[b] ? i : b]));

    GateVerdict v;
    v.trace = i;
    const double bv = *f.values[b], tv = *f.values[i];
    v.baselineValue = bv, v.value = tv;
    const bool share = f.kind == ComparisonFigure::Kind::Share;
    const double delta = tv - bv;
    if (share)
        v.changePercent = delta * 100.0;
    else if (bv != 0)
        v.changePercent = delta * 100.0 / std::abs(bv);
    // Compared without dividing (|Δ|·100 against PCT·|baseline|) so that a change of exactly PCT %
    // stays unchanged instead of landing on either side by a rounding error.
    const double scale = share ? 1.0 : std::abs(bv);
    const bool beyond = bv == 0 && !share ? delta != 0 : std::abs(delta) * 100.0 > pct * scale;
    const bool worse = f.better == ComparisonFigure::Better::Lower ? delta > 0 : delta < 0;
    v.outcome = !beyond ? Outcome::Unchanged : worse ? Outcome::Regression : Outcome::Improvement;
    return v;
}

} // namespace

QString GateVerdict::outcomeName(Outcome o)
{
    switch (o) {
    case Outcome::Improvement:
        return QStringLiteral("improvement");
    case Outcome::Unchanged:
        return QStringLiteral("unchanged");
    case Outcome::Regression:
        return QStringLiteral("regression");
    case Outcome::Inconclusive:
        return QStringLiteral("inconclusive");
    }
    return {};
}

QString GateVerdict::reasonName(Reason r)
{
    switch (r) {
    case Reason::None:
        return {};
    case Reason::DifferentGpus:
        return QStringLiteral("different_gpus");
    case Reason::NoKernels:
        return QStringLiteral("no_kernels");
    case Reason::NoCommonUnit:
        return QStringLiteral("no_common_unit");
    case Reason::FigureMissing:
        return QStringLiteral("figure_missing");
    case Reason::FigureUndefined:
        return QStringLiteral("figure_undefined");
    case Reason::NoDirection:
        return QStringLiteral("no_direction");
    }
    return {};
}

GateVerdict::Outcome ComparisonGateResult::outcome() const
{
    auto any = [this](Outcome o) {
        return std::any_of(verdicts.begin(), verdicts.end(), [o](const GateVerdict& v) { return v.outcome == o; });
    };
    for (Outcome o : { Outcome::Regression, Outcome::Inconclusive, Outcome::Improvement })
        if (any(o))
            return o;
    return verdicts.isEmpty() ? Outcome::Inconclusive : Outcome::Unchanged;
}

QString ComparisonGate::defaultFigure(WorkUnit unit)
{
    return unit == WorkUnit::Total || unit == WorkUnit::Auto ? QStringLiteral("kernel_ns")
                                                             : QStringLiteral("kernel_ns_per_unit");
}

void ComparisonGate::apply(Comparison& c, const ComparisonOptions& o)
{
    if (!o.gatePercent)
        return;
    ComparisonGateResult g;
    g.thresholdPercent = *o.gatePercent;
    const QString name = o.gateFigure.trimmed().isEmpty() ? defaultFigure(c.unit) : o.gateFigure.trimmed();
    const qsizetype at = name.indexOf(QLatin1Char('@'));
    g.key = at < 0 ? name : name.left(at);
    g.scope = at < 0 ? QString() : name.mid(at + 1);
    const int figure = c.figureIndex(g.key, g.scope);
    if (figure >= 0)
        g.label = c.figures[figure].label, g.kind = c.figures[figure].kind;
    for (int i : c.comparedTraces())
        g.verdicts.append(judge(c, i, figure, g.thresholdPercent, name));
    c.gate = g;
}

} // namespace sl
