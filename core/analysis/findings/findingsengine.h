// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisResult;
struct Finding;

/// The findings of spec §4, each quoting the trace's own numbers and carrying evidence, ranked
/// by impact (GPU time at stake). Runs last: it reads every other analysis' output.
class FindingsEngine
{
    Q_DECLARE_TR_FUNCTIONS(FindingsEngine)
public:
    /// Every rule in turn; returns early, with the findings incomplete, when `cancel` is set
    /// (checked between the rules, each one or two linear passes).
    static void run(AnalysisResult& r, const Cancellation& cancel = {});

private:
    static void dominantKernel(AnalysisResult& r);
    static void launchStorm(AnalysisResult& r);
    static void launchBound(AnalysisResult& r);
    static void blockingSync(AnalysisResult& r);
    static void idle(AnalysisResult& r);
    static void gpuGaps(AnalysisResult& r);
    static void lowUtilisation(AnalysisResult& r);
    static void warmup(AnalysisResult& r);
    static void copies(AnalysisResult& r);
    static void nvtxCoverage(AnalysisResult& r);
    static void graphMode(AnalysisResult& r);
    static void noGpuRecords(AnalysisResult& r);
    static void phaseImbalance(AnalysisResult& r);
    static void add(AnalysisResult& r, Finding f);
};

} // namespace sl
