// SPDX-License-Identifier: MIT
#include "core/models/rowwindowmodel.h"

#include <algorithm>

namespace sl {

RowWindowModel::RowWindowModel(QObject* parent)
    : QAbstractProxyModel(parent)
{
}

void RowWindowModel::setSourceModel(QAbstractItemModel* source)
{
    beginResetModel();
    for (const QMetaObject::Connection& c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    QAbstractProxyModel::setSourceModel(source);
    m_first = 0;
    if (source)
        connectSource(source);
    endResetModel();
}

void RowWindowModel::connectSource(QAbstractItemModel* source)
{
    // Rows or columns inserted, removed or moved: rare for a flat table of millions of rows, and
    // a reset of a window is cheap (at most capacity() header items).
    const auto begin = [this] { beginResetModel(); };
    const auto end = [this] {
        m_first = clampedFirst(m_first);
        endResetModel();
    };
    const auto reset = [this] { m_first = 0; };
    using M = QAbstractItemModel;
    m_connections << connect(source, &M::modelAboutToBeReset, this, begin)
                  << connect(source, &M::modelReset, this,
                         [reset, end] {
                             reset();
                             end();
                         })
                  << connect(source, &M::rowsAboutToBeInserted, this, begin)
                  << connect(source, &M::rowsInserted, this, end)
                  << connect(source, &M::rowsAboutToBeRemoved, this, begin)
                  << connect(source, &M::rowsRemoved, this, end) << connect(source, &M::rowsAboutToBeMoved, this, begin)
                  << connect(source, &M::rowsMoved, this, end)
                  << connect(source, &M::columnsAboutToBeInserted, this, begin)
                  << connect(source, &M::columnsInserted, this, end)
                  << connect(source, &M::columnsAboutToBeRemoved, this, begin)
                  << connect(source, &M::columnsRemoved, this, end)
                  << connect(source, &M::columnsAboutToBeMoved, this, begin)
                  << connect(source, &M::columnsMoved, this, end)
                  << connect(source, &M::layoutAboutToBeChanged, this, &RowWindowModel::onSourceLayoutAboutToChange)
                  << connect(source, &M::layoutChanged, this, &RowWindowModel::onSourceLayoutChanged)
                  << connect(source, &M::dataChanged, this, &RowWindowModel::onSourceDataChanged)
                  << connect(source, &M::headerDataChanged, this, &RowWindowModel::onSourceHeaderChanged);
}

void RowWindowModel::setCapacity(int rows)
{
    rows = std::max(1, rows);
    if (rows == m_capacity)
        return;
    beginResetModel();
    m_capacity = rows;
    m_first = clampedFirst(m_first);
    endResetModel();
}

int RowWindowModel::sourceRowCount() const { return sourceModel() ? sourceModel()->rowCount() : 0; }

int RowWindowModel::clampedFirst(int row) const
{
    return std::clamp(row, 0, std::max(0, sourceRowCount() - m_capacity));
}

bool RowWindowModel::setFirstRow(int row)
{
    const int first = clampedFirst(row);
    if (first == m_first)
        return false;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QModelIndexList after;
    after.reserve(before.size());
    const int rows = rowCount();
    for (const QModelIndex& i : before) {
        const int moved = i.row() + m_first - first;
        after << (moved >= 0 && moved < rows ? createIndex(moved, i.column()) : QModelIndex());
    }
    m_first = first;
    changePersistentIndexList(before, after);
    m_moving = true;
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    m_moving = false;
    return true;
}

void RowWindowModel::onSourceLayoutAboutToChange()
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    m_layoutProxy = persistentIndexList();
    m_layoutSource.clear();
    m_layoutSource.reserve(m_layoutProxy.size());
    for (const QModelIndex& i : std::as_const(m_layoutProxy))
        m_layoutSource << QPersistentModelIndex(mapToSource(i));
}

void RowWindowModel::onSourceLayoutChanged()
{
    // The source moved its persistent indexes (a sort: the kernels they show); ours follow them
    // where they stay in the window.
    m_first = clampedFirst(m_first);
    QModelIndexList after;
    after.reserve(m_layoutProxy.size());
    for (const QPersistentModelIndex& source : std::as_const(m_layoutSource))
        after << mapFromSource(source);
    changePersistentIndexList(m_layoutProxy, after);
    m_layoutProxy.clear();
    m_layoutSource.clear();
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void RowWindowModel::onSourceDataChanged(
    const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles)
{
    const int top = std::max(topLeft.row() - m_first, 0);
    const int bottom = std::min(bottomRight.row() - m_first, rowCount() - 1);
    if (top <= bottom)
        emit dataChanged(index(top, topLeft.column()), index(bottom, bottomRight.column()), roles);
}

void RowWindowModel::onSourceHeaderChanged(Qt::Orientation orientation, int first, int last)
{
    if (orientation == Qt::Horizontal) {
        emit headerDataChanged(orientation, first, last);
        return;
    }
    const int top = std::max(first - m_first, 0);
    const int bottom = std::min(last - m_first, rowCount() - 1);
    if (top <= bottom)
        emit headerDataChanged(orientation, top, bottom);
}

QModelIndex RowWindowModel::mapToSource(const QModelIndex& proxy) const
{
    if (!proxy.isValid() || !sourceModel() || proxy.model() != this)
        return {};
    return sourceModel()->index(proxy.row() + m_first, proxy.column());
}

QModelIndex RowWindowModel::mapFromSource(const QModelIndex& source) const
{
    if (!source.isValid() || source.model() != sourceModel())
        return {};
    const int row = source.row() - m_first;
    return row >= 0 && row < rowCount() ? createIndex(row, source.column()) : QModelIndex();
}

QModelIndex RowWindowModel::index(int row, int column, const QModelIndex& parent) const
{
    return hasIndex(row, column, parent) ? createIndex(row, column) : QModelIndex();
}

QModelIndex RowWindowModel::parent(const QModelIndex&) const { return {}; }

int RowWindowModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : std::clamp(sourceRowCount() - m_first, 0, m_capacity);
}

int RowWindowModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

QVariant RowWindowModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!sourceModel())
        return {};
    return sourceModel()->headerData(orientation == Qt::Vertical ? section + m_first : section, orientation, role);
}

} // namespace sl
