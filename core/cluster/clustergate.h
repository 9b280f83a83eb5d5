// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clusterresult.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace sl {

/// `sightline-cli cluster … --gate PCT --gate-baseline OLD/cluster.json`: the run against an
/// earlier one on three figures — the largest last-arrival share (percentage points), the arrival
/// skew p50 and the worst rank's step p50 (percent of the baseline). Any figure worse by more than
/// PCT is a regression; else any better by more than PCT an improvement; else unchanged; with no
/// figure defined on both sides, inconclusive.
class ClusterGate
{
    Q_DECLARE_TR_FUNCTIONS(ClusterGate)
public:
    struct Figure
    {
        QString key; ///< "max_last_arrival_share", "skew_p50_ns", "worst_step_p50_ns"
        double baseline = 0, value = 0;
        double change = 0; ///< percentage points (share) or percent of the baseline
        QString verdict; ///< "improvement", "unchanged", "regression"
    };
    QString verdict; ///< "improvement", "unchanged", "regression", "inconclusive"
    QString reason; ///< translated, when inconclusive
    double thresholdPct = 0;
    std::vector<Figure> figures;

    /// `baseline` is a cluster.json (format sightline.cluster, version 1); false with `error` if not.
    static bool evaluate(
        const QJsonObject& baseline, const ClusterResult& run, double thresholdPct, ClusterGate* gate, QString* error);
    QJsonObject toJson() const;
    QString markdown() const;
};

} // namespace sl
