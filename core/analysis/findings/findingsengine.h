// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QCoreApplication>
#include <QVector>

namespace sl {

struct AnalysisResult;
struct Evidence;
struct Finding;

/// The findings of spec §4, each quoting the trace's own numbers and carrying evidence, ranked
/// by impact (GPU time at stake). Runs last: it reads every other analysis' output.
class FindingsEngine
{
    Q_DECLARE_TR_FUNCTIONS(FindingsEngine)
public:
    /// Every rule, appending to r.findings in the rules' order; returns early, with the
    /// findings incomplete, when `cancel` is set (checked before each rule, each one or two
    /// linear passes). The rules only read `r` and each writes its own list: they run side by
    /// side (parallelFor) and their lists are appended in order, so the result does not depend
    /// on which ran first.
    static void run(AnalysisResult& r, const Cancellation& cancel = {});

private:
    /// A rule: reads the analysis, appends its findings to `out`.
    static void dominantKernel(const AnalysisResult& r, QVector<Finding>& out);
    static void launchStorm(const AnalysisResult& r, QVector<Finding>& out);
    static void launchBound(const AnalysisResult& r, QVector<Finding>& out);
    static void blockingSync(const AnalysisResult& r, QVector<Finding>& out);
    static void idle(const AnalysisResult& r, QVector<Finding>& out);
    static void gpuGaps(const AnalysisResult& r, QVector<Finding>& out);
    static void lowUtilisation(const AnalysisResult& r, QVector<Finding>& out);
    static void warmup(const AnalysisResult& r, QVector<Finding>& out);
    /// The kernels (when `kernelsFirst` and there are any) or else the runtime calls starting in
    /// [fromNs, toNs]: what fills a part of the window the steady window leaves out.
    static Evidence warmupRows(const AnalysisResult& r, qint64 fromNs, qint64 toNs, bool kernelsFirst);
    static void copies(const AnalysisResult& r, QVector<Finding>& out);
    static void nvtxCoverage(const AnalysisResult& r, QVector<Finding>& out);
    static void graphMode(const AnalysisResult& r, QVector<Finding>& out);
    static void noGpuRecords(const AnalysisResult& r, QVector<Finding>& out);
    static void phaseImbalance(const AnalysisResult& r, QVector<Finding>& out);
    /// "several-ranks": two or more processes ran NCCL kernels in the window (a single-node run
    /// profiled as one), a question for the cluster analysis (docs/analysis.md "Cluster runs").
    static void severalRanks(const AnalysisResult& r, QVector<Finding>& out);
};

} // namespace sl
