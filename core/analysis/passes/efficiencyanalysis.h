// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/findings/finding.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisOptions;
struct AnalysisResult;

/// Issue 9, "how well the GPU is used while it is busy" (docs/analysis.md "Efficiency"):
/// the math path of every kernel, busy time split into compute and copies, compute/communication
/// overlap per device and phase, and FLOPs with MFU from PyTorch shape ranges. Runs after the
/// kernel, device and NVTX analyses (it reads their categories, unions and attribution). Each
/// part is one linear pass or a sort-and-sweep.
class EfficiencyAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(EfficiencyAnalysis)
public:
    /// Returns early, with r.efficiency incomplete, when `cancel` is set (checked between the
    /// parts, each one or a few linear passes).
    static void run(const AnalysisOptions& options, AnalysisResult& r, const Cancellation& cancel = {});
    /// The findings of these figures (no-tensor-cores, copy-busy, exposed-communication), not
    /// yet ranked: a rule of FindingsEngine; Analyzer::analyze ranks them with the others.
    static QVector<Finding> findings(const AnalysisResult& r);
    /// What a figure of the Efficiency dock stands for; its evidence is evidenceOf(kind, index).
    enum class Figure { MathPath, Busy, Overlap, Collective, FlopOp, FlopPhase };
    /// The rows behind one figure (index into the matching EfficiencyStats list), with SQL that
    /// selects exactly them: the kernels of a math path, collective, operator or phase, the
    /// copies of a device, the communication kernels of a device (and phase).
    static Evidence evidenceOf(const AnalysisResult& r, Figure kind, int index);
    /// Collective type of a communication kernel name (AllReduce, ..., CustomAllReduce, Other).
    static QString collectiveOf(const QString& kernelName);

private:
    static void mathPaths(const AnalysisOptions& options, AnalysisResult& r);
    static void busySplit(AnalysisResult& r);
    static void overlap(AnalysisResult& r);
    static void flops(const AnalysisOptions& options, AnalysisResult& r);
};

} // namespace sl
