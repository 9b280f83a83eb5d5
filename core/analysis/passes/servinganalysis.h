// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

namespace sl {

struct AnalysisResult;
class PhaseMap;

/// Serving steps and their figures (docs/analysis.md "Serving steps"): recognises the steps by
/// the phase map's step rules, links kernels and host ranges to them, measures GPU busy time
/// inside each step, and sums tokens, TPOT, throughput and kernel time per token per rank and
/// for the window, counting tensor-parallel replicas once. Runs after NvtxAnalysis (it reads
/// kernelRange). One sort-and-sweep per thread over its ranges, one pass over the kernels, and
/// per GPU one merge of its busy union swept against its steps: O((ranges + GPU ops) log).
class ServingAnalysis
{
public:
    /// Returns early, with r.serving incomplete, when `cancel` is set (polled per 16 k ranges
    /// and kernels, and between the stages).
    static void run(const PhaseMap& phases, AnalysisResult& r, const Cancellation& cancel = {});
};

} // namespace sl
