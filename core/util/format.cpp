// SPDX-License-Identifier: MIT
#include "core/util/format.h"

#include <cmath>

namespace sl {

QString formatDuration(qint64 ns)
{
    const double a = std::abs(double(ns));
    if (a < 1e3)
        return QStringLiteral("%1 ns").arg(ns);
    if (a < 1e6)
        return QStringLiteral("%1 µs").arg(double(ns) / 1e3, 0, 'f', a < 1e4 ? 2 : 1);
    if (a < 1e9)
        return QStringLiteral("%1 ms").arg(double(ns) / 1e6, 0, 'f', a < 1e7 ? 3 : 2);
    return QStringLiteral("%1 s").arg(double(ns) / 1e9, 0, 'f', 3);
}

QString formatPercent(double share, int decimals)
{
    return QStringLiteral("%1 %").arg(share * 100.0, 0, 'f', decimals);
}

QString formatBytes(qint64 bytes)
{
    const double b = double(bytes);
    if (bytes < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    if (b < 1024.0 * 1024)
        return QStringLiteral("%1 KiB").arg(b / 1024, 0, 'f', 1);
    if (b < 1024.0 * 1024 * 1024)
        return QStringLiteral("%1 MiB").arg(b / (1024.0 * 1024), 0, 'f', 1);
    return QStringLiteral("%1 GiB").arg(b / (1024.0 * 1024 * 1024), 0, 'f', 2);
}

QString formatCount(qint64 n)
{
    QString digits = QString::number(std::abs(n));
    for (auto i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return n < 0 ? QLatin1Char('-') + digits : digits;
}

QString formatRate(double perSecond)
{
    if (perSecond >= 1e6)
        return QStringLiteral("%1 M/s").arg(perSecond / 1e6, 0, 'f', 2);
    if (perSecond >= 1e3)
        return QStringLiteral("%1 k/s").arg(perSecond / 1e3, 0, 'f', 1);
    return QStringLiteral("%1 /s").arg(perSecond, 0, 'f', 1);
}

} // namespace sl
