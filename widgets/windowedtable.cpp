// SPDX-License-Identifier: MIT
#include "widgets/windowedtable.h"

#include "core/models/rowwindowmodel.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QScrollBar>
#include <QTableView>
#include <QWheelEvent>

#include <algorithm>
#include <utility>

namespace sl {

WindowedTable::WindowedTable(QWidget* parent)
    : QWidget(parent)
    , m_view(new QTableView(this))
    , m_window(new RowWindowModel(this))
    , m_bar(new QScrollBar(Qt::Vertical, this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_bar);
    // Per item: the hidden bar's value is the window row at the top, the unit of m_bar.
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setModel(m_window);
    m_view->viewport()->installEventFilter(this);
    m_view->installEventFilter(this);

    connectModels();
    updateRange();
}

void WindowedTable::connectModels()
{
    connect(m_bar, &QScrollBar::valueChanged, this, &WindowedTable::onBarMoved);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, &WindowedTable::onViewScrolled);
    connect(m_view->verticalScrollBar(), &QScrollBar::rangeChanged, this, &WindowedTable::updateRange);
    connect(m_window, &QAbstractItemModel::modelReset, this, [this] {
        m_selection.clear();
        m_extendedFrom.clear();
        m_current = m_anchor = -1;
        m_view->scrollToTop(); // a new list starts at its top, not at the old one's row
        updateRange();
    });
    // A layout change drops the rows that leave the window from the selection model: not a
    // change of the user's.
    connect(m_window, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { m_selecting = true; });
    connect(m_window, &QAbstractItemModel::layoutChanged, this, &WindowedTable::onLayoutChanged);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &WindowedTable::onSelectionChanged);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &WindowedTable::onCurrentChanged);
}

void WindowedTable::onSelectionChanged()
{
    if (m_selecting)
        return;
    const int first = m_window->firstRow();
    const int last = first + m_window->rowCount() - 1;
    if (extendFromAnchor())
        return;
    const bool ctrl = m_inputModifiers & Qt::ControlModifier, shift = m_inputModifiers & Qt::ShiftModifier;
    // Without Ctrl or Shift a click or key replaces the selection, the rows outside the window too.
    RowRanges next;
    if (ctrl || shift)
        for (const auto& [a, b] : m_selection) {
            if (a < first)
                next.emplace_back(a, std::min(b, first - 1));
            if (b > last)
                next.emplace_back(std::max(a, last + 1), b);
        }
    for (const QItemSelectionRange& range : m_view->selectionModel()->selection())
        next.emplace_back(first + range.top(), first + range.bottom());
    m_selection = merged(std::move(next));
    m_extendedFrom = m_selection; // what a Ctrl+Shift range adds to
}

bool WindowedTable::extendFromAnchor()
{
    // Shift (click, drag or key) extends from the anchor row to the current one, also from an
    // anchor the window has left (Qt's anchor index is gone with its row); Ctrl keeps the rest.
    if (!(m_inputModifiers & Qt::ShiftModifier) || m_anchor < 0 || m_current < 0
        || m_view->selectionMode() != QAbstractItemView::ExtendedSelection)
        return false;
    RowRanges next = (m_inputModifiers & Qt::ControlModifier) ? m_extendedFrom : RowRanges();
    next.emplace_back(std::min(m_anchor, m_current), std::max(m_anchor, m_current));
    m_selection = merged(std::move(next));
    restoreSelection();
    return true;
}

WindowedTable::RowRanges WindowedTable::merged(RowRanges ranges)
{
    // Sorted once; overlapping and adjacent ranges become one.
    std::sort(ranges.begin(), ranges.end());
    RowRanges out;
    for (const auto& [a, b] : ranges)
        if (!out.empty() && a <= out.back().second + 1)
            out.back().second = std::max(out.back().second, b);
        else
            out.emplace_back(a, b);
    return out;
}

void WindowedTable::onCurrentChanged()
{
    // Read back, not the signal's argument: a view's own handler (scrollTo) may have moved the
    // window since, which the persistent current index followed.
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    if (m_selecting)
        return;
    m_current = current.isValid() ? m_window->firstRow() + current.row() : -1;
    m_currentColumn = current.isValid() ? current.column() : 0;
    if (!(m_inputModifiers & Qt::ShiftModifier))
        m_anchor = m_current;
    else
        extendFromAnchor(); // Qt's selection follows (or, the same, changes nothing)
}

