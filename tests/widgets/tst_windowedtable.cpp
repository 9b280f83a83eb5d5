// SPDX-License-Identifier: MIT
// WindowedTable: a view of 1000 rows through a window of 100. The outer scroll bar, the wheel and
// the keyboard reach every row; the view never holds more than the window. Row r's text is r, so
// each expected value is the row number itself.
#include "core/models/rowwindowmodel.h"
#include "widgets/tablecopy.h"
#include "widgets/windowedtable.h"

#include <QApplication>
#include <QHeaderView>
#include <QScrollBar>
#include <QStringListModel>
#include <QTableView>
#include <QtTest>

using namespace sl;

namespace {

constexpr int kRows = 1000;
constexpr int kCapacity = 100;
constexpr int kRowHeight = 20; // px

QStringList numbers()
{
    QStringList rows;
    for (int r = 0; r < kRows; ++r)
        rows << QString::number(r);
    return rows;
}

/// The number shown in the viewport's top (or bottom) fully visible row.
int shownAt(const QTableView* view, bool bottom = false)
{
    const int y = bottom ? (view->viewport()->height() / kRowHeight) * kRowHeight - kRowHeight / 2 : kRowHeight / 2;
    return view->indexAt(QPoint(5, y)).data().toInt();
}

} // namespace

class TestWindowedTable : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void scrollBarCoversEverySourceRow();
    void wheelScrollsSourceRows();
    void keyboardWalksPastTheWindow();
    void ctrlEndReachesTheLastRow();
    void selectionFollowsItsRowsAcrossMoves();
    void selectionComesBackWithItsWindow();
    void plainClickReplacesRowsOutsideTheWindow(); // and Ctrl+click adds to them
    void shiftClickExtendsFromAnAnchorOutOfSight();
    void sortKeepsTheSelectedRows();
    void ctrlASelectsAndCopiesEveryRow();
    void keyboardGoesOnFromTheRowsInSight();

private:
    QStringListModel* m_source = nullptr;
    WindowedTable* m_table = nullptr;
};

void TestWindowedTable::init()
{
    m_source = new QStringListModel(numbers());
    m_table = new WindowedTable;
    m_table->rowWindow()->setCapacity(kCapacity);
    m_table->view()->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->view()->verticalHeader()->setDefaultSectionSize(kRowHeight);
    m_table->view()->verticalHeader()->hide();
    m_table->view()->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSourceModel(m_source);
    m_table->resize(300, 400);
    m_table->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_table));
}

void TestWindowedTable::cleanup()
{
    delete m_table;
    delete m_source;
}

void TestWindowedTable::scrollBarCoversEverySourceRow()
{
    const int page = m_table->view()->viewport()->height() / kRowHeight;
    QVERIFY(page > 5 && page < kCapacity / 4);
    QScrollBar* bar = m_table->scrollBar();
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->maximum(), kRows - page);
    QCOMPARE(m_table->rowWindow()->rowCount(), kCapacity);
    bar->setValue(500);
    QCOMPARE(bar->value(), 500);
    QCOMPARE(m_table->firstVisibleSourceRow(), 500);
    QCOMPARE(shownAt(m_table->view()), 500);
    QVERIFY(m_table->rowWindow()->firstRow() <= 500 && m_table->rowWindow()->firstRow() + kCapacity >= 500 + page);
    bar->setValue(bar->maximum());
    QCOMPARE(shownAt(m_table->view(), true), kRows - 1);
    QCOMPARE(m_table->rowWindow()->firstRow(), kRows - kCapacity);
    bar->setValue(0);
    QCOMPARE(shownAt(m_table->view()), 0);
}

