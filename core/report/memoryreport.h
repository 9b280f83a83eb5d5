// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace sl {

/// The GPU-memory part of the reports: report.json `memory`, the report.md "GPU memory" section
/// and tables/memory_in_use.csv (docs/report-format.md).
class MemoryReport
{
    Q_DECLARE_TR_FUNCTIONS(MemoryReport)
public:
    static QJsonObject json(const AnalysisResult& r);
    /// The Markdown section, empty when the trace has no memory events nor allocation calls.
    static QString markdown(const AnalysisResult& r);
    /// device_id,time_ns,in_use_bytes: the lane of every device, one row per event.
    static QByteArray inUseCsv(const AnalysisResult& r);
};

} // namespace sl