void WindowedTable::onLayoutChanged()
{
    if (m_window->isMoving() || allRowsSelected()) {
        restoreSelection();
    } else { // a sort: the window's rows now hold other source rows; keep what it shows selected
        // (takeKeptRows adds the rows out of sight)
        m_selecting = false;
        const Qt::KeyboardModifiers input = std::exchange(m_inputModifiers, Qt::NoModifier); // replace
        onSelectionChanged();
        onCurrentChanged();
        m_inputModifiers = input;
    }
    m_selecting = false;
    updateRange();
}

void WindowedTable::restoreSelection()
{
    const int first = m_window->firstRow();
    const int last = first + m_window->rowCount() - 1;
    QItemSelection selection;
    for (const auto& [a, b] : m_selection)
        if (a <= last && b >= first)
            selection.select(m_window->index(std::max(a, first) - first, 0),
                m_window->index(std::min(b, last) - first, m_window->columnCount() - 1));
    m_selecting = true;
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    // A current index still in the window was moved with it; one that had left comes back.
    if (!m_view->selectionModel()->currentIndex().isValid() && m_current >= first && m_current <= last)
        m_view->selectionModel()->setCurrentIndex(
            m_window->index(m_current - first, m_currentColumn), QItemSelectionModel::NoUpdate);
    m_selecting = false;
}

void WindowedTable::setSourceModel(QAbstractItemModel* source)
{
    for (const QMetaObject::Connection& c : std::as_const(m_sourceConnections))
        disconnect(c);
    m_sourceConnections.clear();
    m_window->setSourceModel(source);
    if (source) { // after the window's own connections: its layout change is handled first
        m_sourceConnections.push_back(
            connect(source, &QAbstractItemModel::layoutAboutToBeChanged, this, &WindowedTable::keepSelectedRows));
        m_sourceConnections.push_back(
            connect(source, &QAbstractItemModel::layoutChanged, this, &WindowedTable::takeKeptRows));
    }
    updateRange();
}

void WindowedTable::keepSelectedRows()
{
    // The window's persistent indexes lose the rows a sort moves out of it: the source's follow
    // every row. Then the current row and the anchor (invalid where none).
    m_kept.clear();
    const QAbstractItemModel* source = m_window->sourceModel();
    qint64 count = 0;
    for (const auto& [a, b] : m_selection)
        count += b - a + 1;
    m_keptSelection = !allRowsSelected() && count <= kKeptRows;
    if (m_keptSelection)
        for (const auto& [a, b] : m_selection)
            for (int r = a; r <= b; ++r)
                m_kept.emplace_back(source->index(r, 0));
    for (const int row : { m_current, m_anchor })
        m_kept.emplace_back(row >= 0 ? source->index(row, 0) : QModelIndex());
}

void WindowedTable::takeKeptRows()
{
    if (m_kept.size() < 2) // not after keepSelectedRows
        return;
    const QPersistentModelIndex current = m_kept[m_kept.size() - 2], anchor = m_kept.back();
    m_kept.resize(m_kept.size() - 2);
    if (m_keptSelection) { // else what the window kept (onLayoutChanged)
        RowRanges rows;
        for (const QPersistentModelIndex& index : m_kept)
            if (index.isValid())
                rows.emplace_back(index.row(), index.row());
        m_selection = merged(std::move(rows));
    }
    m_kept.clear();
    m_extendedFrom = m_selection;
    m_current = current.isValid() ? current.row() : -1;
    m_anchor = anchor.isValid() ? anchor.row() : -1;
    restoreSelection();
}

int WindowedTable::pageRows() const
{
    const int rowHeight = std::max(1, m_view->verticalHeader()->defaultSectionSize());
    return std::max(1, m_view->viewport()->height() / rowHeight);
}

int WindowedTable::firstVisibleSourceRow() const { return m_window->firstRow() + m_view->verticalScrollBar()->value(); }

void WindowedTable::updateRange()
{
    const int page = pageRows();
    const QSignalBlocker block(m_bar);
    m_bar->setRange(0, std::max(0, m_window->sourceRowCount() - page));
    m_bar->setPageStep(page);
    if (!m_syncing) // else the bar is being moved to where the view goes
        m_bar->setValue(firstVisibleSourceRow());
    m_bar->setVisible(m_bar->maximum() > 0);
}

