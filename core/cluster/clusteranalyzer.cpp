// SPDX-License-Identifier: MIT
#include "core/cluster/clusteranalyzer.h"

#include "core/analysis/statistics.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace sl {

namespace {

using Key = std::tuple<int, QString, qint64>; // (stream index, op, per-stream ordinal)

qint64 median(std::vector<qint64> v) { return nearestRankUnsorted(v, 50); }

/// Blocking collectives end together on every rank (the last chunk reaches everyone at once):
/// their ends carry the clock difference between hosts. SendRecv, Broadcast, Reduce do not.
bool endsTogether(const QString& op)
{
    return op == QLatin1String("AllReduce") || op == QLatin1String("AllGather") || op == QLatin1String("ReduceScatter")
        || op == QLatin1String("AllToAll");
}

/// Per-rank working state: the digest, its host and its mapping to the common timeline.
struct Member
{
    RankDigest d;
    int host = 0;
    qint64 shift = 0; ///< added to an export time: its UTC-derived time (ns)
    qint64 offset = 0; ///< the host's correction (tier 2)
    std::vector<qint64> lead; ///< per collective: time since the previous collective / step start, -1 unknown
    std::vector<int> step; ///< per collective: index of its step range, -1 none
};

class Analysis
{
public:
    Analysis(std::vector<Member>& m, ClusterResult& r)
        : m_m(m)
        , m_r(r)
    {
    }
    void hosts();
    void pair();
    void align();
    void measure();
    void straggler();

private:
    qint64 aligned(const Member& m, qint64 t) const { return t + m.shift + m.offset - m_origin; }
    void leadTimes(Member& m) const;

