// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QCoreApplication>

namespace sl {

/// comparison.md: ready for a pull request or a write-up. The traces and the unit of work, what
/// changed most (with the evidence row counts; the SQL is in comparison.json), then the figures
/// with their deltas and ratios to the baseline, the matched kernels (and how each was matched)
/// and the step-duration distributions.
class ComparisonMarkdownReport
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonMarkdownReport)
public:
    static QString build(const Comparison& c);
};

} // namespace sl
