// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/ncureport.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace sl {

/// Nsight Compute's warp stall reasons (Profiling Guide, "Warp Scheduler States"): which reason
/// and which collection a metric column names, a readable translated label, and a group
/// (memory, execution, synchronisation) that the charts colour by.
class NcuStallReasons
{
    Q_DECLARE_TR_FUNCTIONS(NcuStallReasons)
public:
    enum class Group { Memory, Execution, Synchronisation };
    struct Metric
    {
        QString reason; ///< "long_scoreboard"
        NcuStallSource source = NcuStallSource::None;
    };

    /// "smsp__pcsamp_warps_issue_stalled_long_scoreboard" → {long_scoreboard, Sampling};
    /// "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio" (and the older
    /// "smsp__average_warp_latency_issue_stalled_…") → {long_scoreboard, WarpState}. nullopt for
    /// any other metric and for the sampling's "…_not_issued" columns (a subset of the same
    /// samples: adding them would count those samples twice).
    static std::optional<Metric> parse(const QString& metric);
    /// The reasons the Profiling Guide documents, in its alphabetical order.
    static const QStringList& documented();
    /// "long_scoreboard" (or a whole metric name) → "Long scoreboard (L1TEX/memory wait)";
    /// an undocumented reason → its words capitalised ("foo_bar" → "Foo bar").
    static QString label(const QString& reasonOrMetric);
    static Group group(const QString& reason);
    static QString groupLabel(Group group); ///< translated
    /// What the values of a source count (translated): "samples", "cycles per issued instruction".
    static QString unitLabel(NcuStallSource source);
    /// The reason with the largest value other than "selected" (a warp issuing is not stalled);
    /// empty when there is none. Ties go to the reason first in alphabetical order.
    static QString top(const QHash<QString, double>& stalls);
    /// Σ of every reason's value, "selected" included (the base of the shares the chart shows).
    static double total(const QHash<QString, double>& stalls);
};

} // namespace sl
