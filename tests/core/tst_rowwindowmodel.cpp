// SPDX-License-Identifier: MIT
// RowWindowModel: a window of a flat model's rows. Moving it and sorting the source keep
// persistent indexes on their source rows; signals of rows outside the window are not passed on.
// The source holds "k0999" … "k0000" (row r: k(999 − r)), so every expected value is read off
// the row number.
#include "core/models/rowwindowmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStringListModel>
#include <QtTest>

using namespace sl;

namespace {

QStringList descendingKeys(int rows)
{
    QStringList keys;
    for (int r = 0; r < rows; ++r)
        keys << QStringLiteral("k%1").arg(rows - 1 - r, 4, 10, QLatin1Char('0'));
    return keys;
}

} // namespace

class TestRowWindowModel : public QObject
{
    Q_OBJECT
private slots:
    void windowOfASmallSourceIsTheSource();
    void firstRowIsClamped();
    void persistentIndexesKeepTheirSourceRows();
    void sourceSortMovesPersistentIndexes();
    void signalsOutsideTheWindowAreDropped();
    void sourceResetReturnsToTheTop();
};

void TestRowWindowModel::windowOfASmallSourceIsTheSource()
{
    QStringListModel source(descendingKeys(40));
    RowWindowModel window;
    QAbstractItemModelTester tester(&window, QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.setCapacity(100);
    window.setSourceModel(&source);
    QCOMPARE(window.rowCount(), 40);
    QCOMPARE(window.columnCount(), 1);
    QVERIFY(!window.setFirstRow(10)); // everything is in the window already
    QCOMPARE(window.index(39, 0).data().toString(), QStringLiteral("k0000"));
}

void TestRowWindowModel::firstRowIsClamped()
{
    QStringListModel source(descendingKeys(1000));
    RowWindowModel window;
    QAbstractItemModelTester tester(&window, QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.setCapacity(100);
    window.setSourceModel(&source);
    QCOMPARE(window.rowCount(), 100);
    QVERIFY(window.setFirstRow(950)); // at most 1000 − 100
    QCOMPARE(window.firstRow(), 900);
    QCOMPARE(window.rowCount(), 100);
    QCOMPARE(window.index(0, 0).data().toString(), QStringLiteral("k0099"));
    QCOMPARE(window.index(99, 0).data().toString(), QStringLiteral("k0000"));
    QCOMPARE(window.mapToSource(window.index(5, 0)).row(), 905);
    QVERIFY(!window.mapFromSource(source.index(899, 0)).isValid());
    QCOMPARE(window.mapFromSource(source.index(999, 0)).row(), 99);
    QVERIFY(window.setFirstRow(-7));
    QCOMPARE(window.firstRow(), 0);
}

void TestRowWindowModel::persistentIndexesKeepTheirSourceRows()
{
    QStringListModel source(descendingKeys(1000));
    RowWindowModel window;
    QAbstractItemModelTester tester(&window, QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.setCapacity(100);
    window.setSourceModel(&source);
    window.setFirstRow(800);
    const QPersistentModelIndex kept(window.index(50, 0)); // source row 850: k0149
    QSignalSpy moved(&window, &QAbstractItemModel::layoutChanged);
    window.setFirstRow(820);
    QCOMPARE(moved.size(), 1);
    QCOMPARE(kept.row(), 30);
    QCOMPARE(kept.data().toString(), QStringLiteral("k0149"));
    window.setFirstRow(0); // 850 leaves the window
    QVERIFY(!kept.isValid());
}

void TestRowWindowModel::sourceSortMovesPersistentIndexes()
{
    QStringListModel source(descendingKeys(1000));
    RowWindowModel window;
    QAbstractItemModelTester tester(&window, QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.setCapacity(100);
    window.setSourceModel(&source);
    window.setFirstRow(450);
    const QPersistentModelIndex middle(window.index(49, 0)); // source 499: k0500 → row 500 once ascending
    const QPersistentModelIndex top(window.index(0, 0)); // source 450: k0549 → row 549
    window.sort(0, Qt::AscendingOrder); // forwarded to the source
    QCOMPARE(window.firstRow(), 450);
    QCOMPARE(middle.row(), 50);
    QCOMPARE(middle.data().toString(), QStringLiteral("k0500"));
    QCOMPARE(top.row(), 99);
    QCOMPARE(window.index(0, 0).data().toString(), QStringLiteral("k0450"));
    window.setFirstRow(100);
    const QPersistentModelIndex out(window.index(0, 0)); // k0100 → row 899 descending: out
    window.sort(0, Qt::DescendingOrder);
    QVERIFY(!out.isValid());
}

void TestRowWindowModel::signalsOutsideTheWindowAreDropped()
{
    QStringListModel source(descendingKeys(1000));
    RowWindowModel window;
    window.setCapacity(100);
    window.setSourceModel(&source);
    window.setFirstRow(900);
    QSignalSpy changed(&window, &QAbstractItemModel::dataChanged);
    source.setData(source.index(10, 0), QStringLiteral("x"));
    QCOMPARE(changed.size(), 0);
    source.setData(source.index(905, 0), QStringLiteral("y"));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 5);
    QCOMPARE(window.index(5, 0).data().toString(), QStringLiteral("y"));
}

void TestRowWindowModel::sourceResetReturnsToTheTop()
{
    QStringListModel source(descendingKeys(1000));
    RowWindowModel window;
    QAbstractItemModelTester tester(&window, QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.setCapacity(100);
    window.setSourceModel(&source);
    window.setFirstRow(700);
    QSignalSpy reset(&window, &QAbstractItemModel::modelReset);
    source.setStringList(descendingKeys(30));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(window.firstRow(), 0);
    QCOMPARE(window.rowCount(), 30);
    // Rows removed from the source: the window stays within it.
    source.setStringList(descendingKeys(1000));
    window.setFirstRow(900);
    source.removeRows(0, 500);
    QCOMPARE(window.firstRow(), 400);
    QCOMPARE(window.rowCount(), 100);
}

QTEST_GUILESS_MAIN(TestRowWindowModel)
#include "tst_rowwindowmodel.moc"
