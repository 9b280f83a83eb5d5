// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/trace.h"

#include <QString>

#include <atomic>
#include <functional>

namespace sl {

/// Why a trace could not be opened. Each has its own translated message naming the file.
enum class LoadError {
    None,
    MissingFile,
    IsDirectory,
    Unreadable,
    EmptyFile,
    NsysReport,    ///< a .nsys-rep/.qdrep given instead of its SQLite export
    NotSqlite,
    Truncated,
    Corrupt,
    NotNsysExport, ///< valid SQLite, but no nsys tables
    Cancelled,
};

/// Result of a load: a trace, or an error (translated, names the file and what is wrong).
struct LoadOutcome
{
    TracePtr trace;
    LoadError error = LoadError::None;
    QString message;
    bool ok() const { return trace != nullptr; }
};

struct LoadOptions
{
    bool computeSha256 = true; ///< hash the file (reports carry it); off for benchmarks of the parse alone
    bool parallel = true;      ///< read GPU and host tables on two connections at once
};

/// Progress in permille (0..1000) with a short translated stage name; called from loader threads.
using LoadProgress = std::function<void(int permille, const QString& stage)>;

/// Shared by the reader threads of one load: row counters for progress and the cancel flag.
struct LoadContext
{
    mutable std::atomic<bool> cancel{false};
    std::atomic<qint64> rowsDone{0};
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