void WindowedTable::centreOn(int sourceRow)
{
    m_window->setFirstRow(sourceRow - (m_window->capacity() - pageRows()) / 2);
}

void WindowedTable::onBarMoved(int sourceRow)
{
    if (m_syncing)
        return;
    m_syncing = true;
    const int first = m_window->firstRow();
    if (sourceRow < first || sourceRow + pageRows() > first + m_window->rowCount())
        centreOn(sourceRow);
    m_view->verticalScrollBar()->setValue(sourceRow - m_window->firstRow());
    m_bar->setValue(firstVisibleSourceRow()); // the view's bar may stop short of its end
    m_syncing = false;
    // The current row left the window: keyboard navigation goes on from the top row in sight
    // (the current row is kept, and comes back with its window).
    if (m_current >= 0 && !m_view->selectionModel()->currentIndex().isValid()) {
        m_selecting = true;
        m_view->selectionModel()->setCurrentIndex(
            m_window->index(sourceRow - m_window->firstRow(), m_currentColumn), QItemSelectionModel::NoUpdate);
        m_selecting = false;
    }
}

void WindowedTable::onViewScrolled(int windowRow)
{
    if (m_syncing)
        return;
    m_syncing = true;
    // Keyboard navigation and scrollTo() move the hidden bar: a page from either end of the
    // window, the window moves on so that the next step has rows to go to.
    const int sourceRow = m_window->firstRow() + windowRow;
    const int margin = pageRows();
    const int rows = m_window->rowCount();
    const bool nearTop = windowRow < margin && m_window->firstRow() > 0;
    const bool nearBottom = windowRow + 2 * margin > rows && m_window->firstRow() + rows < m_window->sourceRowCount();
    if (nearTop || nearBottom) {
        centreOn(sourceRow);
        m_view->verticalScrollBar()->setValue(sourceRow - m_window->firstRow());
    }
    m_bar->setValue(firstVisibleSourceRow());
    m_syncing = false;
}

void WindowedTable::scrollToSourceRow(int sourceRow, QAbstractItemView::ScrollHint hint)
{
    const int first = m_window->firstRow();
    if (sourceRow < first || sourceRow >= first + m_window->rowCount())
        centreOn(sourceRow);
    const QModelIndex index = m_window->index(sourceRow - m_window->firstRow(), 0);
    if (index.isValid())
        m_view->scrollTo(index, hint);
}

void WindowedTable::selectAllRows()
{
    const int rows = m_window->sourceRowCount();
    m_selection.clear();
    if (rows > 0)
        m_selection.emplace_back(0, rows - 1);
    m_extendedFrom = m_selection;
    restoreSelection();
}

bool WindowedTable::allRowsSelected() const
{
    const int rows = m_window->sourceRowCount();
    return rows > 0 && m_selection.size() == 1 && m_selection.front() == std::pair(0, rows - 1);
}

bool WindowedTable::jumpToEnd(bool last)
{
    const int rows = m_window->sourceRowCount();
    if (rows == 0)
        return false;
    const int target = last ? rows - 1 : 0;
    scrollToSourceRow(target);
    const QModelIndex index = m_window->index(target - m_window->firstRow(), 0);
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

void WindowedTable::noteInput(const QEvent* event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove:
    case QEvent::KeyPress:
        m_inputModifiers = static_cast<const QInputEvent*>(event)->modifiers();
        break;
    case QEvent::MouseButtonRelease:
    case QEvent::KeyRelease:
        m_inputModifiers = Qt::NoModifier;
        break;
    default:
        break;
    }
}

bool WindowedTable::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() || watched == m_view)
        noteInput(event);
    if (watched == m_view->viewport()) {
        if (event->type() == QEvent::Resize) {
            updateRange();
        } else if (event->type() == QEvent::Wheel) {
            const auto* wheel = static_cast<QWheelEvent*>(event);
            const QPoint delta = wheel->angleDelta();
            if (std::abs(delta.y()) >= std::abs(delta.x())) // vertical: over every row, not the window
                return QCoreApplication::sendEvent(m_bar, event);
        }
    } else if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() == Qt::ControlModifier && (key->key() == Qt::Key_Home || key->key() == Qt::Key_End))
            return jumpToEnd(key->key() == Qt::Key_End);
        if (key->matches(QKeySequence::SelectAll)) { // every row, not only the window's
            selectAllRows();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace sl
