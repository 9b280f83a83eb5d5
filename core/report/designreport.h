// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>

namespace sl {

/// The model-design figures (issue 23) in every report form: report.json's "design" object,
/// report.md's section and the waves.csv table. Keys in docs/report-format.md.
class DesignReport
{
    Q_DECLARE_TR_FUNCTIONS(DesignReport)
public:
    static QJsonObject json(const AnalysisResult& r);
    static QString markdown(const AnalysisResult& r);
    /// report.json design.gemm: the imported cuBLAS/cuBLASLt log ({present: false} without one).
    static QJsonObject gemmJson(const AnalysisResult& r);
    /// report.md's GEMM-shape section (empty without an imported log).
    static QString gemmMarkdown(const AnalysisResult& r);
    /// waves.csv (one row per kernel name) and, with an imported log, gemm_shapes.csv.
    static void csv(const AnalysisResult& r, QMap<QString, QByteArray>* out);
    /// Rows of the markdown waves table: kernel names with a tail, largest first.
    static constexpr int kMarkdownRows = 20;
};

} // namespace sl
