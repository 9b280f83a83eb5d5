// SPDX-License-Identifier: MIT
#include "widgets/timeline/timeaxis.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace sl {

qint64 TimeAxis::step(double nsPerPixel, int minPixels)
{
    const double wanted = std::max(1.0, nsPerPixel * minPixels);
    for (qint64 decade = 1;; decade *= 10)
        for (const qint64 m : { 1, 2, 5 })
            if (double(m * decade) >= wanted || decade > qint64(1e17))
                return m * decade;
}

QString TimeAxis::format(qint64 offsetNs, qint64 unitNs, int decimals)
{
    const char16_t* symbol = unitNs >= 1'000'000'000 ? u"s"
        : unitNs >= 1'000'000                        ? u"ms"
        : unitNs >= 1000                             ? u"µs"
                                                     : u"ns";
    return QString::number(double(offsetNs) / double(unitNs), 'f', decimals) + QChar(u' ') + QString::fromUtf16(symbol);
}

std::vector<TimeAxis::Tick> TimeAxis::ticks(qint64 fromNs, qint64 toNs, qint64 originNs, qint64 stepNs)
{
    std::vector<Tick> out;
    if (stepNs <= 0 || toNs < fromNs)
        return out;
    // A damaged range (2^63 ns wide, or times near the ends of qint64) must not overflow the
    // offsets below nor ask for millions of ticks: an axis shows a few dozen at most.
    constexpr qint64 kLimit = qint64(1) << 61;
    if (fromNs < -kLimit || toNs > kLimit || originNs < -kLimit || originNs > kLimit
        || (quint64(toNs) - quint64(fromNs)) / quint64(stepNs) > 10000)
        return out;
    const qint64 furthest = std::max({ std::llabs(fromNs - originNs), std::llabs(toNs - originNs), stepNs });
    qint64 unit = 1;
    for (const qint64 u : { qint64(1000), qint64(1'000'000), qint64(1'000'000'000) })
        if (furthest >= u)
            unit = u;
    const int decimals = stepNs >= unit ? 0 : int(std::ceil(std::log10(double(unit) / double(stepNs)) - 1e-9));
    // First multiple of the step at or after fromNs (floor division for negative offsets).
    const qint64 rel = fromNs - originNs;
    qint64 k = rel / stepNs;
    if (k * stepNs < rel)
        ++k;
    for (qint64 t = originNs + k * stepNs; t <= toNs; t += stepNs)
        out.push_back({ t, format(t - originNs, unit, decimals) });
    return out;
}

} // namespace sl
