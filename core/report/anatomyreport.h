// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMap>

namespace sl {

/// The model anatomy (issue 23 item 3) in every report form: report.json design.anatomy[],
/// report.md's table and tables/anatomy.csv. Keys in docs/report-format.md.
class AnatomyReport
{
    Q_DECLARE_TR_FUNCTIONS(AnatomyReport)
public:
    static QJsonArray json(const AnalysisResult& r);
    static QString markdown(const AnalysisResult& r);
    static void csv(const AnalysisResult& r, QMap<QString, QByteArray>* out);
};

} // namespace sl
