// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/durationcolumn.h"

#include <QtGlobal>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <vector>

namespace sl {

/// Where one lane's events live. Lane event `i` is row `rows[i]` of the columns (row `i` when
/// `rows` is null); events are in start order and may overlap. Nothing is copied: the columns
/// (the Trace's, or vectors a TimelineData owns) must outlive the LaneSummary built over them.
struct LaneEvents
{
    const qint64* start = nullptr; ///< ns, per column row
    const qint64* end = nullptr; ///< ns, per column row (null when `dur` holds the ends)
    const quint32* rows = nullptr; ///< lane order → column row; null means the identity
    qsizetype count = 0;
    /// Colour key of column row r: keyTable[keyIndex[r]] when keyIndex is set (kernel name →
    /// category), else keyTable[r] (one key per row); every key is 0 when keyTable is null.
    const quint32* keyIndex = nullptr;
    const quint8* keyTable = nullptr;
    /// Rows from up to four tables (a device's kernels, copies, …, merged by start): when set, a
    /// row r is row (r & kRowMask) of table r >> kTableShift, whose columns are tableStart[t] and
    /// tableDur[t]; `start`, `end`, `dur` and the keys are then unused (every key is 0).
    const qint64* const* tableStart = nullptr;
    const DurationColumn* const* tableDur = nullptr;
    /// The ends of a GPU operation table (kernels, copies, …), as durations from `start`; when
    /// set, `end` is unused.
    const DurationColumn* dur = nullptr;
    static constexpr int kTableShift = 30;
    static constexpr quint32 kRowMask = (quint32(1) << kTableShift) - 1;
    static quint32 tagged(int table, quint32 row) { return (quint32(table) << kTableShift) | row; }
};

/// What one pixel column [fromNs, toNs) of a lane holds.
struct LaneCell
{
    qint64 count = 0; ///< events that *start* in the column (exact)
    qint64 busyNs = 0; ///< ns of the column covered by the union of the lane's events (exact)
    quint8 key = 0xFF; ///< colour key holding most of the column's ns (see LaneSummary); 0xFF: empty
};

/// Level-of-detail summary of one timeline lane, so that a paint costs one cell per pixel column
/// whatever the zoom and however many events the lane holds (a 5 M-kernel lane is never iterated
/// per paint).
///
/// Two precomputed structures, both built in one O(n) pass on a worker thread:
/// - **Blocks** of kBlock events: the first start of each block, and the union length and maximum
///   end of all events before it. Any time t then resolves in O(log(n / kBlock) + kBlock) to
///   "events starting before t" and "union ns covered before t" (the event holding the running
///   maximum end covers everything from t to that end, so the union clipped at t is the running
///   union minus max(0, maxEnd − t)). Count and busy ns of a column are the differences at its two
///   edges: exact for overlapping events too. The block also keeps which event holds the maximum
///   end, so a long event reaching into a column is found at once, and its last start (see
///   Detail::Paint). 40 bytes per block: 2.5 bytes per event.
/// - A **key pyramid** over time: level 0 has about n / 4 bins, each storing the key holding most
///   ns of the bin; level L+1 halves level L and sums the per-key ns exactly while building. A
///   column with more than kExactEvents starts takes its key from the bin at its centre on the
///   level whose bins are at most one column wide. ≤ 0.5 bytes per event. Columns with fewer
///   starts get their key from their events and the earlier event reaching furthest into them
///   (exact unless several earlier events of an overlapping lane reach into the column).
///
/// So a lane costs about 3 bytes per event on top of the columns it reads. Immutable once built;
/// queries are const and safe from any thread.
class LaneSummary
{
public:
    static constexpr quint8 kNoKey = 0xFF;
    static constexpr qsizetype kBlock = 16;
    static constexpr qint64 kExactEvents = 16; ///< columns with at most this many starts get exact keys

    LaneSummary() = default;
    /// O(n + bins). Returns false, leaving an empty summary, when `cancel` turns true.
    bool build(const LaneEvents& events, const std::atomic<bool>* cancel = nullptr);

    qsizetype count() const { return m_ev.count; }
    bool isEmpty() const { return m_ev.count == 0; }
    quint32 row(qsizetype i) const { return m_ev.rows ? m_ev.rows[i] : quint32(i); }
    qint64 startOf(qsizetype i) const
    {
        const quint32 r = row(i);
        return m_ev.tableStart ? m_ev.tableStart[r >> LaneEvents::kTableShift][r & LaneEvents::kRowMask]
                               : m_ev.start[r];
    }
    qint64 endOf(qsizetype i) const
    {
        const quint32 r = row(i);
        if (m_ev.tableStart) {
            const quint32 t = r >> LaneEvents::kTableShift, tr = r & LaneEvents::kRowMask;
            return m_ev.tableDur[t]->endOf(tr, m_ev.tableStart[t]);
        }
        return m_ev.dur ? m_ev.dur->endOf(r, m_ev.start) : m_ev.end[r];
    }
    quint8 keyOf(qsizetype i) const;
    /// Every event's key is 0 (no key table, or rows of merged tables).
    bool keyless() const { return !m_ev.keyTable || m_ev.tableStart; }
    qint64 firstStart() const { return m_ev.count ? startOf(0) : 0; }
    qint64 lastEnd() const { return m_lastEnd; } ///< maximum end of all events, ns

