// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/tracecachekey.h"
#include "core/trace/trace.h"

#include <QCoreApplication>

namespace sl {

/// The persistent columnar cache of loaded traces (issue 20.2): a reopened export whose
/// identity (TraceCacheKey) is unchanged is read back from one file in the user's cache folder
/// — never beside the export — instead of being parsed again from SQLite. A file is a 64-byte
/// header (magic, format version, the key's digest, the payload length) and the column stream of
/// TraceCacheLayout; it is mapped, checked column by column (checksums, then every id) and
/// copied into the trace's columns. A missing, stale, damaged or foreign file is a miss: it is
/// deleted and the export is loaded from SQLite and cached again. Files are written atomically
/// (QSaveFile) on a background thread after the load, and the folder is kept under a size cap by
/// evicting the least recently used files (a hit refreshes a file's modification time).
/// Format: docs/cache-format.md.
class TraceCache
{
    Q_DECLARE_TR_FUNCTIONS(TraceCache)
public:
    /// 2: short names per name, ops' correlation ids when unmatched; 3: 32-bit rowids and
    /// durations (issue 20).
    static constexpr quint32 kFormatVersion = 6;
    static constexpr qint64 kDefaultCapBytes = qint64(8) << 30;
    static constexpr const char* kSuffix = ".slcache";
    /// Files of the analysis result cache (ResultCache, core/session) share the folder and the
    /// cap: evict() weighs them with the traces, least recently used first.
    static constexpr const char* kResultSuffix = ".slresult";
    /// Cluster digests of exports (ClusterInputs, core/cluster) under the same key and cap: the
    /// file is the digest itself (docs/digest-format.md), so a cached one can be copied off as is.
    static constexpr const char* kDigestSuffix = ".sldigest";

    explicit TraceCache(QString dir, qint64 capBytes = kDefaultCapBytes);

    /// `<user cache folder>/traces` (QStandardPaths::CacheLocation).
    static QString defaultDir();
    QString dir() const { return m_dir; }
    /// The file that holds (or would hold) the trace of `key`.
    QString fileFor(const TraceCacheKey& key) const;

    /// The cached trace of `key`, or null (a miss; a damaged file is removed). `why` gets the
    /// reason of a miss, for the log.
    std::shared_ptr<Trace> read(const TraceCacheKey& key, QString* why = nullptr) const;
    /// Writes `trace` for `key` atomically, then evicts down to the cap. False (with `error`)
    /// when it cannot, e.g. the folder is not writable or the trace alone exceeds the cap.
    bool write(const Trace& trace, const TraceCacheKey& key, QString* error = nullptr) const;
    /// Marks a file of the cache folder as just used (a hit): evict() removes the least recently
    /// used first, by modification time.
    static void markUsed(const QString& path);
    /// Removes the least recently used files until the folder holds at most the cap, and
    /// temporary files of writes that never finished.
    void evict() const;

    /// write() on the cache's own background thread; the trace is shared, not copied.
    static void writeLater(TracePtr trace, const TraceCacheKey& key, const QString& dir, qint64 capBytes);
    /// Blocks until every writeLater() has finished (the CLI before it exits, tests).
    static void waitForWrites();

private:
    QString m_dir;
    qint64 m_cap;
};

} // namespace sl
