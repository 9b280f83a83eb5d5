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
};

} // namespace sl
