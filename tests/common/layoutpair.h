// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl::test {

/// One synthetic capture (30 steps, 2 ranks, 2 layers) written twice: with every table in start
/// order, and in per-process blocks each in time order (SynthOptions::blockedLayout, the layout
/// of real runtime tables). For the suites that check a blocked export reads like the other.
struct LayoutPair
{
    bool ok = false; ///< both files written
    QString timePath, blockedPath;
};
/// Writes the pair into `dir` as time.sqlite and blocked.sqlite.
LayoutPair writeBothLayouts(const QString& dir);

} // namespace sl::test
