// SPDX-License-Identifier: MIT
// LaneSummary on hand-built lanes (every expected cell worked out by hand in the comments, or by
// a brute-force union in the test itself), then TimelineData and TimelineCache on a fixture.
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/timeline/lanesummary.h"
#include "core/timeline/timelinecache.h"
#include "core/timeline/timelinedata.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QFutureWatcher>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace sl;
using sl::test::analyzeWindow;
using sl::test::loadFixture;
using sl::test::TraceFixture;

namespace {

constexpr quint8 kNone = LaneSummary::kNoKey;

/// A lane that owns its columns; rows are the identity, one key per row.
struct Lane
{
    std::vector<qint64> start, end;
    std::vector<quint8> keys;
    LaneSummary summary;

    Lane(std::vector<std::pair<qint64, qint64>> events, std::vector<quint8> k = {})
        : keys(std::move(k))
    {
        for (const auto& [s, e] : events)
            start.push_back(s), end.push_back(e);
        LaneEvents ev { start.data(), end.data(), nullptr, qsizetype(start.size()) };
        if (!keys.empty())
            ev.keyTable = keys.data();
        summary.build(ev);
    }
};

std::vector<LaneCell> cells(const LaneSummary& s, qint64 from, double npp, int columns)
{
    std::vector<LaneCell> out;
    s.summarize(from, npp, columns, out);
    return out;
}

/// "count/busy/key" per column, readable in failure messages.
QStringList render(const std::vector<LaneCell>& cs)
{
    QStringList out;
    for (const LaneCell& c : cs)
        out << QStringLiteral("%1/%2/%3").arg(c.count).arg(c.busyNs).arg(c.key == kNone ? -1 : int(c.key));
    return out;
}

QStringList expected(std::initializer_list<const char*> cellsText)
{
    QStringList out;
    for (const char* c : cellsText)
        out << QString::fromLatin1(c);
    return out;
}

TimelineDataPtr await(QFuture<TimelineDataPtr> future)
{
    future.waitForFinished();
    return future.resultCount() ? future.result() : nullptr;
}

/// The timeline lanes of a fixture, keyed by its full-window analysis; null when it does not load.
TimelineDataPtr lanesOf(TraceFixture& fx)
{
    const TracePtr trace = loadFixture(fx);
    const AnalysisPtr a = trace ? analyzeWindow(trace, QStringLiteral("full")) : nullptr;
    return a ? TimelineData::build(trace, TimelineData::Keys::fromAnalysis(*a)) : nullptr;
}

} // namespace

class TestLaneSummary : public QObject
{
    Q_OBJECT
private slots:
    void empty();
    void sequential();
    void subPixelMerging();
    void overlapping();
    void longEventAcrossBlocks();
    void pyramidTiesGoToTheRunningEvent();
    void hugeRange();
    void rowsAndKeyIndex();
    void taggedTables();
    void hitTest();
    void againstBruteForce_data();
    void againstBruteForce();
    void keylessEqualsAllZeroKeys_data();
    void keylessEqualsAllZeroKeys();
    void paintDetail();
    void cancel();
    void timelineLanes();
    void lanePids();
    void cacheSharedAcrossWindows();
    void prefetchDuringTheAnalysisIsJoined();
};

void TestLaneSummary::empty()
{
    Lane lane({});
    QCOMPARE(render(cells(lane.summary, 0, 10, 3)), expected({ "0/0/-1", "0/0/-1", "0/0/-1" }));
    QCOMPARE(lane.summary.hit(0, 10).event, qsizetype(-1));
    QCOMPARE(lane.summary.lowerBound(5), qsizetype(0));
}

