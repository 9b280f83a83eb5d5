// SPDX-License-Identifier: MIT
#include "core/cluster/rankstate.h"

#include "core/cluster/exportdigester.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>

namespace sl {

using Calls = std::vector<NcclPayloads::Call>;

void RankState::takeCollectives(const RankState& from, const std::vector<size_t>& order)
{
    QHash<int, int> renumbered; // stream index in `from` → here
    for (const size_t i : order) {
        DigestCollective c = from.d.collectives[i];
        const auto it = renumbered.constFind(c.streamIndex);
        c.streamIndex = it != renumbered.constEnd() ? *it : *renumbered.insert(c.streamIndex, int(renumbered.size()));
        d.collectives.push_back(std::move(c));
        correlations.push_back(from.correlations[i]);
        launchTid.push_back(from.launchTid[i]);
    }
}

int RankState::communicator(quint64 hash)
{
    const auto it = commIndex.constFind(hash);
    if (it != commIndex.constEnd())
        return *it;
    d.communicators.push_back({ hash, -1, -1 });
    return *commIndex.insert(hash, int(d.communicators.size()) - 1);
}

void RankState::applyPayloads(const Calls& calls)
{
    // The communicators in order of their first call in time (the calls come by thread, then
    // time), each with its first init call's rank. The rank: this process' rank in its largest
    // communicator (the world).
    std::vector<size_t> byTime(calls.size());
    std::iota(byTime.begin(), byTime.end(), size_t(0));
    std::stable_sort(
        byTime.begin(), byTime.end(), [&](size_t a, size_t b) { return calls[a].startNs < calls[b].startNs; });
    int worldSize = 0, worldRank = -1;
    for (const size_t i : byTime) {
        const NcclPayloads::Call& c = calls[i];
        const int index = communicator(c.comm);
        if (c.nranks <= 0 || d.communicators[size_t(index)].nranks > 0)
            continue;
        d.communicators[size_t(index)].nranks = c.nranks;
        d.communicators[size_t(index)].rank = c.rank;
        if (c.nranks > worldSize) {
            worldSize = c.nranks;
            worldRank = c.rank;
        }
    }
    if (d.rank < 0 && worldRank >= 0) {
        d.rank = worldRank;
        d.rankSource = QStringLiteral("nccl:CommInitRank");
    }
    attribute(calls);
    ordinals();
}

void RankState::attribute(const Calls& calls)
{
    std::vector<size_t> order; // collectives with a known launch call, by (thread, launch start)
    for (size_t i = 0; i < d.collectives.size(); ++i)
        if (launchTid[i] >= 0)
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::pair(launchTid[a], d.collectives[a].launchNs) < std::pair(launchTid[b], d.collectives[b].launchNs);
    });
    const auto before = [](const NcclPayloads::Call& c, const std::pair<qint64, qint64>& k) {
        return std::pair(c.tid, c.startNs) < k;
    };
    qint64 previousTid = -1, previousLaunch = 0;
    for (const size_t i : order) {
        DigestCollective& c = d.collectives[i];
        const qint64 tid = launchTid[i], t = c.launchNs;
        const qint64 after = tid == previousTid ? previousLaunch : std::numeric_limits<qint64>::min();
        const auto first = std::lower_bound(calls.begin(), calls.end(), std::pair(tid, after), before);
        auto it = std::lower_bound(first, calls.end(), std::pair(tid, t + 1), before);
        // The launch lies inside its API call's range (ncclAllReduce → cuLaunchKernelEx) ...
        const NcclPayloads::Call* enclosing = nullptr;
        for (auto e = it; e != first && !enclosing;)
            if ((--e)->endNs >= t && e->nranks < 0)
                enclosing = &*e;
        // ... or, in a group, inside ncclGroupEnd (no payload) after the group's calls, which
        // ended before it: their communicator (one) and summed sizes.
        qint64 bytes = enclosing ? enclosing->bytes : -1;
        if (bytes < 0) {
            const std::optional<quint64> comm = enclosing ? std::optional(enclosing->comm) : std::nullopt;
            std::optional<quint64> seen = comm;
            qint64 sum = 0;
            bool single = true;
            for (; it != first; --it) {
                const NcclPayloads::Call& g = *(it - 1);
                if (g.endNs > t || g.bytes < 0 || g.nranks >= 0)
                    continue;
                single = single && (!seen || *seen == g.comm);
                seen = g.comm;
                sum += g.bytes;
            }
            if (single && seen && sum > 0) {
                c.comm = communicator(*seen);
                c.bytes = sum;
            }
        } else {
            c.comm = communicator(enclosing->comm);
            c.bytes = bytes;
        }
        previousTid = tid;
        previousLaunch = t;
    }
}

void RankState::ordinals()
{
    QHash<std::pair<int, bool>, qint64> next; // (communicator, point-to-point) → kernels so far
    for (DigestCollective& c : d.collectives)
        if (c.comm >= 0)
            c.commOrdinal = next[{ c.comm, ExportDigester::isPointToPoint(c.op) }]++;
}

} // namespace sl
