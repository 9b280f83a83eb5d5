// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/dataquality.h"
#include "core/trace/kerneltable.h"
#include "core/trace/launchconfigtable.h"

#include <QtGlobal>

#include <map>
#include <mutex>
#include <optional>

namespace sl {

struct Trace;

/// The kernel table read by two threads at once, in rowid chunks. The kernel table is the
/// load's longest read (19 columns a row), and the host reader finishes its own tables well
/// before it: then it takes chunks from the back while the GPU reader goes on from the front,
/// until they meet. The front chunks go straight into the trace (no copy); each back chunk is
/// a fragment with its own launch configurations and data-quality log, joined to the trace
/// afterwards in rowid order, so the rows, the configurations' indices and the log come out
/// exactly as from one reader. Thread-safe: the claims are taken under a lock.
class KernelChunks
{
public:
    /// Inclusive rowid bounds of one chunk. The first chunk starts at INT64_MIN and the last
    /// ends at INT64_MAX: MIN/MAX(rowid) of a damaged b-tree can be wrong, and a row outside
    /// every chunk would be dropped without a word.
    struct Range
    {
        qint64 first = 0, last = 0;
    };
    /// Rows the host reader took: joined to the trace in chunk order.
    struct Fragment
    {
        KernelTable kernels;
        LaunchConfigTable configs;
        DataQuality quality;
    };

    /// The chunks of the rowids [first, last] (the table's MIN and MAX rowid; none when
    /// `empty`; one chunk of every rowid when last < first): at most kChunks of them and at
    /// least kMinRows rows each, so that each claim costs a statement's preparation against
    /// thousands of rows read.
    KernelChunks(qint64 first, qint64 last, bool empty);
    /// Rows a chunk spans at most, and the table (MAX − MIN + 1), where MIN/MAX are right, held to
    /// kMaxReservedRows (a damaged table's bounds can be anything): reservations' sizes.
    qint64 chunkRows() const;
    qint64 tableRows() const;
    /// MIN(rowid) as the constructor was given it: the base of the kernels' RowidColumn, so that
    /// the front rows and every back fragment share it and join without a copy per row.
    qint64 firstRowid() const { return m_first; }

    /// The next chunk from the front, or none when the two ends have met.
    std::optional<Range> takeFront();
    /// The next chunk from the back and its index, or none when the two ends have met.
    std::optional<std::pair<int, Range>> takeBack();
    /// Stores the rows read for back chunk `index`.
    void addFragment(int index, Fragment fragment);

    /// Appends the back chunks' rows to `trace.kernels` in rowid order (their configurations
    /// interned into `trace.configs` in that order too) and their data-quality logs to
    /// `quality`, then trims the columns' spare capacity.
    void joinInto(Trace& trace, DataQuality& quality);

    static constexpr int kChunks = 128;
    /// 2048 rows (~1 ms of reading): the two readers end at most one chunk apart, so a smaller
    /// chunk keeps a core from idling at the end of a small trace's read (8192 left 1-5 ms
    /// at 101 k kernels), while a chunk's statement (~30 us) stays small against its rows.
    static constexpr qint64 kMinRows = 2048;

private:
    Range range(int index) const;

    std::mutex m_lock;
    qint64 m_first = 0;
    quint64 m_chunkRows = 1;
    quint64 m_tableRows = 0; ///< MAX − MIN + 1 (0: none, or bounds not to be trusted)
    qint64 m_last = 0;
    int m_count = 0; ///< chunks in all
    int m_front = 0; ///< the next chunk from the front
    int m_back = 0; ///< one past the next chunk from the back
    std::map<int, Fragment> m_fragments; ///< by chunk index
};

} // namespace sl
