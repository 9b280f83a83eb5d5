// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/tracecachekey.h"
#include "core/trace/trace.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace sl {

class FileHash;

/// Why a trace could not be opened. Each has its own translated message naming the file.
enum class LoadError {
    None,
    MissingFile,
    IsDirectory,
    NotRegularFile, ///< a FIFO, socket or device: refused without opening it (reading could block forever)
    FolderUnreadable, ///< a folder on the path cannot be searched (permission denied)
    Unreadable, ///< the file itself cannot be read (permission denied, I/O error)
    PathTooLong, ///< longer than the system or the SQLite library accepts
    EmptyFile,
    NsysReport, ///< a .nsys-rep/.qdrep given instead of its SQLite export
    NotSqlite,
    Truncated,
    Corrupt, ///< SQLite reports the file malformed (or not a database past its header)
    Locked, ///< another program holds a write lock on it (it is being written)
    HotJournal, ///< a -journal beside it holds an unfinished transaction
    WalPending, ///< a -wal beside it holds changes not yet in the file
    NotNsysExport, ///< valid SQLite, but no nsys tables
    UnknownSchema, ///< an nsys export missing a table column the loader needs (a newer or edited schema)
    Cancelled,
};

/// Result of a load: a trace, or an error (translated, names the file and what is wrong).
struct LoadOutcome
{
    TracePtr trace;
    LoadError error = LoadError::None;
    QString message;
    /// Set instead of a background cache write when LoadOptions::deferCacheWrite asked for it:
    /// the key to hand to TraceCache::writeLater once the caller is idle.
    std::optional<TraceCacheKey> cacheKey;
    /// Set when the trace cache served the trace: the key it was cached under. With cacheKey,
    /// the export's identity for the caches of what is derived from the trace (the analysis
    /// result cache, TraceSession).
    std::optional<TraceCacheKey> servedKey;
    bool ok() const { return trace != nullptr; }
};

struct LoadOptions
{
    bool computeSha256 = true; ///< hash the file (reports carry it); off for benchmarks of the parse alone
    bool parallel = true; ///< read GPU and host tables on two connections at once
    /// Connections reading a large GPU_METRICS in rowid ranges at once (GpuMetricsReader); 0 =
    /// one per core beyond the two main readers, 1 to 4.
    int metricsReaders = 0;
    /// Rows each GPU_METRICS range reader gets at least: fewer, and a connection of its own costs
    /// more than it saves (opening it, reading the schema).
    qint64 metricsRowsPerRange = 2'000'000;
    /// The persistent trace cache's folder (TraceCache): a reopened, unchanged export is read
    /// from there, a freshly loaded one written there in the background. Empty: no cache — the
    /// default for the library and the tests; the applications set it unless the user turned
    /// the cache off (Preferences, --no-cache).
    QString cacheDir;
    qint64 cacheCapBytes = qint64(8) << 30; ///< the cache folder's size limit (bytes)
    /// Do not start the cache write when the load ends (it would compete with the analysis for
    /// the cores): return LoadOutcome::cacheKey and let the caller write when it is idle (the GUI).
    bool deferCacheWrite = false;
    /// The export's hash, already running (computeSha256): a caller that knows the path before
    /// its own set-up is done starts it there, on a core that set-up leaves idle (the CLI's
    /// analyze: ~10 ms of a 14 MB export's SHA-256 off the load's critical path). The load adopts
    /// it when it hashes the same path (and pauses it while the trace cache is read, and while its
    /// readers run on fewer than four cores); it cancels it when it fails, when the trace cache
    /// serves the trace with its hash, or when it is not of the loaded file.
    std::shared_ptr<FileHash> runningHash;
};

/// Progress in permille (0..1000) with a short translated stage name; called from loader threads.
using LoadProgress = std::function<void(int permille, const QString& stage)>;

/// Shared by the reader threads of one load: row counters for progress and the cancel flag.
struct LoadContext
{
    mutable std::atomic<bool> cancel { false };
    std::atomic<qint64> rowsDone { 0 };
    /// The SQLite result code of the first failed scan (0: none), set by scanRows so that the
    /// loader can tell a damaged file from a locked or unreadable one.
    std::atomic<int> sqliteError { 0 };
    qint64 rowsTotal = 1;
    /// Called by readers every 64 k rows, from any reader thread: reports progress and may set
    /// `cancel` (the callee must be thread-safe).
    std::function<void()> tick;
    /// The caller's cancel request (an atomic flag, QPromise::isCanceled), polled by
    /// cancelled(): readers check every 4 k rows, so a cancel is seen within milliseconds
    /// instead of at the next progress tick. Thread-safe and cheap.
    std::function<bool()> cancelRequested;
    bool cancelled() const
    {
        if (cancel.load(std::memory_order_relaxed))
            return true;
        if (cancelRequested && cancelRequested()) {
            cancel.store(true, std::memory_order_relaxed);
            return true;
        }
        return false;
    }
};

} // namespace sl
