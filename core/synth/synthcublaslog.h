// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

namespace sl {

/// Writes the cuBLAS API log of a synthetic export (`synth --cublas-log FILE`): one
/// `cublasGemmEx` call per GEMM kernel launched by cudaLaunchKernel (CUDA-graph replays call no
/// cuBLAS), in launch order per thread, in the format of `CUBLAS_LOGINFO_DBG=1` (cuBLAS 13.1, as
/// tests/data/cublas/cublas.log; docs/analysis.md "cuBLAS and cuBLASLt logs"), so that the
/// import and its matching can be tested on synth exports. Shapes are those of the layer the
/// kernel catalogue imitates (Llama-3-8B-like, bf16 in and out, fp32 compute, column-major as
/// PyTorch calls cuBLAS for y = x·Wᵀ: transa T, transb N, m = output features, n = tokens, k =
/// input features): QKV 6144 × 4096, output projection 4096 × 4096, gate/up 28672 × 4096, down
/// 4096 × 14336, logits 128256 × 4096; n = 2048 tokens for a prefill launch (its grid's second
/// dimension is the catalogue's prefill one), else 64 (the decode batch). Format Lt writes the
/// same calls as cuBLASLt logs them at CUBLASLT_LOG_LEVEL=2 (tests/data/cublas/cublaslt.log): one
/// `[Trace][cublasLtTSTMatmul]` line each, ID = the worker's pid.
class SynthCublasLog
{
    Q_DECLARE_TR_FUNCTIONS(SynthCublasLog)
public:
    enum class Format { Api, Lt };
    struct Shape
    {
        qint64 m = 0, n = 0, k = 0;
    };
    /// The shape written for a GEMM kernel of the catalogue (demangled name, grid), or m = 0.
    static Shape shapeOf(const QString& demangledName, qint64 gridX, qint64 gridY);
    /// Reads the export at `exportPath` (read-only) and writes the log to `logPath` atomically.
    /// `calls`: the cublasGemmEx calls written. The error names the file.
    static bool write(const QString& exportPath, const QString& logPath, Format format, qint64* calls, QString* error);
};

} // namespace sl
