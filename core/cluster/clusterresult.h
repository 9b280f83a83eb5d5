// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace sl {

/// One rank of a cluster run (cluster.json `ranks[]`). Times in ns.
struct ClusterRank
{
    int rank = 0;
    QString rankSource; ///< "env:RANK", "env:SLURM_PROCID", ... or "file-order" (a guess)
    QString host; ///< "host0", "host1", ...: hosts in order of their lowest rank (no host names in reports)
    QString file; ///< the export's file name, no folder; numbered where ranks share it (ClusterInputs::labelRanks)
    qint64 matched = 0; ///< matched collectives this rank takes part in
    qint64 lastArrivals = 0; ///< matched collectives this rank arrived at last
    double lastArrivalShare = 0; ///< lastArrivals / matched
    qint64 waitNs = 0; ///< Σ (last arrival − own arrival) over matched collectives
    qint64 ncclNs = 0; ///< Σ NCCL kernel durations (all collectives)
    /// The matched collectives split by where their ranks run: all on this rank's host (intra-node:
    /// NVLink / PCIe) or on several hosts (inter-node: the network). Σ kernel durations and Σ waits.
    qint64 ncclIntraNodeNs = 0, ncclInterNodeNs = 0, waitIntraNodeNs = 0, waitInterNodeNs = 0;
    qint64 steps = 0;
    qint64 stepP50Ns = -1, stepP90Ns = -1; ///< -1: no steps
    /// Where the steps come from: "nvtx" (step ranges), "kernels" (iterations found from the
    /// kernels: the export names no step) or "none".
    QString stepSource;
    qint64 kernels = 0;
    /// Added to this rank's export times: the common timeline (ns from the earliest capture start).
    qint64 shiftNs = 0;
};

/// Clock alignment of one host (cluster.json `clock.hosts[]`).
struct ClusterHost
{
    QString host;
    /// "reference", "utc+collective-ends" or "utc"; without a UTC anchor in its exports (nsys
    /// 2021.2 and before) "collective-ends" or, with no blocking collective to fit on, "none".
    QString method;
    qint64 offsetNs = 0; ///< added to the host's UTC-derived times
    qint64 residualNs = -1; ///< -1: unknown (UTC only)
    int ranks = 0;
    qint64 samples = 0; ///< collective ends the offset was fitted on
};

/// One matched collective (tables/collectives.csv).
struct ClusterCollective
{
    QString op;
    QString communicator; ///< NCCL's communicator hash (16 hex digits), empty when paired without payloads
    qint64 bytes = -1; ///< message size from the payloads, -1 unknown
    int ranks = 0; ///< ranks taking part
    bool interNode = false; ///< its ranks run on more than one host
    int streamIndex = 0;
    qint64 ordinal = 0; ///< per stream and op, or per communicator with payloads
    qint64 firstArrivalNs = 0; ///< on the aligned timeline, from the earliest capture start
    qint64 skewNs = 0; ///< last − first arrival (never below the clock residual)
    int lastRank = 0;
    qint64 transferNs = 0; ///< shortest kernel duration over the ranks
};

/// A window of one rank's own export that shows a finding (its clock: ns since its session start,
/// as the export's tables hold them), so the explorer can open that export scrolled to it.
struct ClusterEvidence
{
    int rank = 0;
    QString file; ///< as ClusterRank::file
    qint64 startNs = 0, endNs = 0;
    QString label; ///< translated
};

/// A cross-rank finding (cluster.json `findings[]`).
struct ClusterFinding
{
    QString kind; ///< "straggler" or "desync"
    QString title; ///< translated
    std::vector<ClusterEvidence> evidence;
};

struct ClusterResult
{
    std::vector<ClusterRank> ranks;
    std::vector<ClusterHost> hosts;
    std::vector<ClusterCollective> collectives;
    QString pairing; ///< "communicator+ordinal" (NCCL payloads in every export) or "op+stream-ordinal"
    qint64 matched = 0, unmatched = 0;
    /// Collectives found on every rank but left with fewer than two ranks on the common timeline
    /// once those of a host no clock places ("none") leave: not measured, not in `matched`.
    qint64 unplaced = 0;
    QStringList unmatchedKeys; ///< the first few, "AllReduce#3 on stream 0: ranks 0, 2"
    qint64 mismatched = 0; ///< on every rank of the communicator, but with different ops or sizes: a desync
    QStringList mismatchedKeys; ///< the first few, translated
    qint64 intraNode = 0, interNode = 0; ///< matched collectives on one host / across hosts
    qint64 skewP50Ns = 0, skewP90Ns = 0, transferP50Ns = 0;
    bool hasStraggler = false;
    int stragglerRank = -1;
    double stragglerShare = 0;
    qint64 whatifStepSavingNs = -1; ///< -1: no steps to measure it on
    std::vector<ClusterFinding> findings;
    QStringList warnings; ///< translated
};

} // namespace sl
