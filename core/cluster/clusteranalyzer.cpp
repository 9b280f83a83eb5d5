// SPDX-License-Identifier: MIT
#include "core/cluster/clusteranalyzer.h"

#include "core/analysis/passes/statistics.h"
#include "core/cluster/exportdigester.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <climits>
#include <limits>
#include <map>
#include <tuple>

namespace sl {

namespace {

/// (stream index, op, per-stream ordinal), or with NCCL payloads (point-to-point 0/1, communicator, ordinal).
using Key = std::tuple<int, QString, qint64>;

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
    void leaveOutUnplaced();
    void measure();
    void straggler();
    void desyncEvidence();

private:
    qint64 aligned(const Member& m, qint64 t) const { return t + m.shift + m.offset - m_origin; }
    void leadTimes(Member& m) const;
    QString keyLabel(const Key& key, const std::vector<int>& held) const;
    QString disagreement(const Key& key, const std::vector<int>& held) const;
    void stragglerEvidence(size_t best);
    void measureOne(
        const std::vector<int>& held, qint64 residual, std::vector<qint64>* skews, std::vector<qint64>* transfers);
    void rankFigures();

    std::vector<Member>& m_m;
    ClusterResult& m_r;
    std::map<Key, std::vector<int>> m_keys; ///< key → per member the collective index, -1 missing
    std::vector<std::vector<int>*> m_matched; ///< keys every rank taking part has, in key order
    size_t m_placed = 0; ///< ranks on the common timeline (not on a host no clock places)
    qint64 m_origin = 0;
    bool m_byComm = false; ///< keys are (point-to-point, communicator, ordinal), else (stream index, op, ordinal)
};

/// The ranks of one export (its processes' digests, same sha256) put in the order of their lowest
/// GPU, then pid, in the places they hold among the inputs: the order digestRanks gives them, also
/// when they come from a folder, listed by name ("x.p100" before "x.p99").
void orderProcessesOfOneExport(std::vector<Member>& m)
{
    QHash<QString, std::vector<size_t>> places; // sha256 → input positions of its process digests
    for (size_t i = 0; i < m.size(); ++i)
        if (m[i].d.process >= 0)
            places[m[i].d.sha256].push_back(i);
    for (const std::vector<size_t>& at : places) {
        std::vector<Member> group;
        for (size_t i : at)
            group.push_back(std::move(m[i]));
        const auto key = [](const Member& x) {
            return std::pair(x.d.devices.empty() ? INT_MAX : x.d.devices.front(), x.d.process);
        };
        std::stable_sort(group.begin(), group.end(), [&](const Member& a, const Member& b) { return key(a) < key(b); });
        for (size_t k = 0; k < at.size(); ++k)
            m[at[k]] = std::move(group[k]);
    }
}

bool assignRanks(std::vector<Member>& m, QString* error)
{
    orderProcessesOfOneExport(m);
    QHash<int, QString> owner;
    for (const Member& x : m) {
        if (x.d.rank < 0)
            continue;
        if (owner.contains(x.d.rank)) {
            *error = ClusterAnalyzer::tr("%1 and %2 both say they are rank %3: they are not one run, or one was "
                                         "copied.")
                         .arg(owner.value(x.d.rank), x.d.name())
                         .arg(x.d.rank);
            return false;
        }
        owner.insert(x.d.rank, x.d.name());
    }
    int next = 0;
    for (Member& x : m) {
        if (x.d.rank >= 0)
            continue;
        while (owner.contains(next))
            ++next;
        x.d.rank = next;
        x.d.rankSource = QStringLiteral("file-order");
        owner.insert(next, x.d.name());
    }
    std::sort(m.begin(), m.end(), [](const Member& a, const Member& b) { return a.d.rank < b.d.rank; });
    return true;
}

void Analysis::hosts()
{
    QHash<QString, int> index;
    for (Member& x : m_m) {
        // An export without a host name is a host of its own: nothing says it shares a clock, but
        // for the ranks of one export (its processes), which share its clock.
        const QString name = !x.d.hostname.isEmpty() ? x.d.hostname
            : x.d.process >= 0                       ? QStringLiteral("\x01") + x.d.sha256
                                                     : QStringLiteral("\x01") + x.d.name();
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
    // anchor through that clock (exact: one clock); the others keep their own UTC anchor. An
    // export without one (nsys 2021.2 and before) takes the first anchored rank's, and its host
    // is placed by the collective ends alone (align), or not at all.
    qint64 standIn = 0;
    for (auto x = m_m.crbegin(); x != m_m.crend(); ++x)
        standIn = x->d.utcEpochNs >= 0 ? x->d.utcEpochNs : standIn;
    const auto utc = [standIn](const Member& x) { return x.d.utcEpochNs >= 0 ? x.d.utcEpochNs : standIn; };
    std::vector<const Member*> first(m_r.hosts.size(), nullptr);
    bool referenceAnchored = true;
    for (Member& x : m_m) {
        const Member*& f = first[size_t(x.host)];
        if (!f)
            f = &x;
        x.shift = x.d.systemClockNs >= 0 && f->d.systemClockNs >= 0 ? x.d.systemClockNs - f->d.systemClockNs + utc(*f)
                                                                    : utc(x);
        referenceAnchored = referenceAnchored && (x.host > 0 || x.d.utcEpochNs >= 0);
    }
    // Without its own anchor (or the reference's), a host's UTC says nothing about the reference.
    for (const Member& x : m_m)
        if (x.host > 0 && (x.d.utcEpochNs < 0 || !referenceAnchored))
            m_r.hosts[size_t(x.host)].method = QStringLiteral("none");
    m_origin = m_m.front().shift;
    for (const Member& x : m_m)
        m_origin = std::min(m_origin, x.shift);
}

QString Analysis::keyLabel(const Key& key, const std::vector<int>& held) const
{
    QStringList have;
    for (size_t i = 0; i < held.size(); ++i)
        if (held[i] >= 0)
            have << QString::number(m_m[i].d.rank);
    if (m_byComm)
        return ClusterAnalyzer::tr("%1 #%2 of communicator %3: only ranks %4")
            .arg(std::get<0>(key) ? QStringLiteral("SendRecv") : ClusterAnalyzer::tr("collective"))
            .arg(std::get<2>(key))
            .arg(std::get<1>(key), have.join(QStringLiteral(", ")));
    return ClusterAnalyzer::tr("%1 #%2 on NCCL stream %3: only ranks %4")
        .arg(std::get<1>(key))
        .arg(std::get<2>(key))
        .arg(std::get<0>(key))
        .arg(have.join(QStringLiteral(", ")));
}

/// With NCCL payloads, the ranks of a collective agree on its op and its size; a difference is a
/// desync (or a pairing the payloads cannot support), listed instead of measured.
QString Analysis::disagreement(const Key& key, const std::vector<int>& held) const
{
    QStringList seen;
    bool differ = false;
    const DigestCollective* ref = nullptr;
    for (size_t i = 0; i < held.size(); ++i) {
        if (held[i] < 0)
            continue;
        const DigestCollective& c = m_m[i].d.collectives[size_t(held[i])];
        differ = differ || (ref && (ref->op != c.op || (ref->bytes >= 0 && c.bytes >= 0 && ref->bytes != c.bytes)));
        ref = ref ? ref : &c;
        if (seen.size() < 4)
            seen << ClusterAnalyzer::tr("rank %1: %2 of %3 B").arg(m_m[i].d.rank).arg(c.op).arg(c.bytes);
    }
    if (!differ)
        return {};
    return ClusterAnalyzer::tr("#%1 of communicator %2: %3")
        .arg(std::get<2>(key))
        .arg(std::get<1>(key), seen.join(QStringLiteral("; ")));
}

void Analysis::pair()
{
    const size_t n = m_m.size();
    // Pair by communicator only when every collective of every export has one: a missing one
    // would shift that rank's ordinals and pair everything after it wrongly.
    m_byComm = true;
    qint64 withComm = 0;
    for (const Member& x : m_m)
        for (const DigestCollective& c : x.d.collectives) {
            m_byComm = m_byComm && c.comm >= 0;
            withComm += c.comm >= 0 ? 1 : 0;
        }
    if (!m_byComm && withComm > 0)
        m_r.warnings << ClusterAnalyzer::tr("NCCL payloads give %1 collectives a communicator, but not all of them (an "
                                            "export without --include-blobs, or kernels launched outside NCCL's "
                                            "calls): all are paired by op and stream order instead.")
                            .arg(withComm);
    std::map<QString, std::vector<bool>> members; // communicator → which members take part
    for (size_t i = 0; i < n; ++i) {
        const auto& cs = m_m[i].d.collectives;
        for (size_t c = 0; c < cs.size(); ++c) {
            const DigestCollective& x = cs[c];
            QString comm;
            if (m_byComm) {
                comm = QStringLiteral("%1").arg(m_m[i].d.communicators[size_t(x.comm)].hash, 16, 16, QLatin1Char('0'));
                auto& m = members[comm];
                m.resize(n, false);
                m[i] = true;
            }
            auto& held = m_keys[m_byComm ? Key { ExportDigester::isPointToPoint(x.op) ? 1 : 0, comm, x.commOrdinal }
                                         : Key { x.streamIndex, x.op, x.ordinal }];
            if (held.empty())
                held.assign(n, -1);
            held[i] = int(c);
        }
    }
    m_r.pairing = m_byComm ? QStringLiteral("communicator+ordinal") : QStringLiteral("op+stream-ordinal");
    for (auto& [key, held] : m_keys) {
        int present = 0;
        bool complete = true;
        for (size_t i = 0; i < n; ++i) {
            present += held[i] >= 0 ? 1 : 0;
            complete = complete && (held[i] >= 0 || (m_byComm && !members[std::get<1>(key)][i]));
        }
        // Without communicators the key holds the op, and a size known on one rank only says nothing.
        const QString differ = m_byComm && complete && present >= 2 ? disagreement(key, held) : QString();
        if (complete && present >= 2 && differ.isEmpty()) {
            m_matched.push_back(&held);
        } else if (!differ.isEmpty()) {
            if (m_r.mismatchedKeys.size() < 20)
                m_r.mismatchedKeys << differ;
            ++m_r.mismatched;
        } else {
            if (m_r.unmatchedKeys.size() < 20)
                m_r.unmatchedKeys << keyLabel(key, held);
            ++m_r.unmatched;
        }
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
            if ((*held)[i] < 0)
                continue;
            const auto& c = m_m[i].d.collectives[size_t((*held)[i])];
            if (m_m[i].host == 0 && endsTogether(c.op))
                refEnds.push_back(aligned(m_m[i], c.endNs));
        }
        if (refEnds.empty())
            continue;
        const qint64 ref = median(refEnds);
        for (size_t i = 0; i < m_m.size(); ++i)
            if (m_m[i].host != 0 && (*held)[i] >= 0)
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
        host.method = host.method == QLatin1String("none") ? QStringLiteral("collective-ends")
                                                           : QStringLiteral("utc+collective-ends");
        host.offsetNs = -mid;
        host.residualNs = nearestRankUnsorted(spread, 90);
        host.samples = qint64(diffs[h].size());
    }
    for (Member& x : m_m)
        x.offset = m_r.hosts[size_t(x.host)].offsetNs;
}

void Analysis::leaveOutUnplaced()
{
    // The ranks of a host no clock places ("none") have no arrival on the common timeline: they
    // leave every matched collective, and one left with fewer than two ranks is not measured.
    // Everything after (measure, straggler, its evidence, the counts) sees the same ranks.
    std::vector<bool> unplaced(m_m.size());
    for (size_t i = 0; i < m_m.size(); ++i)
        unplaced[i] = m_r.hosts[size_t(m_m[i].host)].method == QLatin1String("none");
    m_placed = size_t(std::count(unplaced.begin(), unplaced.end(), false));
    if (m_placed == m_m.size())
        return;
    std::erase_if(m_matched, [&](std::vector<int>* held) {
        int present = 0;
        for (size_t i = 0; i < held->size(); ++i) {
            (*held)[i] = unplaced[i] ? -1 : (*held)[i];
            present += (*held)[i] >= 0 ? 1 : 0;
        }
        return present < 2;
    });
    m_r.unplaced = m_r.matched - qint64(m_matched.size());
    m_r.matched = qint64(m_matched.size());
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

void Analysis::measureOne(
    const std::vector<int>& held, qint64 residual, std::vector<qint64>* skews, std::vector<qint64>* transfers)
{
    const size_t n = m_m.size();
    qint64 first = std::numeric_limits<qint64>::max(), last = std::numeric_limits<qint64>::min();
    qint64 secondLast = std::numeric_limits<qint64>::min(), transfer = std::numeric_limits<qint64>::max();
    size_t lastIndex = 0, firstMember = n;
    int ranks = 0;
    bool inter = false;
    for (size_t i = 0; i < n; ++i) {
        if (held[i] < 0)
            continue;
        const DigestCollective& c = m_m[i].d.collectives[size_t(held[i])];
        const qint64 a = aligned(m_m[i], c.startNs);
        firstMember = std::min(firstMember, i);
        inter = inter || m_m[i].host != m_m[firstMember].host;
        first = std::min(first, a);
        if (a > last) {
            secondLast = last;
            last = a;
            lastIndex = i;
        } else {
            secondLast = std::max(secondLast, a);
        }
        transfer = std::min(transfer, c.endNs - c.startNs);
        ++ranks;
    }
    for (size_t i = 0; i < n; ++i) {
        if (held[i] < 0)
            continue;
        const DigestCollective& c = m_m[i].d.collectives[size_t(held[i])];
        ClusterRank& r = m_r.ranks[i];
        const qint64 wait = last - aligned(m_m[i], c.startNs);
        r.waitNs += wait;
        (inter ? r.waitInterNodeNs : r.waitIntraNodeNs) += wait;
        (inter ? r.ncclInterNodeNs : r.ncclIntraNodeNs) += c.endNs - c.startNs;
        ++r.matched;
    }
    // Two arrivals closer than the clock residual (or equal) name no last arriver.
    if (last - secondLast > residual)
        ++m_r.ranks[lastIndex].lastArrivals;
    ++(inter ? m_r.interNode : m_r.intraNode);
    const DigestCollective& c0 = m_m[firstMember].d.collectives[size_t(held[firstMember])];
    // A skew below the clock residual is not measurable: it is reported as the residual.
    const qint64 skew = std::max(last - first, residual);
    ClusterCollective out { c0.op, QString(), c0.bytes, ranks, inter, c0.streamIndex,
        m_byComm ? c0.commOrdinal : c0.ordinal, first, skew, m_m[lastIndex].d.rank, transfer };
    if (m_byComm)
        out.communicator = QStringLiteral("%1").arg(
            m_m[firstMember].d.communicators[size_t(c0.comm)].hash, 16, 16, QLatin1Char('0'));
    m_r.collectives.push_back(out);
    skews->push_back(skew);
    transfers->push_back(transfer);
}

void Analysis::measure()
{
    qint64 residual = 0;
    for (const ClusterHost& h : m_r.hosts)
        residual = std::max(residual, h.residualNs);
    m_r.ranks.resize(m_m.size());
    std::vector<qint64> skews, transfers;
    for (const std::vector<int>* held : m_matched)
        measureOne(*held, residual, &skews, &transfers);
    m_r.skewP50Ns = nearestRankUnsorted(skews, 50);
    m_r.skewP90Ns = nearestRankAbove(skews, 90, 50);
    m_r.transferP50Ns = median(transfers);
    rankFigures();
}

void Analysis::rankFigures()
{
    for (size_t i = 0; i < m_m.size(); ++i) {
        const RankDigest& d = m_m[i].d;
        ClusterRank& r = m_r.ranks[i];
        r.rank = d.rank;
        r.rankSource = d.rankSource;
        r.host = m_r.hosts[size_t(m_m[i].host)].host;
        r.file = d.name();
        r.kernels = d.kernels;
        r.shiftNs = aligned(m_m[i], 0);
        r.lastArrivalShare = r.matched > 0 ? double(r.lastArrivals) / double(r.matched) : 0;
        for (const DigestCollective& c : d.collectives)
            r.ncclNs += c.endNs - c.startNs;
        std::vector<qint64> steps;
        for (const DigestStep& s : d.steps)
            steps.push_back(s.endNs - s.startNs);
        r.steps = qint64(steps.size());
        r.stepSource = d.steps.empty()      ? QStringLiteral("none")
            : d.steps.front().fromKernels() ? QStringLiteral("kernels")
                                            : QStringLiteral("nvtx");
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
        if (m_r.ranks[i].lastArrivalShare > m_r.ranks[best].lastArrivalShare)
            best = i;
    const double share = m_r.ranks[best].lastArrivalShare;
    if (m_r.matched == 0 || share < ClusterAnalyzer::stragglerShare(m_placed))
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
        if ((*held)[best] < 0)
            continue;
        const size_t sc = size_t((*held)[best]);
        if (s.step[sc] < 0 || s.lead[sc] < 0)
            continue;
        std::vector<qint64> leads;
        qint64 othersLast = std::numeric_limits<qint64>::min(), last = std::numeric_limits<qint64>::min();
        for (size_t i = 0; i < n; ++i) {
            if ((*held)[i] < 0)
                continue;
            const size_t c = size_t((*held)[i]);
            const qint64 a = aligned(m_m[i], m_m[i].d.collectives[c].startNs);
            last = std::max(last, a);
            if (i == best)
                continue;
            othersLast = std::max(othersLast, a);
            if (m_m[i].lead[c] >= 0)
                leads.push_back(m_m[i].lead[c]);
        }
        if (leads.empty() || othersLast == std::numeric_limits<qint64>::min())
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
    stragglerEvidence(best);
}

void Analysis::stragglerEvidence(size_t best)
{
    // The straggler's collectives where it kept the others waiting longest (its arrival − the
    // latest other arrival), each shown from the end of what it did before (its lead) to the
    // kernel's end, on its own export's clock.
    constexpr size_t shown = 5;
    const Member& s = m_m[best];
    std::vector<std::pair<qint64, size_t>> late; // (margin, collective index in s)
    for (const std::vector<int>* held : m_matched) {
        if ((*held)[best] < 0)
            continue;
        const DigestCollective& c = s.d.collectives[size_t((*held)[best])];
        qint64 others = std::numeric_limits<qint64>::min();
        for (size_t i = 0; i < m_m.size(); ++i)
            if (i != best && (*held)[i] >= 0)
                others = std::max(others, aligned(m_m[i], m_m[i].d.collectives[size_t((*held)[i])].startNs));
        const qint64 margin = aligned(s, c.startNs) - others;
        if (margin > 0)
            late.emplace_back(margin, size_t((*held)[best]));
    }
    std::sort(late.begin(), late.end(),
        [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
    ClusterFinding f { QStringLiteral("straggler"),
        ClusterAnalyzer::tr("Rank %1 arrives last at %2 of its %3 matched collectives; the other ranks wait for it.")
            .arg(s.d.rank)
            .arg(QString::number(m_r.stragglerShare * 100, 'f', 1) + QStringLiteral(" %"))
            .arg(m_r.ranks[best].matched),
        {} };
    for (size_t k = 0; k < std::min(shown, late.size()); ++k) {
        const size_t ci = late[k].second;
        const DigestCollective& c = s.d.collectives[ci];
        const qint64 lead = ci < s.lead.size() ? s.lead[ci] : -1;
        f.evidence.push_back({ s.d.rank, s.d.name(), lead >= 0 ? c.startNs - lead : c.startNs, c.endNs,
            ClusterAnalyzer::tr("%1 #%2: arrives %3 µs after the next-latest rank, after %4 µs of its own work")
                .arg(c.op)
                .arg(m_byComm ? c.commOrdinal : c.ordinal)
                .arg(QString::number(double(late[k].first) / 1000.0, 'f', 1))
                .arg(lead >= 0 ? QString::number(double(lead) / 1000.0, 'f', 1) : QStringLiteral("?")) });
    }
    m_r.findings.push_back(std::move(f));
}

void Analysis::desyncEvidence()
{
    // A desync: each rank's own copy of the first disagreeing collectives.
    constexpr int shown = 3;
    int listed = 0;
    for (const auto& [key, held] : m_keys) {
        if (m_r.mismatched == 0)
            break;
        if (listed >= shown)
            break;
        if (disagreement(key, held).isEmpty())
            continue;
        ClusterFinding f { QStringLiteral("desync"), disagreement(key, held), {} };
        for (size_t i = 0; i < held.size(); ++i) {
            if (held[i] < 0)
                continue;
            const DigestCollective& c = m_m[i].d.collectives[size_t(held[i])];
            f.evidence.push_back({ m_m[i].d.rank, m_m[i].d.name(), c.startNs, c.endNs,
                ClusterAnalyzer::tr("rank %1: %2 of %3 B").arg(m_m[i].d.rank).arg(c.op).arg(c.bytes) });
        }
        m_r.findings.push_back(std::move(f));
        ++listed;
    }
}

/// A warning per export that holds several ranks of which only some are given (one of its
/// NAME.pPID.sldigest or NAME.pPID.dGPU.sldigest files left out): the others' collectives would
/// all be unmatched.
QStringList missingRanks(const std::vector<Member>& members)
{
    QHash<QString, std::pair<int, int>> given; // sha256 → (ranks given, ranks it holds)
    QHash<QString, QString> names;
    for (const Member& x : members)
        if (x.d.process >= 0) {
            auto& g = given[x.d.sha256];
            g = { g.first + 1, x.d.processes };
            names.insert(x.d.sha256, x.d.file);
        }
    QStringList out;
    for (auto it = given.cbegin(); it != given.cend(); ++it)
        if (it->first < it->second)
            out << ClusterAnalyzer::tr("The export of %1 holds %2 ranks, of which only %3 are given: give the "
                                       "digests of all of them.")
                       .arg(names.value(it.key()))
                       .arg(it->second)
                       .arg(it->first);
    out.sort();
    return out;
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
    a.leaveOutUnplaced();
    a.measure();
    a.straggler();
    a.desyncEvidence();
    if (r.matched == 0 && r.unplaced == 0)
        r.warnings << tr("No collective was found on every rank: nothing to compare (are these exports of one run, "
                         "with NCCL kernels traced?).");
    if (r.unmatched > 0)
        r.warnings << tr("%1 collectives were not found on every rank (a desync, or ranks captured over different "
                         "spans); only the %2 matched ones are measured.")
                          .arg(r.unmatched)
                          .arg(r.matched);
    if (r.mismatched > 0)
        r.warnings << tr("%1 collectives have the same communicator and position on every rank but different ops "
                         "or sizes (a desync, or a rank whose capture missed a collective): they are not measured.")
                          .arg(r.mismatched);
    for (const ClusterRank& rank : r.ranks)
        if (rank.rankSource == QLatin1String("file-order")) {
            r.warnings << tr("Some exports do not say their rank (no RANK, SLURM_PROCID, OMPI_COMM_WORLD_RANK or "
                             "PMI_RANK in the environment, no NCCL CommInitRank payload): their ranks are guessed from "
                             "the file order (and, within an export of several ranks, the order of their GPUs).");
            break;
        }
    r.warnings << missingRanks(members);
    for (const ClusterHost& h : r.hosts)
        if (h.method == QLatin1String("none"))
            r.warnings << tr("The clock of %1 cannot be aligned with the reference host's (an export without a UTC "
                             "anchor, nsys 2021.2 and earlier, and no blocking collective to place it by): its ranks "
                             "are left out of the skews, waits and last arrivals.")
                              .arg(h.host);
    *result = std::move(r);
    return true;
}

} // namespace sl
