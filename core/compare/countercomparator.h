// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/util/cancellation.h"

namespace sl {

/// The hardware counters of a comparison (docs/analysis.md, "Counters in the comparison"): per
/// scope (window, the comparison's phases, then any other scope the traces' CounterResults hold)
/// and GPU slot, the bound class and every counter's busy-time mean and p90 in each trace; per
/// matched kernel group with Nsight Compute figures, its roofline position in each trace. Reads
/// AnalysisResult::counters only: no SQL, any thread.
class CounterComparator
{
public:
    /// Fills c.counters (c.analyses, c.phases and c.baseline must be set). `groups` are all
    /// kernel groups (KernelMatcher), largest first. Stops early, incomplete, when `cancel` is set.
    static void build(Comparison& c, const QVector<KernelMatch>& groups, const Cancellation& cancel = {});
};

} // namespace sl
