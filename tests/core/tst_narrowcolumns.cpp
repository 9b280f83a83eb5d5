// SPDX-License-Identifier: MIT
// The 32-bit columns of issue 20: rowids as offsets from a base (RowidColumn) and ends as
// durations with the rare longer ones beside them (DurationColumn). Every value must come back
// exactly, whatever it is: a rowid that does not fit widens the column, a duration of 2^32 ns or
// more (or a negative one) keeps its end whole; permutations, subsets, chunk joins and the trace
// cache keep that true; a cache whose parts disagree is refused. The loader test edits an
// export with SQL and compares the loaded rows with SQL's own answer.
#include "core/io/columnorder.h"
#include "core/io/tracecache.h"
#include "core/io/tracecachekey.h"
#include "core/io/traceloader.h"
#include "core/trace/durationcolumn.h"
#include "core/trace/rowidcolumn.h"
#include "tests/common/tracefixture.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <set>
#include <tuple>

using namespace sl;
using sl::test::TraceFixture;

namespace {

constexpr qint64 k2to32 = qint64(1) << 32;
constexpr qint64 kFarRowid = qint64(1) << 40; ///< 2^40: no 32-bit offset from 1 reaches it
constexpr qint64 kFiveSecondsNs = 5'000'000'000;

/// Stands in for a CacheReader: hands out the parts an archive() call names, in order, so a test
/// can damage them as a damaged cache file would.
struct PartGrabber
{
    std::vector<void*> parts;
    void value(qint64& x) { parts.push_back(&x); }
    template <class T> void column(std::vector<T>& v) { parts.push_back(&v); }
    template <class T> T& part(size_t i) { return *static_cast<T*>(parts[i]); }
};

/// (rowid, start, end) of every row of `table` in the export, by SQL: the independent answer.
std::set<std::tuple<qint64, qint64, qint64>> sqlRows(const QString& path, const QString& table)
{
    std::set<std::tuple<qint64, qint64, qint64>> rows;
    {
        auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("rows"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(QStringLiteral("SELECT rowid, start, \"end\" FROM %1").arg(table), db);
            while (q.next())
                rows.emplace(q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong());
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("rows"));
    return rows;
}

/// The same triples as the trace holds them.
template <class Table> std::set<std::tuple<qint64, qint64, qint64>> modelRows(const Table& t)
{
    std::set<std::tuple<qint64, qint64, qint64>> rows;
    for (size_t i = 0; i < size_t(t.size()); ++i)
        rows.emplace(t.rowid[i], t.start[i], t.endOf(i));
    return rows;
}

/// Loads `path` through the trace cache in `cacheDir`; `fromCache` tells whether the cache
/// served it (two stages: reading the cache, loaded).
LoadOutcome load(const QString& path, const QString& cacheDir, bool* fromCache)
{
    LoadOptions o;
    o.cacheDir = cacheDir;
    QStringList stages;
    LoadOutcome out = TraceLoader::loadSync(path, o, [&](int, const QString& stage) { stages << stage; });
    TraceCache::waitForWrites();
    *fromCache = out.ok() && stages.size() == 2 && stages.first().contains(QStringLiteral("trace cache"));
    return out;
}

} // namespace

class TestNarrowColumns : public QObject
{
    Q_OBJECT

private slots:
    void rowidsAreOffsetsFromTheFirst()
    {
        RowidColumn c;
        for (const qint64 r :
            std::initializer_list<qint64> { 7, 8, 9, 7 + 0xFFFFFFFFLL }) // the last is the largest offset there is
            c.push_back(r);
        QVERIFY(!c.isWide());
        QCOMPARE(c.size(), size_t(4));
        QCOMPARE(c.memoryBytes(), qint64(4 * 4));
        QCOMPARE(c.toVector(), (std::vector<qint64> { 7, 8, 9, 7 + 0xFFFFFFFFLL }));
    }

