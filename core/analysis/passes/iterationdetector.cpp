// SPDX-License-Identifier: MIT
#include "core/analysis/passes/iterationdetector.h"

#include "core/analysis/passes/statistics.h"

#include <QHash>

#include <map>

namespace sl {

namespace {

/// The iteration count: the count c ≥ kMinAnchors that most names have, as c or c + 1 (a capture
/// that starts or ends inside an iteration sees some of its kernels once more); ties go to the
/// smaller c (the coarser unit: per-layer kernels repeat within an iteration). Returns (c, names).
std::pair<qint64, int> iterationCount(const QHash<qint64, qint64>& counts)
{
    std::map<qint64, int> namesWith; // count → names with it
    for (const qint64 c : counts)
        ++namesWith[c];
    qint64 best = 0;
    int score = 0;
    for (const auto& [c, n] : namesWith) {
        if (c < qint64(IterationDetector::kMinAnchors))
            continue;
        const auto next = namesWith.find(c + 1);
        const int s = n + (next == namesWith.end() ? 0 : next->second);
        if (s > score)
            best = c, score = s;
    }
    return { best, score };
}

} // namespace

IterationDetector::Result IterationDetector::detect(const KernelSequence& gpu)
{
    Result r;
    const std::deque<KernelSequence::Kernel>& ks = gpu.kernels();
    QHash<qint64, qint64> counts;
    for (const KernelSequence::Kernel& k : ks)
        ++counts[k.name];
    const auto [count, names] = iterationCount(counts);
    // Two names agreeing is evidence of a loop; one name alone only where it is all the GPU ran
    // (one stencil kernel per time step).
    if (names < 2 && !(names == 1 && counts.size() == 1))
        return r;
    // The anchor: of the names of that count, the one after the longest median idle; ties to the
    // one with more occurrences (more complete iterations), then the earlier first launch.
    QHash<qint64, std::vector<qint64>> idleOf;
    QHash<qint64, size_t> first;
    size_t i = 0;
    for (const KernelSequence::Kernel& k : ks) {
        const qint64 c = counts.value(k.name);
        if (c == count || c == count + 1) {
            idleOf[k.name].push_back(qint64(k.idleBeforeNs));
            if (!first.contains(k.name))
                first.insert(k.name, i);
        }
        ++i;
    }
    qint64 bestIdle = -1;
    for (auto it = idleOf.begin(); it != idleOf.end(); ++it) {
        const qint64 idle = nearestRankUnsorted(it.value(), 50);
        const qint64 n = qint64(it.value().size());
        const bool better = r.anchorName < 0 || idle > bestIdle
            || (idle == bestIdle
                && (n > counts.value(r.anchorName)
                    || (n == counts.value(r.anchorName) && first.value(it.key()) < first.value(r.anchorName))));
        if (better)
            r.anchorName = it.key(), bestIdle = idle;
    }
    // One name alone is a loop only where its launches follow one another (a stencil per time
    // step), not where they overlap (one kernel on four streams at once).
    if (counts.size() == 1 && bestIdle <= 0)
        return r;
    r.names = names;
    size_t lastAnchor = 0;
    i = 0;
    for (const KernelSequence::Kernel& k : ks) {
        if (k.name == r.anchorName) {
            if (!r.boundsNs.empty())
                r.kernels.push_back(qint64(i - lastAnchor));
            r.boundsNs.push_back(k.startNs);
            lastAnchor = i;
        }
        ++i;
    }
    std::vector<qint64> sorted = r.kernels;
    const qint64 median = nearestRankUnsorted(sorted, 50);
    r.regularity = double(std::count(r.kernels.begin(), r.kernels.end(), median)) / double(r.kernels.size());
    r.found = true;
    return r;
}

} // namespace sl
