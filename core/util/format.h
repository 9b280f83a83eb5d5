// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// Human-readable renderings shared by the Markdown report, the CLI and the GUI.
/// Input units: ns, bytes, fractions in [0, 1]. Locale-independent (C locale) so reports are
/// reproducible.
QString formatDuration(qint64 ns); ///< "812 ns", "12.3 µs", "4.56 ms", "1.234 s"
QString formatPercent(double share, int decimals = 1); ///< 0.1234 → "12.3 %"
QString formatBytes(qint64 bytes); ///< "512 B", "4.0 KiB", "1.5 MiB"
QString formatCount(qint64 n); ///< 1234567 → "1,234,567"
QString formatRate(double perSecond); ///< 52341.2 → "52.3 k/s"

} // namespace sl
