// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

#include <QCoreApplication>
#include <QFuture>

namespace sl {

/// Opens an Nsight Systems SQLite export read-only and builds a Trace.
///
/// GPU tables (kernels, copies, graph launches) are read on one connection and host tables
/// (API calls, NVTX) on a second one at the same time, so both cores work; the file hash runs
/// alongside. Progress is reported per 64 k rows, cancel is honoured within 4 k rows (and between
/// the indexing steps), and every failure is a LoadOutcome with a translated message that names
/// the file. Freed memory goes back to the system when a load fails or is cancelled and when the
/// last reference to a loaded Trace is dropped (ResourceUsage::releaseFreedMemory).
class TraceLoader
{
    Q_DECLARE_TR_FUNCTIONS(TraceLoader)
public:
    /// Blocking load on the calling thread (plus one helper thread). `cancel` may be null.
    static LoadOutcome loadSync(const QString& path, const LoadOptions& options = {}, const LoadProgress& progress = {},
        const std::atomic<bool>* cancel = nullptr);
    /// Asynchronous load; QFuture progress is in permille with the stage as progress text;
    /// cancelling the future stops the load within 4 k rows. The result is set unless the future
    /// was cancelled (a cancelled QFuture drops results).
    static QFuture<LoadOutcome> load(const QString& path, const LoadOptions& options = {});

private:
    /// Serves an unchanged export from the trace cache when LoadOptions::cacheDir is set, else
    /// loads it with loadImpl() and caches the result in the background.
    static LoadOutcome loadOrReuse(const QString& path, const LoadOptions& options, const LoadProgress& progress,
        std::function<bool()> cancelRequested);
    /// `cancelRequested` is polled every 4 k rows from the reader threads (may be empty).
    static LoadOutcome loadImpl(const QString& path, const LoadOptions& options, const LoadProgress& progress,
        std::function<bool()> cancelRequested);
};

} // namespace sl
