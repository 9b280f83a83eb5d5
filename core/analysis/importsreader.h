// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/imports.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>

#include <atomic>
#include <functional>

namespace sl {

struct AnalysisOptions;
struct TraceInfo;

/// The one reader of the files imported beside a trace (issue 21.2): NVML CSV, Nsight Compute
/// results (running `ncu --import` for a .ncu-rep, killed on cancel) and the cuBLAS log named in
/// AnalysisOptions, into an Imports snapshot the analyses use instead of the paths.
class ImportsReader
{
    Q_DECLARE_TR_FUNCTIONS(ImportsReader)
public:
    /// Reads every import `options` names. `info` aligns the NVML timestamps (session start,
    /// local offset). A cancel stops between files and stops `ncu`; the caller drops the result.
    /// `progress` (may be null) gets permille and a translated stage before each file and each
    /// ncu conversion. `waiting` (may be null) is told, translated, each time an external tool
    /// is started and awaited (ncu converting a .ncu-rep), so a caller without a progress bar
    /// can say what it waits for.
    static ImportsPtr read(const AnalysisOptions& options, const TraceInfo& info, const Cancellation& cancel = {},
        const std::function<void(int, const QString&)>& progress = {},
        const std::function<void(const QString&)>& waiting = {});
    /// Whether `options` names any import.
    static bool hasImports(const AnalysisOptions& options);
    /// Whether `imports` was read from exactly the paths `options` names.
    static bool matches(const Imports& imports, const AnalysisOptions& options);
    /// Files (or folders) read since the process started: one per import read (tests prove a
    /// window change reads none).
    static quint64 fileReads() { return s_fileReads.load(std::memory_order_relaxed); }

private:
    static void readNvml(Imports& out, const TraceInfo& info);
    static void readNcu(Imports& out, const AnalysisOptions& options, const Cancellation& cancel,
        const std::function<void(const QString&)>& converting);
    static inline std::atomic<quint64> s_fileReads { 0 };
};

} // namespace sl
