// SPDX-License-Identifier: MIT
#include "core/timeline/lanesummary.h"

namespace sl {

namespace {

constexpr qint64 kMaxBins = qint64(1) << 24; ///< level-0 bins of one lane, whatever its size
constexpr qint64 kCancelEvery = 0xFFFF;

bool cancelled(const std::atomic<bool>* cancel) { return cancel && cancel->load(std::memory_order_relaxed); }

/// Accumulates ns per key for the current bin of every pyramid level. A finished bin stores its
/// top key and hands its per-key sums to its parent, so every level's keys are exact sums, not a
/// vote of the children's winners.
class PyramidBuilder
{
public:
    explicit PyramidBuilder(std::vector<std::vector<quint8>>& levels)
        : m_levels(levels)
        , m_acc(levels.size())
    {
    }
    void add(size_t level, qint64 bin, quint8 key, qint64 ns)
    {
        Acc& a = m_acc[level];
        if (a.bin != bin) {
            finish(level);
            a.bin = bin;
        }
        for (auto& [k, v] : a.keys)
            if (k == key) {
                v += ns;
                return;
            }
        a.keys.emplace_back(key, ns);
    }
    void finishAll()
    {
        for (size_t l = 0; l < m_levels.size(); ++l)
            finish(l);
    }

private:
    struct Acc
    {
        qint64 bin = -1;
        std::vector<std::pair<quint8, qint64>> keys; ///< in first-seen order: ties go to the earliest
    };
    void finish(size_t level)
    {
        Acc& a = m_acc[level];
        if (a.bin < 0)
            return;
        quint8 best = LaneSummary::kNoKey;
        qint64 bestNs = -1;
        for (const auto& [k, v] : a.keys)
            if (v > bestNs) {
                best = k;
                bestNs = v;
            }
        m_levels[level][size_t(a.bin)] = best;
        if (level + 1 < m_levels.size())
            for (const auto& [k, v] : a.keys)
                add(level + 1, a.bin / 2, k, v);
        a.keys.clear();
        a.bin = -1;
    }
    std::vector<std::vector<quint8>>& m_levels;
    std::vector<Acc> m_acc;
};

} // namespace

quint8 LaneSummary::keyOf(qsizetype i) const
{
    if (keyless())
        return 0;
    const quint32 r = row(i);
    return m_ev.keyTable[m_ev.keyIndex ? m_ev.keyIndex[r] : r];
}

void LaneSummary::add(Cursor& c) const
{
    const qint64 start = startOf(c.next);
    const qint64 end = std::max(endOf(c.next), start); // a malformed negative duration counts as zero
    if (start >= c.maxEnd) {
        c.unionNs += end - start;
        c.maxEnd = end;
        c.maxEvent = c.next;
    } else if (end > c.maxEnd) {
        c.unionNs += end - c.maxEnd;
        c.maxEnd = end;
        c.maxEvent = c.next;
    }
}

bool LaneSummary::build(const LaneEvents& events, const std::atomic<bool>* cancel)
{
    *this = LaneSummary();
    m_ev = events;
    if (m_ev.count == 0)
        return true;
    const auto blocks = size_t((m_ev.count + kBlock - 1) / kBlock);
    m_blockStart.reserve(blocks), m_blocks.reserve(blocks);
    Cursor c;
    for (; c.next < m_ev.count; ++c.next) {
        const qsizetype i = c.next;
        Q_ASSERT(i == 0 || startOf(i - 1) <= startOf(i));
        if (i % kBlock == 0) {
            m_blockStart.push_back(startOf(i));
            m_blocks.push_back({ 0, c.maxEnd, c.unionNs, qint32(c.maxEvent) });
            if ((i & kCancelEvery) == 0 && cancelled(cancel)) {
                *this = LaneSummary();
                return false;
            }
        }
        if (i % kBlock == kBlock - 1 || i + 1 == m_ev.count)
            m_blocks.back().lastStart = startOf(i);
        add(c);
    }
    m_lastEnd = c.maxEnd;
    if (!buildPyramid(cancel)) {
        *this = LaneSummary();
        return false;
    }
    return true;
}

bool LaneSummary::buildPyramid(const std::atomic<bool>* cancel)
{
    m_levels.clear();
    if (m_ev.count <= kExactEvents)
        return true; // every column of such a lane gets its exact key
    m_origin = startOf(0);
    // Unsigned difference, capped at 2^62 ns: a damaged lane spanning 2^63 ns must neither
    // overflow nor make a bin so wide that origin + bins × width leaves qint64.
    const qint64 span = m_lastEnd > m_origin
        ? qint64(std::min<quint64>(quint64(m_lastEnd) - quint64(m_origin), quint64(1) << 62))
        : 1;
    const qint64 target = std::clamp<qint64>(m_ev.count / 4, 1, kMaxBins);
    m_binNs = std::max<qint64>(1, (span + target - 1) / target);
    for (qint64 bins = span / m_binNs + 1;; bins = (bins + 1) / 2) {
        m_levels.emplace_back(size_t(bins), kNoKey);
        if (bins == 1)
            break;
    }
    if (keyless())
        return markCoveredBins(cancel);

    // Sweep the level-0 bins that hold any event; an event spanning several bins gives each its
    // overlap. `active` holds the events still running past the current bin.
    struct Active
    {
        qint64 start, end;
        quint8 key;
    };
    std::vector<Active> active;
    PyramidBuilder builder(m_levels);
    const auto lastBin = qint64(m_levels.front().size()) - 1;
    qsizetype i = 0;
    qint64 bin = 0, steps = 0;
    while (i < m_ev.count || !active.empty()) {
        if (active.empty())
            bin = std::max(bin,
                qint64(std::min<quint64>((quint64(startOf(i)) - quint64(m_origin)) / quint64(m_binNs),
                    quint64(lastBin)))); // skip empty bins
        Q_ASSERT(bin <= lastBin);
        bin = std::min(bin, lastBin);
        const qint64 lo = m_origin + bin * m_binNs, hi = lo + m_binNs;
        // The last bin takes every event left: with a span capped at 2^62 ns (a damaged lane)
        // some may start past its end, and must not be left for a bin that never comes.
        for (; i < m_ev.count && (startOf(i) < hi || bin == lastBin); ++i)
            active.push_back({ startOf(i), std::max(endOf(i), startOf(i)), keyOf(i) });
        for (const Active& a : active)
            builder.add(0, bin, a.key, std::max<qint64>(0, std::min(a.end, hi) - std::max(a.start, lo)));
        if (bin == lastBin)
            active.clear(); // nothing comes after the last bin: the sweep always ends
        else
            std::erase_if(active, [hi](const Active& a) { return a.end <= hi; });
        ++bin;
        if ((++steps & kCancelEvery) == 0 && cancelled(cancel))
            return false;
    }
    builder.finishAll();
    return true;
}

bool LaneSummary::markCoveredBins(const std::atomic<bool>* cancel)
{
    // Every event's key is 0: the sweep below would give key 0 to each level-0 bin in which an
    // event is active — from the bin of its start to the first bin whose end reaches the event's
    // end, all of it in the last bin — and kNoKey to the others; a coarser bin is 0 when one of
    // its two halves is. That directly, in one walk without per-key sums: 5 M kernels' device
    // band in a fifth of the time.
    std::vector<quint8>& level0 = m_levels.front();
    const auto lastBin = qint64(level0.size()) - 1;
    const auto w = quint64(m_binNs);
    qint64 bin = 0, hi = m_origin + m_binNs; // the start bin of the current event, and its end
    qint64 marked = -1; // bins up to here are settled
    for (qsizetype i = 0; i < m_ev.count; ++i) {
        const qint64 start = startOf(i), end = std::max(endOf(i), start);
        if (start >= hi && bin < lastBin) { // the next bin, or a division across a gap
            bin = quint64(start) - quint64(hi) < w
                ? bin + 1
                : qint64(std::min<quint64>((quint64(start) - quint64(m_origin)) / w, quint64(lastBin)));
            hi = m_origin + bin * m_binNs + m_binNs;
        }
        qint64 last = bin;
        if (end > hi && bin < lastBin) {
            const quint64 fromOrigin = quint64(end) - quint64(m_origin);
            last = quint64(end) - quint64(hi) <= w
                ? bin + 1
                : qint64(std::min<quint64>(fromOrigin / w + (fromOrigin % w != 0) - 1, quint64(lastBin)));
        }
        for (qint64 b = std::max(bin, marked + 1); b <= last; ++b)
            level0[size_t(b)] = 0;
        marked = std::max(marked, last);
        if ((i & kCancelEvery) == 0 && cancelled(cancel))
            return false;
    }
    for (size_t l = 1; l < m_levels.size(); ++l) {
        const std::vector<quint8>& halves = m_levels[l - 1];
        std::vector<quint8>& bins = m_levels[l];
        for (size_t j = 0; j < bins.size(); ++j) {
            const bool covered = halves[2 * j] == 0 || (2 * j + 1 < halves.size() && halves[2 * j + 1] == 0);
            bins[j] = covered ? 0 : kNoKey;
        }
    }
    return true;
}

qsizetype LaneSummary::lastBlockBefore(qsizetype from, qint64 t) const
{
    const auto blocks = qsizetype(m_blockStart.size());
    if (from >= blocks || m_blockStart[size_t(from)] >= t)
        return from - 1;
    // Galloping first: successive columns move a short way, and the nearby blocks are in cache.
    qsizetype lo = from, step = 1;
    while (lo + step < blocks && m_blockStart[size_t(lo + step)] < t)
        lo += step, step *= 2;
    const auto it
        = std::lower_bound(m_blockStart.begin() + lo + 1, m_blockStart.begin() + std::min(blocks, lo + step), t);
    return qsizetype(it - m_blockStart.begin()) - 1;
}

void LaneSummary::advance(Cursor& c, qint64 t) const
{
    // Past the next block boundary, restart from the last block beginning before t instead of
    // walking the events in between.
    const qsizetype b = lastBlockBefore(c.next / kBlock + 1, t);
    if (b > c.next / kBlock) {
        c.next = b * kBlock;
        const BlockState& state = m_blocks[size_t(b)];
        c.maxEnd = state.maxEnd;
        c.unionNs = state.unionNs;
        c.maxEvent = state.maxEvent;
    }
    for (; c.next < m_ev.count && startOf(c.next) < t; ++c.next)
        add(c);
}

qsizetype LaneSummary::lowerBound(qint64 t) const
{
    Cursor c;
    advance(c, t);
    return c.next;
}

qsizetype LaneSummary::bestEvent(qint64 fromNs, qint64 toNs, qsizetype first, qsizetype last, qsizetype maxEvent) const
{
    qsizetype best = -1;
    qint64 bestNs = -1;
    forCandidates(first, last, maxEvent, [&](qsizetype i) {
        const qint64 s = startOf(i), e = std::max(endOf(i), s);
        const qint64 overlap = std::min(e, toNs) - std::max(s, fromNs);
        if (overlap < 0 || (overlap == 0 && i < first))
            return;
        if (overlap > bestNs) {
            best = i;
            bestNs = overlap;
        }
    });
    return best;
}

size_t LaneSummary::pyramidLevel(qint64 widthNs) const
{
    size_t level = 0;
    while (level + 1 < m_levels.size() && (m_binNs << (level + 1)) <= widthNs)
        ++level;
    return level;
}

quint8 LaneSummary::pyramidKey(qint64 fromNs, qint64 toNs, size_t level) const
{
    if (m_levels.empty())
        return kNoKey;
    const qint64 bin = (fromNs + (toNs - fromNs) / 2 - m_origin) / (m_binNs << level);
    const auto& keys = m_levels[level];
    return bin >= 0 && bin < qint64(keys.size()) ? keys[size_t(bin)] : kNoKey;
}

bool LaneSummary::interpolateTo(Cursor& c, qint64 b, qsizetype& indexB, qint64& coveredB) const
{
    const auto blocks = qsizetype(m_blockStart.size());
    const qsizetype from = c.next / kBlock;
    // One comparison decides: is b at least kInterpolateBlocks blocks on?
    if (from + kInterpolateBlocks >= blocks || m_blockStart[size_t(from + kInterpolateBlocks)] >= b)
        return false;
    const qsizetype blk = lastBlockBefore(from + kInterpolateBlocks, b);
    if (blk + 1 >= blocks)
        return false;
    const auto k = size_t(blk);
    // Past the block's last start every event of it started before b: the state before the
    // next block is exact there.
    const qint64 s0 = m_blockStart[k], last = m_blocks[k].lastStart;
    const auto coveredAfter
        = [&](qint64 t) { return m_blocks[k + 1].unionNs - std::max<qint64>(0, m_blocks[k + 1].maxEnd - t); };
    size_t at = k; // the block whose exact start state the cursor takes
    if (b > last) {
        coveredB = coveredAfter(b);
        indexB = (blk + 1) * kBlock;
        at = k + 1;
    } else {
        const qint64 b0 = coveredAtBlock(k), b1 = coveredAfter(last);
        const double frac = last > s0 ? double(b - s0) / double(last - s0) : 1.0;
        coveredB = b0 + qint64(frac * double(b1 - b0) + 0.5);
        indexB = blk * kBlock + qint64(frac * double(kBlock - 1) + 0.5);
    }
    c.next = qsizetype(at) * kBlock; // an exact state to go on from
    c.maxEnd = m_blocks[at].maxEnd;
    c.unionNs = m_blocks[at].unionNs;
    c.maxEvent = m_blocks[at].maxEvent;
    return true;
}

quint8 LaneSummary::exactKey(qsizetype first, qsizetype last, qsizetype maxEvent, qint64 a, qint64 b) const
{
    std::pair<quint8, qint64> keys[kExactEvents + 1]; // ns per key of the column's events
    int n = 0;
    const auto addKey = [&](qsizetype i) {
        const qint64 s = startOf(i), e = std::max(endOf(i), s);
        const qint64 overlap = std::min(e, b) - std::max(s, a);
        if (overlap < 0 || (overlap == 0 && i < first))
            return;
        const quint8 k = keyOf(i);
        int j = 0;
        while (j < n && keys[j].first != k)
            ++j;
        if (j == n)
            keys[n++] = { k, 0 };
        keys[j].second += overlap;
    };
    if (maxEvent >= 0)
        addKey(maxEvent);
    for (qsizetype i = first; i < last; ++i)
        addKey(i);
    quint8 key = kNoKey;
    qint64 bestNs = -1;
    for (int j = 0; j < n; ++j)
        if (keys[j].second > bestNs) {
            key = keys[j].first;
            bestNs = keys[j].second;
        }
    return key;
}

void LaneSummary::summarize(
    qint64 fromNs, double nsPerColumn, int columns, std::vector<LaneCell>& out, Detail detail) const
{
    out.assign(size_t(std::max(columns, 0)), LaneCell {});
    if (m_ev.count == 0 || columns <= 0)
        return;
    Cursor c;
    qint64 a = columnEdge(fromNs, nsPerColumn, 0);
    advance(c, a);
    qsizetype first = c.next;
    qint64 coveredA = coveredBefore(c, a);
    const size_t level = pyramidLevel(qint64(nsPerColumn)); // bins at most one column wide
    for (int x = 0; x < columns; ++x) {
        if (c.next >= m_ev.count && a >= m_lastEnd)
            break; // nothing to the right
        // Of the events started before the column only the one reaching furthest is weighed:
        // exact for sequential lanes, and a paint stays O(columns) at any zoom.
        const qsizetype maxEvent = c.maxEnd > a ? c.maxEvent : -1;
        const qint64 b = columnEdge(fromNs, nsPerColumn, x + 1);
        qsizetype indexB = 0;
        qint64 coveredB = 0;
        const bool interpolated = detail == Detail::Paint && interpolateTo(c, b, indexB, coveredB);
        if (!interpolated) {
            advance(c, b);
            indexB = c.next;
            coveredB = coveredBefore(c, b);
        }
        LaneCell& cell = out[size_t(x)];
        cell.count = std::max<qint64>(0, indexB - first);
        cell.busyNs = std::max<qint64>(0, coveredB - coveredA);
        if (interpolated) {
            // A wide column of a dense lane: keyed by the pyramid below.
        } else if (cell.count == 0 && maxEvent >= 0 && cell.busyNs > 0) {
            cell.key = keyOf(maxEvent); // inside an event that started earlier
        } else if (cell.count > 0 && cell.count <= kExactEvents) {
            first = std::min(first, c.next); // after an interpolated edge `first` is an estimate
            cell.key = exactKey(first, c.next, maxEvent, a, b);
        }
        if (cell.key == kNoKey && (cell.count > 0 || cell.busyNs > 0)) {
            cell.key = pyramidKey(a, b, level);
            if (cell.key == kNoKey && first < m_ev.count)
                cell.key = keyOf(first);
        }
        first = indexB;
        coveredA = coveredB;
        a = b;
    }
}

LaneSummary::Hit LaneSummary::hit(qint64 fromNs, qint64 toNs) const
{
    Hit h;
    toNs = std::max(toNs, fromNs + 1);
    std::vector<LaneCell> cells;
    summarize(fromNs, double(toNs - fromNs), 1, cells);
    h.cell = cells.front();
    if (m_ev.count == 0 || h.cell.count > kExactEvents)
        return h;
    Cursor c;
    advance(c, fromNs);
    const qsizetype first = c.next, maxEvent = c.maxEvent;
    advance(c, toNs);
    h.event = bestEvent(fromNs, toNs, first, c.next, maxEvent);
    return h;
}

qint64 LaneSummary::memoryBytes() const
{
    qint64 bytes = qint64(m_blockStart.capacity()) * 8 + qint64(m_blocks.capacity() * sizeof(BlockState));
    for (const auto& level : m_levels)
        bytes += qint64(level.capacity());
    return bytes;
}

} // namespace sl
