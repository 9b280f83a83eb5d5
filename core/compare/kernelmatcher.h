// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/compare/comparison.h"
#include "core/util/cancellation.h"

namespace sl {

/// Lines up the kernels of several analyses (docs/analysis.md, "Kernel matching"): a name that
/// occurs in two or more traces is one group ("name"); of the remaining kernels, those with the
/// same taxonomy category and the same KernelNameNormalizer key in two or more traces are one
/// group ("normalised"); what is left is grouped per trace by that key ("unmatched"). Every
/// kernel name of every trace lands in exactly one group, so each trace's group totals sum to
/// its kernel time. Sides carry totals only; per-unit values are the comparator's job.
class KernelMatcher
{
public:
    /// Groups in no particular order. Cost: one normalisation per distinct name.
    /// Empty when `cancel` is set (polled per kernel name).
    static QVector<KernelMatch> match(const QVector<AnalysisPtr>& analyses, const Cancellation& cancel = {});
};

} // namespace sl
