// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/design/gemmcall.h"
#include "core/io/ncureport.h"
#include "core/trace/counterseries.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace sl {

/// The files imported beside one trace (NVML samples, Nsight Compute results, a cuBLAS log),
/// read once by ImportsReader into this immutable snapshot and held beside the trace as the
/// trace is (TraceSession::Entry, the CLI): the analysis reads no file and runs no `ncu`, so a
/// window change re-analyses from here. Each part is empty when its path is.
struct Imports
{
    /// What was read: AnalysisOptions::nvmlCsv, nvmlColumns, ncuFile and cublasLog at read time.
    QString nvmlCsv;
    QStringList nvmlColumns;
    QString ncuFile;
    QString cublasLog;

    /// NVML samples aligned to the trace's clock, the values that are no finite number removed.
    CounterSet nvml;
    QStringList nvmlNotes; ///< translated: rows read and skipped, columns, values dropped
    QString nvmlError; ///< translated, names the file; empty when read (or none)

    std::optional<NcuReport> ncu; ///< read without error; non-finite figures cleared
    qint64 ncuDropped = 0; ///< figures cleared as no finite number once in their base unit
    QString ncuError; ///< translated, names the file; empty when read (or none)

    std::optional<CublasLog> cublas; ///< read without error
    QString cublasError; ///< translated, names the file; empty when read (or none)
};

using ImportsPtr = std::shared_ptr<const Imports>;

} // namespace sl
