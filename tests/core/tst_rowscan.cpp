// SPDX-License-Identifier: MIT
// scanTable (core/io/rowscan.h): the rows SQLite hands to the RowFunction aggregate are the rows
// and values a plain SELECT gives, on both scan paths, and a scan ends as scanRows ends one: a
// row function that stops it, a cancel, an exception, a nested scan, an SQL error. Expected
// values are written by hand from the rows the fixture inserts and SQLite's documented
// conversions; the plain SELECT (scanRows) is the independent path.
#include "core/io/loadoutcome.h"
#include "core/io/rowscan.h"
#include "core/io/sqliteconnection.h"
#include "core/io/valuerow.h"

#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <sqlite3.h>
#include <stdexcept>
#include <type_traits>
#include <vector>

using sl::LoadContext;
using sl::SqliteConnection;

namespace {

// A runtime-API table as nsys writes it: start/end in ns on the session clock, globalTid as
// (pid << 24) | tid, correlation ids from 1.
constexpr qint64 kFirstStartNs = 1'204'876'512;
constexpr qint64 kStepNs = 3'250;
constexpr qint64 kPid = 48'213;
constexpr qint64 kGlobalTid = (kPid << 24) | 48'217;

struct Cell
{
    qint64 value;
    int type;
    QByteArray utf8;
    bool operator==(const Cell&) const = default;
};
using Rows = std::vector<std::vector<Cell>>;

/// Writes `rows` runtime calls and a table of mixed storage classes into a new file.
QString writeFixture(const QTemporaryDir& dir, int rows)
{
    const QString path = dir.filePath(QStringLiteral("rowscan.sqlite"));
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK)
        return {};
    QByteArray sql = "BEGIN; CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, "
                     "globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL);"
                     "CREATE TABLE mixed (a, b, c);"
                     "INSERT INTO mixed VALUES (42, 1000.75, 'x9'), (NULL, '9 streams', X'0102'),"
                     " ('\xC3\xA9 text', 1e19, -7);"
                     // A view of the export cannot call the function (SQLITE_DIRECTONLY).
                     "CREATE VIEW sneaky AS SELECT sightline_rows(a) FROM mixed;";
    for (int i = 0; i < rows; ++i) {
        const qint64 start = kFirstStartNs + i * kStepNs;
        sql += QByteArray("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (") + QByteArray::number(start) + ','
            + QByteArray::number(start + 1'800) + ',' + QByteArray::number(kGlobalTid) + ',' + QByteArray::number(i + 1)
            + ",211);";
    }
    sql += "COMMIT;";
    const bool ok = sqlite3_exec(db, sql.constData(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok ? path : QString();
}

template <typename Row> std::vector<Cell> cells(const Row& s, int count)
{
    std::vector<Cell> out;
    for (int c = 0; c < count; ++c) {
        // The storage class before the text: reading a blob as text makes it text (SQLite).
        const qint64 value = s.int64(c);
        const int type = s.type(c);
        const QByteArray view = s.utf8(c); // a view of SQLite's buffer, valid for this row only
        out.push_back({ value, type, QByteArray(view.constData(), view.size()) });
    }
    return out;
}

const QString kApiColumns = QStringLiteral("start, \"end\", globalTid, correlationId");
const QString kApiTable = QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME");

} // namespace

class TestRowScan : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    static constexpr int kRows = 70'000; // more than one progress chunk (65,536 rows)

    /// The rows of `columns` from `from` through scanTable: how many cells each, and whether
    /// the rows came as ValueRow (inside SQLite) or as SqliteStatement.
    Rows tableRows(const SqliteConnection& db, const QString& columns, const QString& from, int count, bool* inside)
    {
        LoadContext ctx;
        QString error;
        Rows rows;
        const bool ok = sl::scanTable(db, ctx, columns, from, &error, [&](const auto& s) {
            *inside = std::is_same_v<std::decay_t<decltype(s)>, sl::ValueRow>;
            rows.push_back(cells(s, count));
        });
        return ok && error.isEmpty() ? rows : Rows {};
    }

    Rows selectRows(const SqliteConnection& db, const QString& sql, int count)
    {
        LoadContext ctx;
        QString error;
        Rows rows;
        const bool ok = sl::scanRows(
            db, ctx, sql, &error, [&](const sl::SqliteStatement& s) { rows.push_back(cells(s, count)); });
        return ok ? rows : Rows {};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = writeFixture(m_dir, kRows);
        QVERIFY(!m_path.isEmpty());
    }

    void valuesAsSqliteConvertsThem()
    {
        SqliteConnection db(m_path);
        QVERIFY(db.isOpen());
        if (!db.usesCApi())
            QSKIP("the QSQLITE plugin does not share Sightline's libsqlite3: scanTable takes scanRows' way");
        QVERIFY(db.rowSlot());
        bool inside = false;
        const Rows rows = tableRows(db, QStringLiteral("a, b, c"), QStringLiteral("mixed"), 3, &inside);
        QVERIFY(inside);
        // SQLite's documented conversions: a real truncates, text reads its leading number (none:
        // 0), a real beyond 64 bits saturates, NULL reads 0.
        const Rows expected {
            { { 42, SQLITE_INTEGER, "42" }, { 1000, SQLITE_FLOAT, "1000.75" }, { 0, SQLITE_TEXT, "x9" } },
            { { 0, SQLITE_NULL, {} }, { 9, SQLITE_TEXT, "9 streams" }, { 0, SQLITE_BLOB, "\x01\x02" } },
            { { 0, SQLITE_TEXT, "\xC3\xA9 text" }, { std::numeric_limits<qint64>::max(), SQLITE_FLOAT, "1.0e+19" },
                { -7, SQLITE_INTEGER, "-7" } },
        };
        QCOMPARE(rows.size(), expected.size());
        for (size_t r = 0; r < rows.size(); ++r)
            for (size_t c = 0; c < 3; ++c) {
                QCOMPARE(rows[r][c].value, expected[r][c].value);
                QCOMPARE(rows[r][c].type, expected[r][c].type);
                QCOMPARE(rows[r][c].utf8, expected[r][c].utf8);
            }
        QVERIFY(rows == selectRows(db, QStringLiteral("SELECT a, b, c FROM mixed"), 3));
    }

    void sameRowsAsSelectOnBothPaths_data()
    {
        QTest::addColumn<bool>("queryPath");
        QTest::newRow("C API") << false;
        QTest::newRow("QSqlQuery") << true;
    }

    void sameRowsAsSelectOnBothPaths()
    {
        QFETCH(bool, queryPath);
        if (queryPath)
            qputenv("SIGHTLINE_SQLITE_SCAN", "query");
        const auto restore = qScopeGuard([] { qunsetenv("SIGHTLINE_SQLITE_SCAN"); });
        SqliteConnection db(m_path);
        QVERIFY(db.isOpen());
        if (!queryPath && !db.usesCApi())
            QSKIP("the QSQLITE plugin does not share Sightline's libsqlite3");
        QCOMPARE(db.rowSlot() != nullptr, !queryPath);
        bool inside = false;
        const QString from = kApiTable + QStringLiteral(" WHERE correlationId BETWEEN 101 AND 69900");
        const Rows rows = tableRows(db, kApiColumns, from, 4, &inside);
        QCOMPARE(inside, !queryPath);
        QCOMPARE(rows.size(), size_t(69'800));
        // Row 101 (correlation id 101): start = first + 100 steps.
        QCOMPARE(rows.front()[0].value, kFirstStartNs + 100 * kStepNs);
        QCOMPARE(rows.front()[1].value, kFirstStartNs + 100 * kStepNs + 1'800);
        QCOMPARE(rows.front()[2].value, kGlobalTid);
        QCOMPARE(rows.back()[3].value, 69'900);
        QVERIFY(rows == selectRows(db, QStringLiteral("SELECT %1 FROM %2").arg(kApiColumns, from), 4));
    }

    void countsProgressOfEveryRow()
    {
        SqliteConnection db(m_path);
        LoadContext ctx;
        int ticks = 0;
        ctx.tick = [&] { ++ticks; };
        QString error;
        qint64 seen = 0;
        QVERIFY(sl::scanTable(db, ctx, kApiColumns, kApiTable, &error, [&](const auto&) { ++seen; }));
        QCOMPARE(seen, kRows);
        QCOMPARE(ctx.rowsDone.load(), kRows);
        QCOMPARE(ticks, 1); // one whole chunk of 65,536 rows
    }

    void rowFunctionStopsTheScan()
    {
        SqliteConnection db(m_path);
        LoadContext ctx;
        QString error;
        std::vector<qint64> ids;
        const bool ok = sl::scanTable(db, ctx, kApiColumns, kApiTable, &error, [&](const auto& s) {
            ids.push_back(s.int64(3));
            return ids.size() < 3;
        });
        QVERIFY(ok);
        QVERIFY(error.isEmpty());
        QCOMPARE(ctx.sqliteError.load(), 0);
        QCOMPARE(ids, (std::vector<qint64> { 1, 2, 3 }));
    }

    void cancelIsSeenWithinOneCheck()
    {
        SqliteConnection db(m_path);
        LoadContext ctx;
        QString error;
        qint64 seen = 0;
        const bool ok = sl::scanTable(db, ctx, kApiColumns, kApiTable, &error, [&](const auto&) {
            if (++seen == 100)
                ctx.cancel = true;
        });
        QVERIFY(!ok);
        QVERIFY(error.isEmpty());
        QCOMPARE(seen, 4'096); // the next cancel check, after row 4,096
        QCOMPARE(ctx.sqliteError.load(), 0);
    }

    void exceptionLeavesSqliteFirst()
    {
        SqliteConnection db(m_path);
        LoadContext ctx;
        QString error;
        const auto throwing = [&](const auto& s) {
            if (s.int64(3) == 5)
                throw std::runtime_error("row 5");
        };
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, sl::scanTable(db, ctx, kApiColumns, kApiTable, &error, throwing));
        // The connection and its function are still usable.
        qint64 seen = 0;
        QVERIFY(sl::scanTable(db, ctx, kApiColumns, kApiTable, &error, [&](const auto&) { ++seen; }));
        QCOMPARE(seen, kRows);
    }

    void nestedScanLeavesOuterIntact()
    {
        SqliteConnection db(m_path);
        LoadContext ctx;
        QString error;
        qint64 outer = 0;
        Rows inner;
        QVERIFY(sl::scanTable(db, ctx, kApiColumns, kApiTable, &error, [&](const auto&) {
            if (++outer == 2) {
                QString innerError;
                LoadContext innerCtx;
                sl::scanTable(db, innerCtx, QStringLiteral("a, b, c"), QStringLiteral("mixed"), &innerError,
                    [&](const auto& s) { inner.push_back(cells(s, 3)); });
            }
        }));
        QCOMPARE(outer, kRows);
        QCOMPARE(inner.size(), size_t(3));
        QCOMPARE(inner[2][2].value, -7);
    }

    void sqlErrorIsReported()
    {
        SqliteConnection db(m_path);
        LoadContext ctx;
        QString error;
        QVERIFY(!sl::scanTable(db, ctx, QStringLiteral("start, noSuchColumn"), kApiTable, &error, [](const auto&) {}));
        QVERIFY2(error.contains(QLatin1String("noSuchColumn")), qPrintable(error));
        QCOMPARE(ctx.sqliteError.load(), SQLITE_ERROR);
    }

    void exportCannotCallTheFunction()
    {
        SqliteConnection db(m_path);
        if (!db.rowSlot())
            QSKIP("no RowFunction on the QSqlQuery path");
        sl::SqliteStatement st(db, QStringLiteral("SELECT * FROM sneaky"));
        QVERIFY(!st.isValid() || !st.next());
        QVERIFY2(st.errorText().contains(QLatin1String("unsafe use of sightline_rows")), qPrintable(st.errorText()));
        // Called outside a scan, directly, it refuses too.
        sl::SqliteStatement direct(db, QStringLiteral("SELECT sightline_rows(a) FROM mixed"));
        QVERIFY(direct.isValid());
        QVERIFY(!direct.next());
        QVERIFY2(direct.errorText().contains(QLatin1String("outside a scan")), qPrintable(direct.errorText()));
    }
};

QTEST_GUILESS_MAIN(TestRowScan)
#include "tst_rowscan.moc"
