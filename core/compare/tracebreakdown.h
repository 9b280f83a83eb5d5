// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QVector>

#include <vector>

namespace sl {

struct AnalysisResult;

/// An NVTX step of one trace, for the step-aligned view and evidence. ns.
struct AlignedStep
{
    qint64 startNs = 0, endNs = 0;
    quint32 nvtx = 0; ///< NvtxTable index
    quint32 pid = 0;
    qint8 phase = -1; ///< index into the trace's AnalysisResult::phases
    bool topLevel = false; ///< no other step on its thread encloses it
};

/// What a comparison derives from one analysis's per-kernel and per-range vectors
/// (kernelInWindow, kernelPhase, categoryOfName, rangeStepPhase) beyond the single-trace
/// report: kernel time per phase and category, blocking-sync time per phase, GPU idle inside
/// the steps, and the steps themselves. Phase slots follow AnalysisResult::phases (unattributed
/// last); category slots follow Taxonomy::categories(). Times in ns.
struct TraceBreakdown
{
    struct Phase
    {
        std::vector<qint64> categoryNs; ///< kernel ns per category (kernels in the window)
        qint64 blockingSyncNs = 0, blockingSyncCount = 0; ///< blocking calls in the window, by innermost enclosing step
        qint64 stepDeviceNs = 0; ///< Σ over in-window steps and their process's GPUs of the step's length
        qint64 stepIdleNs = 0; ///< the part of stepDeviceNs in which that GPU ran no work
    };
    QVector<Phase> phases;
    std::vector<qint64> categoryNs; ///< per category over all phases (= report.json by_category_ns)
    QVector<AlignedStep> steps; ///< in-window steps (all phases), in start order
    std::vector<qint64> topLevelStepNs; ///< durations of the in-window top-level steps, in start order

    /// Linear in kernels, API calls and NVTX ranges (one sort of each thread's steps). Any thread;
    /// returns an empty breakdown when `cancel` is set.
    static TraceBreakdown compute(const AnalysisResult& r, const Cancellation& cancel = {});
};

} // namespace sl
