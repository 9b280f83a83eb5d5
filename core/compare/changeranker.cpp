// SPDX-License-Identifier: MIT
#include "core/compare/changeranker.h"

#include "core/compare/comparisonevidence.h"
#include "core/compare/comparisonformat.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

#include <cmath>

namespace sl {

namespace {

struct Candidate
{
    ComparisonChange::Kind kind;
    QString subject;
    QString what; ///< translated subject for the title
    double baseline, value;
    int group = -1; ///< index into groups (Kernel)
};

/// "vectorized_elementwise_kernel" or "flash_fwd_kernel ↔ BatchPrefillWithPagedKVCacheKernel" when the
/// two sides carry different names.
QString groupName(const Comparison& c, const KernelMatch& g, int trace)
{
    auto shortName = [&](int i) -> QString {
        const auto& s = g.sides[i];
        if (s.names.isEmpty())
            return {};
        const AnalysisResult& r = *c.analyses[i];
        for (const auto& k : r.kernels)
            if (k.name == s.names.front())
                return scrubPaths(r.trace->strings.at(k.shortName));
        return scrubPaths(r.trace->strings.at(s.names.front()));
    };
    const QString a = shortName(c.baseline), b = shortName(trace);
    if (a.isEmpty() || b.isEmpty() || a == b)
        return a.isEmpty() ? b : a;
    return QStringLiteral("%1 ↔ %2").arg(a, b);
}

QString howMatched(KernelMatch::Method m)
{
    switch (m) {
    case KernelMatch::Method::Name:
        return ChangeRanker::tr("matched by name");
    case KernelMatch::Method::Normalised:
        return ChangeRanker::tr("matched by category and normalised name");
    case KernelMatch::Method::Unmatched:
        return ChangeRanker::tr("in one trace only");
    }
    return {};
}

/// Every candidate change of trace `i` against the baseline, in per-unit ns.
QVector<Candidate> candidates(const Comparison& c, const QVector<KernelMatch>& groups, int i)
{
    using K = ComparisonChange::Kind;
    const int b = c.baseline;
    auto pu = [&](qint64 ns, int t) { return double(c.perUnitNs(ns, t).value_or(0)); };
    const AnalysisResult& base = *c.analyses[b];
    const AnalysisResult& other = *c.analyses[i];
    QVector<Candidate> cands;
    for (qsizetype k = 0; k < c.categories.size(); ++k)
        cands.append({ K::Category, c.categories[k], ChangeRanker::tr("%1 kernels").arg(c.categories[k]),
            pu(c.breakdowns[b].categoryNs[size_t(k)], b), pu(c.breakdowns[i].categoryNs[size_t(k)], i) });
    for (qsizetype g = 0; g < groups.size(); ++g) {
        const auto& m = groups[g];
        if (m.sides[b].totalNs == 0 && m.sides[i].totalNs == 0)
            continue;
        // The title is built only for the few kept: naming a group looks its kernels up.
        cands.append({ K::Kernel, m.key, {}, pu(m.sides[b].totalNs, b), pu(m.sides[i].totalNs, i), int(g) });
    }
    // Per-phase kernel time only says something new when the kernel time is split.
    int phasesWithKernels = 0;
    for (const QString& phase : c.phases) {
        const int sb = c.phaseSlot(b, phase), si = c.phaseSlot(i, phase);
        phasesWithKernels += (sb >= 0 && base.phases[sb].kernelNs > 0) || (si >= 0 && other.phases[si].kernelNs > 0);
    }
    if (phasesWithKernels >= 2)
        for (const QString& phase : c.phases) {
            const int sb = c.phaseSlot(b, phase), si = c.phaseSlot(i, phase);
            cands.append({ K::Phase, phase, ChangeRanker::tr("kernel time in %1").arg(phase),
                pu(sb >= 0 ? base.phases[sb].kernelNs : 0, b), pu(si >= 0 ? other.phases[si].kernelNs : 0, i) });
        }
    auto blocking = [](const AnalysisResult& r) {
        qint64 ns = 0;
        for (const auto& s : r.sync)
            ns += s.blocking ? s.totalNs : 0;
        return ns;
    };
    cands.append(
        { K::BlockingSync, {}, ChangeRanker::tr("blocking sync time"), pu(blocking(base), b), pu(blocking(other), i) });
    auto idle = [](const AnalysisResult& r) {
        qint64 ns = 0;
        for (const auto& d : r.devices)
            ns += d.idleNs;
        return ns;
    };
    cands.append({ K::Idle, {}, ChangeRanker::tr("GPU idle time"), pu(idle(base), b), pu(idle(other), i) });
    std::stable_sort(cands.begin(), cands.end(), [](const Candidate& x, const Candidate& y) {
        const double dx = std::abs(x.value - x.baseline), dy = std::abs(y.value - y.baseline);
        return dx != dy ? dx > dy : (x.kind != y.kind ? x.kind < y.kind : x.subject < y.subject);
    });
    return cands;
}

/// The rows behind a change, in the baseline and in trace `ch.trace`.
void attachEvidence(
    const Comparison& c, const QVector<KernelMatch>& groups, const Candidate& cand, ComparisonChange& ch)
{
    using K = ComparisonChange::Kind;
    const int b = c.baseline, i = ch.trace;
    const AnalysisResult& base = *c.analyses[b];
    const AnalysisResult& other = *c.analyses[i];
    switch (cand.kind) {
    case K::Category:
        ch.baselineEvidence = ComparisonEvidence::category(base, cand.subject);
        ch.traceEvidence = ComparisonEvidence::category(other, cand.subject);
        break;
    case K::Kernel:
        if (!groups[cand.group].sides[b].names.isEmpty())
            ch.baselineEvidence = ComparisonEvidence::kernels(base, groups[cand.group].sides[b].names);
        if (!groups[cand.group].sides[i].names.isEmpty())
            ch.traceEvidence = ComparisonEvidence::kernels(other, groups[cand.group].sides[i].names);
        break;
    case K::Phase:
        if (const int s = c.phaseSlot(b, cand.subject); s >= 0)
            ch.baselineEvidence = ComparisonEvidence::phase(base, s);
        if (const int s = c.phaseSlot(i, cand.subject); s >= 0)
            ch.traceEvidence = ComparisonEvidence::phase(other, s);
        break;
    case K::BlockingSync:
        ch.baselineEvidence = ComparisonEvidence::blockingSync(base);
        ch.traceEvidence = ComparisonEvidence::blockingSync(other);
        break;
    case K::Idle:
        ch.baselineEvidence = ComparisonEvidence::largestGap(base);
        ch.traceEvidence = ComparisonEvidence::largestGap(other);
        break;
    }
}

/// One kept candidate of trace `i` as a change with its title and evidence.
ComparisonChange makeChange(const Comparison& c, const QVector<KernelMatch>& groups, const Candidate& cand, int i)
{
    using K = ComparisonChange::Kind;
    ComparisonChange ch;
    ch.trace = i;
    ch.kind = cand.kind;
    ch.subject = cand.kind == K::Kernel ? scrubPaths(cand.subject) : cand.subject;
    ch.baselineValue = cand.baseline;
    ch.value = cand.value;
    const QString ratio
        = cand.baseline > 0 ? QStringLiteral(", ") + ComparisonFormat::ratio(cand.value / cand.baseline) : QString();
    QString what = cand.what;
    if (cand.kind == K::Kernel)
        what = ChangeRanker::tr("kernel %1 (%2)")
                   .arg(groupName(c, groups[cand.group], i), howMatched(groups[cand.group].method));
    const QString numbers = QStringLiteral("%1 → %2 (%3%4)")
                                .arg(formatDuration(qint64(cand.baseline)), formatDuration(qint64(cand.value)),
                                    ComparisonFormat::signedDuration(ch.deltaNs()), ratio);
    ch.title = c.unit == WorkUnit::Total
        ? ChangeRanker::tr("%1: %2").arg(what, numbers)
        : ChangeRanker::tr("%1 per %2: %3").arg(what, ComparisonOptions::unitNoun(c.unit), numbers);
    attachEvidence(c, groups, cand, ch);
    return ch;
}

} // namespace

void ChangeRanker::rank(Comparison& c, const QVector<KernelMatch>& groups, int perTrace, const Cancellation& cancel)
{
    const int b = c.baseline;
    for (int i = 0; i < c.traceCount(); ++i) {
        if (i == b || c.units[i] <= 0 || c.units[b] <= 0)
            continue;
        int kept = 0;
        for (const auto& cand : candidates(c, groups, i)) {
            if (kept >= perTrace || cand.value == cand.baseline || cancel.isCancelled())
                break;
            ++kept;
            c.changes.append(makeChange(c, groups, cand, i));
        }
    }
}

} // namespace sl
