// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>
#include <QFuture>

namespace sl {

/// Builds a Comparison from 2–8 finished analyses (docs/analysis.md, "Comparison"). Every
/// trace-level figure is read from the AnalysisResult (so it equals the single-trace report);
/// per-phase and per-category breakdowns come from TraceBreakdown, computed per trace in
/// parallel on the global thread pool; the hardware counters from CounterComparator. No SQL:
/// analyses are in memory.
class Comparator
{
    Q_DECLARE_TR_FUNCTIONS(Comparator)
public:
    static constexpr int kMinTraces = 2;
    static constexpr int kMaxTraces = 8;

    /// Checks the trace count, the baseline and the sizes of labels, tokens and requests (before
    /// anything is loaded); the translated message says what is wrong.
    static bool validate(int traceCount, const ComparisonOptions& options, QString* error);
    /// Blocking. Null when the input is invalid (see validate), an analysis is missing, or `cancel` was set;
    /// every loop of the breakdowns, the matching and the ranking polls `cancel`.
    static ComparisonPtr compare(
        const QVector<AnalysisPtr>& analyses, const ComparisonOptions& options, const Cancellation& cancel = {});
    /// compare() on the global thread pool; cancelling the future stops it (no result).
    static QFuture<ComparisonPtr> compareAsync(const QVector<AnalysisPtr>& analyses, const ComparisonOptions& options);

    /// The column label of each trace: the given one (trimmed) or else the file name; repeated
    /// labels numbered " (2)", " (3)"… The one rule for the CLI, the reports and the GUI.
    static QStringList labelsFor(const QVector<AnalysisPtr>& analyses, const QStringList& given = {});
    /// The unit Auto resolves to for these breakdowns and options: given token counts, else given
    /// request counts, else the generated tokens of the serving steps when every trace's step names
    /// give them (`analyses`), else steps when every trace has some, else total.
    static WorkUnit resolveUnit(const QVector<TraceBreakdown>& breakdowns, const ComparisonOptions& options,
        const QVector<AnalysisPtr>& analyses = {});
    /// Generated tokens the serving steps of `a` give (AnalysisResult::serving), 0 when none.
    static qint64 rangeTokens(const AnalysisResult& a);
    /// The distinguishing part of each file name: the common prefix and suffix removed at word
    /// boundaries (- _ . space), e.g. "before" and "after"; when that leaves one empty or two alike,
    /// only the common suffix is removed; failing that, the file names unchanged.
    static QStringList shortLabels(const QStringList& fileNames);
    /// One label per trace: `given[i]` when set and not blank, else shortLabels(); duplicates get " (2)", " (3)"...
    static QStringList labelsFor(const QStringList& fileNames, const QStringList& given);
};

} // namespace sl
