// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/models/comparisoncolumns.h"

#include <QAbstractTableModel>

namespace sl {

/// Comparison::counters as a table: first one "bound class" row per scope and GPU slot, then two
/// rows per counter (busy-time mean, busy-time p90). Columns: scope, GPU, counter, statistic, the
/// value in every trace, then for every trace but the baseline its delta (percentage points for
/// % counters, relative otherwise; "changed" on bound rows). DirectionRole colours deltas as the
/// figures' do. Small (a few hundred rows): a sorting proxy may sit on top.
class ComparisonCounterModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole,
        DirectionRole, ///< int on delta columns: +1 better, −1 worse, 0 neutral/equal/undefined
        TraceRole, ///< int: the trace of a value or delta column, -1 otherwise
    };
    enum FixedColumn { Scope, Gpu, Counter, Statistic, FixedColumns };
    enum class RowKind { Bound, Mean, P90 };

    explicit ComparisonCounterModel(QObject* parent = nullptr);

    void setComparison(ComparisonPtr comparison);
    RowKind rowKind(int row) const;
    /// The scope row of a bound-class row, else null.
    const CounterScopeComparison* scopeRow(int row) const;
    /// The counter of a mean or p90 row, else null.
    const CounterComparison* counter(int row) const;
    int columnTrace(int column) const;
    bool isDeltaColumn(int column) const;
    /// Column of the delta of `trace` to the baseline, -1 for the baseline or a bad index.
    int deltaColumn(int trace) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant boundData(const CounterScopeComparison& s, int column, int role) const;
    QVariant counterData(const CounterComparison& k, bool p90, int column, int role) const;
    ComparisonPtr m_comparison;
    ComparisonColumns m_columns;
};

} // namespace sl
