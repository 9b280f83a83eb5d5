// SPDX-License-Identifier: MIT
#include "core/io/tablecounter.h"
#include "tests/common/tracefixture.h"

#include <QSqlDatabase>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

class TestTableCounter : public QObject
{
    Q_OBJECT
private slots:
    void countsEachTable();
    void missingFileIsReportedPerTable();
    void cancelClosesTheConnection();
};

void TestTableCounter::countsEachTable()
{
    TraceFixture fx;
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("a"));
    fx.kernel(3000, 4000, 0, 7, 2, 100, QStringLiteral("b"));
    fx.process(100, QStringLiteral("python3"));
    // A name that needs quoting in SQL.
    fx.exec(QStringLiteral("CREATE TABLE \"odd \"\"name\" (x); INSERT INTO \"odd \"\"name\" VALUES (1), (2), (3);"));
    const QStringList tables { QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"), QStringLiteral("StringIds"),
        QStringLiteral("PROCESSES"), QStringLiteral("CUPTI_ACTIVITY_KIND_MEMSET"), QStringLiteral("odd \"name"),
        QStringLiteral("META_DATA_EXPORT") };
    QFuture<TableCounter::Count> f = TableCounter::count(fx.path(), tables);
    f.waitForFinished();
    const QList<TableCounter::Count> counts = f.results();
    QCOMPARE(counts.size(), tables.size());
    // 2 kernels; StringIds "a", "b"; 1 process; no memset; 3 odd rows; 4 rows of the fixture's export metadata.
    const QList<qint64> expected { 2, 2, 1, 0, 3, 4 };
    for (int i = 0; i < counts.size(); ++i) {
        QCOMPARE(counts[i].index, i);
        QCOMPARE(counts[i].rows, expected[i]);
        QVERIFY(counts[i].error.isEmpty());
    }
    QCOMPARE(f.progressValue(), int(tables.size()));
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
}

void TestTableCounter::missingFileIsReportedPerTable()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gone.sqlite"));
    QFuture<TableCounter::Count> f = TableCounter::count(path, { QStringLiteral("StringIds"), QStringLiteral("X") });
    f.waitForFinished();
    QCOMPARE(f.resultCount(), 2);
    for (const TableCounter::Count& c : f.results()) {
        QCOMPARE(c.rows, qint64(-1));
        QVERIFY2(c.error.contains(QStringLiteral("gone.sqlite")), qPrintable(c.error));
    }
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
}

void TestTableCounter::cancelClosesTheConnection()
{
    TraceFixture fx;
    // Enough rows that counting all the copies takes a while (each COUNT(*) scans 200 k rows).
    fx.exec(QStringLiteral("CREATE TABLE big (x); INSERT INTO big WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL "
                           "SELECT x + 1 FROM c WHERE x < 200000) SELECT x FROM c;"));
    QStringList tables;
    for (int i = 0; i < 2000; ++i)
        tables << QStringLiteral("big");
    QFuture<TableCounter::Count> f = TableCounter::count(fx.path(), tables);
    // Cancel once the worker is inside its loop (a future cancelled before it starts never runs).
    QTRY_VERIFY_WITH_TIMEOUT(f.resultCount() > 0, 30000);
    f.cancel();
    f.waitForFinished();
    QVERIFY(f.isCanceled());
    QVERIFY(f.resultCount() < tables.size());
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
}

QTEST_GUILESS_MAIN(TestTableCounter)
#include "tst_tablecounter.moc"
