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

    connect(m_bar, &QScrollBar::valueChanged, this, &WindowedTable::onBarMoved);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, &WindowedTable::onViewScrolled);
    connect(m_view->verticalScrollBar(), &QScrollBar::rangeChanged, this, &WindowedTable::updateRange);
    connect(m_window, &QAbstractItemModel::modelReset, this, [this] {
        m_allSelected = false;
        updateRange();
    });
    // A move drops the rows that left the window from the selection: not a change of the user's.
    connect(m_window, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { m_selecting = true; });
    connect(m_window, &QAbstractItemModel::layoutChanged, this, [this] {
        m_selecting = false;
        if (m_allSelected)
            selectWindow();
        updateRange();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (!m_selecting)
            m_allSelected = false;
    });
    updateRange();
}

void WindowedTable::setSourceModel(QAbstractItemModel* source)
{
    m_window->setSourceModel(source);
    updateRange();
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
    m_allSelected = m_window->rowCount() > 0;
    selectWindow();
}

void WindowedTable::selectWindow()
{
    QItemSelection selection;
    if (const int rows = m_window->rowCount(); rows > 0)
        selection.select(m_window->index(0, 0), m_window->index(rows - 1, m_window->columnCount() - 1));
    m_selecting = true;
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_selecting = false;
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

bool WindowedTable::eventFilter(QObject* watched, QEvent* event)
{
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
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace sl
