// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QCoreApplication>

namespace sl {

/// Writes DIR/comparison.json and DIR/comparison.md, as one OutputSet (both or neither).
/// Any thread: the comparison is immutable.
class ComparisonWriter
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonWriter)
public:
    static bool writeAll(const Comparison& c, const QString& dir, QString* error);
};

} // namespace sl
