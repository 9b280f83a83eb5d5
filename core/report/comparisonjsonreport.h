// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QJsonObject>

namespace sl {

/// comparison.json (format "sightline.comparison", version 1; docs/report-format.md). Times are
/// integer ns, shares fractions, rates per second; every figure carries its value, delta and
/// ratio to the baseline per trace. Traces are identified by label, file name and hash only.
class ComparisonJsonReport
{
public:
    static constexpr int kFormatVersion = 1;
    static QJsonObject build(const Comparison& c);
};

} // namespace sl
