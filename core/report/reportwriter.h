// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/report/reportoptions.h"

#include <QCoreApplication>

namespace sl {

/// Writes DIR/report.json, DIR/report.md and DIR/tables/*.csv. Each file is written with
/// QSaveFile: it appears whole or not at all, and an existing report is never left half-written.
class ReportWriter
{
    Q_DECLARE_TR_FUNCTIONS(ReportWriter)
public:
    static bool writeAll(const AnalysisResult& r, const QString& dir, const ReportOptions& options, QString* error);
    /// DIR/tables/*.csv alone (CsvTables), the same files writeAll writes: the CLI's report and the
    /// GUI's Export Tables share this one layout.
    static bool writeTables(const AnalysisResult& r, const QString& dir, QString* error);
    /// Atomic write of one file (creates missing parent folders).
    static bool writeFile(const QString& path, const QByteArray& data, QString* error);
};

} // namespace sl