    void rowidOutsideTheOffsetsWidensTheColumn_data()
    {
        QTest::addColumn<qint64>("odd");
        QTest::newRow("below the base") << qint64(99);
        QTest::newRow("2^32 above the base") << 100 + k2to32;
        QTest::newRow("most negative") << std::numeric_limits<qint64>::min();
        QTest::newRow("largest") << std::numeric_limits<qint64>::max();
    }
    void rowidOutsideTheOffsetsWidensTheColumn()
    {
        QFETCH(qint64, odd);
        RowidColumn c;
        c.setBase(100);
        c.push_back(100), c.push_back(101), c.push_back(odd), c.push_back(102);
        QVERIFY(c.isWide());
        QCOMPARE(c.toVector(), (std::vector<qint64> { 100, 101, odd, 102 }));
        QCOMPARE(c.memoryBytes(), qint64(4 * 8));
        QVERIFY(c.wellFormed(4));
    }

    void rowidChunksJoin()
    {
        // Two chunks of one table with the table's base: offsets appended as they are.
        RowidColumn a, b;
        a.setBase(1), b.setBase(1);
        a.push_back(1), a.push_back(2), b.push_back(3), b.push_back(4);
        a.append(b);
        QVERIFY(!a.isWide());
        QCOMPARE(a.toVector(), (std::vector<qint64> { 1, 2, 3, 4 }));
        // A chunk with another base, then a widened one: every value kept.
        RowidColumn c, wide;
        c.push_back(5000);
        a.append(c);
        QCOMPARE(a.toVector(), (std::vector<qint64> { 1, 2, 3, 4, 5000 }));
        wide.push_back(6), wide.push_back(kFarRowid);
        QVERIFY(wide.isWide());
        a.append(wide);
        QVERIFY(a.isWide());
        QCOMPARE(a.toVector(), (std::vector<qint64> { 1, 2, 3, 4, 5000, 6, kFarRowid }));
    }

    void rowidPermutedAndKeptInBothForms()
    {
        for (const bool widen : { false, true }) {
            RowidColumn c;
            for (const qint64 r : std::initializer_list<qint64> { 10, 11, 12, 13 })
                c.push_back(r);
            if (widen)
                c.push_back(-5);
            const std::vector<quint32> order { 3, 0, 2 }; // a subset, reordered
            ColumnPermuter p(order);
            p(c);
            QCOMPARE(c.isWide(), widen);
            QCOMPARE(c.toVector(), (std::vector<qint64> { 13, 10, 12 }));
        }
    }

    void durationsAndLongRows()
    {
        DurationColumn d;
        const std::vector<std::pair<qint64, qint64>> rows {
            { 1000, 1000 }, // 0 ns
            { 1000, 1000 + k2to32 - 2 }, // the longest duration the column holds
            { 1000, 1000 + k2to32 - 1 }, // 2^32 − 1 ns: kept whole (it is the marker)
            { -7, -7 + kFiveSecondsNs }, // a 5 s call
            { 50, 40 }, // ends before it starts (a damaged row the validator drops)
            { std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max() },
            { 3, 4 },
        };
        std::vector<qint64> start;
        for (const auto& [s, e] : rows)
            d.push_back(s, e), start.push_back(s);
        QCOMPARE(d.size(), rows.size());
        QCOMPARE(d.longRows(), size_t(4));
        QCOMPARE(d.memoryBytes(), qint64(7 * 4 + 4 * 12));
        for (size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(d.endOf(i, start.data()), rows[i].second);
            // As qint64 subtraction wraps: the duration of row 5 is −1.
            QCOMPARE(d.durationOf(i, start.data()), qint64(quint64(rows[i].second) - quint64(rows[i].first)));
        }
        QCOMPARE(d.durationOf(3, start.data()), kFiveSecondsNs);
        QVERIFY(d.wellFormed(rows.size()));
    }

