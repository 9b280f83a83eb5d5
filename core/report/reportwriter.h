// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/report/reportoptions.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QMap>

namespace sl {

class OutputSet;

/// Writes DIR/report.json, DIR/report.md and DIR/tables/*.csv as one OutputSet: all of them are
/// written and flushed first and only then moved into place, so a failed write anywhere leaves
/// the previous report intact and nothing half-written; links are never written through.
class ReportWriter
{
    Q_DECLARE_TR_FUNCTIONS(ReportWriter)
public:
    static bool writeAll(const AnalysisResult& r, const QString& dir, const ReportOptions& options, QString* error);
    /// DIR/tables/*.csv alone (CsvTables), the same files writeAll writes: the CLI's report and the
    /// GUI's Export Tables share this one layout. One OutputSet: all tables or none.
    static bool writeTables(const AnalysisResult& r, const QString& dir, QString* error);
    /// Atomic write of one file (creates missing parent folders; replaces a link, never follows it).
    static bool writeFile(const QString& path, const QByteArray& data, QString* error);

private:
    static void addTables(OutputSet& set, const QMap<QString, QByteArray>& tables);
};

} // namespace sl
