// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace sl {

/// One GEMM call of a cuBLAS or cuBLASLt API log (docs/analysis.md "cuBLAS and cuBLASLt logs"):
/// C[m×n] = op(A)[m×k] · op(B)[k×n], `batch` times, in cuBLAS's column-major terms.
struct GemmCall
{
    QString function; ///< as logged: cublasGemmEx, cublasGemmStridedBatchedEx, cublasLtTSTMatmul, ...
    qint64 m = 0, n = 0, k = 0, batch = 1;
    QChar transA = QLatin1Char('N'), transB = QLatin1Char('N'); ///< N, T or C
    /// Data types without the CUDA_/R_ prefix as logged (16BF, 16F, 32F, 8F_E4M3, 8I, ...).
    QString aType, bType, cType;
    QString computeType; ///< without CUBLAS_ (COMPUTE_32F, COMPUTE_32F_FAST_TF32, ...)
    quint64 pid = 0; ///< cuBLAS "Process=", or the id a cuBLASLt line carries
    quint64 thread = 0; ///< cuBLAS "Thread=" (pthread id), or the cuBLASLt id again
    int line = 0; ///< 1-based line of the call in the log
    int tileM = 0, tileN = 0; ///< cuBLASLt algo=[tile=MATMUL_TILE_MxN], 0 when not logged
    bool lt = false; ///< from a cuBLASLt log

    /// 2 · m · n · k · batch (multiply-adds × 2).
    double flops() const { return 2.0 * double(m) * double(n) * double(k) * double(batch); }
    /// Bytes of one element of A (2 for 16BF/16F, 1 for 8-bit, 4 for 32F, 8 for 64F); 0 unknown.
    int elementBytes() const;
    /// Short type label for reports: bf16, fp16, fp8, int8, fp32, fp64, or the logged name.
    static QString typeLabel(const QString& logged);
};

/// A parsed log: its calls in file order, and what was skipped (with line numbers).
struct CublasLog
{
    QString fileName; ///< base name only (privacy)
    QVector<GemmCall> calls;
    QStringList notes; ///< translated: skipped lines, the kind of log, which lines were used
    bool ok = false;
    QString error; ///< translated, names the file, when !ok
};

} // namespace sl
