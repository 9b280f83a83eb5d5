// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/counters/counterresult.h"

#include <QCoreApplication>

#include <functional>

namespace sl {

struct AnalysisResult;
struct AnalysisOptions;

/// Lines the sampled counters (the export's GPU metrics, NVML samples) up with the analysis:
/// per device, over the window, each phase's steps and each serving step class (prefill, decode,
/// mixed, other), the time-weighted mean and p90 of every counter, idle included and over kernel
/// time only; a bound class per stretch; findings where the counters say what the timeline
/// cannot (memory- or latency-bound phases and step classes, clock throttling). Rules and
/// thresholds: docs/analysis.md, "Hardware counters".
class CounterAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(CounterAnalysis)
public:
    /// Thresholds of the bound classes (percent of peak, time-weighted over kernel time).
    static constexpr double kIdleBusyShare = 0.20; ///< kernels cover less of the stretch: idle
    static constexpr double kBoundPct = 50.0; ///< DRAM or compute at or above: that bound
    static constexpr double kThrottleClockShare = 0.90; ///< a clock below 90 % of its capture maximum…
    static constexpr double kThrottleTimeShare = 0.10; ///< …for over 10 % of a stretch: throttling
    static constexpr double kFindingBusyShare
        = 0.05; ///< findings only for stretches with ≥ 5 % of the window's kernel time
    /// A step class whose stretch shares ≥ 90 % of the longer of the two with a phase's stretch on
    /// the same device is the same stretch: its finding is the phase's (not reported twice).
    static constexpr double kSameStretchShare = 0.90;

    /// `extra`: NVML samples already aligned to the trace (may be empty). Appends findings to
    /// `result.findings`; `cancelled` is polled per device and phase.
    static CounterResult run(
        AnalysisResult& result, const CounterSet& extra, const std::function<bool()>& cancelled = {});
    /// Reads the imports named in `options` (NVML CSV, Nsight Compute results), runs the counter
    /// and Nsight Compute analyses into `result.counters`, re-ranks the findings. Import errors
    /// become warnings naming the file; the analysis itself never fails on them.
    static void attach(const AnalysisOptions& options, AnalysisResult& result, const std::function<bool()>& cancelled);
    /// The bound class from the busy-time means (−1 = not sampled) and the busy share.
    static BoundClass classify(double dramPct, double computePct, double busyShare);
};

} // namespace sl
