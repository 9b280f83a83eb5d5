// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace sl {

/// The serving part of the reports: report.json `serving`, the report.md "Serving" section and
/// tables/serving_steps.csv (docs/report-format.md).
class ServingReport
{
    Q_DECLARE_TR_FUNCTIONS(ServingReport)
public:
    static QJsonObject json(const AnalysisResult& r);
    static QJsonObject figuresJson(const ServingFigures& f);
    /// The Markdown section, empty when the trace has no serving steps.
    static QString markdown(const AnalysisResult& r);
    static QByteArray stepsCsv(const AnalysisResult& r);
    /// report.json `serving.requests`, the Markdown request table and tables/requests.csv.
    static QJsonObject requestsJson(const RequestStats& q);
    static QString requestsMarkdown(const RequestStats& q);
    static QByteArray requestsCsv(const AnalysisResult& r);
    /// "4(2048)+32(32)": context requests(tokens) + generation requests(tokens); "?" unknown.
    static QString composition(const ServingSteps& s, qsizetype i);
};

} // namespace sl
