// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/comparisontablemodel.h"

namespace sl {

/// Comparison::counters as a table: first one "bound class" row per scope and GPU slot, then two
/// rows per counter (busy-time mean, busy-time p90). Columns: scope, GPU, counter, statistic, the
/// value in every trace, then for every trace but the baseline its delta (percentage points for
/// % counters, relative otherwise; "changed" on bound rows). DirectionRole colours deltas as the
/// figures' do. Small (a few hundred rows): a sorting proxy may sit on top.
class ComparisonCounterModel : public ComparisonTableModel
{
    Q_OBJECT
public:
    enum FixedColumn { Scope, Gpu, Counter, Statistic, FixedColumns };
    enum class RowKind { Bound, Mean, P90 };

    explicit ComparisonCounterModel(QObject* parent = nullptr);

    RowKind rowKind(int row) const;
    /// The scope row of a bound-class row, else null.
    const CounterScopeComparison* scopeRow(int row) const;
    /// The counter of a mean or p90 row, else null.
    const CounterComparison* counter(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant boundData(const CounterScopeComparison& s, int column, int role) const;
    QVariant counterData(const CounterComparison& k, bool p90, int column, int role) const;
};

} // namespace sl
