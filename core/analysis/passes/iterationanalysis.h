// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QtGlobal>

#include <vector>

namespace sl {

struct AnalysisResult;

/// The loop of one GPU found from its kernels (docs/analysis.md "Iterations without NVTX"),
/// and how its iterations spend their time. Times in ns.
struct IterationStats
{
    int deviceId = 0;
    quint32 anchorName = 0; ///< StringTable index of the kernel that opens each iteration
    int names = 0; ///< kernel names launched once per iteration
    qint64 iterations = 0; ///< complete iterations (anchor launches − 1)
    qint64 firstNs = 0, lastNs = 0; ///< the first anchor's start, the last one's: what they cover
    qint64 p50Ns = 0, p90Ns = 0, minNs = 0, maxNs = 0; ///< iteration lengths, nearest rank
    qint64 kernelsP50 = 0; ///< kernels launched per iteration, nearest-rank median
    double regularity = 0; ///< share of iterations with that many kernels
    /// The covered span split in four that add up to it: some compute kernel (or graph launch)
    /// runs; only communication kernels (taxonomy category `communication`) run, not hidden
    /// behind compute; only copies (memcpy, memset) run; no GPU work at all (analysis-spec's idle).
    qint64 computeNs = 0, commOnlyNs = 0, copyOnlyNs = 0, idleNs = 0;
    /// idleNs by the cause class of the device's gaps it lies in (IdleGap::Cause order: host-wait,
    /// sync-wait, other, profiler-overhead), as DeviceStats::idleByCauseNs: host-wait is the
    /// launch-bound part, the GPU waiting for the CPU to enqueue. Adds up to idleNs.
    qint64 idleByCauseNs[4] = {};
    qint64 slowest = 0; ///< index of the longest iteration
    qint64 slowestStartNs = 0, slowestEndNs = 0;
};

/// Runs IterationDetector on each GPU's in-window kernels where the window has no step (no NVTX
/// phase step, no serving step): steps are then known, and the detection (a hash count over
/// every kernel) is not paid. Runs after the NVTX, serving and kernel passes (steps, kernel
/// categories). O(kernels).
class IterationAnalysis
{
public:
    static void run(AnalysisResult& r, const Cancellation& cancel = {});
    /// Whether the window has steps of its own (NVTX phases or serving steps).
    static bool hasSteps(const AnalysisResult& r);
};

} // namespace sl
