// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

/// "What changed most" (docs/analysis.md): for every trace against the baseline, the
/// differences in GPU time per unit of work — per kernel category, per matched kernel group,
/// per phase (when two or more phases hold kernel time), blocking-sync time and GPU idle time —
/// ranked by absolute difference, each with evidence rows in both traces.
class ChangeRanker
{
    Q_DECLARE_TR_FUNCTIONS(ChangeRanker)
public:
    /// Fills c.changes (c.units, c.breakdowns and the analyses must be set). `groups` are all
    /// kernel groups with per-unit sides, not only the top ones kept in c.kernels.
    /// Returns early, with the changes incomplete, when `cancel` is set (checked per change: each
    /// collects its evidence in one pass over a trace's kernels or calls).
    static void rank(Comparison& c, const QVector<KernelMatch>& groups, int perTrace, const Cancellation& cancel = {});
};

} // namespace sl