void TestLaneSummary::sequential()
{
    // [0,10) k1, [20,30) k2, [30,35) k1, [50,100) k2; ten columns of 10 ns from 0.
    Lane lane({ { 0, 10 }, { 20, 30 }, { 30, 35 }, { 50, 100 } }, { 1, 2, 1, 2 });
    QCOMPARE(render(cells(lane.summary, 0, 10, 10)),
        expected({ "1/10/1", "0/0/-1", "1/10/2", "1/5/1", "0/0/-1", "1/10/2", "0/10/2", "0/10/2", "0/10/2",
            "0/10/2" })); // [60,100) is covered by the event started at 50
    // Before and after the lane.
    QCOMPARE(render(cells(lane.summary, -30, 10, 3)), expected({ "0/0/-1", "0/0/-1", "0/0/-1" }));
    QCOMPARE(render(cells(lane.summary, 100, 10, 2)), expected({ "0/0/-1", "0/0/-1" }));
    // One column over everything: 4 starts, 10 + 15 + 50 = 75 ns busy; k2 holds 60 ns of it.
    QCOMPARE(render(cells(lane.summary, 0, 100, 1)), expected({ "4/75/2" }));
    QCOMPARE(lane.summary.lastEnd(), qint64(100));
    QCOMPARE(lane.summary.lowerBound(20), qsizetype(1));
    QCOMPARE(lane.summary.lowerBound(21), qsizetype(2));
}

void TestLaneSummary::subPixelMerging()
{
    // 100 events of 1 ns every 2 ns: event i = [2i, 2i + 1); k1 for i < 50, k2 after.
    std::vector<std::pair<qint64, qint64>> ev;
    std::vector<quint8> keys;
    for (int i = 0; i < 100; ++i)
        ev.emplace_back(2 * i, 2 * i + 1), keys.push_back(i < 50 ? 1 : 2);
    Lane lane(ev, keys);
    // Columns of 40 ns hold 20 starts and 20 busy ns each: merged pixels (more than kExactEvents
    // starts), keyed by the pyramid. Columns 0–1 lie in the k1 half, 3–4 in the k2 half.
    const auto merged = cells(lane.summary, 0, 40, 5);
    for (const LaneCell& c : merged) {
        QCOMPARE(c.count, qint64(20));
        QCOMPARE(c.busyNs, qint64(20));
    }
    QCOMPARE(merged[0].key, quint8(1));
    QCOMPARE(merged[1].key, quint8(1));
    QCOMPARE(merged[3].key, quint8(2));
    QCOMPARE(merged[4].key, quint8(2));
    // Columns of 4 ns hold two events each: exact. [96,100) holds events 48 (k1) and 49 (k1);
    // [100,104) events 50 and 51 (k2).
    QCOMPARE(render(cells(lane.summary, 96, 4, 2)), expected({ "2/2/1", "2/2/2" }));
    // Fractional columns of 0.5 ns: edges floor(x · 0.5) = 0, 0, 1, 1, 2: empty columns in between.
    QCOMPARE(render(cells(lane.summary, 0, 0.5, 4)), expected({ "0/0/-1", "1/1/1", "0/0/-1", "0/0/-1" }));
    // A pixel never reports more than its own events: the whole lane in one column.
    QCOMPARE(render(cells(lane.summary, 0, 200, 1)).front().section(QLatin1Char('/'), 0, 1), QStringLiteral("100/100"));
}

void TestLaneSummary::overlapping()
{
    // [0,100) k1, [10,20) k2, [15,120) k3, [130,140) k1 (concurrent kernels on one lane).
    Lane lane({ { 0, 100 }, { 10, 20 }, { 15, 120 }, { 130, 140 } }, { 1, 2, 3, 1 });
    // [0,50): 3 starts, union 50; keys k1 50, k2 10, k3 35 → k1.
    // [50,100): no start, union 50; of the earlier events the one reaching furthest (k3, to 120)
    //   gives the key.
    // [100,150): 1 start; union [100,120) + [130,140) = 30; k3 20, k1 10 → k3.
    QCOMPARE(render(cells(lane.summary, 0, 50, 3)), expected({ "3/50/1", "0/50/3", "1/30/3" }));
    QCOMPARE(lane.summary.lastEnd(), qint64(140));
    // [115,135): the tail of k3 (5 ns) and the head of the last event (5 ns).
    QCOMPARE(render(cells(lane.summary, 115, 20, 1)), expected({ "1/10/3" }));
}

