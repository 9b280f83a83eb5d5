// SPDX-License-Identifier: MIT
// Nearest-rank percentiles: the partial-partition helpers and RankSelector against a full sort
// (an independent path).
#include "core/analysis/passes/rankselector.h"
#include "core/analysis/passes/statistics.h"

#include <QtTest>

#include <random>

using namespace sl;

class TestStatistics : public QObject
{
    Q_OBJECT
private slots:
    void handComputed();
    void ascendingRanksMatchSort();
    void rankSelectorHandComputed();
    void rankSelectorMatchesSort();
    void rankSelectorBucketsAreMonotonic();
};

void TestStatistics::handComputed()
{
    // 10 values: p50 = 5th smallest, p90 = 9th, p99 = 10th (ceil(9.9) = 10).
    std::vector<qint64> v { 70, 10, 100, 40, 20, 90, 30, 60, 80, 50 };
    QCOMPARE(nearestRankUnsorted(v, 50), qint64(50));
    QCOMPARE(nearestRankAbove(v, 90, 50), qint64(90));
    QCOMPARE(nearestRankAbove(v, 99, 90), qint64(100));
    std::vector<qint64> one { 7 };
    QCOMPARE(nearestRankUnsorted(one, 50), qint64(7));
    QCOMPARE(nearestRankAbove(one, 99, 50), qint64(7));
    std::vector<qint64> none;
    QCOMPARE(nearestRankAbove(none, 90, 50), qint64(0));
}

void TestStatistics::ascendingRanksMatchSort()
{
    std::mt19937_64 rng(42);
    for (const size_t n : { size_t(2), size_t(3), size_t(17), size_t(1000), size_t(4097) }) {
        std::vector<qint64> v(n);
        for (auto& x : v)
            x = qint64(rng() % 500); // many ties
        std::vector<qint64> sorted = v;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(nearestRankUnsorted(v, 50), nearestRank(sorted, 50));
        QCOMPARE(nearestRankAbove(v, 90, 50), nearestRank(sorted, 90));
        QCOMPARE(nearestRankAbove(v, 99, 90), nearestRank(sorted, 99));
    }
}

namespace {
/// The percentiles `ps` of `v` by RankSelector's two passes.
std::vector<qint64> selected(const std::vector<qint64>& v, const std::vector<double>& ps)
{
    RankSelector s(ps);
    for (qint64 x : v)
        s.count(x);
    std::vector<qint64> out;
    if (s.startKeeping())
        for (auto it = v.rbegin(); it != v.rend(); ++it) // any order
            s.keep(*it);
    for (size_t i = 0; i < ps.size(); ++i)
        out.push_back(s.at(i));
    return out;
}
} // namespace

void TestStatistics::rankSelectorHandComputed()
{
    // The 10 values of handComputed, scaled into three different buckets' ranges.
    const std::vector<qint64> v { 70000, 10, 100000000, 40000, 20, 90000, 30, 60000, 80000, 50000 };
    // Ascending: 10 20 30 40000 50000 60000 70000 80000 90000 1e8. p50 = 5th, p90 = 9th, p99 = 10th,
    // p1 = 1st (ceil(0.1) = 1).
    QVERIFY(selected(v, { 50, 90, 99, 1 }) == (std::vector<qint64> { 50000, 90000, 100000000, 10 }));
    QVERIFY(selected({ 7 }, { 50, 99 }) == (std::vector<qint64> { 7, 7 }));
    QVERIFY(selected({}, { 50 }) == (std::vector<qint64> { 0 }));
    // Negatives and a value at the int64 limit keep their order.
    const std::vector<qint64> edges { -5, std::numeric_limits<qint64>::max(), 0, -9, 300 };
    QVERIFY(selected(edges, { 20, 40, 60, 80, 100 })
        == (std::vector<qint64> { -9, -5, 0, 300, std::numeric_limits<qint64>::max() }));
}

void TestStatistics::rankSelectorMatchesSort()
{
    std::mt19937_64 rng(7);
    const std::vector<double> ps { 50, 90, 99, 10, 99.9 };
    for (const size_t n : { size_t(1), size_t(2), size_t(3), size_t(17), size_t(1000), size_t(65537) }) {
        for (const int spread : { 0, 1, 2 }) {
            std::vector<qint64> v(n);
            for (auto& x : v) {
                if (spread == 0)
                    x = qint64(rng() % 500); // all in bucket 0, many ties
                else if (spread == 1)
                    x = 4000 + qint64(rng() % 3000); // kernels of 4-7 µs: a few buckets, ties
                else
                    x = qint64(rng() >> (rng() % 60)); // every magnitude
            }
            std::vector<qint64> sorted = v;
            std::sort(sorted.begin(), sorted.end());
            const auto got = selected(v, ps);
            for (size_t i = 0; i < ps.size(); ++i)
                QCOMPARE(got[i], nearestRank(sorted, ps[i]));
        }
    }
}

void TestStatistics::rankSelectorBucketsAreMonotonic()
{
    // Every power of two and its neighbours: a larger value never lands in a lower bucket.
    int last = RankSelector::bucketOf(std::numeric_limits<qint64>::min());
    QCOMPARE(last, 0);
    std::vector<qint64> probes { -1, 0, 255, 256, 257 };
    for (int e = 9; e < 63; ++e)
        for (qint64 d : { qint64(-1), qint64(0), qint64(1) })
            probes.push_back((qint64(1) << e) + d);
    probes.push_back(std::numeric_limits<qint64>::max());
    std::sort(probes.begin(), probes.end());
    for (qint64 p : probes) {
        const int b = RankSelector::bucketOf(p);
        QVERIFY2(b >= last, qPrintable(QString::number(p)));
        QVERIFY(b < RankSelector::kBuckets);
        last = b;
    }
    QCOMPARE(RankSelector::bucketOf(std::numeric_limits<qint64>::max()), RankSelector::kBuckets - 1);
}

QTEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
