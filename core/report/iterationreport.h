// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace sl {

/// The loops found from the kernels where the window has no step: report.json `iterations` and
/// the report.md "Iterations (from the kernels)" section (docs/report-format.md).
class IterationReport
{
    Q_DECLARE_TR_FUNCTIONS(IterationReport)
public:
    static QJsonArray json(const AnalysisResult& r);
    /// The Markdown section, empty when no GPU's loop was found.
    static QString markdown(const AnalysisResult& r);
};

} // namespace sl
