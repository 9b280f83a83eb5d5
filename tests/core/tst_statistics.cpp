// SPDX-License-Identifier: MIT
// Nearest-rank percentiles: the partial-partition helpers against a full sort (an independent path).
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

QTEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
