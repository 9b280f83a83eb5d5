// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/ncclpayloads.h"
#include "core/cluster/rankdigest.h"

#include <QHash>

#include <utility>
#include <vector>

namespace sl {

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
    /// Appends `from`'s collectives at `order` (start order) with their launch keys, their stream
    /// indices numbered again by first appearance here.
    void takeCollectives(const RankState& from, const std::vector<size_t>& order);

private:
    int communicator(quint64 hash);
    void attribute(const std::vector<NcclPayloads::Call>& calls);
    void ordinals();
};

} // namespace sl
