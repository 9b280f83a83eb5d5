// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QAbstractTableModel>

namespace sl {

/// Comparison::changes, "what changed most", in the comparison's order (per compared trace,
/// largest difference first). The Δ column carries DirectionRole: less GPU time per unit is
/// better.
class ComparisonChangeModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Rank, Trace, Kind, Change, Delta, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        DirectionRole, ///< int on Delta: +1 the trace spends less than the baseline, −1 more
    };

    explicit ComparisonChangeModel(QObject* parent = nullptr);

    void setComparison(ComparisonPtr comparison);
    const ComparisonChange* change(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ComparisonPtr m_comparison;
    QVector<int> m_rank; ///< 1-based rank of each change within its trace
};

} // namespace sl
