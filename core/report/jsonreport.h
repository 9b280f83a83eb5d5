// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/report/reportoptions.h"

#include <QJsonObject>

namespace sl {

/// report.json (format "sightline.report", version 2; docs/report-format.md). Times are integer
/// ns, shares fractions in [0, 1]. Carries the trace's file *name* and hash only: never paths,
/// host or user names or environment variables.
class JsonReport
{
public:
    static constexpr int kFormatVersion = 2;
    static QJsonObject build(const AnalysisResult& r, const ReportOptions& options = {});
    static QJsonObject findingToJson(const Finding& f);
    /// {table, rowids[], row_count, start_ns, end_ns, device_id, sql} (nulls where not applicable).
    static QJsonObject evidenceToJson(const Evidence& e);
};

} // namespace sl
