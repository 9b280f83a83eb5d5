// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/models/comparisoncolumns.h"

#include <QAbstractTableModel>

namespace sl {

/// Comparison::figures as a table: scope, figure, the value in every trace, then for every trace
/// but the baseline its delta and ratio to the baseline. DirectionRole says whether a delta is
/// an improvement (+1), a regression (−1) or neither (0); the view colours it. Small (tens to a
/// few hundred rows): a QSortFilterProxyModel on SortRole may sit on top.
class ComparisonFigureModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole, ///< raw number (double) or text
        DirectionRole, ///< int: +1 better, −1 worse, 0 neutral/undefined (delta and ratio columns)
        TraceRole, ///< int: the trace a value/delta/ratio column belongs to, -1 otherwise
    };
    enum FixedColumn { Scope, Figure, FixedColumns };
    enum class ColumnKind { Scope, Figure, Value, Delta, Ratio };

    explicit ComparisonFigureModel(QObject* parent = nullptr);

    void setComparison(ComparisonPtr comparison);
    const ComparisonPtr& comparison() const { return m_comparison; }
    const ComparisonFigure* figure(int row) const;
    ColumnKind columnKind(int column) const;
    /// The trace a Value/Delta/Ratio column refers to, -1 for the fixed columns.
    int columnTrace(int column) const;
    /// Column of the delta of `trace` to the baseline, -1 for the baseline or a bad index.
    int deltaColumn(int trace) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString scopeText(const ComparisonFigure& f) const;
    ComparisonPtr m_comparison;
    ComparisonColumns m_columns;
};

} // namespace sl
