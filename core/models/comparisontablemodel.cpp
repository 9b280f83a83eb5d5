// SPDX-License-Identifier: MIT
#include "core/models/comparisontablemodel.h"

namespace sl {

ComparisonTableModel::ComparisonTableModel(int fixedColumns, int deltasPerTrace, QObject* parent)
    : QAbstractTableModel(parent)
    , m_columns(fixedColumns, deltasPerTrace)
{
}

void ComparisonTableModel::setComparison(ComparisonPtr comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    m_columns.reset(m_comparison.get());
    endResetModel();
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_columns.count();
}

} // namespace sl
