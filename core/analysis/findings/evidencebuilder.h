// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/findings/finding.h"
#include "core/trace/rowidcolumn.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <vector>

namespace sl {

struct AnalysisResult;
struct Trace;
class StringTable;

/// Builds Evidence whose SQL selects exactly the rows it lists from the export, so a user can
/// re-run it in sqlite3. Up to Evidence::kMaxRowids rows the SQL lists the rowids; above that
/// it uses `predicate`, the rule itself written as SQL over the export.
class EvidenceBuilder
{
public:
    /// `rows` are indices into the trace table loaded from `table`; `rowid` is that table's
    /// rowid column. The order of `rows` is kept (most important first).
    static Evidence rows(
        const QString& table, const RowidColumn& rowid, std::vector<quint32> rows, const QString& predicate);
    /// rows() over the runtime table (`rows` index Trace::api): `predicate` also leaves out the
    /// backtrace copies the load dropped (TraceInfo::backtraceCopies), or its SQL would select
    /// both copies of such a call.
    static Evidence apiRows(const Trace& t, std::vector<quint32> rows, const QString& predicate);
    /// A device and time range: the SQL selects the GPU work on that device overlapping it
    /// (for an idle gap: only the two operations that bound it).
    static Evidence timeRange(const AnalysisResult& r, int deviceId, qint64 startNs, qint64 endNs);
    /// SQL condition "start lies in the analysis window".
    static QString windowPredicate(const AnalysisResult& r, const QString& alias = {});
    /// SQL true for a kernel of phase `phase` (an AnalysisResult::phases index, or its
    /// unattributedPhase()) given its launching call `r`: the innermost step range enclosing the
    /// call's start, on the call's thread, is of that phase (no later-starting step of another
    /// phase encloses it too).
    static QString phaseRule(const AnalysisResult& r, int phase);

    // The rules of the analyses in SQL, written from the same constants as the C++ rules
    // (core/analysis/rules/specrules.h, core/trace/tablenames.h).

    /// Join condition of a GPU operation `op` (kernel, copy) with its launching API call `call`
    /// in the runtime table: correlationId and process, as the loader resolves it.
    static QString launchingCall(const QString& op, const QString& call);
    /// "`range` is an NVTX range (push/pop or start/end) on the thread of API call `call`".
    static QString rangeOnCallThread(const QString& range, const QString& call);
    /// The pageable-async-copy rule's memory part over memcpy row `m` (HostAnalysis::isPageableAsyncCopy).
    static QString pageableCopy(const QString& m);
    /// The synchronous-copy rule's kind and size part over memcpy row `m` (spec::isSyncCopyShape).
    static QString syncCopyShape(const QString& m);

    /// "1,2,3": ids for an SQL IN list.
    template <typename Ids> static QString idList(const Ids& ids)
    {
        QStringList s;
        for (auto id : ids)
            s << QString::number(id);
        return s.join(QLatin1Char(','));
    }
    /// The export's StringIds ids of the strings at `indices` (StringTable indices), ascending
    /// and unique, as an SQL list: a modern export's ids are sparse, and Sightline's index of
    /// such a string is not its id (StringTable::exportIds). "NULL" when none has an id.
    static QString stringIdList(const StringTable& strings, const std::vector<quint32>& indices);
    /// Puts the costliest rows first (the ones the evidence lists); the order of the rest, which
    /// only the GUI's selection uses, does not matter, so millions of rows cost a partial sort.
    template <typename Table> static void longestFirst(std::vector<quint32>& rows, const Table& t)
    {
        const auto longer = [&](quint32 a, quint32 b) {
            return t.duration(a) != t.duration(b) ? t.duration(a) > t.duration(b) : a < b;
        };
        const auto head = std::min<size_t>(rows.size(), size_t(Evidence::kMaxRowids));
        std::partial_sort(rows.begin(), rows.begin() + ptrdiff_t(head), rows.end(), longer);
    }
};

} // namespace sl
