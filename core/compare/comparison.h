// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/compare/comparisoncounters.h"
#include "core/compare/comparisonoptions.h"
#include "core/compare/tracebreakdown.h"

#include <QCoreApplication>

#include <optional>

namespace sl {

/// One figure of a comparison with its value in every trace (nullopt where it is undefined,
/// e.g. step percentiles of a trace without steps). Durations are integer ns (stored in a
/// double, exact below 2^53 ns), shares fractions, rates per second.
struct ComparisonFigure
{
    /// Anatomy: one model-anatomy cell, scope "<phase>/<class key>" (docs/report-format.md).
    enum class Section { Trace, Phase, Category, Anatomy };
    enum class Kind { DurationNs, Count, Share, PerSecond, Bytes };
    /// Which direction of change is an improvement (colours the delta); Neutral when neither is.
    enum class Better { Lower, Higher, Neutral };

    Section section = Section::Trace;
    QString key; ///< stable id, e.g. "kernel_ns_per_unit" (docs/report-format.md)
    QString scope; ///< phase name (Phase), category name (Category), "<phase>/<class>" (Anatomy), empty for Trace
    QString label; ///< translated
    Kind kind = Kind::DurationNs;
    Better better = Better::Lower;
    QVector<std::optional<double>> values; ///< one per trace

    static QString sectionName(Section s); ///< "trace", "phase", "category", "anatomy"
    static QString kindName(Kind k); ///< "ns", "count", "share", "per_s", "bytes"
};

/// Top kernels matched across traces: one row groups the kernels of every trace that the
/// matcher considers the same work (KernelMatcher). Times in ns.
struct KernelMatch
{
    enum class Method {
        Name, ///< identical demangled name in every trace that has it
        Normalised, ///< same category and same normalised name (KernelNameNormalizer)
        Unmatched, ///< present in one trace only
    };
    struct Side
    {
        QVector<quint32> names; ///< StringTable indices of the trace's kernels in the group, largest first
        qint64 count = 0;
        qint64 totalNs = 0;
        std::optional<double> perUnitNs; ///< totalNs / the trace's units (truncated), nullopt without units
    };
    Method method = Method::Unmatched;
    QString key; ///< the name (Name) or the normalised name (Normalised, Unmatched)
    QString category; ///< taxonomy category shared by the group
    QVector<Side> sides; ///< one per trace (empty Side where the trace has none)

    static QString methodName(Method m); ///< "name", "normalised", "unmatched"
};

/// One entry of "what changed most": a difference in GPU time per unit of work between a trace
/// and the baseline, with the rows that show it in both.
struct ComparisonChange
{
    enum class Kind { Category, Kernel, Phase, BlockingSync, Idle };
    int trace = 0; ///< the compared trace (never the baseline)
    Kind kind = Kind::Category;
    QString subject; ///< category, kernel group key or phase; empty for BlockingSync/Idle
    QString title; ///< translated one-line description
    double baselineValue = 0; ///< ns per unit in the baseline
    double value = 0; ///< ns per unit in the trace
    double deltaNs() const { return value - baselineValue; }
    Evidence baselineEvidence; ///< rows of the baseline trace
    Evidence traceEvidence; ///< rows of the compared trace

    static QString kindName(Kind k); ///< "category", "kernel", "phase", "blocking-sync", "idle"
};

/// Five-number summary of step durations (nearest rank: p0, p25, p50, p75, p90, p100). ns.
struct StepDistribution
{
    qint64 count = 0;
    qint64 minNs = 0, p25Ns = 0, p50Ns = 0, p75Ns = 0, p90Ns = 0, maxNs = 0;
};

/// The CI gate's verdict on one compared trace against the baseline (ComparisonGate).
struct GateVerdict
{
    enum class Outcome { Improvement, Unchanged, Regression, Inconclusive };
    enum class Reason {
        None,
        DifferentGpus, ///< the two traces ran on different GPU models
        NoKernels, ///< one side has no kernels in its window
        NoCommonUnit, ///< a per-unit figure where one side has no units (e.g. no steps)
        FigureMissing, ///< the gated figure is not in this comparison
        FigureUndefined, ///< the figure has no value on one side
        NoDirection, ///< the figure is neither better lower nor better higher (e.g. a count of steps)
    };
    int trace = 0;
    Outcome outcome = Outcome::Inconclusive;
    Reason reason = Reason::None;
    QString reasonText; ///< translated; empty unless inconclusive
    std::optional<double> baselineValue, value;
    /// Change in percent of the baseline (percentage points for shares); nullopt when the baseline is 0.
    std::optional<double> changePercent;

