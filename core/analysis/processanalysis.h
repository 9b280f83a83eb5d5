// SPDX-License-Identifier: MIT
#pragma once

namespace sl {

struct AnalysisResult;

/// Per process: kernels, API calls, blocking sync, NVTX ranges, devices and threads
/// (spec §3 "Processes"). Kernels are attributed by their own globalPid, so per-process kernel
/// sums add up to the trace totals.
class ProcessAnalysis
{
public:
    static void run(AnalysisResult& r);
};

} // namespace sl