    void durationsReorderedWithTheirLongRows()
    {
        DurationColumn d, other;
        std::vector<qint64> start { 0, 10, 20, 30 };
        d.push_back(0, 5), d.push_back(10, 10 + kFiveSecondsNs), d.push_back(20, 21), d.push_back(30, 30 + 2 * k2to32);
        const std::vector<quint32> order { 3, 2, 1 }; // row 0 left out
        ColumnPermuter p(order);
        p(d)(start);
        QVERIFY(d.wellFormed(3));
        QCOMPARE(d.longRows(), size_t(2));
        QCOMPARE(d.endOf(0, start.data()), 30 + 2 * k2to32);
        QCOMPARE(d.endOf(1, start.data()), qint64(21));
        QCOMPARE(d.endOf(2, start.data()), 10 + kFiveSecondsNs);
        // A chunk joined after: its long row's index moves by the rows before it.
        other.push_back(40, 40 + kFiveSecondsNs);
        d.append(other);
        start.push_back(40);
        QVERIFY(d.wellFormed(4));
        QCOMPARE(d.endOf(3, start.data()), 40 + kFiveSecondsNs);
        QCOMPARE(d.endOf(2, start.data()), 10 + kFiveSecondsNs);
    }

    /// What a damaged cache file could hand back: each is refused by wellFormed().
    void malformedPartsAreRefused()
    {
        auto damaged = [](auto damage) {
            DurationColumn d;
            d.push_back(0, 1), d.push_back(0, kFiveSecondsNs), d.push_back(0, 2 * kFiveSecondsNs);
            PartGrabber g;
            d.archive(g);
            damage(g.part<std::vector<quint32>>(0), g.part<std::vector<quint32>>(1), g.part<std::vector<qint64>>(2));
            return d.wellFormed(3);
        };
        using U = std::vector<quint32>;
        using L = std::vector<qint64>;
        QVERIFY(damaged([](U&, U&, L&) {})); // as written
        QVERIFY(!damaged([](U& ns, U&, L&) { ns[0] = DurationColumn::kLong; })); // a marker without an end
        QVERIFY(!damaged([](U& ns, U&, L&) { ns[1] = 9; })); // an end without its marker
        QVERIFY(!damaged([](U&, U& rows, L&) { std::swap(rows[0], rows[1]); })); // not ascending
        QVERIFY(!damaged([](U&, U& rows, L&) { rows[1] = 3; })); // past the table
        QVERIFY(!damaged([](U&, U&, L& ends) { ends.pop_back(); })); // fewer ends than rows
        QVERIFY(!damaged([](U& ns, U&, L&) { ns.pop_back(); })); // shorter than the table

        RowidColumn r;
        r.push_back(1), r.push_back(2);
        PartGrabber g;
        r.archive(g);
        QVERIFY(r.wellFormed(2));
        QVERIFY(!r.wellFormed(3));
        g.part<std::vector<qint64>>(2) = { 1, 2 }; // both parts filled
        QVERIFY(!r.wellFormed(2));
    }

