// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

namespace sl {

struct AnalysisResult;
class PhaseMap;

/// NVTX ranges by name, innermost-range kernel attribution with coverage, and phases
/// (spec §3 "NVTX"). One sort-and-sweep per thread over its ranges and the kernels its calls
/// launched (in call order): a stack of open ranges answers "innermost enclosing range" for
/// each kernel's call in O(1) amortised, so the cost is O((ranges + kernels) log) and never
/// ranges × kernels. When every thread's kernels come in the table in the order of their
/// calls (every real export so far), one walk over the table sweeps all threads at once and
/// totals the kernels, with 1 B per kernel beside the results; else each thread's kernels are
/// gathered (4 B per kernel, a quarter of them at a time) and sorted by call. 10 B per range.
///
/// A kernel belongs to the innermost range on its launching call's thread that encloses the
/// call's start (range.start ≤ call.start ≤ range.end); only ranges that start and end on that
/// thread count. Its phase is that of the nearest enclosing range whose name matches the phase
/// map. A range is a *step* of its phase when no enclosing range has the same phase.
class NvtxAnalysis
{
public:
    /// Returns early, with the NVTX figures incomplete, when `cancel` is set.
    static void run(const PhaseMap& phases, AnalysisResult& r, const Cancellation& cancel = {});
};

} // namespace sl
