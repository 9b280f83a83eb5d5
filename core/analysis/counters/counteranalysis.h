// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/counters/counterresult.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisResult;
struct AnalysisOptions;

/// Lines the sampled counters (the export's GPU metrics, NVML samples) up with the analysis:
/// per device, over the window, each phase's steps and each serving step class (prefill, decode,
/// mixed, other), the time-weighted mean and p90 of every counter, idle included and over kernel
/// time only; a bound class per stretch; findings where the counters say what the timeline
/// cannot (memory- or latency-bound phases and step classes, clock throttling). Rules and
/// thresholds: docs/analysis.md, "Hardware counters"; the thresholds are constants of
/// core/analysis/rules/specrules.h.
class CounterAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(CounterAnalysis)
public:
    /// `extra`: NVML samples already aligned to the trace (may be empty). Appends findings to
    /// `result.findings`. `cancel` is checked per device, phase and step class and before the
    /// findings; a cancelled run returns what it has, and the caller drops it.
    static CounterResult run(AnalysisResult& result, const CounterSet& extra, const Cancellation& cancel = {});
    /// Takes the imports of `options.imports` (NVML samples, Nsight Compute results, read once by
    /// ImportsReader: this reads no file and runs no `ncu`; null = none), runs the counter
    /// and Nsight Compute analyses into `result.counters`, appends their findings (unranked: the
    /// Analyzer ranks every producer's findings once). Import errors become warnings naming the
    /// file; the analysis itself never fails on them.
    static void attach(const AnalysisOptions& options, AnalysisResult& result, const Cancellation& cancel = {});
    /// The bound class from the busy-time means (−1 = not sampled) and the busy share.
    static BoundClass classify(double dramPct, double computePct, double busyShare);
};

} // namespace sl
