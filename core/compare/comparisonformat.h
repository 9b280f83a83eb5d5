// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

namespace sl {

/// Text of comparison figures, shared by comparison.md and the GUI models so both read the same.
/// Locale-independent like core/util/format.h; "–" for undefined values.
class ComparisonFormat
{
public:
    static QString value(ComparisonFigure::Kind kind, const std::optional<double>& v);
    /// Signed: "+1.20 ms", "−3.4 %" (percentage points for shares), "+12.0 k/s".
    static QString delta(ComparisonFigure::Kind kind, const std::optional<double>& d);
    static QString ratio(const std::optional<double>& r); ///< "1.23×"
    static QString signedDuration(double ns);
    /// A counter value in its unit: "45.0 %", "1755 MHz", "312.5 W"; "–" when undefined.
    static QString counterValue(const QString& unit, const std::optional<double>& v);
    /// A counter delta (ComparisonCounters::delta): "+5.0 pp" for percent values, "+12.3 %" relative.
    static QString counterDelta(bool percent, const std::optional<double>& d);
    static QString flopsPerSecond(const std::optional<double>& v); ///< "312.4 TFLOP/s", "85.0 GFLOP/s"
    static QString intensity(const std::optional<double>& v); ///< "12.50 FLOP/B"
    /// A roofline figure in its unit: intensity, FLOP/s, or a percentage.
    static QString rooflineValue(RooflineComparison::Measure m, const std::optional<double>& v);
};

} // namespace sl
