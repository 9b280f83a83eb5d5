// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QCoreApplication>

namespace sl {

/// The figures of a comparison (docs/analysis.md, "Comparison"): whole trace, per phase and per
/// kernel category, each with its value in every trace. Reads the analyses, breakdowns, phases
/// and units already set on `c`; appends to c.figures. A figure undefined in every trace is left
/// out, as are per-unit figures when the unit is Total.
class ComparisonFigures
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonFigures)
public:
    static void build(Comparison& c);
};

} // namespace sl
