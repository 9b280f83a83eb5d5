// SPDX-License-Identifier: MIT
#include "core/models/searchresultmodel.h"

#include "core/util/format.h"

namespace sl {

SearchResultModel::SearchResultModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SearchResultModel::setResult(TracePtr trace, SearchResult result)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_result = m_trace ? std::move(result) : SearchResult {};
    endResetModel();
}

void SearchResultModel::clear() { setResult(nullptr, {}); }

const SearchHit* SearchResultModel::hit(int row) const
{
    return row >= 0 && row < m_result.hits.size() ? &m_result.hits[row] : nullptr;
}

int SearchResultModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_result.hits.size());
}

int SearchResultModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SearchResultModel::data(const QModelIndex& index, int role) const
{
    const SearchHit* h = index.isValid() ? hit(index.row()) : nullptr;
    if (!h)
        return {};
    const bool sort = role == SortRole;
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Count ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && !sort)
        return {};
    switch (Column(index.column())) {
    case Kind:
        return sort ? QVariant(int(h->kind)) : QVariant(SearchHit::kindName(h->kind));
    case Name:
        return m_trace->strings.at(h->name);
    case Count:
        return sort ? QVariant(h->count) : QVariant(formatCount(h->count));
    case Total:
        return sort ? QVariant(h->totalNs) : QVariant(formatDuration(h->totalNs));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant SearchResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Kind:
        return tr("Kind");
    case Name:
        return tr("Name");
    case Count:
        return tr("Count");
    case Total:
        return tr("Total time");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
