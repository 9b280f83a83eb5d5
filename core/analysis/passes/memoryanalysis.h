// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisResult;

/// GPU memory (docs/analysis.md "GPU memory"): memory in use per GPU over time from the export's
/// allocation events, its peak per GPU, per process and per phase, headroom against the GPU's
/// memory, allocation churn from the CUDA API calls, and the `allocation-in-step` finding when
/// allocations and frees sit on the steps' critical path. Runs after the NVTX analysis (steps,
/// thread groups). O(events + calls · log ranges + steps · log events).
class MemoryAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(MemoryAnalysis)
public:
    /// Returns early, with r.memory incomplete, when `cancel` is set (checked between the parts,
    /// each one linear pass).
    static void run(AnalysisResult& r, const Cancellation& cancel = {});
    /// Whether an API name (`cudaMalloc_v3020`, `cuMemFree_v2`, …) allocates (+1), frees (−1)
    /// or neither (0).
    static int allocationKind(const QString& apiName);
};

} // namespace sl