    /// An export edited with SQL: a runtime call lasting 5 s, a kernel lasting 2^32 ns, a kernel
    /// and an NVTX range whose rowids lie 2^40 away from the others. The SQLite load and the
    /// trace cache's reopen hold exactly what SQL reads from the file.
    void loaderAndCacheKeepEveryValue()
    {
        TraceFixture fx;
        fx.runtime(100, 200, 1, 1, 1, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.runtime(300, 400, 1, 1, 2, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.runtime(500, 600, 1, 1, 3, QStringLiteral("cudaStreamSynchronize_v3020"));
        fx.kernel(250, 260, 0, 7, 1, 1, QStringLiteral("k1"));
        fx.kernel(450, 460, 0, 7, 2, 1, QStringLiteral("k2"));
        fx.kernel(470, 480, 0, 7, 0, 1, QStringLiteral("k3"));
        fx.nvtx(50, 700, 1, 1, QStringLiteral("step"));
        fx.nvtx(60, 90, 1, 1, QStringLiteral("inner"));
        fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET \"end\" = start + 5000000000 WHERE rowid = 3"));
        fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = start + 4294967296 WHERE rowid = 2"));
        fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET rowid = 1099511627776 WHERE rowid = 3"));
        fx.exec(QStringLiteral("UPDATE NVTX_EVENTS SET rowid = 1099511627776 WHERE rowid = 2"));
        const QString path = fx.path();
        const auto kernels = sqlRows(path, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
        const auto calls = sqlRows(path, QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME"));
        const auto ranges = sqlRows(path, QStringLiteral("NVTX_EVENTS"));
        // The edits as SQL sees them, stated by hand.
        QVERIFY(kernels.count({ kFarRowid, 470, 480 }));
        QVERIFY(kernels.count({ 2, 450, 450 + k2to32 }));
        QVERIFY(calls.count({ 3, 500, 500 + kFiveSecondsNs }));
        QVERIFY(ranges.count({ kFarRowid, 60, 90 }));

        QTemporaryDir cacheDir;
        QVERIFY(cacheDir.isValid());
        for (const bool expectCache : { false, true }) {
            bool fromCache = !expectCache;
            const LoadOutcome r = load(path, cacheDir.path(), &fromCache);
            QVERIFY2(r.ok(), qPrintable(r.message));
            QCOMPARE(fromCache, expectCache);
            const Trace& t = *r.trace;
            QCOMPARE(modelRows(t.kernels), kernels);
            QCOMPARE(modelRows(t.api), calls);
            QCOMPARE(modelRows(t.nvtx), ranges);
            QVERIFY(t.kernels.rowid.isWide() && t.nvtx.rowid.isWide() && !t.api.rowid.isWide());
            QCOMPARE(t.kernels.dur.longRows(), size_t(1));
            QCOMPARE(t.api.dur.longRows(), size_t(1));
            QCOMPARE(t.api.duration(2), kFiveSecondsNs);
            QCOMPARE(t.lastNs, 500 + kFiveSecondsNs); // the capture ends with the long call
        }
    }

    /// A cache file whose rowid or duration parts disagree (written from a damaged model, as a
    /// writer bug would) is refused by the id checks; the intact model reads back.
    void cacheWithDamagedPartsIsRefused()
    {
        TraceFixture fx;
        fx.runtime(100, 200, 1, 1, 1, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.runtime(300, 300 + kFiveSecondsNs, 1, 1, 2, QStringLiteral("cudaStreamSynchronize_v3020"));
        fx.kernel(250, 260, 0, 7, 1, 1, QStringLiteral("k1"));
        const QString path = fx.path();
        const LoadOutcome loaded = TraceLoader::loadSync(path);
        QVERIFY2(loaded.ok(), qPrintable(loaded.message));
        QCOMPARE(loaded.trace->api.dur.longRows(), size_t(1));
        QTemporaryDir dir;
        const TraceCache cache(dir.path());
        const auto key = TraceCacheKey::of(path);
        QVERIFY(key);
        const auto refused = [&](const Trace& bad) {
            QString why;
            return cache.write(bad, *key) && !cache.read(*key, &why) && why.contains(QStringLiteral("differ"));
        };
        Trace bad = *loaded.trace;
        PartGrabber calls;
        bad.api.dur.archive(calls);
        calls.part<std::vector<quint32>>(0)[0] = DurationColumn::kLong; // a marker without its end
        QVERIFY(refused(bad));
        bad = *loaded.trace;
        PartGrabber kernels;
        bad.kernels.rowid.archive(kernels);
        kernels.part<std::vector<qint64>>(2) = { 1 }; // offsets and whole rowids both filled
        QVERIFY(refused(bad));
        QVERIFY(cache.write(*loaded.trace, *key));
        const auto back = cache.read(*key);
        QVERIFY(back);
        QCOMPARE(modelRows(back->api), sqlRows(path, QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME")));
    }
};

QTEST_GUILESS_MAIN(TestNarrowColumns)
#include "tst_narrowcolumns.moc"
