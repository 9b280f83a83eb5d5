// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>

namespace sl {

/// The efficiency figures (issue 9) in every report form: report.json's "efficiency" object,
/// report.md's section, the efficiency CSV tables, and the one busy headline every view shows.
class EfficiencyReport
{
    Q_DECLARE_TR_FUNCTIONS(EfficiencyReport)
public:
    static QJsonObject json(const AnalysisResult& r);
    static QJsonObject figureJson(const FlopFigure& f);
    static QString markdown(const AnalysisResult& r);
    /// math_paths.csv, busy.csv, comm_overlap.csv, collectives.csv, flops.csv.
    static void csv(const AnalysisResult& r, QMap<QString, QByteArray>* out);
    /// "99.3 % busy: 2.3 % compute, 98.0 % copies" for one device (shares of its span).
    static QString busyHeadline(const BusySplit& b);
    /// Several lines for headlines (Overview, trace tooltip): busy split per GPU, math-path shares,
    /// exposed communication, window TFLOP/s and MFU when known.
    static QString headline(const AnalysisResult& r);
    /// The BusySplit of a device, or null.
    static const BusySplit* busyOf(const AnalysisResult& r, int deviceId);
    /// What the FLOPs need when the trace has none ("record shapes with ...").
    static QString noShapesMessage();
    /// "41.2 % (bf16 peak 989.4 TFLOP/s, H100 SXM5)" or "unknown: ..." for a figure.
    static QString mfuText(const AnalysisResult& r, const FlopFigure& f);
    /// Phase name of a CommOverlap (the window when −1).
    static QString phaseName(const AnalysisResult& r, int phase);
};

} // namespace sl
