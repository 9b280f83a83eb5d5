// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/models/chartdata.h"

#include <QCoreApplication>

namespace sl {

/// The Comparison dock's bar charts, computed from a Comparison (a few dozen values): times per
/// unit of work through Comparison::perUnitNs, the rule the figures use, so a bar equals its
/// figure. The widgets in widgets/charts/ only draw the result.
class ComparisonChartData
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonChartData)
public:
    /// GPU time by kernel category: one category per taxonomy category with time in some trace
    /// (taxonomy order), one series per trace (its label), side by side. ns per unit (truncated),
    /// 0 where a trace has no units.
    static ChartData categories(const Comparison& c);
    /// Kernel time by phase: one category per trace (its label), one series per phase with kernel
    /// time in some trace (comparison order, unattributed last), stacked. ns per unit (truncated).
    static ChartData phases(const Comparison& c);
};

} // namespace sl
