// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/report/reportoptions.h"

#include <QCoreApplication>

class QTextStream;

namespace sl {

/// report.md: reads well pasted into a pull request. Headline numbers, then findings (with
/// their evidence numbers and SQL), then the tables.
class MarkdownReport
{
    Q_DECLARE_TR_FUNCTIONS(MarkdownReport)
public:
    static QString build(const AnalysisResult& r, const ReportOptions& options = {});
    /// Escapes a cell for a Markdown table (pipes, newlines, backticks).
    static QString cell(const QString& s);

private:
    // The sections of build(), in order.
    static void writeSummary(QTextStream& s, const AnalysisResult& r);
    static void writeFindings(QTextStream& s, const AnalysisResult& r);
    static void writeKernels(QTextStream& s, const AnalysisResult& r, const ReportOptions& options);
    static void writeGpuTables(QTextStream& s, const AnalysisResult& r);
    static void writeHostTables(QTextStream& s, const AnalysisResult& r);
    static void writeNvtxTables(QTextStream& s, const AnalysisResult& r);
    static void writeProcesses(QTextStream& s, const AnalysisResult& r);
};

} // namespace sl
