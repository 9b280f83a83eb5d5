// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <ctime>

namespace sl {

/// A file time from stat(2) (st_mtim, st_ctim) as ns since the epoch. Seconds are clamped to ±4·10⁹
/// (1843–2096): a file touched to year 3000 must not overflow the ns, or an age computed from
/// them; times in that range keep their order. Read with stat, not QFileInfo: Qt 6.4 converts
/// file times to local time, and glibc with TZ unset re-reads /etc/localtime on each conversion.
inline qint64 fileTimeNs(const timespec& t)
{
    constexpr qint64 kMaxSecs = 4'000'000'000;
    return std::clamp<qint64>(t.tv_sec, -kMaxSecs, kMaxSecs) * 1'000'000'000 + t.tv_nsec;
}

} // namespace sl