void TestWindowedTable::wheelScrollsSourceRows()
{
    m_table->scrollBar()->setValue(95); // near the window's end: the wheel must move it on
    const QPoint at(10, 10);
    for (int notch = 0; notch < 10; ++notch) {
        QWheelEvent wheel(at, m_table->view()->viewport()->mapToGlobal(at), {}, QPoint(0, -120), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(m_table->view()->viewport(), &wheel);
    }
    const int expected = 95 + 10 * QApplication::wheelScrollLines(); // rows per notch
    QCOMPARE(m_table->scrollBar()->value(), expected);
    QCOMPARE(shownAt(m_table->view()), expected);
}

void TestWindowedTable::keyboardWalksPastTheWindow()
{
    QTableView* view = m_table->view();
    view->setFocus();
    view->setCurrentIndex(view->model()->index(0, 0));
    for (int step = 0; step < 150; ++step)
        QTest::keyClick(view, Qt::Key_Down);
    QCOMPARE(view->currentIndex().data().toInt(), 150);
    QCOMPARE(view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(view->selectionModel()->selectedRows().first().data().toInt(), 150);
    QCOMPARE(shownAt(view, true), 150); // the view scrolled to keep it in sight
    for (int step = 0; step < 150; ++step)
        QTest::keyClick(view, Qt::Key_Up);
    QCOMPARE(view->currentIndex().data().toInt(), 0);
    QCOMPARE(m_table->scrollBar()->value(), 0);
}

void TestWindowedTable::ctrlEndReachesTheLastRow()
{
    QTableView* view = m_table->view();
    view->setFocus();
    QTest::keyClick(view, Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(view->currentIndex().data().toInt(), kRows - 1);
    QCOMPARE(m_table->scrollBar()->value(), m_table->scrollBar()->maximum());
    QTest::keyClick(view, Qt::Key_Home, Qt::ControlModifier);
    QCOMPARE(view->currentIndex().data().toInt(), 0);
    QCOMPARE(m_table->scrollBar()->value(), 0);
}

void TestWindowedTable::selectionFollowsItsRowsAcrossMoves()
{
    QTableView* view = m_table->view();
    view->selectRow(60);
    m_table->rowWindow()->setFirstRow(30); // source row 60 is now the window's row 30
    QModelIndexList selected = view->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first().row(), 30);
    QCOMPARE(selected.first().data().toInt(), 60);
    // Select all: every window the user scrolls to is selected.
    m_table->selectAllRows();
    m_table->scrollBar()->setValue(700);
    selected = view->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), kCapacity);
    QVERIFY(m_table->rowWindow()->firstRow() > 500);
    QVERIFY(m_table->allRowsSelected());
}

void TestWindowedTable::selectionComesBackWithItsWindow()
{
    QTableView* view = m_table->view();
    view->selectRow(10);
    m_table->scrollBar()->setValue(700); // the window moves past row 10
    QVERIFY(m_table->rowWindow()->firstRow() > 10);
    QCOMPARE(view->selectionModel()->selectedRows().size(), 0);
    m_table->scrollBar()->setValue(0);
    const QModelIndexList selected = view->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first().data().toInt(), 10);
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { 10, 10 } }));
    // Copy takes the selection over every row, read from the source.
    m_table->scrollBar()->setValue(700);
    // The header is QAbstractItemModel's default: the column's number.
    QCOMPARE(TableCopy::selectionAsTsv(view), QStringLiteral("1\n10\n"));
}

void TestWindowedTable::plainClickReplacesRowsOutsideTheWindow()
{
    QTableView* view = m_table->view();
    view->selectRow(10);
    m_table->scrollBar()->setValue(700);
    view->selectRow(5); // no Ctrl, no Shift: row 10, out of sight, is no longer selected
    const int picked = m_table->rowWindow()->firstRow() + 5;
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { picked, picked } }));
    m_table->scrollBar()->setValue(0);
    QCOMPARE(view->selectionModel()->selectedRows().size(), 0);
    // A Ctrl+click adds to the rows out of sight.
    view->selectRow(10);
    m_table->scrollBar()->setValue(700);
    const QPoint third(5, 2 * kRowHeight + kRowHeight / 2); // the third row in sight: source row 702
    const int added = view->indexAt(third).data().toInt();
    QCOMPARE(added, 702);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, third);
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { 10, 10 }, { added, added } }));
    m_table->scrollBar()->setValue(0);
    QCOMPARE(view->selectionModel()->selectedRows().size(), 1);
}