void TestLaneSummary::pyramidTiesGoToTheRunningEvent()
{
    // 21 events (more than kExactEvents: a pyramid), lastEnd 500 ns: 21 / 4 = 5 target bins of
    // ceil(500 / 5) = 100 ns, 500 / 100 + 1 = 6 level-0 bins, then 3, 2 and 1. A bin's key is the
    // one holding most of its ns; a tie goes to the key seen first, and an event still running
    // from an earlier bin is seen before the bin's own events.
    std::vector<std::pair<qint64, qint64>> ev { { 0, 150 }, { 110, 160 }, { 200, 240 }, { 250, 350 }, { 300, 350 } };
    std::vector<quint8> keys { 1, 2, 2, 3, 4 };
    for (int j = 0; j < 16; ++j) // 15 events of 5 ns and one of 10 ns in [400, 500)
        ev.emplace_back(400 + 6 * j, j < 15 ? 405 + 6 * j : 500), keys.push_back(5);
    Lane lane(ev, keys);
    const auto& levels = lane.summary.pyramidLevels();
    QCOMPARE(levels.size(), size_t(4));
    // [0,100): k1 100. [100,200): k1 50 (running on), k2 50 → the tie to k1. [200,300): k2 40,
    // k3 50. [300,400): k3 50 (running on), k4 50 → k3. [400,500): k5 15 × 5 + 10 = 85. [500,600)
    // is empty (the last event ends at the bin's start).
    QCOMPARE(levels[0], (std::vector<quint8> { 1, 1, 3, 3, 5, kNone }));
    // Sums of the halves: [0,200) k1 150, k2 50; [200,400) k2 40, k3 100, k4 50; [400,600) k5 85.
    QCOMPARE(levels[1], (std::vector<quint8> { 1, 3, 5 }));
    // [0,400): k1 150, k2 90, k3 100, k4 50; [400,800) k5 85; all: k1 150 the most.
    QCOMPARE(levels[2], (std::vector<quint8> { 1, 5 }));
    QCOMPARE(levels[3], (std::vector<quint8> { 1 }));
}

void TestLaneSummary::hugeRange()
{
    // Issue 12.2: one event spanning 2^63 ns (a damaged row the loader now leaves out) made the
    // pyramid sweep loop forever. 39 events of 5 ns after it, 10 ns apart.
    constexpr qint64 q = qint64(1) << 62;
    std::vector<std::pair<qint64, qint64>> ev { { -q, q } };
    for (int i = 0; i < 39; ++i)
        ev.emplace_back(10 * i, 10 * i + 5);
    Lane lane(ev);
    QCOMPARE(lane.summary.count(), 40);
    // [0, 1000) in one column: the 39 starts; the huge event covers it all.
    const auto c = cells(lane.summary, 0, 1000, 1);
    QCOMPARE(c.size(), size_t(1));
    QCOMPARE(c.front().count, 39);
}

void TestLaneSummary::longEventAcrossBlocks()
{
    // A 10 µs event, 40 short ones inside it, then 10 after it: the running maximum end must
    // carry across block boundaries (kBlock = 16).
    std::vector<std::pair<qint64, qint64>> ev { { 0, 10000 } };
    std::vector<quint8> keys { 1 };
    for (int i = 0; i < 40; ++i)
        ev.emplace_back(100 + 10 * i, 105 + 10 * i), keys.push_back(2);
    for (int i = 0; i < 10; ++i)
        ev.emplace_back(20000 + 10 * i, 20005 + 10 * i), keys.push_back(3);
    Lane lane(ev, keys);
    // [5000,6000): no start, all covered by the long event.
    QCOMPARE(render(cells(lane.summary, 5000, 1000, 1)), expected({ "0/1000/1" }));
    // [9000,21000): 10 starts; 1000 ns of the long event plus 10 × 5 ns.
    QCOMPARE(render(cells(lane.summary, 9000, 12000, 1)), expected({ "10/1050/1" }));
    // Everything: 51 starts, 10000 + 10 × 5 = 10050 ns (the inner 40 add nothing).
    QCOMPARE(
        render(cells(lane.summary, 0, 20100, 1)).front().section(QLatin1Char('/'), 0, 1), QStringLiteral("51/10050"));
    // [10000,20000): nothing at all.
    QCOMPARE(render(cells(lane.summary, 10000, 10000, 1)), expected({ "0/0/-1" }));
}

