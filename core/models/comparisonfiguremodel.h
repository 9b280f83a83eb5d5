// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/comparisontablemodel.h"

namespace sl {

/// Comparison::figures as a table: scope, figure, the value in every trace, then for every trace
/// but the baseline its delta and ratio to the baseline. DirectionRole says whether a delta is
/// an improvement (+1), a regression (−1) or neither (0); the view colours it. Small (tens to a
/// few hundred rows): a QSortFilterProxyModel on SortRole may sit on top.
class ComparisonFigureModel : public ComparisonTableModel
{
    Q_OBJECT
public:
    enum FixedColumn { Scope, Figure, FixedColumns };
    enum class ColumnKind { Scope, Figure, Value, Delta, Ratio };

    explicit ComparisonFigureModel(QObject* parent = nullptr);

    const ComparisonFigure* figure(int row) const;
    ColumnKind columnKind(int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString scopeText(const ComparisonFigure& f) const;
};

} // namespace sl
