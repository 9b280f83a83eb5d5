// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/models/comparisoncolumns.h"

#include <QAbstractTableModel>

namespace sl {

/// What the comparison tables (figures, kernels, counters, roofline) share: the comparison they
/// show, reset as a whole when it changes; their column layout (ComparisonColumns: fixed columns,
/// one per trace, the deltas of each compared trace) and the column queries the docks and
/// delegates use; and their roles.
class ComparisonTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole, ///< raw number (double) or text
        DirectionRole, ///< int on delta (and ratio) columns: +1 better, −1 worse, 0 neutral/equal/undefined
        TraceRole, ///< int: the trace a value or delta column belongs to, -1 otherwise
    };

    void setComparison(ComparisonPtr comparison);
    const ComparisonPtr& comparison() const { return m_comparison; }
    /// The trace a value or delta column refers to, -1 for the fixed columns.
    int columnTrace(int column) const { return m_columns.trace(column); }
    bool isDeltaColumn(int column) const { return m_columns.isDelta(column); }
    /// Column of the (first) delta of `trace` to the baseline, -1 for the baseline or a bad index.
    int deltaColumn(int trace) const { return m_columns.deltaColumn(trace); }

    int columnCount(const QModelIndex& parent = {}) const override;

protected:
    /// `fixedColumns` leading columns; `deltasPerTrace` columns per compared trace.
    ComparisonTableModel(int fixedColumns, int deltasPerTrace, QObject* parent);
    ComparisonPtr m_comparison;
    ComparisonColumns m_columns;
};

} // namespace sl
