// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

/// The thresholds of the analysis specification (shared/docs/analysis-spec.md), each in one
/// place with its unit and section. The C++ rules and the SQL of their evidence
/// (EvidenceSql) are both written from these constants, so the two cannot drift apart;
/// docs/analysis.md quotes the same values.
namespace sl::spec {

// §2 The analysis window: the steady-state warm-up ends at the first idle gap (of all GPUs'
// work) longer than both of these.
inline constexpr qint64 kWarmupGapMinNs = 1'000'000'000; ///< 1 s
inline constexpr qint64 kWarmupGapCaptureDivisor = 4; ///< 25 % of the capture

// §3 GPU gaps rule (Nsight Expert Systems gpu_gaps): idle gaps of at least this length are
// reported, and always kept in AnalysisResult::gaps and report.json idle_gaps[].
inline constexpr qint64 kGpuGapNs = 500'000'000; ///< 500 ms

// §3 Low-utilisation rule (gpu_time_util): the device's span cut into this many equal chunks;
// a chunk is low when its busy share is below one half.
inline constexpr int kUtilChunks = 30;
inline constexpr qint64 kLowUtilBusyDivisor = 2; ///< busy < span / 2, i.e. under 50 %

// §3 Launch rate: the duration distribution's "share under" thresholds.
inline constexpr qint64 kShortKernel5Ns = 5'000; ///< 5 µs
inline constexpr qint64 kShortKernel10Ns = 10'000; ///< 10 µs
inline constexpr qint64 kShortKernel20Ns = 20'000; ///< 20 µs

// §3 Launch storm: (≥ 50 000 launches/s and p50 ≤ 10 µs) or (≥ 100 000 launches/s and
// p50 ≤ 20 µs). The finding's evidence lists the device's kernels of at most kStormP50Ns.
inline constexpr double kStormLaunchesPerSecond = 50'000;
inline constexpr qint64 kStormP50Ns = 10'000; ///< 10 µs
inline constexpr double kFastStormLaunchesPerSecond = 100'000;
inline constexpr qint64 kFastStormP50Ns = 20'000; ///< 20 µs

constexpr bool isLaunchStorm(double launchesPerSecond, qint64 p50Ns)
{
    return (launchesPerSecond >= kStormLaunchesPerSecond && p50Ns <= kStormP50Ns)
        || (launchesPerSecond >= kFastStormLaunchesPerSecond && p50Ns <= kFastStormP50Ns);
}

// §3 Memory transfers: ENUM_CUDA_MEMCPY_OPER ids and the synchronous-copy rule (non-Async
// API, excluding device-to-device copies and host-to-device ones of at most 64 KB, which return
// before the copy completes). A pageable copy has srcKind or dstKind kPageableMemoryKind.
inline constexpr int kCopyKindHtoD = 1;
inline constexpr int kCopyKindDtoD = 8;
inline constexpr qint64 kSmallHtoDBytes = 64 * 1024; ///< 64 KB
inline constexpr int kPageableMemoryKind = 0;

/// The copy-kind and size part of the synchronous-copy rule (the API part is the caller's).
constexpr bool isSyncCopyShape(int copyKind, qint64 bytes)
{
    return copyKind != kCopyKindDtoD && !(copyKind == kCopyKindHtoD && bytes <= kSmallHtoDBytes);
}

// §3 NVTX: attribution coverage under this share gets a warning and the low-coverage finding.
inline constexpr double kNvtxCoverageWarning = 0.70; ///< 70 %

// §4 Findings: severity of a share of the window at stake (high, medium, low; else info).
/// GPU memory (docs/analysis.md "GPU memory"): allocation and free calls made inside steps
/// holding the CPU for at least 1 % of the steps' time raise `allocation-in-step`.
inline constexpr double kAllocInStepShare = 0.01;

inline constexpr double kSeverityHighShare = 0.20;
inline constexpr double kSeverityMediumShare = 0.05;
inline constexpr double kSeverityLowShare = 0.01;
// §4 Dominant kernel: share of kernel time (medium, high).
inline constexpr double kDominantKernelShare = 0.25;
inline constexpr double kDominantKernelHighShare = 0.50;
// §4 Significant idle: idle share of a device's span (medium, high).
inline constexpr double kSignificantIdleShare = 0.20;
inline constexpr double kSignificantIdleHighShare = 0.40;
// §4 Warm-up dominating: share of the whole window outside the steady-state window.
inline constexpr double kWarmupDominatesShare = 0.25;
// §4 Blocking synchronisation: reported from this share of the window.
inline constexpr double kBlockingSyncShare = 0.01;
// §4 Launch-bound: at least this many kernels considered, and more than half of them bound.
inline constexpr qint64 kLaunchBoundMinKernels = 10;
// §4 Phase imbalance: slowest rank's kernel time per step at least this times the fastest's.
inline constexpr double kPhaseImbalanceRatio = 1.25;

// The findings of the wings beyond spec §4 (docs/analysis.md "Efficiency", "Serving findings",
// "Hardware counters", "Nsight Compute"). Their evidence lists the rows that prove them, so no
// evidence SQL repeats these thresholds; the predicates below are the rules' one C++ form.

// Efficiency: GEMM/convolution on the CUDA cores reported from this share of kernel time.
inline constexpr double kGemmSimtKernelShare = 0.01;
// Efficiency: a GPU busy with copies alone for at least this share of its span (and longer than
// it computes) is "copy-busy".
inline constexpr double kCopyBusySpanShare = 0.10;
// Efficiency: communication no kernel hides reported from this share of the window.
inline constexpr double kExposedCommShare = 0.01;

constexpr bool isCopyBusy(qint64 copyOnlyNs, qint64 computeBusyNs, qint64 spanNs)
{
    return spanNs > 0 && copyOnlyNs > computeBusyNs && double(copyOnlyNs) >= kCopyBusySpanShare * double(spanNs);
}

// Serving: decode steps dominated by host overhead, when at least kMinDecodeSteps decode steps
// leave the GPU idle for at least this share of their time.
inline constexpr double kHostIdleShare = 0.5;
inline constexpr qint64 kMinDecodeSteps = 10;
// Serving: prefill stalls decode when the median mixed step takes at least this many times the
// decode-only step of the same batch (at least kMinMixedSteps mixed steps matched, each batch's
// reference from at least kMinReferenceSteps decode-only steps).
inline constexpr double kStallRatio = 2.0;
inline constexpr qint64 kMinMixedSteps = 3;
inline constexpr qint64 kMinReferenceSteps = 3;
// Serving: a rank whose median step takes at least this many times the fastest rank's, both
// with at least kMinRankSteps steps.
inline constexpr double kRankRatio = 1.25;
inline constexpr qint64 kMinRankSteps = 10;

constexpr bool isHostDominated(qint64 idleNs, qint64 stepNs)
{
    return double(idleNs) >= kHostIdleShare * double(stepNs);
}
constexpr bool isSlowRank(qint64 slowMedianNs, qint64 fastMedianNs)
{
    return fastMedianNs > 0 && double(slowMedianNs) >= kRankRatio * double(fastMedianNs);
}

// Hardware counters: the bound class of a stretch (percent of peak, time-weighted over its
// kernel time). Kernels covering less than kIdleBusyShare of the stretch: idle; DRAM or compute
// at or above kBoundPct: that bound; else latency-bound.
inline constexpr double kIdleBusyShare = 0.20;
inline constexpr double kBoundPct = 50.0;
// Hardware counters: a clock below kThrottleClockShare of its capture maximum for over
// kThrottleTimeShare of the sampled window is throttling.
inline constexpr double kThrottleClockShare = 0.90;
inline constexpr double kThrottleTimeShare = 0.10;
// Hardware counters: findings only for stretches with at least this share of the window's
// kernel time.
inline constexpr double kCounterFindingBusyShare = 0.05;
// Hardware counters: a step class whose stretch shares at least this much of the longer of it
// and a phase's stretch on the same device is that phase (reported once, as the phase).
inline constexpr double kSameStretchShare = 0.90;

// Nsight Compute: findings for kernel names with at least kNcuHotShare of kernel time: below
// kBelowRoofShare of the roofline at their intensity; achieved occupancy below kOccupancyRatio
// of theoretical; L2 hit rate under kPoorL2HitPct while DRAM runs at kBusyDramPct or more.
inline constexpr double kNcuHotShare = 0.05;
inline constexpr double kBelowRoofShare = 0.20;
inline constexpr double kOccupancyRatio = 0.50;
inline constexpr double kPoorL2HitPct = 50.0;
inline constexpr double kBusyDramPct = 40.0;
// Nsight Compute: the GPU time at stake of a poor L2 hit rate: this share of the kernel time the
// misses cost (half of it: a miss costs a DRAM round trip, not the whole kernel).
inline constexpr double kPoorL2ImpactShare = 0.5;

constexpr bool isPoorL2(double l2HitPct, double dramPct) { return l2HitPct < kPoorL2HitPct && dramPct >= kBusyDramPct; }

// Issue 23, waves and tails (docs/analysis.md "Waves and tails"): a GEMM or attention kernel
// name gets the wave-tail finding when its partial last waves cost at least this share of its
// time (Σ duration · (1 − wave efficiency) ÷ Σ duration); its launches at or above the same
// share are the evidence.
inline constexpr double kWaveTailShare = 0.05; ///< 5 %

// Issue 23, shape advisor (docs/analysis.md "Shape advisor"). NVIDIA's Deep Learning Performance
// guide ("Matrix Multiplication Background", tensor-core requirements): the GEMM dimensions
// m, n, k should be multiples of 16 bytes of elements — 8 for fp16/bf16, 16 for int8/fp8 —
// for cuBLAS to use the tensor cores efficiently.
inline constexpr int kTensorCoreAlign16Bit = 8; ///< fp16, bf16 elements
inline constexpr int kTensorCoreAlign8Bit = 16; ///< int8, fp8 elements
// The same guide: from the A100 on, tensor cores are most efficient with dimensions in
// multiples of 128 bytes (64 fp16/bf16 elements): the value the alignment finding proposes.
inline constexpr int kTensorCoreBestAlignBytes = 128;
// Tile quantization: reported when the empty part of a dimension's last tile is at least this
// share of its tile work (1 − value ÷ tiles·tile).
inline constexpr double kTileWasteShare = 0.05; ///< 5 %

} // namespace sl::spec
