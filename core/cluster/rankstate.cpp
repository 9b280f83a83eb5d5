// SPDX-License-Identifier: MIT
#include "core/cluster/rankstate.h"

#include "core/cluster/exportdigester.h"

#include <QSet>

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
    inits(calls);
    attribute(calls);
    ordinals();
}

void RankState::applyPayloads(const std::vector<RankState*>& gpus, const Calls& calls)
{
    // The launches of every GPU of the process attributed together (a thread that launches on
    // each GPU in one ncclGroupEnd sees all of them), then each result moved to its GPU's rank
    // with its communicator's hash.
    RankState process;
    std::vector<std::pair<RankState*, size_t>> owner; // process collective → (rank, its index)
    for (RankState* r : gpus)
        for (size_t i = 0; i < r->d.collectives.size(); ++i) {
            process.d.collectives.push_back(r->d.collectives[i]);
            process.launchTid.push_back(r->launchTid[i]);
            owner.emplace_back(r, i);
        }
    process.attribute(calls);
    for (RankState* r : gpus) {
        Calls own; // the init calls that name this rank's GPU
        for (const NcclPayloads::Call& c : calls)
            if (c.nranks > 0 && c.device == r->d.device)
                own.push_back(c);
        r->inits(own);
    }
    for (size_t i = 0; i < owner.size(); ++i) {
        const DigestCollective& from = process.d.collectives[i];
        DigestCollective& to = owner[i].first->d.collectives[owner[i].second];
        if (from.comm >= 0) {
            to.comm = owner[i].first->communicator(process.d.communicators[size_t(from.comm)].hash);
            to.bytes = from.bytes;
        }
    }
    for (RankState* r : gpus)
        r->ordinals();
}

void RankState::inits(const Calls& calls)
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
}

/// The payload calls of one launch: the API call it lies in (ncclAllReduce → cuLaunchKernelEx),
/// or, in a group, the group's calls that ended before it since the thread's previous launch
/// (ncclGroupEnd, which has no payload, launches them).
struct LaunchCalls
{
    const NcclPayloads::Call* enclosing = nullptr;
    std::vector<const NcclPayloads::Call*> group; ///< in start order
};

namespace {

/// The calls of a launch at `t` on thread `tid` among `calls` (sorted by (tid, start)) that
/// started at or after `after` (the thread's previous launch).
LaunchCalls launchCalls(const Calls& calls, qint64 tid, qint64 after, qint64 t)
{
    const auto before = [](const NcclPayloads::Call& c, const std::pair<qint64, qint64>& k) {
        return std::pair(c.tid, c.startNs) < k;
    };
    const auto first = std::lower_bound(calls.begin(), calls.end(), std::pair(tid, after), before);
    const auto last = std::lower_bound(first, calls.end(), std::pair(tid, t + 1), before);
    LaunchCalls out;
    for (auto e = last; e != first && !out.enclosing;)
        if ((--e)->endNs >= t && e->nranks < 0)
            out.enclosing = &*e;
    if (out.enclosing && out.enclosing->bytes >= 0)
        return out;
    for (auto g = first; g != last; ++g)
        if (g->endNs <= t && g->bytes >= 0 && g->nranks < 0)
            out.group.push_back(&*g);
    return out;
}

} // namespace

void RankState::attribute(const Calls& calls)
{
    std::vector<size_t> order; // collectives with a known launch call, by (thread, launch start)
    for (size_t i = 0; i < d.collectives.size(); ++i)
        if (launchTid[i] >= 0)
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::pair(launchTid[a], d.collectives[a].launchNs) < std::pair(launchTid[b], d.collectives[b].launchNs);
    });
    std::vector<LaunchCalls> found(order.size());
    for (size_t k = 0; k < order.size(); ++k) {
        const bool sameThread = k > 0 && launchTid[order[k - 1]] == launchTid[order[k]];
        const qint64 after = sameThread ? d.collectives[order[k - 1]].launchNs : std::numeric_limits<qint64>::min();
        found[k] = launchCalls(calls, launchTid[order[k]], after, d.collectives[order[k]].launchNs);
    }
    for (size_t k = 0; k < order.size();) {
        // A run: a launch and the launches after it on its thread, each on a GPU of its own, that
        // found no call of theirs (one ncclGroupEnd launching a kernel on each GPU).
        QSet<int> gpus { d.collectives[order[k]].device };
        size_t end = k + 1;
        while (end < order.size() && launchTid[order[end]] == launchTid[order[k]] && !found[end].enclosing
            && found[end].group.empty() && !gpus.contains(d.collectives[order[end]].device))
            gpus.insert(d.collectives[order[end++]].device);
        attributeRun(order, found, k, end);
        k = end;
    }
}

void RankState::attributeRun(
    const std::vector<size_t>& order, const std::vector<LaunchCalls>& found, size_t from, size_t to)
{
    const LaunchCalls& calls = found[from];
    DigestCollective& first = d.collectives[order[from]];
    if (calls.enclosing && calls.enclosing->bytes >= 0) {
        first.comm = communicator(calls.enclosing->comm);
        first.bytes = calls.enclosing->bytes;
        return;
    }
    if (to - from > 1) {
        // A kernel per GPU after a group (one thread driving several GPUs): NCCL's launch order
        // need not be the calls' order, so only what the calls share is known: one communicator
        // (a clique's commHash), and the size where the calls are one per launch and all alike
        // (a collective's count is the same on every rank).
        if (calls.enclosing || calls.group.empty())
            return;
        bool oneComm = true, oneSize = calls.group.size() == to - from;
        for (const NcclPayloads::Call* g : calls.group) {
            oneComm = oneComm && g->comm == calls.group.front()->comm;
            oneSize = oneSize && g->bytes == calls.group.front()->bytes;
        }
        for (size_t k = from; k < to && oneComm; ++k) {
            DigestCollective& c = d.collectives[order[k]];
            c.comm = communicator(calls.group.front()->comm);
            c.bytes = oneSize ? calls.group.front()->bytes : -1;
        }
        return;
    }
    // One launch for the group (NCCL fuses a group's collectives of one communicator into one
    // kernel): its communicator and summed sizes, where the calls name one communicator (the
    // enclosing call's, if any).
    std::optional<quint64> seen = calls.enclosing ? std::optional(calls.enclosing->comm) : std::nullopt;
    qint64 sum = 0;
    bool single = true;
    for (const NcclPayloads::Call* g : calls.group) {
        single = single && (!seen || *seen == g->comm);
        seen = g->comm;
        sum += g->bytes;
    }
    if (single && seen && sum > 0) {
        first.comm = communicator(*seen);
        first.bytes = sum;
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
