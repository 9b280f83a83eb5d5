// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <vector>

namespace sl {

/// Ticks and labels of a time axis in readable units, relative to an origin (the capture start).
class TimeAxis
{
public:
    struct Tick
    {
        qint64 ns = 0; ///< absolute time of the tick
        QString label; ///< offset from the origin, e.g. "12.5 ms"
    };
    /// The smallest step of {1, 2, 5} × 10^k ns at least `minPixels` wide at `nsPerPixel`.
    static qint64 step(double nsPerPixel, int minPixels);
    /// Ticks at origin + k × step inside [fromNs, toNs]. The unit is the largest of ns, µs, ms, s
    /// not above the furthest offset shown, with as many decimals as the step needs.
    static std::vector<Tick> ticks(qint64 fromNs, qint64 toNs, qint64 originNs, qint64 stepNs);
    /// `offsetNs` in `unitNs` (1, 10³, 10⁶ or 10⁹) with `decimals` decimals and the unit's symbol.
    static QString format(qint64 offsetNs, qint64 unitNs, int decimals);
};

} // namespace sl
