// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/findings/finding.h"

#include <QString>
#include <QVector>

namespace sl {

struct AnalysisResult;
struct AlignedStep;

/// Evidence (rows of one trace, with the SQL that selects them) for the comparison's "what
/// changed most" entries and the step-aligned view. Kernel rows are listed longest first.
/// Each call is one pass over the trace's kernels (or API calls); any thread.
class ComparisonEvidence
{
public:
    /// In-window kernels of a taxonomy category.
    static Evidence category(const AnalysisResult& r, const QString& category);
    /// In-window kernels with one of these names (StringTable indices).
    static Evidence kernels(const AnalysisResult& r, const QVector<quint32>& names);
    /// In-window kernels of phase slot `phase` (index into r.phases; the last slot is unattributed).
    static Evidence phase(const AnalysisResult& r, int phase);
    /// In-window blocking synchronisation calls.
    static Evidence blockingSync(const AnalysisResult& r);
    /// The largest idle gap (a device and time range); empty Evidence when there is none.
    static Evidence largestGap(const AnalysisResult& r);
    /// Kernels on the step process's GPUs that overlap the step (for the aligned-steps view).
    static Evidence step(const AnalysisResult& r, const AlignedStep& step);
};

} // namespace sl
