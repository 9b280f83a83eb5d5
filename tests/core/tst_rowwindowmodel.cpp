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

/// A window of 100 rows over `rows` keys, checked by QAbstractItemModelTester from the start.
struct Windowed
{
    explicit Windowed(int rows)
        : source(descendingKeys(rows))
    {
        window.setCapacity(100);
        window.setSourceModel(&source);
    }
    QStringListModel source;
    RowWindowModel window;
    QAbstractItemModelTester tester { &window, QAbstractItemModelTester::FailureReportingMode::QtTest };
};

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
    Windowed w(40);
    QCOMPARE(w.window.rowCount(), 40);
    QCOMPARE(w.window.columnCount(), 1);
    QVERIFY(!w.window.setFirstRow(10)); // everything is in the window already
    QCOMPARE(w.window.index(39, 0).data().toString(), QStringLiteral("k0000"));
}

void TestRowWindowModel::firstRowIsClamped()
{
    Windowed w(1000);
    QCOMPARE(w.window.rowCount(), 100);
    QVERIFY(w.window.setFirstRow(950)); // at most 1000 − 100
    QCOMPARE(w.window.firstRow(), 900);
    QCOMPARE(w.window.rowCount(), 100);
    QCOMPARE(w.window.index(0, 0).data().toString(), QStringLiteral("k0099"));
    QCOMPARE(w.window.index(99, 0).data().toString(), QStringLiteral("k0000"));
    QCOMPARE(w.window.mapToSource(w.window.index(5, 0)).row(), 905);
    QVERIFY(!w.window.mapFromSource(w.source.index(899, 0)).isValid());
    QCOMPARE(w.window.mapFromSource(w.source.index(999, 0)).row(), 99);
    QVERIFY(w.window.setFirstRow(-7));
    QCOMPARE(w.window.firstRow(), 0);
}

void TestRowWindowModel::persistentIndexesKeepTheirSourceRows()
{
    Windowed w(1000);
    w.window.setFirstRow(800);
    const QPersistentModelIndex kept(w.window.index(50, 0)); // source row 850: k0149
    QSignalSpy moved(&w.window, &QAbstractItemModel::layoutChanged);
    w.window.setFirstRow(820);
    QCOMPARE(moved.size(), 1);
    QCOMPARE(kept.row(), 30);
    QCOMPARE(kept.data().toString(), QStringLiteral("k0149"));
    w.window.setFirstRow(0); // 850 leaves the window
    QVERIFY(!kept.isValid());
}

void TestRowWindowModel::sourceSortMovesPersistentIndexes()
{
    Windowed w(1000);
    w.window.setFirstRow(450);
    const QPersistentModelIndex middle(w.window.index(49, 0)); // source 499: k0500 → row 500 once ascending
    const QPersistentModelIndex top(w.window.index(0, 0)); // source 450: k0549 → row 549
    w.window.sort(0, Qt::AscendingOrder); // forwarded to the source
    QCOMPARE(w.window.firstRow(), 450);
    QCOMPARE(middle.row(), 50);
    QCOMPARE(middle.data().toString(), QStringLiteral("k0500"));
    QCOMPARE(top.row(), 99);
    QCOMPARE(w.window.index(0, 0).data().toString(), QStringLiteral("k0450"));
    w.window.setFirstRow(100);
    const QPersistentModelIndex out(w.window.index(0, 0)); // k0100 → row 899 descending: out
    w.window.sort(0, Qt::DescendingOrder);
    QVERIFY(!out.isValid());
}

void TestRowWindowModel::signalsOutsideTheWindowAreDropped()
{
    Windowed w(1000);
    w.window.setFirstRow(900);
    QSignalSpy changed(&w.window, &QAbstractItemModel::dataChanged);
    w.source.setData(w.source.index(10, 0), QStringLiteral("x"));
    QCOMPARE(changed.size(), 0);
    w.source.setData(w.source.index(905, 0), QStringLiteral("y"));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 5);
    QCOMPARE(w.window.index(5, 0).data().toString(), QStringLiteral("y"));
}

void TestRowWindowModel::sourceResetReturnsToTheTop()
{
    Windowed w(1000);
    w.window.setFirstRow(700);
    QSignalSpy reset(&w.window, &QAbstractItemModel::modelReset);
    w.source.setStringList(descendingKeys(30));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(w.window.firstRow(), 0);
    QCOMPARE(w.window.rowCount(), 30);
    // Rows removed from the source: the window stays within it.
    w.source.setStringList(descendingKeys(1000));
    w.window.setFirstRow(900);
    w.source.removeRows(0, 500);
    QCOMPARE(w.window.firstRow(), 400);
    QCOMPARE(w.window.rowCount(), 100);
}

QTEST_GUILESS_MAIN(TestRowWindowModel)
#include "tst_rowwindowmodel.moc"
