// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>

namespace sl {

/// The hardware-counter parts of report.json (`counters`), report.md ("Hardware counters")
/// and tables/*.csv (counters.csv, ncu_kernels.csv). Keys: docs/report-format.md.
class CountersReport
{
    Q_DECLARE_TR_FUNCTIONS(CountersReport)
public:
    static QJsonObject json(const AnalysisResult& r);
    /// Markdown section, empty when there is nothing to say.
    static QString markdown(const AnalysisResult& r);
    static void addCsv(const AnalysisResult& r, QMap<QString, QByteArray>& tables);
};

} // namespace sl
