// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clusterresult.h"
#include "core/cluster/rankdigest.h"

#include <QCoreApplication>

#include <algorithm>
#include <vector>

namespace sl {

/// Cross-rank analysis of one run from its per-rank digests (docs/analysis.md, "Cluster runs"):
/// ranks (from the environment, else file order, marked as a guess), clock alignment in tiers
/// (ranks of one host share its system clock; hosts are mapped by UTC, then corrected by the
/// median difference of the ends of matched blocking collectives, which end together on every
/// rank), pairing of collectives by (op, stream, per-stream ordinal), arrival skew, last arriver,
/// waits, transfer estimate, the straggler and its what-if. Pure computation, any thread.
class ClusterAnalyzer
{
    Q_DECLARE_TR_FUNCTIONS(ClusterAnalyzer)
public:
    /// `digests` in file order (the order guessed ranks follow). False with `error` on input that
    /// cannot form one run (fewer than 2 ranks, two exports claiming one rank).
    static bool analyze(std::vector<RankDigest> digests, ClusterResult* result, QString* error);

    /// A straggler is named when its last-arrival share is at least this (and 1.5 / ranks).
    static constexpr double minStragglerShare = 0.25;
    /// The last-arrival share that names a straggler among `ranks` ranks: 1.5× a fair share, at
    /// least minStragglerShare (2 ranks: 75 %, 4: 37.5 %, 6 or more: 25 %).
    static double stragglerShare(size_t ranks) { return std::max(minStragglerShare, 1.5 / double(ranks)); }
};

} // namespace sl