void TestLaneSummary::rowsAndKeyIndex()
{
    // Column rows out of start order, keys through a name column: row 0 [50,60) name 7, row 1
    // [0,10) name 8, row 2 [30,40) name 7; names 7 → key 3, 8 → key 4.
    const std::vector<qint64> start { 50, 0, 30 }, end { 60, 10, 40 };
    const std::vector<quint32> rows { 1, 2, 0 }, names { 7, 8, 7 };
    std::vector<quint8> keyOfName(9, kNone);
    keyOfName[7] = 3, keyOfName[8] = 4;
    LaneSummary s;
    QVERIFY(s.build({ start.data(), end.data(), rows.data(), 3, names.data(), keyOfName.data() }));
    QCOMPARE(render(cells(s, 0, 10, 6)), expected({ "1/10/4", "0/0/-1", "0/0/-1", "1/10/3", "0/0/-1", "1/10/3" }));
    QCOMPARE(s.row(0), quint32(1));
    QCOMPARE(s.startOf(2), qint64(50));
}

void TestLaneSummary::taggedTables()
{
    // Two tables merged by start: table 0 holds [0,10) and [50,60), table 1 holds [20,30).
    const std::vector<qint64> start0 { 0, 50 }, start1 { 20 };
    DurationColumn dur0, dur1;
    dur0.push_back(0, 10), dur0.push_back(50, 60), dur1.push_back(20, 30);
    const qint64* starts[] = { start0.data(), start1.data() };
    const DurationColumn* ends[] = { &dur0, &dur1 };
    const std::vector<quint32> rows { LaneEvents::tagged(0, 0), LaneEvents::tagged(1, 0), LaneEvents::tagged(0, 1) };
    LaneEvents ev;
    ev.rows = rows.data();
    ev.count = 3;
    ev.tableStart = starts;
    ev.tableDur = ends;
    LaneSummary s;
    QVERIFY(s.build(ev));
    QCOMPARE(render(cells(s, 0, 10, 6)), expected({ "1/10/0", "0/0/-1", "1/10/0", "0/0/-1", "0/0/-1", "1/10/0" }));
    QCOMPARE(s.startOf(1), qint64(20));
    QCOMPARE(s.endOf(2), qint64(60));
}

void TestLaneSummary::hitTest()
{
    Lane lane({ { 0, 10 }, { 20, 30 }, { 30, 35 }, { 50, 100 }, { 120, 120 } });
    QCOMPARE(lane.summary.hit(22, 23).event, qsizetype(1));
    QCOMPARE(lane.summary.hit(12, 13).event, qsizetype(-1));
    QCOMPARE(lane.summary.hit(12, 13).cell.busyNs, qint64(0));
    QCOMPARE(lane.summary.hit(60, 61).event, qsizetype(3)); // started before the pixel
    QCOMPARE(lane.summary.hit(28, 33).event, qsizetype(2)); // 2 ns of event 1, 3 ns of event 2
    QCOMPARE(lane.summary.hit(120, 121).event, qsizetype(4)); // zero-length event inside
    QCOMPARE(lane.summary.hit(120, 121).cell.count, qint64(1));

    // A merged pixel (more than kExactEvents starts) names no single event.
    std::vector<std::pair<qint64, qint64>> many;
    for (int i = 0; i < 100; ++i)
        many.emplace_back(2 * i, 2 * i + 1);
    Lane dense(many);
    const LaneSummary::Hit h = dense.summary.hit(0, 80);
    QCOMPARE(h.event, qsizetype(-1));
    QCOMPARE(h.cell.count, qint64(40));
    QCOMPARE(h.cell.busyNs, qint64(40));
    QCOMPARE(dense.summary.hit(10, 11).event, qsizetype(5));
}

void TestLaneSummary::againstBruteForce_data()
{
    QTest::addColumn<int>("events");
    QTest::addColumn<int>("maxGap");
    QTest::addColumn<int>("maxLength");
    QTest::addRow("sequential") << 2000 << 50 << 40;
    QTest::addRow("overlapping") << 2000 << 20 << 300;
    QTest::addRow("bursts of zero-length") << 1000 << 3 << 1;
}

