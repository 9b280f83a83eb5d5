// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractProxyModel>

namespace sl {

/// A window of at most capacity() consecutive rows of a flat table model: row r is the source's
/// row firstRow() + r. A QTableView keeps 8 B of vertical-header state per row and fills it on
/// every reset; behind this window it keeps it for 65 536 rows whatever the source holds
/// (5 M kernels: 512 KB instead of 40 MB, no 100 ms reset on the GUI thread).
/// WindowedTable moves the window as the user scrolls.
///
/// Moving the window is a layout change: persistent indexes (the selection, the current index)
/// keep their source rows, and become invalid when those leave the window. A source sort or
/// reset keeps the window where it is (a reset: at the top).
class RowWindowModel : public QAbstractProxyModel
{
    Q_OBJECT
public:
    static constexpr int kDefaultCapacity = 1 << 16;

    explicit RowWindowModel(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* source) override;
    /// Rows the window holds at most (≥ 1); moving it keeps the first row where possible.
    void setCapacity(int rows);
    int capacity() const { return m_capacity; }
    /// Source row of the window's row 0.
    int firstRow() const { return m_first; }
    /// Moves the window to start at source row `row`, clamped so that it holds as many rows as it
    /// can; returns whether it moved.
    bool setFirstRow(int row);
    /// During setFirstRow's layout change (its layoutChanged): the window moves, the source's
    /// order does not change.
    bool isMoving() const { return m_moving; }
    int sourceRowCount() const;

    QModelIndex mapToSource(const QModelIndex& proxy) const override;
    QModelIndex mapFromSource(const QModelIndex& source) const override;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int clampedFirst(int row) const;
    void connectSource(QAbstractItemModel* source);
    void onSourceLayoutAboutToChange();
    void onSourceLayoutChanged();
    void onSourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles);
    void onSourceHeaderChanged(Qt::Orientation orientation, int first, int last);

    int m_capacity = kDefaultCapacity;
    int m_first = 0;
    bool m_moving = false;
    /// During a source layout change: our persistent indexes and their source indexes.
    QModelIndexList m_layoutProxy;
    QList<QPersistentModelIndex> m_layoutSource;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace sl
