// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/counters/counterresult.h"
#include "core/analysis/rules/gpupeaks.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisResult;
struct GpuInfo;

/// Turns an Nsight Compute import into per-kernel-name figures next to the trace's own
/// (achieved vs theoretical occupancy, throughput, hit rates, tensor activity, FLOPs, bytes,
/// arithmetic intensity, stalls), the roofline of each GPU, and findings: a hot kernel far
/// below its roof, achieved occupancy far below theoretical, a poor L2 hit rate (thresholds:
/// core/analysis/rules/specrules.h).
class NcuAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(NcuAnalysis)
public:
    /// `peaks` gives each GPU's tensor ceiling (AnalysisOptions::peaks).
    /// Returns an empty result, and appends no finding, when `cancel` is set (polled per 16 k
    /// launches and before the findings).
    static NcuResult run(AnalysisResult& result, NcuReport report, const GpuPeaks& peaks = GpuPeaks::defaultTable(),
        const Cancellation& cancel = {});
    /// The trace launches a kernel name's profiled launches matched (KERNEL rowids + SQL).
    static Evidence launchEvidence(const Trace& trace, const NcuKernelFigures& kernel);
    /// FP32 lanes per SM by compute capability (CUDA programming guide, "Arithmetic
    /// Instructions"); 0 when unknown.
    static int fp32LanesPerSm(int major, int minor);
    /// FP32 peak ÷ FP64 peak by compute capability: 2 on the data-centre parts (6.0, 7.0, 8.0,
    /// 9.0, 10.0), 64 on Ampere-and-later consumer parts (8.6+, 12.x), else 32.
    static int fp32PerFp64(int major, int minor);
    /// Non-tensor FP16 peak ÷ FP32 peak: 4 on A100 (8.0), 1 on Ampere-and-later consumer parts
    /// (8.6+, 12.x), else 2.
    static double fp16PerFp32(int major, int minor);
    static Roofline roofOf(const GpuInfo& gpu, const GpuPeaks& peaks = GpuPeaks::defaultTable());
    /// The roof at arithmetic intensity `ai` (FLOP/byte) under the FP32 ceiling and the DRAM roof.
    static double attainable(const Roofline& roof, double ai);
    /// The same under the tensor ceiling when `tensor` and the roof has one, else the FP32 one.
    static double attainable(const Roofline& roof, double ai, bool tensor);
};

} // namespace sl
