// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/counters/counterstats.h"
#include "core/analysis/counters/ncumatcher.h"
#include "core/analysis/findings/finding.h"
#include "core/io/ncureport.h"

#include <QString>
#include <QVector>

#include <optional>

namespace sl {

/// How a stretch of GPU time used the hardware, by the rule in docs/analysis.md
/// ("Hardware counters"): from the time-weighted means of the sampled counters.
enum class BoundClass { Unknown, Idle, MemoryBound, ComputeBound, LatencyBound };
QString boundClassKey(BoundClass c); ///< "memory-bound", … (report.json, stable)
QString boundClassLabel(BoundClass c); ///< translated

/// One counter summarised over one stretch of time.
struct CounterFigure
{
    QString name; ///< "SMs Active [Throughput %]"
    QString unit;
    bool nvml = false; ///< from NVML samples rather than the export's GPU metrics
    CounterSummary whole; ///< over the stretch, idle included
    CounterSummary busy; ///< over the stretch's kernel time only
};

/// Counters of one device over one stretch: the window, a phase, or a step class.
struct CounterScope
{
    /// What the stretch is: the analysis window, a phase's step ranges, or the serving steps of
    /// one class (StepComposition: prefill, decode, mixed, other). A phase and a step class may
    /// share a name ("decode"): tell them apart by the kind, never by the name.
    enum class Kind { Window, Phase, StepClass };
    Kind kind = Kind::Window;
    QString scope; ///< "window", the phase name, or the step class ("prefill", "decode", "mixed", "other")
    int deviceId = -1;
    qint64 spanNs = 0; ///< length of the stretch on this device (ns)
    qint64 kernelBusyNs = 0; ///< union of its kernels on this device inside the stretch (ns)
    BoundClass bound = BoundClass::Unknown;
    double dramPct = -1, computePct = -1; ///< the classification's inputs (busy means), −1 = not sampled
    QVector<CounterFigure> figures; ///< by name
};
QString scopeKindKey(CounterScope::Kind kind); ///< "window", "phase", "step_class" (report keys, stable)
QString scopeKindLabel(CounterScope::Kind kind); ///< translated
/// How reports and the dock name a stretch (translated): "window", the phase name, "decode steps".
QString scopeLabel(const CounterScope& scope);

/// Nsight Compute figures of one kernel name, over its matched profiled launches.
struct NcuKernelFigures
{
    quint32 name = 0; ///< StringTable index of the trace's kernel name
    int deviceId = -1;
    qint64 launches = 0; ///< matched profiled launches
    qint64 traceNs = 0; ///< the name's kernel time in the analysis window (ns)
    std::optional<double> durationNs, achievedOccupancyPct, theoreticalOccupancyPct, sightlineOccupancyPct,
        smThroughputPct, dramThroughputPct, l1HitPct, l2HitPct, tensorActivePct;
    std::optional<double> flops, dramBytes; ///< per launch, averaged
    std::optional<double> tensorFlops; ///< per launch, averaged: the part of `flops` on the tensor path
    /// The source type with the most tensor-path operations over the launches ("bf16", "fp8",
    /// "int8"…, NcuLaunch::tensorOpsByType); empty when none was counted.
    QString tensorType;
    /// Most of its FLOPs run on the tensor path: its roof is the tensor ceiling.
    bool onTensorPath() const { return tensorFlops && flops && *flops > 0 && *tensorFlops >= 0.5 * *flops; }
    std::optional<double> arithmeticIntensity; ///< FLOP / DRAM byte
    std::optional<double> achievedFlopsPerSecond;
    QHash<QString, double> stalls; ///< warp stall reason → value, summed over the launches (one source)
    NcuStallSource stallSource = NcuStallSource::None;
    std::vector<quint32> kernelRows; ///< matched KernelTable indices (evidence)
};

/// The roof of one GPU for the roofline chart.
struct Roofline
{
    int deviceId = -1;
    QString gpuName;
    double dramBytesPerSecond = 0; ///< TARGET_INFO_GPU.memoryBandwidth
    double l2BytesPerSecond = 0; ///< from ncu's L2 peak metrics; 0 when not collected
    double fp32FlopsPerSecond = 0; ///< SMs × FP32 lanes per SM (by compute capability) × 2 × clock
    double fp64FlopsPerSecond = 0;
    double fp16FlopsPerSecond = 0; ///< non-tensor half precision: NcuAnalysis::fp16PerFp32 × FP32
    /// Dense BF16/FP16 tensor-core peak with FP32 accumulation, from the GPU peak table
    /// (resources/efficiency/gpu-peaks.json); 0 when the model is not in it.
    double tensorFlopsPerSecond = 0;
    /// Every tensor ceiling of the peak entry, by peak key ("tf32", "bf16", "fp16", "fp8", "int8",
    /// "fp64-tensor"), in dense operations per second: a kernel is held to its own type's.
    QHash<QString, double> tensorPeaks;
    QString source; ///< how the ceilings were derived (translated)
};

struct NcuResult
{
    NcuReport report;
    NcuMatcher::Result match;
    QVector<NcuKernelFigures> kernels; ///< by traceNs descending
    QVector<Roofline> roofs;
};

/// Everything the hardware counters add to an analysis.
struct CounterResult
{
    QVector<CounterScope> scopes; ///< per device: the window first, then its phases, then its step classes
    QStringList notes; ///< translated: what was read, aligned, skipped
    CounterSet imported; ///< NVML samples imported for this analysis (the timeline draws them)
    std::optional<NcuResult> ncu;
    bool hasSamples() const { return !scopes.isEmpty(); }
};

} // namespace sl
