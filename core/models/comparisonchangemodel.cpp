// SPDX-License-Identifier: MIT
#include "core/models/comparisonchangemodel.h"

#include "core/compare/comparisonformat.h"

namespace sl {

ComparisonChangeModel::ComparisonChangeModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ComparisonChangeModel::setComparison(ComparisonPtr comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    m_rank.clear();
    if (m_comparison) {
        int last = -1, rank = 0;
        for (const auto& c : m_comparison->changes) {
            rank = c.trace == last ? rank + 1 : 1;
            last = c.trace;
            m_rank.append(rank);
        }
    }
    endResetModel();
}

const ComparisonChange* ComparisonChangeModel::change(int row) const
{
    if (!m_comparison || row < 0 || row >= m_comparison->changes.size())
        return nullptr;
    return &m_comparison->changes[row];
}

int ComparisonChangeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_comparison ? 0 : int(m_comparison->changes.size());
}

int ComparisonChangeModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ComparisonChangeModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != DirectionRole && role != Qt::ToolTipRole
        && role != Qt::TextAlignmentRole)
        return {};
    const ComparisonChange* c = index.isValid() ? change(index.row()) : nullptr;
    if (!c)
        return {};
    if (role == DirectionRole)
        return index.column() == Delta && c->deltaNs() != 0 ? (c->deltaNs() < 0 ? 1 : -1) : 0;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Delta || index.column() == Rank ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                                                 : QVariant();
    if (role == Qt::ToolTipRole)
        return index.column() == Change ? QVariant(c->title) : QVariant();
    switch (Column(index.column())) {
    case Rank:
        return m_rank[index.row()];
    case Trace:
        return m_comparison->labels[c->trace];
    case Kind:
        return ComparisonChange::kindName(c->kind);
    case Change:
        return c->title;
    case Delta:
        return role == SortRole ? QVariant(c->deltaNs()) : QVariant(ComparisonFormat::signedDuration(c->deltaNs()));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ComparisonChangeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Rank:
        return tr("#");
    case Trace:
        return tr("Trace");
    case Kind:
        return tr("Kind");
    case Change:
        return tr("What changed");
    case Delta:
        return m_comparison && m_comparison->unit != WorkUnit::Total
            ? tr("Δ per %1").arg(ComparisonOptions::unitNoun(m_comparison->unit))
            : tr("Δ");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
