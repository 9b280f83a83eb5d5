// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

namespace sl {

struct AnalysisResult;

/// Per process: kernels, API calls, blocking sync, NVTX ranges, devices and threads
/// (spec §3 "Processes"). Kernels are attributed by their own globalPid, so per-process kernel
/// sums add up to the trace totals.
class ProcessAnalysis
{
public:
    /// Returns early, with the processes incomplete, when `cancel` is set.
    static void run(AnalysisResult& r, const Cancellation& cancel = {});
};

} // namespace sl
