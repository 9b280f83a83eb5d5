// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace sl {

/// Part files: a file written under a name of its own beside its final name and renamed over it
/// once complete (QSaveFile's `NAME.XXXXXX` in the trace cache, DigestStore's
/// `NAME.sldigest.part-PID-N-RANDOM`). A write that never finished (a job killed at its time
/// limit, a crash, a full disk) leaves its part behind, and nothing else would ever remove it.
/// The one rule for them: a part not modified for over an hour is stale and may be removed.
/// What counts as a part is the owner's to say (its names); the age is said here only.
class StaleParts
{
public:
    /// How long (ns) a part may go unmodified before it counts as abandoned: a live write of a
    /// cache file or a digest writes its part continuously and takes seconds, never an hour.
    static constexpr qint64 kMaxAgeNs = qint64(3600) * 1'000'000'000;

    /// Now, in ns since the epoch (the clock of the files' modification times).
    static qint64 currentNs();
    /// Whether a part last modified at `modifiedNs` is stale at `nowNs` (both ns since the epoch).
    static bool isStale(qint64 modifiedNs, qint64 nowNs) { return nowNs - modifiedNs > kMaxAgeNs; }
    /// Removes the part `path`, last modified at `modifiedNs`, when it is stale at `nowNs`; true
    /// when it did. For an owner that has already listed its folder with the times.
    static bool removeIfStale(const QString& path, qint64 modifiedNs, qint64 nowNs);
    /// Removes the stale parts of `dir`: its files (hidden ones too) whose names begin with one of
    /// `partPrefixes` (literally, case-sensitive: a file name may hold wildcard characters such as
    /// `[`) and that are stale at `nowNs`. No other file is looked at. Returns how many it removed.
    static int removeIn(const QString& dir, const QStringList& partPrefixes, qint64 nowNs = currentNs());
};

} // namespace sl
