// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <vector>

namespace sl {

/// One NCCL collective kernel of a rank, as the digest stores it. Times are the export's: ns since
/// its session start (TARGET_INFO_SESSION_START_TIME maps them to UTC and the system clock).
struct DigestCollective
{
    QString op; ///< "AllReduce", "AllGather", ... (from ncclDevKernel_<Op>_... / ncclKernel_<Op>_...)
    int streamIndex = 0; ///< order of the NCCL stream's first collective within the export (0, 1, ...)
    qint64 ordinal = 0; ///< index of this op on its stream (0-based): the pairing key with op and streamIndex
    qint64 stream = 0; ///< CUDA stream id
    int device = 0;
    qint64 bytes = -1; ///< -1: unknown (no NCCL payloads in the export)
    qint64 startNs = 0; ///< kernel start: the rank's arrival
    qint64 endNs = 0;
    qint64 launchNs = -1; ///< start of the launching API call, -1 when not found
    int comm = -1; ///< index into RankDigest::communicators, -1 without NCCL payloads
    /// Index among the collectives (or, for SendRecv, the point-to-point kernels) of its
    /// communicator in this export (0-based): every rank of the communicator issues them in one
    /// order, so (communicator, ordinal) names one collective on all of them. -1 without payloads.
    qint64 commOrdinal = -1;
};

/// One NCCL communicator seen in the export's payloads.
struct DigestCommunicator
{
    quint64 hash = 0; ///< NCCL's commHash: one value on every rank of the communicator
    int nranks = -1; ///< from its CommInitRank payload, -1 when the capture missed the init
    int rank = -1; ///< this export's rank in it, likewise
};

/// One step range ("ProfilerStep#N" or a serving step) of a rank, or where its export names
/// none, an iteration found from its kernels ("iteration#N", IterationDetector).
struct DigestStep
{
    static constexpr const char* kIterationPrefix = "iteration#";
    QString name;
    bool fromKernels() const { return name.startsWith(QLatin1String(kIterationPrefix)); }
    qint64 startNs = 0;
    qint64 endNs = 0;
};

/// Compute / communication / idle of one GPU in one time bin (ns).
struct DigestBin
{
    int device = 0;
    int bin = 0;
    qint64 computeNs = 0;
    qint64 commNs = 0;
    qint64 idleNs = 0;
};

/// What a digest holds (docs/digest-format.md); DigestWriter writes it, DigestReader reads it back.
struct RankDigest
{
    QString file; ///< the export's file name (no folder)
    /// Not stored: the report's name for this rank where several share a file name
    /// (ClusterInputs::labelRanks: "report.sqlite (rank 2)"); empty: `file`.
    QString label;
    const QString& name() const { return label.isEmpty() ? file : label; }
    /// The process (pid) this digest covers when its export holds several ranks, one per process
    /// that ran NCCL kernels (`nsys profile torchrun --nproc_per_node=N`); -1: the whole export.
    qint64 process = -1;
    /// The GPU this digest covers where its process drove two or more GPUs, each a rank (a thread
    /// per GPU, `ncclCommInitAll`, a process per node); -1: every GPU of its process (or export).
    int device = -1;
    /// Digests its export gives: 1, or its ranks: processes that ran NCCL kernels, each GPU of one
    /// that drove several
    int processes = 1;
    qint64 fileSize = 0;
    QString sha256;
    QString nsysVersion, schemaVersion;
    QString hostname;
    int rank = -1; ///< -1: the export does not say
    QString rankSource; ///< "env:RANK", "env:SLURM_PROCID", ..., "nccl:CommInitRank" or "none"
    /// TARGET_INFO_SESSION_START_TIME.utcEpochNs: UTC at the session start; -1 where the export
    /// has none (nsys 2021.2 and before: mordred-gpudb-quadro6000-2021.2).
    qint64 utcEpochNs = -1;
    /// systemClockNs: the host's system clock at the session start (2026.1+), -1 when absent. Every
    /// process on a host shares that clock, so it aligns ranks of one host exactly.
    qint64 systemClockNs = -1;
    qint64 kernels = 0;
    qint64 computeNs = 0, commNs = 0, exposedCommNs = 0; ///< union of busy time on all GPUs (ns)
    qint64 firstNs = 0, lastNs = 0; ///< kernel span
    qint64 binNs = 0; ///< width of the time bins
    std::vector<int> devices;
    std::vector<qint64> pids;
    std::vector<DigestCommunicator> communicators;
    std::vector<DigestCollective> collectives;
    std::vector<DigestStep> steps;
    std::vector<DigestBin> bins;
};

} // namespace sl
