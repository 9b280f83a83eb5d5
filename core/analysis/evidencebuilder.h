// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/finding.h"

#include <QString>

#include <vector>

namespace sl {

struct AnalysisResult;
struct Trace;

/// Builds Evidence whose SQL selects exactly the rows it lists from the export, so a user can
/// re-run it in sqlite3. Up to Evidence::kMaxRowids rows the SQL lists the rowids; above that
/// it uses `predicate`, the rule itself written as SQL over the export.
class EvidenceBuilder
{
public:
    /// `rows` are indices into the trace table loaded from `table`; `rowid` is that table's
    /// rowid column. The order of `rows` is kept (most important first).
    static Evidence rows(const QString& table, const std::vector<qint64>& rowid, std::vector<quint32> rows,
                         const QString& predicate);
    /// A device and time range: the SQL selects the GPU work on that device overlapping it
    /// (for an idle gap: only the two operations that bound it).
    static Evidence timeRange(const Trace& trace, int deviceId, qint64 startNs, qint64 endNs);
    /// SQL condition "start lies in the analysis window".
    static QString windowPredicate(const AnalysisResult& r, const QString& alias = {});
};

} // namespace sl