void TestLaneSummary::againstBruteForce()
{
    QFETCH(int, events);
    QFETCH(int, maxGap);
    QFETCH(int, maxLength);
    QRandomGenerator rng(4242);
    std::vector<std::pair<qint64, qint64>> ev;
    qint64 t = 1000;
    for (int i = 0; i < events; ++i) {
        t += rng.bounded(maxGap);
        ev.emplace_back(t, t + rng.bounded(maxLength));
    }
    Lane lane(ev);
    // Independent path: per column, count the starts and measure the union of the clipped
    // intervals directly.
    for (const double npp : { 1.0, 7.0, 33.3, 250.0, 5000.0 }) {
        const qint64 from = 900;
        const int columns = 300;
        const auto got = cells(lane.summary, from, npp, columns);
        for (int x = 0; x < columns; ++x) {
            const qint64 a = LaneSummary::columnEdge(from, npp, x), b = LaneSummary::columnEdge(from, npp, x + 1);
            qint64 count = 0, busy = 0, reach = a;
            for (const auto& [s, e] : ev) {
                count += s >= a && s < b;
                const qint64 lo = std::max({ s, a, reach }), hi = std::min(e, b);
                if (hi > lo)
                    busy += hi - lo, reach = hi;
            }
            if (got[size_t(x)].count != count || got[size_t(x)].busyNs != busy)
                QFAIL(qPrintable(QStringLiteral("npp %1 column %2: got %3/%4, expected %5/%6")
                                     .arg(npp)
                                     .arg(x)
                                     .arg(got[size_t(x)].count)
                                     .arg(got[size_t(x)].busyNs)
                                     .arg(count)
                                     .arg(busy)));
        }
    }
}

void TestLaneSummary::keylessEqualsAllZeroKeys_data()
{
    QTest::addColumn<int>("events");
    QTest::addColumn<int>("maxGap");
    QTest::addColumn<int>("maxLength");
    QTest::addColumn<bool>("hugeFirst");
    QTest::addRow("sequential") << 20000 << 50 << 40 << false;
    QTest::addRow("overlapping") << 20000 << 20 << 3000 << false;
    QTest::addRow("bursts of zero-length") << 10000 << 3 << 1 << false;
    QTest::addRow("gaps and long events") << 20000 << 100000 << 400000 << false;
    QTest::addRow("after a 2^63 ns event") << 5000 << 50 << 40 << true;
}

void TestLaneSummary::keylessEqualsAllZeroKeys()
{
    // A lane without keys (a device's busy band) takes LaneSummary's direct marking of covered
    // bins; the same events with a key table of zeros take the general per-key sweep, which the
    // tests above check by hand. Every column at every zoom must come out the same, and columns
    // of more than kExactEvents starts read their key from the pyramid.
    QFETCH(int, events);
    QFETCH(int, maxGap);
    QFETCH(int, maxLength);
    QFETCH(bool, hugeFirst);
    QRandomGenerator rng(2611);
    std::vector<std::pair<qint64, qint64>> ev;
    constexpr qint64 q = qint64(1) << 62;
    if (hugeFirst)
        ev.emplace_back(-q, q);
    qint64 t = 1000;
    for (int i = 0; i < events; ++i) {
        // Now and then a gap of many bins, and an event reaching over many.
        t += rng.bounded(maxGap) + (rng.bounded(200) == 0 ? 50 * qint64(maxGap) : 0);
        const qint64 length = rng.bounded(maxLength) + (rng.bounded(300) == 0 ? 100 * qint64(maxLength) : 0);
        ev.emplace_back(t, t + length);
    }
    const Lane keyless(ev);
    const Lane zeros(ev, std::vector<quint8>(ev.size(), 0));
    const qint64 first = hugeFirst ? 0 : ev.front().first, span = t - first;
    for (const double npp : { 1.0, 3.0, 7.5, 40.0, 333.0, 10000.0, double(span) / 50 })
        for (const qint64 from : { first - 100, first + span / 3 }) {
            const QStringList got = render(cells(keyless.summary, from, npp, 400));
            const QStringList want = render(cells(zeros.summary, from, npp, 400));
            if (got != want)
                QFAIL(qPrintable(QStringLiteral("npp %1 from %2: first difference at column %3")
                                     .arg(npp)
                                     .arg(from)
                                     .arg(std::mismatch(got.begin(), got.end(), want.begin()).first - got.begin())));
        }
    QCOMPARE(keyless.summary.memoryBytes(), zeros.summary.memoryBytes());
    // And the pyramids bin for bin (paints read one bin per dense column only).
    const auto& a = keyless.summary.pyramidLevels();
    const auto& b = zeros.summary.pyramidLevels();
    QVERIFY(a.size() > 5);
    QCOMPARE(a.size(), b.size());
    for (size_t level = 0; level < a.size(); ++level) {
        QCOMPARE(a[level].size(), b[level].size());
        const auto diff = std::mismatch(a[level].begin(), a[level].end(), b[level].begin());
        if (diff.first != a[level].end())
            QFAIL(qPrintable(QStringLiteral("level %1 bin %2: %3, expected %4")
                                 .arg(level)
                                 .arg(diff.first - a[level].begin())
                                 .arg(int(*diff.first))
                                 .arg(int(*diff.second))));
    }
}