/// Row 10 clicked, the window moved to row 700 (row 10 left it), then Shift+click on the third
/// row in sight (702): rows 10 to 702, as in a view of every row, not from the top row in sight;
/// the keyboard goes on from the same anchor.
void TestWindowedTable::shiftClickExtendsFromAnAnchorOutOfSight()
{
    QTableView* view = m_table->view();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(5, 10 * kRowHeight + kRowHeight / 2));
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { 10, 10 } }));
    m_table->scrollBar()->setValue(700);
    QVERIFY(m_table->rowWindow()->firstRow() > 10);
    const QPoint third(5, 2 * kRowHeight + kRowHeight / 2);
    QCOMPARE(view->indexAt(third).data().toInt(), 702);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, third);
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { 10, 702 } }));
    QCOMPARE(view->currentIndex().data().toInt(), 702);
    // Every row of the window from its first to 702 is selected in the view.
    QCOMPARE(view->selectionModel()->selectedRows().size(), 702 - m_table->rowWindow()->firstRow() + 1);
    const QStringList lines = TableCopy::selectionAsTsv(view).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 702 - 10 + 2); // the header, then rows 10..702
    // Shift+Down goes on from the same anchor; a Ctrl+Shift+click adds a second range from it.
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Down, Qt::ShiftModifier);
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { 10, 703 } }));
    m_table->scrollBar()->setValue(0);
    QCOMPARE(view->selectionModel()->selectedRows().size(), kCapacity - 10);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(5, 2 * kRowHeight + kRowHeight / 2));
    QTest::mouseClick(
        view->viewport(), Qt::LeftButton, Qt::ControlModifier, QPoint(5, 5 * kRowHeight + kRowHeight / 2));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier | Qt::ShiftModifier,
        QPoint(5, 7 * kRowHeight + kRowHeight / 2));
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { 2, 2 }, { 5, 7 } }));
    // The application keeps the last click's modifiers, which the next test's selectRow() reads.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(5, kRowHeight / 2));
}

/// Rows 10 and 702 selected (the window at 700), then the source sorted in descending order
/// (as text, QStringListModel's order: "999", …, "702", …, "10", …): both stay selected where the
/// sort put them, also the one the sort moves out of the window.
void TestWindowedTable::sortKeepsTheSelectedRows()
{
    QTableView* view = m_table->view();
    view->selectRow(10);
    m_table->scrollBar()->setValue(700);
    const QPoint third(5, 2 * kRowHeight + kRowHeight / 2);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, third);
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { 10, 10 }, { 702, 702 } }));
    m_source->sort(0, Qt::DescendingOrder);
    const QStringList sorted = m_source->stringList();
    const int seven = int(sorted.indexOf(QStringLiteral("702"))), ten = int(sorted.indexOf(QStringLiteral("10")));
    QVERIFY(seven < ten);
    const int first = m_table->rowWindow()->firstRow();
    QVERIFY(seven < first || seven >= first + kCapacity); // 702 left the window
    QCOMPARE(m_table->selectedSourceRows(), WindowedTable::RowRanges({ { seven, seven }, { ten, ten } }));
    QCOMPARE(TableCopy::selectionAsTsv(view), QStringLiteral("1\n702\n10\n"));
}

void TestWindowedTable::ctrlASelectsAndCopiesEveryRow()
{
    QTableView* view = m_table->view();
    view->setFocus();
    QTest::keyClick(view, Qt::Key_A, Qt::ControlModifier);
    QVERIFY(m_table->allRowsSelected());
    QCOMPARE(view->selectionModel()->selectedRows().size(), kCapacity);
    const QStringList lines = TableCopy::selectionAsTsv(view).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), kRows + 1); // the header, then every row
    QCOMPARE(lines.at(1), QStringLiteral("0"));
    QCOMPARE(lines.back(), QString::number(kRows - 1));
}

void TestWindowedTable::keyboardGoesOnFromTheRowsInSight()
{
    QTableView* view = m_table->view();
    view->setFocus();
    view->setCurrentIndex(view->model()->index(10, 0));
    m_table->scrollBar()->setValue(700); // row 10 leaves the window: the current row is the top one in sight
    QCOMPARE(view->currentIndex().data().toInt(), 700);
    QTest::keyClick(view, Qt::Key_Down);
    QCOMPARE(view->currentIndex().data().toInt(), 701);
}

QTEST_MAIN(TestWindowedTable)
#include "tst_windowedtable.moc"