    std::vector<Member>& m_m;
    ClusterResult& m_r;
    std::map<Key, std::vector<int>> m_keys; ///< key → per member the collective index, -1 missing
    std::vector<const std::vector<int>*> m_matched; ///< keys every rank has, in key order
    qint64 m_origin = 0;
};

bool assignRanks(std::vector<Member>& m, QString* error)
{
    QHash<int, QString> owner;
    for (const Member& x : m) {
        if (x.d.rank < 0)
            continue;
        if (owner.contains(x.d.rank)) {
            *error = ClusterAnalyzer::tr("%1 and %2 both say they are rank %3: they are not one run, or one was "
                                         "copied.")
                         .arg(owner.value(x.d.rank), x.d.file)
                         .arg(x.d.rank);
            return false;
        }
        owner.insert(x.d.rank, x.d.file);
    }
    int next = 0;
    for (Member& x : m) {
        if (x.d.rank >= 0)
            continue;
        while (owner.contains(next))
            ++next;
        x.d.rank = next;
        x.d.rankSource = QStringLiteral("file-order");
        owner.insert(next, x.d.file);
    }
    std::sort(m.begin(), m.end(), [](const Member& a, const Member& b) { return a.d.rank < b.d.rank; });
    return true;
}

void Analysis::hosts()
{
    QHash<QString, int> index;
    for (Member& x : m_m) {
        // An export without a host name is a host of its own: nothing says it shares a clock.
        const QString name = x.d.hostname.isEmpty() ? QStringLiteral("\x01") + x.d.file : x.d.hostname;
        if (!index.contains(name)) {
            index.insert(name, int(m_r.hosts.size()));
            ClusterHost h;
            h.host = QStringLiteral("host%1").arg(m_r.hosts.size());
            h.method = m_r.hosts.empty() ? QStringLiteral("reference") : QStringLiteral("utc");
            h.residualNs = m_r.hosts.empty() ? 0 : -1;
            m_r.hosts.push_back(h);
        }
        x.host = index.value(name);
        ++m_r.hosts[size_t(x.host)].ranks;
    }
    // Tier 1: ranks on one host whose exports carry the system clock share its first rank's UTC
    // anchor through that clock (exact: one clock); the others keep their own UTC anchor.
    std::vector<const Member*> first(m_r.hosts.size(), nullptr);
    for (Member& x : m_m) {
        const Member*& f = first[size_t(x.host)];
        if (!f)
            f = &x;
        x.shift = x.d.systemClockNs >= 0 && f->d.systemClockNs >= 0
            ? x.d.systemClockNs - f->d.systemClockNs + f->d.utcEpochNs
            : x.d.utcEpochNs;
    }
    m_origin = m_m.front().shift;
    for (const Member& x : m_m)
        m_origin = std::min(m_origin, x.shift);
}

void Analysis::pair()
{
    const size_t n = m_m.size();
    for (size_t i = 0; i < n; ++i) {
        const auto& cs = m_m[i].d.collectives;
        for (size_t c = 0; c < cs.size(); ++c) {
            auto& held = m_keys[Key { cs[c].streamIndex, cs[c].op, cs[c].ordinal }];
            if (held.empty())
                held.assign(n, -1);
            held[i] = int(c);
        }
    }
    m_r.pairing = QStringLiteral("op+stream-ordinal");
    for (const auto& [key, held] : m_keys) {
        if (std::find(held.begin(), held.end(), -1) == held.end()) {
            m_matched.push_back(&held);
            continue;
        }
        ++m_r.unmatched;
        if (m_r.unmatchedKeys.size() >= 20)
            continue;
        QStringList have;
        for (size_t i = 0; i < n; ++i)
            if (held[i] >= 0)
                have << QString::number(m_m[i].d.rank);
        m_r.unmatchedKeys << ClusterAnalyzer::tr("%1 #%2 on NCCL stream %3: only ranks %4")
                                 .arg(std::get<1>(key))
                                 .arg(std::get<2>(key))
                                 .arg(std::get<0>(key))
                                 .arg(have.join(QStringLiteral(", ")));
    }
    m_r.matched = qint64(m_matched.size());
}

void Analysis::align()
{
    // Tier 2: every other host is moved by the median difference between its ranks' collective
    // ends and the reference host's (the median over the reference ranks per collective); the
    // 90th percentile of what remains is the residual, the limit of what skews can claim.
    // One pass over the matched collectives for all hosts: linear in ranks × collectives.
    std::vector<std::vector<qint64>> diffs(m_r.hosts.size());
    for (const std::vector<int>* held : m_matched) {
        std::vector<qint64> refEnds;
        for (size_t i = 0; i < m_m.size(); ++i) {
            const auto& c = m_m[i].d.collectives[size_t((*held)[i])];
            if (m_m[i].host == 0 && endsTogether(c.op))
                refEnds.push_back(aligned(m_m[i], c.endNs));
        }
        if (refEnds.empty())
            continue;
        const qint64 ref = median(refEnds);
        for (size_t i = 0; i < m_m.size(); ++i)
            if (m_m[i].host != 0)
                diffs[size_t(m_m[i].host)].push_back(
                    aligned(m_m[i], m_m[i].d.collectives[size_t((*held)[i])].endNs) - ref);
    }
    for (size_t h = 1; h < m_r.hosts.size(); ++h) {
        ClusterHost& host = m_r.hosts[h];
        if (diffs[h].empty())
            continue;
        const qint64 mid = median(diffs[h]);
        std::vector<qint64> spread;
        for (qint64 d : diffs[h])
            spread.push_back(std::abs(d - mid));
        host.method = QStringLiteral("utc+collective-ends");
        host.offsetNs = -mid;
        host.residualNs = nearestRankUnsorted(spread, 90);
        host.samples = qint64(diffs[h].size());
    }
    for (Member& x : m_m)
        x.offset = m_r.hosts[size_t(x.host)].offsetNs;
}

void Analysis::leadTimes(Member& m) const
{
    const auto& cs = m.d.collectives;
    const auto& steps = m.d.steps;
    m.lead.assign(cs.size(), -1);
    m.step.assign(cs.size(), -1);
    QHash<int, size_t> previous; // stream index → its last collective so far
    size_t s = 0;
    for (size_t c = 0; c < cs.size(); ++c) {
        while (s < steps.size() && steps[s].endNs < cs[c].startNs)
            ++s;
        const bool inStep = s < steps.size() && steps[s].startNs <= cs[c].startNs;
        qint64 from = inStep ? steps[s].startNs : -1;
        const auto p = previous.constFind(cs[c].streamIndex);
        if (p != previous.constEnd() && (!inStep || cs[*p].startNs >= steps[s].startNs))
            from = std::max(from, cs[*p].endNs);
        if (from >= 0 && from <= cs[c].startNs)
            m.lead[c] = cs[c].startNs - from;
        m.step[c] = inStep ? int(s) : -1;
        previous.insert(cs[c].streamIndex, c);
    }
}

void Analysis::measure()
{
    const size_t n = m_m.size();
    qint64 residual = 0;
    for (const ClusterHost& h : m_r.hosts)
        residual = std::max(residual, h.residualNs);
    m_r.ranks.resize(n);
    std::vector<qint64> skews, transfers;
    for (const std::vector<int>* held : m_matched) {
        qint64 first = 0, last = 0, transfer = 0;
        qint64 secondLast = std::numeric_limits<qint64>::min(); // n ≥ 2: set by the second rank
        size_t lastIndex = 0;
        for (size_t i = 0; i < n; ++i) {
            const DigestCollective& c = m_m[i].d.collectives[size_t((*held)[i])];
            const qint64 a = aligned(m_m[i], c.startNs);
            first = i == 0 ? a : std::min(first, a);
            if (i == 0 || a > last) {
                if (i > 0)
                    secondLast = last;
                last = a;
                lastIndex = i;
            } else {
                secondLast = std::max(secondLast, a);
            }
            transfer = i == 0 ? c.endNs - c.startNs : std::min(transfer, c.endNs - c.startNs);
        }
        for (size_t i = 0; i < n; ++i)
            m_r.ranks[i].waitNs += last - aligned(m_m[i], m_m[i].d.collectives[size_t((*held)[i])].startNs);
        // Two arrivals closer than the clock residual (or equal) name no last arriver.
        if (last - secondLast > residual)
            ++m_r.ranks[lastIndex].lastArrivals;
        const DigestCollective& c0 = m_m[0].d.collectives[size_t((*held)[0])];
        // A skew below the clock residual is not measurable: it is reported as the residual.
        const qint64 skew = std::max(last - first, residual);
        m_r.collectives.push_back({ c0.op, c0.streamIndex, c0.ordinal, first, skew, m_m[lastIndex].d.rank, transfer });
        skews.push_back(skew);
        transfers.push_back(transfer);
    }
    m_r.skewP50Ns = nearestRankUnsorted(skews, 50);
    m_r.skewP90Ns = nearestRankAbove(skews, 90, 50);
    m_r.transferP50Ns = median(transfers);
    for (size_t i = 0; i < n; ++i) {
        const RankDigest& d = m_m[i].d;
        ClusterRank& r = m_r.ranks[i];
        r.rank = d.rank;
        r.rankSource = d.rankSource;
        r.host = m_r.hosts[size_t(m_m[i].host)].host;
        r.file = d.file;
        r.kernels = d.kernels;
        r.shiftNs = aligned(m_m[i], 0);
        r.lastArrivalShare = m_r.matched > 0 ? double(r.lastArrivals) / double(m_r.matched) : 0;
        for (const DigestCollective& c : d.collectives)
            r.ncclNs += c.endNs - c.startNs;
        std::vector<qint64> steps;
        for (const DigestStep& s : d.steps)
            steps.push_back(s.endNs - s.startNs);
        r.steps = qint64(steps.size());
        if (!steps.empty()) {
            r.stepP50Ns = nearestRankUnsorted(steps, 50);
            r.stepP90Ns = nearestRankAbove(steps, 90, 50);
        }
    }
}

void Analysis::straggler()
{
    const size_t n = m_m.size();
    size_t best = 0;
    for (size_t i = 1; i < n; ++i)
        if (m_r.ranks[i].lastArrivals > m_r.ranks[best].lastArrivals)
            best = i;
    const double share = m_r.ranks[best].lastArrivalShare;
    if (m_r.matched == 0 || share < std::max(ClusterAnalyzer::minStragglerShare, 1.5 / double(n)))
        return;
    m_r.hasStraggler = true;
    m_r.stragglerRank = m_r.ranks[best].rank;
    m_r.stragglerShare = share;
    // What-if: the straggler's time before each collective (since its previous collective on the
    // stream, or its step's start) takes the median of the other ranks'; the saving of a
    // collective is how much earlier its last arrival would then be, summed per step of the straggler.
    for (Member& x : m_m)
        leadTimes(x);
    const Member& s = m_m[best];
    std::vector<qint64> perStep(s.d.steps.size(), 0);
    std::vector<bool> measured(s.d.steps.size(), false);
    for (const std::vector<int>* held : m_matched) {
        const size_t sc = size_t((*held)[best]);
        if (s.step[sc] < 0 || s.lead[sc] < 0)
            continue;
        std::vector<qint64> leads;
        qint64 othersLast = std::numeric_limits<qint64>::min(), last = 0;
        for (size_t i = 0; i < n; ++i) {
            const size_t c = size_t((*held)[i]);
            const qint64 a = aligned(m_m[i], m_m[i].d.collectives[c].startNs);
            last = i == 0 ? a : std::max(last, a);
            if (i == best)
                continue;
            othersLast = std::max(othersLast, a);
            if (m_m[i].lead[c] >= 0)
                leads.push_back(m_m[i].lead[c]);
        }
        if (leads.empty())
            continue;
        const qint64 arrival = aligned(s, s.d.collectives[sc].startNs) - s.lead[sc] + median(leads);
        perStep[size_t(s.step[sc])] += last - std::max(arrival, othersLast);
        measured[size_t(s.step[sc])] = true;
    }
    std::vector<qint64> savings;
    for (size_t k = 0; k < perStep.size(); ++k)
        if (measured[k])
            savings.push_back(perStep[k]);
    if (!savings.empty())
        m_r.whatifStepSavingNs = median(savings);
}

} // namespace