void TestLaneSummary::paintDetail()
{
    // 20 000 events of 10 ns every 25 ns (a dense lane), then 20 sparse ones 10 µs apart.
    std::vector<std::pair<qint64, qint64>> ev;
    for (int i = 0; i < 20000; ++i)
        ev.emplace_back(25 * i, 25 * i + 10);
    for (int i = 0; i < 20; ++i)
        ev.emplace_back(600000 + 10000 * i, 600000 + 10000 * i + 300);
    Lane lane(ev);
    const qint64 from = 0;
    const int columns = 400;
    const double npp = 2000; // 80 dense events per column: interpolated edges
    std::vector<LaneCell> exact, paint;
    lane.summary.summarize(from, npp, columns, exact);
    lane.summary.summarize(from, npp, columns, paint, LaneSummary::Detail::Paint);
    qint64 exactBusy = 0, paintBusy = 0;
    for (int x = 0; x < columns; ++x) {
        const LaneCell& e = exact[size_t(x)];
        const LaneCell& p = paint[size_t(x)];
        // Off by at most one block's events per edge.
        QVERIFY2(qAbs(p.count - e.count) <= 2 * LaneSummary::kBlock, qPrintable(QString::number(x)));
        QVERIFY2(qAbs(p.busyNs - e.busyNs) <= 2 * LaneSummary::kBlock * 10, qPrintable(QString::number(x)));
        QVERIFY(p.busyNs >= 0 && p.busyNs <= 2000);
        QCOMPARE(p.key == LaneSummary::kNoKey, e.count == 0 && e.busyNs == 0);
        exactBusy += e.busyNs, paintBusy += p.busyNs;
        if (x >= 300) // the sparse part: every edge exact
            QCOMPARE(render({ p }), render({ e }));
    }
    // The last edge lies past the last block's start: exact, so the totals telescope: 20 000 × 10
    // + 20 × 300 ns.
    QCOMPARE(exactBusy, qint64(206000));
    QCOMPARE(paintBusy, exactBusy);
}

void TestLaneSummary::cancel()
{
    std::vector<qint64> start(1000), end(1000);
    for (int i = 0; i < 1000; ++i)
        start[size_t(i)] = i, end[size_t(i)] = i + 1;
    const std::atomic<bool> cancelled { true };
    LaneSummary s;
    QVERIFY(!s.build({ start.data(), end.data(), nullptr, 1000 }, &cancelled));
    QCOMPARE(s.count(), qsizetype(0));
}

