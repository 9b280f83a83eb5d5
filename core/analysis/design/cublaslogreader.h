// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/design/gemmcall.h"

#include <QCoreApplication>

namespace sl {

/// Reads the GEMM calls of a cuBLAS API log (CUBLAS_LOGINFO_DBG=1, CUBLAS_LOGDEST_DBG=FILE) or a
/// cuBLASLt log (CUBLASLT_LOG_LEVEL=2..5, CUBLASLT_LOG_FILE=FILE); the format is recognised line
/// by line, so one file may hold both. The formats relied on are in docs/analysis.md "cuBLAS and
/// cuBLASLt logs". Read-only; nothing is written.
class CublasLogReader
{
    Q_DECLARE_TR_FUNCTIONS(CublasLogReader)
public:
    /// Reads `path`; on failure `ok` is false and `error` names the file and what is wrong.
    static CublasLog read(const QString& path);
    /// Parses log text; `fileName` names it in messages.
    static CublasLog parse(const QByteArray& text, const QString& fileName);
    /// The cap on logs (bytes): a larger file is refused rather than read into memory.
    static constexpr qint64 kMaxBytes = qint64(1) << 30;
};

} // namespace sl
