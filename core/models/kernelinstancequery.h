// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/occupancytable.h"
#include "core/models/scopefilter.h"

#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace sl {

/// Which kernels the Kernels dock's instance table shows, and in which order: a base set (none,
/// every kernel in the window, the kernels of one name, or explicit rows such as a finding's
/// evidence), filters (name substring, device, stream, scope) and a sort column. run() only reads
/// the immutable analysis, so KernelInstanceModel runs it on a worker thread for big tables.
///
/// Sorting uses typed keys (sortKey) and breaks ties by start time, in both directions, so
/// every order is deterministic. Explicit rows are shown as given: filters and scope do not
/// apply to them (they are what the user asked to see).
struct KernelInstanceQuery
{
    /// Columns of KernelInstanceModel (kept here so that core sorting needs no model).
    enum Column {
        Start,
        Duration,
        Device,
        Stream,
        Grid,
        Block,
        Registers,
        SharedMemory,
        Occupancy,
        ApiCall,
        LaunchDelay,
        ColumnCount
    };
    enum class Base { None, All, Name, Rows };
    using Rows = std::shared_ptr<const std::vector<quint32>>;

    AnalysisPtr analysis;
    std::shared_ptr<const OccupancyTable> occupancy;
    Base base = Base::None;
    quint32 nameId = 0; ///< Base::Name: StringTable index of the demangled name
    Rows rows; ///< Base::Rows: kernel indices, ascending, unique and valid
    QString nameFilter; ///< case-insensitive substring of the kernel name; empty: any
    qint64 device = -1; ///< deviceId, −1: any
    qint64 stream = -1; ///< streamId, −1: any
    ScopeFilter scope;
    int sortColumn = -1; ///< Column, −1: start order
    Qt::SortOrder sortOrder = Qt::AscendingOrder;
    /// From this many kernels on, run() keeps the sorted window for later filter changes (below
    /// it, re-sorting the filtered rows is as cheap as filtering the sorted ones).
    qsizetype cacheMinRows = qsizetype(1) << 18;

    bool naturalOrder() const { return sortColumn < 0 || (sortColumn == Start && sortOrder == Qt::AscendingOrder); }
    bool filtered() const { return !nameFilter.isEmpty() || device >= 0 || stream >= 0 || !scope.isAll(); }
    /// Rows of the base set before filters (an estimate of the work: the kernels of one name are
    /// counted from the summary).
    qsizetype baseSize() const;

    struct Result
    {
        Rows view; ///< the table's rows in order; null when cancelled
        Rows sortedBase; ///< Base::All in this sort order, unfiltered: a cache for the next run
    };
    /// The rows in view order. For Base::All with a sort key, the whole window is sorted once and
    /// kept (`sortedBase`): given back to the next run with the same analysis and sort, a change
    /// of filter is one linear pass instead of a sort. Blocking; checks `cancel` between passes.
    Result run(Rows sortedBase, const std::atomic<bool>* cancel) const;

    /// The value KernelInstanceModel's SortRole returns for `column`, as an ordered integer.
    static qint64 sortKey(const AnalysisResult& a, const OccupancyTable& occupancy, const std::vector<qint32>& apiRank,
        int column, quint32 kernel);
    /// Rank of each API name (StringTable index) in string order, for ApiCall sort keys.
    static std::vector<qint32> apiNameRanks(const Trace& t);
    /// Sorts `rows` (ascending kernel index) by `column` in `order`, ties in start order.
    void sortRows(std::vector<quint32>& rows) const;
};

} // namespace sl