void TestLaneSummary::timelineLanes()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("gemm_a"));
    fx.kernel(1500, 2500, 0, 8, 2, 100, QStringLiteral("flash_attn"));
    fx.kernel(4000, 4100, 1, 7, 3, 200, QStringLiteral("gemm_a"));
    fx.memcpy(3000, 3500, 0, 9, 4, 100, 1 << 20, 1, 0, 2);
    fx.nvtx(900, 5000, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(950, 4000, 100, 101, QStringLiteral("forward"));
    fx.nvtx(6000, 7000, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(6500, 6600, 200, 201, QStringLiteral("other"));
    const TimelineDataPtr d = lanesOf(fx);
    QVERIFY(d);

    QCOMPARE(d->devices().size(), size_t(2));
    const TimelineData::Device& d0 = d->devices()[0];
    QCOMPARE(d0.deviceId, 0);
    QCOMPARE(d0.kernels.size(), size_t(2));
    QCOMPARE(d->lane(d0.kernels[0]).stream, qint64(7));
    QCOMPARE(d->lane(d0.kernels[1]).stream, qint64(8));
    QCOMPARE(d->kernelLane(0, 8), d0.kernels[1]);
    QCOMPARE(d->kernelLane(1, 8), -1);
    QVERIFY(d0.memcpy >= 0);
    QCOMPARE(d0.memset, -1);
    QCOMPARE(d0.graphs, -1);
    // Device 0's busy band: [1000,2000) ∪ [1500,2500) and the copy [3000,3500).
    const TimelineLane& busy = d->lane(d0.busy);
    // Merged by start: kernel 0 (table 0, row 0), kernel 1 (table 0, row 1), the copy (table 2, row 0).
    QCOMPARE(busy.rows,
        (std::vector<quint32> { LaneEvents::tagged(0, 0), LaneEvents::tagged(0, 1), LaneEvents::tagged(2, 0) }));
    // Per µs: nothing; two starts and 1000 ns; the union's tail [2000,2500); the copy.
    QCOMPARE(render(cells(busy.summary, 0, 1000, 4)), expected({ "0/0/-1", "2/1000/0", "0/500/0", "1/500/0" }));
    QCOMPARE(busy.pids, (std::vector<quint32> { 100 }));
    QCOMPARE(d->lane(d->devices()[1].busy).pids, (std::vector<quint32> { 200 }));
    // Stream 8's kernel is flash_attn: attention, category index 1. The copy's key is its kind (1, HtoD).
    QCOMPARE(render(cells(d->lane(d0.kernels[1]).summary, 1500, 1000, 1)), expected({ "1/1000/1" }));
    QCOMPARE(render(cells(d->lane(d0.memcpy).summary, 3000, 500, 1)), expected({ "1/500/1" }));

    // NVTX: thread 100/101 has two depths, thread 200/201 one.
    QCOMPARE(d->threads().size(), size_t(2));
    const TimelineData::Thread& th = d->threads()[0];
    QCOMPARE(th.pid, quint32(100));
    QCOMPARE(th.depths.size(), size_t(2));
    const TimelineLane& outer = d->lane(th.depths[0]);
    const TimelineLane& inner = d->lane(th.depths[1]);
    QCOMPARE(outer.summary.count(), qsizetype(2));
    QCOMPARE(inner.summary.count(), qsizetype(1));
    // "forward" has no phase of its own and inherits decode (index 1) from decode_step.
    QCOMPARE(render(cells(inner.summary, 950, 3050, 1)), expected({ "1/3050/1" }));
    QCOMPARE(render(cells(d->lane(d->threads()[1].depths[0]).summary, 6500, 100, 1)), expected({ "1/100/-1" }));
    QVERIFY(d->memoryBytes() > 0);
}

void TestLaneSummary::lanePids()
{
    // Device 0: stream 7 launched by processes 300 and 100 in turn, stream 71 by 200 (streams 7
    // and 71 of one device share a slot of the builder's lane cache), a copy by process 50. The
    // busy band holds every one of them; each stream lane its own, ascending.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.kernel(1000, 1100, 0, 7, 1, 300, QStringLiteral("gemm_a"));
    fx.kernel(1200, 1300, 0, 71, 2, 200, QStringLiteral("gemm_a"));
    fx.kernel(1400, 1500, 0, 7, 3, 100, QStringLiteral("gemm_a"));
    fx.kernel(1600, 1700, 0, 71, 4, 200, QStringLiteral("gemm_a"));
    fx.kernel(1800, 1900, 0, 7, 5, 300, QStringLiteral("gemm_a"));
    fx.memcpy(1600, 1650, 0, 9, 6, 50, 1 << 20, 1, 0, 2); // starts with the fourth kernel
    const TimelineDataPtr d = lanesOf(fx);
    QVERIFY(d);
    QCOMPARE(d->devices().size(), size_t(1));
    const TimelineData::Device& d0 = d->devices()[0];
    QCOMPARE(d->lane(d->kernelLane(0, 7)).pids, (std::vector<quint32> { 100, 300 }));
    QCOMPARE(d->lane(d->kernelLane(0, 71)).pids, (std::vector<quint32> { 200 }));
    QCOMPARE(d->lane(d0.busy).pids, (std::vector<quint32> { 50, 100, 200, 300 }));
    QCOMPARE(d->lane(d0.memcpy).pids, (std::vector<quint32> { 50 }));
    // The busy band by start, the copy (table 2) after the kernel that starts with it.
    QCOMPARE(d->lane(d0.busy).rows,
        (std::vector<quint32> { LaneEvents::tagged(0, 0), LaneEvents::tagged(0, 1), LaneEvents::tagged(0, 2),
            LaneEvents::tagged(0, 3), LaneEvents::tagged(2, 0), LaneEvents::tagged(0, 4) }));
}

void TestLaneSummary::cacheSharedAcrossWindows()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    for (int i = 0; i < 50; ++i)
        fx.kernel(1000 * i, 1000 * i + 500, 0, 7, quint32(i + 1), 100, QStringLiteral("gemm_a"));
    const TracePtr trace = loadFixture(fx);
    QVERIFY(trace);
    TimelineCache& cache = TimelineCache::shared();
    cache.clear();
    const int before = cache.buildCount();
    const AnalysisPtr full = analyzeWindow(trace, QStringLiteral("full"));
    const TimelineDataPtr first = await(cache.request(full));
    QVERIFY(first);
    QCOMPARE(cache.buildCount(), before + 1);
    // A re-analysis over another window: same trace, same keys → the same data, already finished.
    const AnalysisPtr part = analyzeWindow(trace, QStringLiteral("10000:20000"));
    const QFuture<TimelineDataPtr> again = cache.request(part);
    QVERIFY(again.isFinished());
    QCOMPARE(again.result().get(), first.get());
    QCOMPARE(cache.buildCount(), before + 1);
    // Another trace builds anew.
    const TracePtr other = loadFixture(fx);
    const TimelineDataPtr second = await(cache.request(analyzeWindow(other, QStringLiteral("full"))));
    QVERIFY(second);
    QVERIFY(second.get() != first.get());
    QCOMPARE(cache.buildCount(), before + 2);

    // Forgetting a closed trace lets its data (and the trace it holds) go.
    const std::weak_ptr<const TimelineData> firstWeak = first;
    cache.forget(trace.get());
    QVERIFY(!firstWeak.expired()); // still held here
    const QFuture<TimelineDataPtr> rebuilt = cache.request(full);
    QVERIFY(!rebuilt.isFinished() || rebuilt.result().get() != first.get()); // not served from the cache
    await(rebuilt);
    cache.forget(trace.get());
    cache.clear();
}

