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
    /// The same under the tensor ceiling of the operations' source type `tensorType` ("bf16",
    /// "fp8", "int8"…: NcuKernelFigures::tensorType); an empty type takes the FP32 ceiling. 0 when
    /// the roof has no ceiling for the type (int4, int1, or a GPU not in the peak table): no
    /// other type's ceiling stands in for it (an FP8 GEMM held to the BF16 one reads above 100 %).
    static double attainable(const Roofline& roof, double ai, const QString& tensorType);
    /// The gpu-peaks.json key of a tensor source type: "fp64" → "fp64-tensor", the others as
    /// they are ("bf16", "fp16", "tf32", "fp8", "int8"; "int4" and "int1" have none).
    static QString tensorPeakKey(const QString& tensorType);
    /// How reports name a source type's ceiling: "BF16", "FP8", "INT8".
    static QString tensorTypeLabel(const QString& tensorType) { return tensorType.toUpper(); }
};

} // namespace sl
