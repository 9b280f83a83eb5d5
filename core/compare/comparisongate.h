// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QCoreApplication>

namespace sl {

/// The CI gate of `sightline-cli compare --gate PCT` (docs/analysis.md, "Comparison gate"): judges
/// one comparison figure of every compared trace against the baseline. A change worse than PCT %
/// (percentage points for shares) is a regression, better than PCT % an improvement, anything
/// within ±PCT % (bounds included) unchanged. Inconclusive, with the reason, when the traces ran
/// on different GPU models, one has no kernels, a per-unit figure has no common unit of work, or
/// the figure is missing, undefined or has no better direction.
class ComparisonGate
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonGate)
public:
    /// Sets c.gate from options.gatePercent and options.gateFigure; does nothing without a threshold.
    static void apply(Comparison& c, const ComparisonOptions& options);
    /// The figure gated when none is named: kernel time per unit of work, or in total when the unit is Total.
    static QString defaultFigure(WorkUnit unit);
};

} // namespace sl
