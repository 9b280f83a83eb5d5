// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QtGlobal>

#include <vector>

namespace sl {

struct AnalysisResult;
struct Trace;

/// Host-side views of the window: launch rate, storm and launch overhead; synchronisation
/// calls; memory transfers by kind with the pageable-async and synchronous copy rules; CUDA
/// graph launches (spec §3 "Launch rate", "Synchronisation", "Memory transfers").
class HostAnalysis
{
public:
    /// Each returns early, with its part of `r` incomplete, when `cancel` is set.
    static void launches(AnalysisResult& r, const Cancellation& cancel = {});
    static void sync(AnalysisResult& r, const Cancellation& cancel = {});
    static void memcpy(AnalysisResult& r, const Cancellation& cancel = {});
    static void graphs(AnalysisResult& r, const Cancellation& cancel = {});

    /// The launch-overhead rules (spec §3 "Launch overhead"), shared with the launch-bound
    /// finding. A kernel counts when an API call of its own launched it: kernels of a node-mode
    /// graph share one cudaGraphLaunch call, so a comparison with "its" call means nothing.
    static bool hasOwnLaunchCall(const Trace& t, qsizetype kernel);
    /// Launch-bound: how much longer (ns) the launching call ran than the kernel; 0 when the
    /// kernel is not shorter than its call. Only for kernels with hasOwnLaunchCall().
    static qint64 launchExcessNs(const Trace& t, qsizetype kernel);

    /// The window's kernels with a launch call of their own (those of phase `phase`, an index
    /// into AnalysisResult::phases as in kernelPhase, or of every phase when it is negative), and
    /// those of them shorter than their call.
    struct LaunchBoundKernels
    {
        qint64 considered = 0; ///< kernels in the window (and phase) with a launch call of their own
        qint64 excessNs = 0; ///< sum of launchExcessNs over `rows`
        std::vector<quint32> rows; ///< the launch-bound ones, in kernel order
    };
    /// One walk over the kernel columns applying the two rules above (the launch-bound finding's),
    /// reading the columns directly rather than calling them per kernel. `reserve`: the rows
    /// expected (HostAnalysis::launches counted them).
    static LaunchBoundKernels launchBoundKernels(const AnalysisResult& r, int phase, qint64 reserve);

    /// The copy rules, shared with the findings so evidence selects exactly what was counted.
    static bool isPageableAsyncCopy(const Trace& t, qsizetype i);
    static bool isSyncCopy(const Trace& t, qsizetype i);
};

} // namespace sl
