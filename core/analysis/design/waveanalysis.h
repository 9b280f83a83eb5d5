// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

/// Waves and tails from the trace alone (issue 23, docs/analysis.md "Waves and tails"): per
/// kernel launch the CTAs of its grid against the CTAs the GPU holds at once (SMs × CTAs per SM
/// from the occupancy calculator), per kernel name the time-weighted wave efficiency and the
/// GPU time lost in partial last waves, and the wave-tail finding for GEMM and attention kernels.
class WaveAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(WaveAnalysis)
public:
    /// Fills AnalysisResult::design.kernels; needs the kernel summary (categories). One pass over
    /// the window's kernels; returns early, incomplete, on a cancel.
    static void run(AnalysisResult& r, const Cancellation& cancel = {});
    /// The geometry of one launch configuration on one GPU; nullopt when the GPU's SM count or
    /// limits are not in the export, or the configuration cannot launch.
    static std::optional<WaveGeometry> geometry(const LaunchConfig& c, const GpuInfo& gpu);
    /// The wave-tail findings (one per GEMM or attention kernel name at or above
    /// spec::kWaveTailShare), with the launches as evidence.
    static QVector<Finding> findings(const AnalysisResult& r);
    /// The wave-tail rule of `w` as an SQL condition over CUPTI_ACTIVITY_KIND_KERNEL: the name's
    /// in-window launches on one of its tail (device, launch configuration) pairs. The evidence
    /// SQL uses it above Evidence::kMaxRowids rows.
    static QString tailPredicate(const AnalysisResult& r, const KernelWaves& w);
};

} // namespace sl
