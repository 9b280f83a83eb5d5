// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QCoreApplication>
#include <QFuture>

#include <atomic>

namespace sl {

/// Builds a Comparison from 2–8 finished analyses (docs/analysis.md, "Comparison"). Every
/// trace-level figure is read from the AnalysisResult (so it equals the single-trace report);
/// per-phase and per-category breakdowns come from TraceBreakdown, computed per trace in
/// parallel on the global thread pool. No SQL: analyses are in memory.
class Comparator
{
    Q_DECLARE_TR_FUNCTIONS(Comparator)
public:
    static constexpr int kMinTraces = 2;
    static constexpr int kMaxTraces = 8;

    /// Checks the trace count, the baseline and the sizes of labels, tokens and requests (before
    /// anything is loaded); the translated message says what is wrong.
    static bool validate(int traceCount, const ComparisonOptions& options, QString* error);
    /// Blocking. Null when the input is invalid (see validate), an analysis is missing, or `cancel` was set.
    static ComparisonPtr compare(const QVector<AnalysisPtr>& analyses, const ComparisonOptions& options,
        const std::atomic<bool>* cancel = nullptr);
    /// compare() on the global thread pool; a future cancelled before it starts does nothing.
    static QFuture<ComparisonPtr> compareAsync(const QVector<AnalysisPtr>& analyses, const ComparisonOptions& options);

    /// The distinguishing part of each file name: the common prefix and suffix removed at word
    /// boundaries (- _ . space), e.g. "before" and "after"; when that leaves one empty or two alike,
    /// only the common suffix is removed; failing that, the file names unchanged.
    static QStringList shortLabels(const QStringList& fileNames);
    /// One label per trace: `given[i]` when set and not blank, else shortLabels(); duplicates get " (2)", " (3)"...
    static QStringList labelsFor(const QStringList& fileNames, const QStringList& given);

    /// The unit Auto resolves to for these breakdowns and options.
    static WorkUnit resolveUnit(const QVector<TraceBreakdown>& breakdowns, const ComparisonOptions& options);
};

} // namespace sl