bool ClusterAnalyzer::analyze(std::vector<RankDigest> digests, ClusterResult* result, QString* error)
{
    if (digests.size() < 2) {
        *error = tr("A cluster run needs the exports (or digests) of at least 2 ranks; %1 given.").arg(digests.size());
        return false;
    }
    std::vector<Member> members;
    members.reserve(digests.size());
    for (RankDigest& d : digests)
        members.push_back({ std::move(d), 0, 0, 0, {}, {} });
    if (!assignRanks(members, error))
        return false;
    ClusterResult r;
    Analysis a(members, r);
    a.hosts();
    a.pair();
    a.align();
    a.measure();
    a.straggler();
    if (r.matched == 0)
        r.warnings << tr("No collective was found on every rank: nothing to compare (are these exports of one run, "
                         "with NCCL kernels traced?).");
    if (r.unmatched > 0)
        r.warnings << tr("%1 collectives were not found on every rank (a desync, or ranks captured over different "
                         "spans); only the %2 matched ones are measured.")
                          .arg(r.unmatched)
                          .arg(r.matched);
    for (const ClusterRank& rank : r.ranks)
        if (rank.rankSource == QLatin1String("file-order")) {
            r.warnings << tr("Some exports do not say their rank (no RANK, SLURM_PROCID, OMPI_COMM_WORLD_RANK or "
                             "PMI_RANK in the environment): their ranks are guessed from the file order.");
            break;
        }
    *result = std::move(r);
    return true;
}

} // namespace sl
