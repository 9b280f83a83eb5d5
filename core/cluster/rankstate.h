// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/ncclpayloads.h"
#include "core/cluster/rankdigest.h"

#include <QHash>

#include <utility>
#include <vector>

namespace sl {

struct LaunchCalls; ///< the payload calls of one collective's launch (rankstate.cpp)

/// One rank's digest in the making, with what its collectives need until the NCCL payloads are
/// matched to them.
struct RankState
{
    RankDigest d;
    std::vector<std::pair<qint64, qint64>> correlations; ///< per collective: (globalPid, correlationId)
    std::vector<qint64> launchTid; ///< per collective: globalTid of its launch call, -1 unknown
    QHash<quint64, int> commIndex; ///< communicator hash → index into d.communicators

    /// Communicators, the rank from CommInitRank where nothing else gave one, and each
    /// collective's communicator, size and ordinal; `calls` sorted by (tid, start).
    void applyPayloads(const std::vector<NcclPayloads::Call>& calls);
    /// The same for the ranks of one process that drove several GPUs, one rank per GPU
    /// (RankDigest::device), from that process' `calls`: a launch's calls are found among all of
    /// the process' launches (one thread may launch on every GPU), a rank's communicators from
    /// the init calls naming its GPU ("CUDA device").
    static void applyPayloads(const std::vector<RankState*>& gpus, const std::vector<NcclPayloads::Call>& calls);
    /// Appends `from`'s collectives at `order` (start order) with their launch keys, their stream
    /// indices numbered again by first appearance here.
    void takeCollectives(const RankState& from, const std::vector<size_t>& order);

private:
    int communicator(quint64 hash);
    /// Communicators in order of their first call, each with its first init call's rank; the
    /// rank from the largest (the world) where nothing else gave one.
    void inits(const std::vector<NcclPayloads::Call>& calls);
    void attribute(const std::vector<NcclPayloads::Call>& calls);
    /// The launches order[from, to) of one thread: the first found `found[from]`'s calls, the
    /// others none.
    void attributeRun(const std::vector<size_t>& order, const std::vector<LaunchCalls>& found, size_t from, size_t to);
    void ordinals();
};

} // namespace sl