void TestLaneSummary::prefetchDuringTheAnalysisIsJoined()
{
    // Kernels of two names (two categories) under prefill and decode ranges: the keys the
    // prefetch takes mid-analysis must be those of the finished analysis.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    for (int i = 0; i < 40; ++i) {
        const qint64 t = 1'000'000 + 10'000 * qint64(i);
        fx.nvtx(t, t + 9'000, 4242, 4242, i % 2 ? QStringLiteral("decode") : QStringLiteral("prefill"));
        fx.kernel(t + 1'000, t + 6'000, 0, 7, quint32(i + 1), 4242,
            i % 2 ? QStringLiteral("flash_fwd_kernel") : QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32"));
    }
    const TracePtr trace = loadFixture(fx);
    QVERIFY(trace);
    TimelineCache& cache = TimelineCache::shared();
    cache.clear();
    const int before = cache.buildCount();
    int calls = 0;
    TimelineData::Keys early;
    const AnalysisPtr full = Analyzer::analyze(trace, AnalysisOptions {}, {}, [&](const AnalysisResult& partial) {
        ++calls;
        early = TimelineData::Keys::fromAnalysis(partial);
        cache.prefetch(partial.trace, early);
    });
    QVERIFY(full);
    QCOMPARE(calls, 1);
    QCOMPARE(cache.buildCount(), before + 1);
    const TimelineData::Keys final = TimelineData::Keys::fromAnalysis(*full);
    QCOMPARE(early, final);
    QCOMPARE(final.phaseNames.size(), 4); // prefill, decode, sampling, unattributed
    QCOMPARE(std::count(final.rangeKey.begin(), final.rangeKey.end(), quint8(1)), 20); // the decode ranges

    // The request with the finished analysis joins the prefetched build instead of starting one.
    const TimelineDataPtr data = await(cache.request(full));
    QVERIFY(data);
    QCOMPARE(cache.buildCount(), before + 1);
    QCOMPARE(data->keys(), final);

    // A prefetch never cancels a build another request waits for.
    const TracePtr other = loadFixture(fx);
    const QFuture<TimelineDataPtr> waited = cache.request(analyzeWindow(other, QStringLiteral("full")));
    const TracePtr third = loadFixture(fx);
    cache.prefetch(third, final);
    QVERIFY(!waited.isCanceled());
    QVERIFY(await(waited));
    cache.clear();
}

QTEST_GUILESS_MAIN(TestLaneSummary)
#include "tst_lanesummary.moc"
