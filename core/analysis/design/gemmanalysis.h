// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/util/cancellation.h"

#include <QCoreApplication>

#include <optional>
#include <utility>

namespace sl {

struct AnalysisOptions;

/// GEMM shapes from a cuBLAS/cuBLASLt API log (issue 23, docs/analysis.md "cuBLAS and cuBLASLt
/// logs"): the log's calls matched to the trace's GEMM launches by process, thread and order,
/// FLOPs and TFLOP/s per shape and kernel name, and the shape advisor's findings.
class GemmAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(GemmAnalysis)
public:
    /// Matches the cuBLAS log of options.imports (nothing without one; the log is read by
    /// ImportsReader, never here) and fills AnalysisResult::design.gemm; a log that could not be
    /// read becomes a warning naming the file. Needs the kernel and wave
    /// analyses (categories, SMs × CTAs per SM).
    static void run(const AnalysisOptions& options, AnalysisResult& r, const Cancellation& cancel = {});
    /// Matches `log` (already read) with the trace; run() calls it.
    static void match(const CublasLog& log, AnalysisResult& r, const Cancellation& cancel = {});
    /// The CTA tile (rows × columns of C) a GEMM kernel's name states: "tilesize128x256x64"
    /// (cuBLAS xmma), "_128x128_64x3_" (CUTLASS), "nvjet_tst_128x256_64x4_…" (cuBLASLt).
    static std::optional<std::pair<int, int>> tileOf(const QString& kernelName);
    /// Shape advisor findings: tensor-core alignment, tile and wave quantization.
    static QVector<Finding> findings(const AnalysisResult& r);
    /// Whether a kernel name is cuBLAS's split-K reduction, launched by the same call as its GEMM.
    static bool isSplitKReduction(const QString& kernelName);
};

} // namespace sl
