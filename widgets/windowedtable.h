// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractItemView>
#include <QWidget>

class QScrollBar;
class QTableView;

namespace sl {

class RowWindowModel;

/// A table of millions of rows: a QTableView over a RowWindowModel of the source, beside a
/// scroll bar over every source row. The view's own vertical bar is hidden; moving this one, the
/// wheel, or the keyboard past the window's first or last page moves the window (a layout
/// change: the selection keeps its rows while they stay in it). The view never holds more than
/// RowWindowModel::capacity() rows, so no reset or growth of the source stalls the GUI thread.
class WindowedTable : public QWidget
{
    Q_OBJECT
public:
    explicit WindowedTable(QWidget* parent = nullptr);

    void setSourceModel(QAbstractItemModel* source);
    QTableView* view() const { return m_view; }
    RowWindowModel* rowWindow() const { return m_window; }
    /// Over every source row: its value is the source row at the top of the viewport.
    QScrollBar* scrollBar() const { return m_bar; }

    /// Scrolls `sourceRow` into view, moving the window when it is not in it.
    void scrollToSourceRow(int sourceRow, QAbstractItemView::ScrollHint hint = QAbstractItemView::EnsureVisible);
    /// Source row shown at the top of the viewport.
    int firstVisibleSourceRow() const;
    /// Selects every source row: the whole window, again after each move, until the selection
    /// changes otherwise or the source is reset. (A selection of millions of rows cannot be
    /// persistent indexes; this one is a state.)
    void selectAllRows();
    bool allRowsSelected() const { return m_allSelected; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Rows that fit the viewport (≥ 1).
    int pageRows() const;
    void updateRange();
    void onBarMoved(int sourceRow);
    void onViewScrolled(int windowRow);
    /// Moves the window so that `sourceRow`'s page sits in its middle.
    void centreOn(int sourceRow);
    /// Ctrl+Home, Ctrl+End: the first or last source row, not the window's.
    bool jumpToEnd(bool last);
    void selectWindow();

    QTableView* m_view;
    RowWindowModel* m_window;
    QScrollBar* m_bar;
    bool m_syncing = false; ///< one bar is being set from the other
    bool m_allSelected = false; ///< selectAllRows() holds
    bool m_selecting = false; ///< selectWindow() is selecting
};

} // namespace sl
