// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace sl {

/// The identity of an export file for the trace cache: a cached model is served only while
/// every part is unchanged. Size, modification and status-change times (ns) and the file's
/// device and inode catch a touched, truncated or replaced file (a re-export to the same path
/// gets a new inode or at least a new status-change time, which no user can set back); a
/// SHA-256 of the first and last MiB catches a rewrite in place within one clock tick (SQLite's
/// header holds a change counter). The build of Sightline and the UI language are part of it:
/// a new build may read differently, and load warnings are stored translated.
struct TraceCacheKey
{
    qint64 size = 0;
    qint64 modifiedNs = 0;
    qint64 changedNs = 0;
    quint64 device = 0;
    quint64 inode = 0;
    QByteArray edges; ///< SHA-256 of the first and the last MiB
    QString build; ///< version and the running executable's size and modification time
    QString language;

    /// The key of `path` now; nullopt when it cannot be read (the load then reports why).
    static std::optional<TraceCacheKey> of(const QString& path);
    /// SHA-256 over every field: the cache file's name (hex) and its header's check.
    QByteArray digest() const;
    bool operator==(const TraceCacheKey& o) const { return digest() == o.digest(); }
};

} // namespace sl
