// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <vector>

namespace sl {

/// Reads one rank's export into a RankDigest in one streaming pass per table: the kernel table in
/// start order (memory: the collectives and a few cursors, not the kernels), the launch calls of
/// the collectives, the step ranges, and the small identity tables. The export is opened the one
/// read-only way (ExportOpener); nothing is written beside it. Any thread.
class ExportDigester
{
    Q_DECLARE_TR_FUNCTIONS(ExportDigester)
public:
    static constexpr int maxBins = 256; ///< time bins per GPU over the kernel span, at most
    /// Kernels per time bin a digest aims at: bins cost about 20 B each in the digest, an export
    /// 130-700 B per kernel (docs/benchmarks.md, "Digest size").
    static constexpr qint64 kernelsPerBin = 256;
    /// Time bins per GPU for `kernels` kernels on `devices` GPUs: one per kernelsPerBin kernels of
    /// a GPU, rounded down to a power of two from 16 to maxBins (so that each is a whole number of
    /// the maxBins bins the scan fills).
    static int binsFor(qint64 kernels, int devices);

    /// The whole export as one digest. False with `error` (translated, names the file) on
    /// unreadable input or cancel. `cancelled` is polled from this thread and from the thread
    /// hashing the file: thread-safe.
    static bool digest(
        const QString& path, RankDigest* out, QString* error, const std::function<bool()>& cancelled = {});
    /// One digest per rank of the export: the whole export, or, where two or more of its
    /// processes ran NCCL kernels (a single-node run profiled as one: `nsys profile torchrun
    /// --nproc_per_node=N`), one per such process (RankDigest::process), or where one process ran
    /// comparable numbers of them on two or more GPUs (a process driving a node's GPUs), one per
    /// such GPU of it (RankDigest::device), in the order of their lowest GPU, then pid. Kernels of its other
    /// processes (and GPUs) are in none (they join no collective).
    static bool digestRanks(
        const QString& path, std::vector<RankDigest>* out, QString* error, const std::function<bool()>& cancelled = {});

    /// Point-to-point kernels (SendRecv, Send, Recv): only the two peers take part, so they are
    /// numbered apart from the collectives of their communicator.
    static bool isPointToPoint(const QString& op);
    /// The rank from environment rows (`NAME="value"` or `NAME=value`), first of RANK,
    /// SLURM_PROCID, OMPI_COMM_WORLD_RANK, PMI_RANK; -1 if none. `source` gets "env:NAME".
    static int rankFromEnvironment(const QStringList& variables, QString* source);

private:
    static bool digestExport(const QString& path, bool byProcess, std::vector<RankDigest>* out, QString* error,
        const std::function<bool()>& cancelled);
};

} // namespace sl
