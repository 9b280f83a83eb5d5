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
/// alongside. Progress is reported per 64 k rows, cancel is honoured within one chunk, and every
/// failure is a LoadOutcome with a translated message that names the file.
class TraceLoader
{
    Q_DECLARE_TR_FUNCTIONS(TraceLoader)
public:
    /// Blocking load on the calling thread (plus one helper thread). `cancel` may be null.
    static LoadOutcome loadSync(const QString& path, const LoadOptions& options = {},
                                const LoadProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);
    /// Asynchronous load; QFuture progress is in permille with the stage as progress text;
    /// cancelling the future stops the load within one chunk. The result is always set.
    static QFuture<LoadOutcome> load(const QString& path, const LoadOptions& options = {});
};

} // namespace sl
