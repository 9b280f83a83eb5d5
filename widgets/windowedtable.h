// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractItemView>
#include <QPersistentModelIndex>
#include <QWidget>

#include <utility>
#include <vector>

class QScrollBar;
class QTableView;

namespace sl {

class RowWindowModel;

/// A table of millions of rows: a QTableView over a RowWindowModel of the source, beside a
/// scroll bar over every source row. The view's own vertical bar is hidden; moving this one, the
/// wheel, or the keyboard past the window's first or last page moves the window (a layout
/// change). The view never holds more than RowWindowModel::capacity() rows, so no reset or
/// growth of the source stalls the GUI thread.
///
/// The selection and the current row are kept in source rows (ranges, not persistent indexes):
/// a move selects the part of them in the new window again, so a row selected, scrolled away
/// from and scrolled back to is still selected. A click or key without Ctrl or Shift replaces
/// the whole selection, as in any view; with them the rows outside the window are kept, and
/// Shift (click, drag, key) extends from the anchor row wherever that row is. A sort of the source keeps the
/// selection on its rows (up to kKeptRows of them).
class WindowedTable : public QWidget
{
    Q_OBJECT
public:
    /// Selected rows a sort of the source follows (a persistent index each); of a larger
    /// selection a sort keeps the rows that stay in the window (all rows stay all rows: Ctrl+A).
    static constexpr qint64 kKeptRows = 100'000;

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
    /// Selects every source row: one range of selectedSourceRows(), so the whole window, again
    /// after each move, until the selection changes otherwise or the source is reset.
    void selectAllRows();
    bool allRowsSelected() const;
    /// Inclusive source row ranges, in order and disjoint: the selection over every row.
    using RowRanges = std::vector<std::pair<int, int>>;
    const RowRanges& selectedSourceRows() const { return m_selection; }

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
    void connectModels();
    /// The user changed the selection or the current row: m_selection and m_current follow.
    void onSelectionChanged();
    void onCurrentChanged();
    /// After a layout change: the window moved (select its part of m_selection again) or the
    /// source was sorted (m_selection becomes what the window holds).
    void onLayoutChanged();
    void restoreSelection();
    /// Before a sort of the source: persistent indexes of the source for the selected rows (up
    /// to kKeptRows), the current row and the anchor.
    void keepSelectedRows();
    /// After it: those rows where the sort put them, selected again.
    void takeKeptRows();
    /// Keeps the modifiers of the mouse or key press being handled (none once released).
    void noteInput(const QEvent* event);
    /// With Shift held: the selection from the anchor to the current row (plus, with Ctrl, what
    /// the last change without Shift left selected). False without Shift (or not ExtendedSelection).
    bool extendFromAnchor();
    /// `ranges` sorted, those that overlap or touch merged.
    static RowRanges merged(RowRanges ranges);

    QTableView* m_view;
    RowWindowModel* m_window;
    QScrollBar* m_bar;
    bool m_syncing = false; ///< one bar is being set from the other
    bool m_selecting = false; ///< the selection is being set by this class (or a layout change)
    RowRanges m_selection; ///< the user's selection in source rows
    int m_current = -1; ///< source row of the current index, −1 none
    int m_anchor = -1; ///< source row a Shift selection extends from: the current row set without Shift
    RowRanges m_extendedFrom; ///< the selection as the last change without Shift left it
    /// During a sort: the selected source rows (where m_keptSelection), then the current row and the anchor.
    std::vector<QPersistentModelIndex> m_kept;
    bool m_keptSelection = false;
    std::vector<QMetaObject::Connection> m_sourceConnections;
    int m_currentColumn = 0;
    /// Of the view's input event being handled: a selection change made with Ctrl or Shift adds
    /// to the rows outside the window, any other replaces them (code's own selections too).
    Qt::KeyboardModifiers m_inputModifiers;
};

} // namespace sl
