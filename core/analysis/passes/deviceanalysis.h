// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

namespace sl {

struct AnalysisResult;

/// Per device: busy union of all GPU work, compute-busy union, idle, the idle gaps with their
/// cause class, the GPU-gaps rule input and the low-utilisation chunks (spec §3 "Devices",
/// "Idle gaps"). Two walks over the GPU operation tables for every device at once: the extent,
/// then one k-way merge of the start-sorted tables: O(n), no temporary copy of the intervals.
class DeviceAnalysis
{
public:
    /// Returns early, with the devices incomplete, when `cancel` is set.
    static void run(int maxGaps, AnalysisResult& r, const Cancellation& cancel = {});
};

} // namespace sl
