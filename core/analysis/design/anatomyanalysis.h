// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisOptions;
struct AnalysisResult;

/// Issue 23 item 3, "where the model spends the GPU" (docs/analysis.md "Model anatomy"): every
/// in-window kernel put in an operator class (AnatomyRules), and per phase and class the kernel
/// time, FLOPs (PyTorch shape ranges, else matched cuBLAS calls), TFLOP/s, MFU and bound class.
/// Runs after the efficiency, GEMM and counter passes (it reads their math paths, matches and
/// per-phase bound classes).
class AnatomyAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(AnatomyAnalysis)
public:
    /// Fills r.design.anatomy; returns early, incomplete, when `cancel` is set.
    static void run(const AnalysisOptions& options, AnalysisResult& r, const Cancellation& cancel = {});
};

} // namespace sl