    static QString outcomeName(Outcome o); ///< "improvement", "unchanged", "regression", "inconclusive"
    static QString reasonName(Reason r); ///< "different_gpus", "no_kernels", ... ; empty for None
};

/// The gate of a comparison: one figure, a threshold, a verdict per compared trace.
struct ComparisonGateResult
{
    double thresholdPercent = 0;
    QString key, scope; ///< the gated figure
    QString label; ///< translated, empty when the figure is missing
    ComparisonFigure::Kind kind = ComparisonFigure::Kind::DurationNs;
    QVector<GateVerdict> verdicts; ///< one per compared trace, in trace order
    /// Regression if any trace regressed, else inconclusive if any is, else improvement if any
    /// improved, else unchanged.
    GateVerdict::Outcome outcome() const;
};

/// A comparison of 2–8 analyses against one baseline (Comparator::compare). Immutable; shared
/// with the GUI and the report writers as ComparisonPtr.
struct Comparison
{
    Q_DECLARE_TR_FUNCTIONS(Comparison)
public:
    QVector<AnalysisPtr> analyses;
    QStringList labels;
    int baseline = 0;
    WorkUnit unit = WorkUnit::Total; ///< resolved (never Auto)
    QVector<qint64> units; ///< the divisor of "per unit" figures per trace; 0 = undefined (no steps)
    bool tokensFromRanges = false; ///< unit Token with the generated tokens of the serving steps (no --tokens)
    /// Generated tokens per trace for the model-FLOP figures (0 = unknown): the user's --tokens.
    /// Hook: token counts derived from framework NVTX step ranges can fill the zeros here.
    QVector<qint64> tokens;
    double modelFlopsPerToken = 0; ///< ComparisonOptions::modelFlopsPerToken
    QStringList phases; ///< union of phase names, unattributed last
    QStringList categories; ///< Taxonomy::categories()
    QVector<TraceBreakdown> breakdowns; ///< one per trace
    QVector<ComparisonFigure> figures;
    QVector<KernelMatch> kernels; ///< top groups by largest time per unit in any trace
    int matchedByName = 0, matchedByNormalised = 0, unmatched = 0; ///< over all groups, not only the top
    QVector<ComparisonChange> changes; ///< per compared trace, largest |delta| first
    QVector<QVector<StepDistribution>> stepDistributions; ///< [trace][phase of `phases`]
    QStringList warnings;
    std::optional<ComparisonGateResult> gate; ///< set when ComparisonOptions::gatePercent is
    /// Hardware counters and roofline positions per trace (CounterComparator); empty when no
    /// trace has counters or Nsight Compute figures.
    ComparisonCounters counters;

    int traceCount() const { return int(analyses.size()); }
    /// Indices of every trace but the baseline, in order: the traces that get Δ and ratio columns.
    QVector<int> comparedTraces() const
    {
        QVector<int> out;
        for (int i = 0; i < traceCount(); ++i)
            if (i != baseline)
                out.append(i);
        return out;
    }
    /// Index of the figure (key, scope), or -1.
    int figureIndex(const QString& key, const QString& scope = {}) const;
    /// value(trace) − value(baseline); nullopt when either is undefined.
    std::optional<double> delta(const ComparisonFigure& f, int trace) const;
    /// value(trace) / value(baseline); nullopt when either is undefined or the baseline is 0.
    std::optional<double> ratio(const ComparisonFigure& f, int trace) const;
    /// +1 when the trace is better than the baseline on this figure, −1 worse, 0 equal/neutral/undefined.
    int direction(const ComparisonFigure& f, int trace) const;
    /// Index of `phase` in the trace's AnalysisResult::phases, or -1.
    int phaseSlot(int trace, const QString& phase) const;
    /// `ns` per unit of work of `trace`: ns / units[trace], truncated toward zero like
    /// kernel_ns_per_step (ns itself when the unit is Total, whose divisor is 1); nullopt when the
    /// trace has no units. The one per-unit rule of the figures, changes, kernels and charts.
    std::optional<qint64> perUnitNs(qint64 ns, int trace) const
    {
        const qint64 u = trace >= 0 && trace < units.size() ? units[trace] : 0;
        return u > 0 ? std::optional<qint64>(ns / u) : std::nullopt;
    }
};

using ComparisonPtr = std::shared_ptr<const Comparison>;

} // namespace sl