    enum class Detail {
        Exact, ///< count and busy ns exact in every column
        /// For painting: a column edge more than kInterpolateBlocks blocks past the previous one
        /// is resolved from the block arrays alone — exactly when it falls between two blocks'
        /// events, else linearly interpolated between the block's first and last start. Wide
        /// columns of dense lanes then read only the block arrays (cache-resident) instead of the
        /// events scattered over the trace's columns: a cache miss or three per column fewer.
        /// Count and busy ns are then off by at most one block's events per edge; busy never
        /// exceeds the column width, and a column between two blocks' events stays empty.
        Paint,
    };
    static constexpr qsizetype kInterpolateBlocks = 4;

    /// Fills `out` with `columns` cells; column x covers [columnEdge(fromNs, nsPerColumn, x),
    /// columnEdge(…, x + 1)). O(columns × (log(n / kBlock) + kBlock)), independent of the zoom.
    void summarize(qint64 fromNs, double nsPerColumn, int columns, std::vector<LaneCell>& out,
        Detail detail = Detail::Exact) const;
    static qint64 columnEdge(qint64 fromNs, double nsPerColumn, int x)
    {
        return fromNs + qint64(std::floor(double(x) * nsPerColumn));
    }

    /// The cell [fromNs, toNs) and, when at most kExactEvents events start in it, the event
    /// overlapping it most (ties: the earliest; an event of zero length inside it counts as an
    /// overlap of 0), else -1: the column is a merged pixel.
    struct Hit
    {
        LaneCell cell;
        qsizetype event = -1;
    };
    Hit hit(qint64 fromNs, qint64 toNs) const;
    /// Index of the first event starting at or after t (count() when none).
    qsizetype lowerBound(qint64 t) const;

    /// Bytes of the summary itself (not of the columns it reads).
    qint64 memoryBytes() const;
    /// The key pyramid, level 0 (the finest) first; empty for a lane of at most kExactEvents.
    const std::vector<std::vector<quint8>>& pyramidLevels() const { return m_levels; }

private:
    friend class TimelineArchive; // stores and restores the arrays below (result cache)
    /// State after the events [0, next): their union length, maximum end and the event holding it.
    struct Cursor
    {
        qsizetype next = 0;
        qint64 maxEnd = std::numeric_limits<qint64>::min() / 4;
        qint64 unionNs = 0;
        qsizetype maxEvent = -1;
    };
    void advance(Cursor& c, qint64 t) const; ///< moves c forward to the events starting before t
    /// The last block at or after `from` whose first event starts before t; `from − 1` if none.
    qsizetype lastBlockBefore(qsizetype from, qint64 t) const;
    /// Union ns before the first event of block b, clipped at that event's start.
    qint64 coveredAtBlock(size_t b) const
    {
        return m_blocks[b].unionNs - std::max<qint64>(0, m_blocks[b].maxEnd - m_blockStart[b]);
    }
    void add(Cursor& c) const; ///< adds event c.next
    /// Calls f(i) for the events that may touch a column whose first start is event `first`: the
    /// kBlock events before it, the one holding the running maximum end (it reaches furthest),
    /// and the events [first, last) starting in it.
    template <typename F> void forCandidates(qsizetype first, qsizetype last, qsizetype maxEvent, F f) const
    {
        const qsizetype from = std::max<qsizetype>(0, first - kBlock);
        if (maxEvent >= 0 && maxEvent < from)
            f(maxEvent);
        for (qsizetype i = from; i < last; ++i)
            f(i);
    }
    static qint64 coveredBefore(const Cursor& c, qint64 t) { return c.unionNs - std::max<qint64>(0, c.maxEnd - t); }
    /// For a column ending at `b` at least kInterpolateBlocks blocks on from the cursor: the
    /// start index and covered ns at `b`, interpolated within the block holding b, and the cursor
    /// set to an exact block state to go on from. False, nothing changed, when b is nearer.
    bool interpolateTo(Cursor& c, qint64 b, qsizetype& indexB, qint64& coveredB) const;
    /// The key with the most ns in [a, b) among `maxEvent` and the events [first, last) (one that
    /// only touches a and started before `first` does not count); kNoKey when none overlaps.
    quint8 exactKey(qsizetype first, qsizetype last, qsizetype maxEvent, qint64 a, qint64 b) const;
    /// Of the candidates (forCandidates), the event overlapping [fromNs, toNs) most, or -1.
    qsizetype bestEvent(qint64 fromNs, qint64 toNs, qsizetype first, qsizetype last, qsizetype maxEvent) const;
    /// The deepest pyramid level whose bins are at most `widthNs` wide (0 when none is).
    size_t pyramidLevel(qint64 widthNs) const;
    /// Key of the level's bin holding the middle of [fromNs, toNs), kNoKey when none.
    quint8 pyramidKey(qint64 fromNs, qint64 toNs, size_t level) const;
    bool buildPyramid(const std::atomic<bool>* cancel);
    /// buildPyramid()'s levels for a lane without keys (every key 0); false when cancelled.
    bool markCoveredBins(const std::atomic<bool>* cancel);

    LaneEvents m_ev;
    qint64 m_lastEnd = 0;
    /// Per block, apart from its first start (searched alone, so a search touches fewer cache
    /// lines): everything a column edge inside or after the block reads, in one cache line with
    /// the next block's.
    struct BlockState
    {
        qint64 lastStart; ///< start of the block's last event
        qint64 maxEnd; ///< running maximum end before the block's first event
        qint64 unionNs; ///< running union length before it
        qint32 maxEvent; ///< the event holding maxEnd, -1 none
    };
    std::vector<qint64> m_blockStart;
    std::vector<BlockState> m_blocks;
    qint64 m_origin = 0; ///< start of level-0 bin 0, ns
    qint64 m_binNs = 1; ///< width of a level-0 bin, ns
    std::vector<std::vector<quint8>> m_levels;
};

} // namespace sl
