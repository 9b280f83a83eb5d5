// SPDX-License-Identifier: MIT
// sortKeyedRows and sortRowsByKey against std::sort with the comparators they replace (an
// independent path), and orders worked out by hand, on both sides of the radix threshold.
#include "core/util/keyedsort.h"

#include <QtTest>

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>

using namespace sl;

namespace {

std::vector<KeyedRow> bySort(std::vector<KeyedRow> v, bool descending)
{
    if (descending)
        std::sort(v.begin(), v.end(), [](const KeyedRow& a, const KeyedRow& b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
    else
        std::sort(v.begin(), v.end());
    return v;
}

} // namespace

class TestKeyedSort : public QObject
{
    Q_OBJECT
private slots:
    void handComputed();
    void matchesStdSort_data();
    void matchesStdSort();
    void rowsByKeyMatchStdSort_data() { matchesStdSort_data(); }
    void rowsByKeyMatchStdSort();
    void packedKeysByHand();
    void packingEdges_data();
    void packingEdges();
    void rowIndicesMatchStdSort();
};

void TestKeyedSort::handComputed()
{
    // 30 000 rows (over the radix threshold), key = index mod 3, indices in order: ascending
    // gives the indices ≡ 0 (mod 3) first, in order, then ≡ 1, then ≡ 2; descending the reverse
    // classes, each still in index order.
    const quint32 n = 30000;
    std::vector<KeyedRow> rows;
    for (quint32 i = 0; i < n; ++i)
        rows.push_back({ qint64(i % 3), i });
    std::vector<KeyedRow> up = rows, down = rows;
    sortKeyedRows(up, false);
    sortKeyedRows(down, true);
    QCOMPARE(up[0].second, 0u);
    QCOMPARE(up[1].second, 3u);
    QCOMPARE(up[n / 3 - 1].second, n - 3);
    QCOMPARE(up[n / 3].second, 1u);
    QCOMPARE(up[n - 1].second, n - 1);
    QCOMPARE(down[0].second, 2u);
    QCOMPARE(down[1].second, 5u);
    QCOMPARE(down[n / 3].second, 1u);
    QCOMPARE(down[2 * n / 3].second, 0u);
    QCOMPARE(down[n - 1].second, n - 3);
    // Negative keys sort below positive ones, the extremes at the ends.
    rows.assign(n, { 0, 0 });
    for (quint32 i = 0; i < n; ++i)
        rows[i] = { i == 7 ? std::numeric_limits<qint64>::min()
                : i == 9   ? std::numeric_limits<qint64>::max()
                           : qint64(i) - 100,
            i };
    std::vector<KeyedRow> downward = rows;
    sortKeyedRows(rows, false);
    QCOMPARE(rows.front().second, 7u);
    QCOMPARE(rows[1].first, qint64(-100));
    QCOMPARE(rows.back().second, 9u);
    sortKeyedRows(downward, true);
    QCOMPARE(downward.front().second, 9u);
    QCOMPARE(downward[1].first, qint64(n - 101));
    QCOMPARE(downward[n - 2].first, qint64(-100));
    QCOMPARE(downward.back().second, 7u);
}

void TestKeyedSort::matchesStdSort_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("keys"); // 0: durations in ns, 1: 16 distinct values, 2: any 64-bit
    QTest::addColumn<int>("indices"); // 0: in order, 1: shuffled, 2: shuffled with repeats
    for (int size : { 0, 1, 500, 16383, 16384, 70000, 400000 })
        for (int keys : { 0, 1, 2 })
            for (int indices : { 0, 1, 2 })
                QTest::addRow("n%d-k%d-i%d", size, keys, indices) << size << keys << indices;
}

void TestKeyedSort::matchesStdSort()
{
    QFETCH(int, size);
    QFETCH(int, keys);
    QFETCH(int, indices);
    std::mt19937_64 rng(quint64(size) * 9 + quint64(keys) * 3 + quint64(indices));
    std::vector<KeyedRow> rows(size_t(size), { 0, 0 });
    for (size_t i = 0; i < rows.size(); ++i) {
        const quint64 r = rng();
        rows[i].first = keys == 0 ? qint64(1000 + r % 5000000) : keys == 1 ? qint64(r % 16) - 8 : qint64(r);
        rows[i].second = indices == 2 ? quint32(rng() % (rows.size() / 2 + 1)) : quint32(i);
    }
    if (indices == 1)
        std::shuffle(rows.begin(), rows.end(), rng);
    for (bool descending : { false, true }) {
        std::vector<KeyedRow> got = rows;
        sortKeyedRows(got, descending);
        QVERIFY(got == bySort(rows, descending));
    }
}

void TestKeyedSort::rowsByKeyMatchStdSort()
{
    // The same rows as matchesStdSort, as the Kernels dock passes them: indices and a key per
    // index. Keys of 16 values and durations pack with the positions; any 64-bit key does not
    // and takes the pairs' path.
    QFETCH(int, size);
    QFETCH(int, keys);
    QFETCH(int, indices);
    std::mt19937_64 rng(quint64(size) * 7 + quint64(keys) * 5 + quint64(indices));
    std::vector<qint64> keyOf(static_cast<size_t>(size));
    for (qint64& key : keyOf) {
        const quint64 r = rng();
        key = keys == 0 ? qint64(1000 + r % 5000000) : keys == 1 ? qint64(r % 16) - 8 : qint64(r);
    }
    std::vector<quint32> rows(static_cast<size_t>(size));
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i] = indices == 2 ? quint32(rng() % (rows.size() / 2 + 1)) : quint32(i);
    if (indices == 1)
        std::shuffle(rows.begin(), rows.end(), rng);
    std::vector<KeyedRow> pairs;
    for (quint32 r : rows)
        pairs.push_back({ keyOf[r], r });
    for (bool descending : { false, true }) {
        std::vector<quint32> got = rows;
        sortRowsByKey(got, descending, [&](quint32 r) { return keyOf[r]; });
        std::vector<quint32> want;
        for (const KeyedRow& p : bySort(pairs, descending))
            want.push_back(p.second);
        QVERIFY(got == want);
    }
}

void TestKeyedSort::packedKeysByHand()
{
    // 20 000 rows (over the radix threshold): row i's key is 5 000 000 000 for i = 4, −3 for
    // i = 11 and i mod 2 otherwise. The range, 5e9 + 3, needs 33 bits and the positions 15:
    // packed. Ascending: 11, then the even rows but 4 in order (0, 2, 6, …), the odd rows but 11
    // (1, 3, 5, 7, 9, 13, …), then 4; descending: 4, the odd rows, the even rows, then 11.
    const quint32 n = 20000;
    const auto key = [](quint32 i) { return i == 4 ? qint64(5000000000) : i == 11 ? qint64(-3) : qint64(i % 2); };
    std::vector<quint32> up(n);
    std::iota(up.begin(), up.end(), 0u);
    std::vector<quint32> down = up;
    sortRowsByKey(up, false, key);
    sortRowsByKey(down, true, key);
    QCOMPARE(up[0], 11u);
    QCOMPARE(up[1], 0u);
    QCOMPARE(up[2], 2u);
    QCOMPARE(up[3], 6u);
    QCOMPARE(up[n / 2 - 1], n - 2); // 1 + 9 998 even rows other than 4
    QCOMPARE(up[n / 2], 1u);
    QCOMPARE(up[n / 2 + 5], 13u);
    QCOMPARE(up[n - 2], n - 1);
    QCOMPARE(up[n - 1], 4u);
    QCOMPARE(down[0], 4u);
    QCOMPARE(down[1], 1u);
    QCOMPARE(down[5], 9u);
    QCOMPARE(down[6], 13u);
    QCOMPARE(down[n / 2 - 1], n - 1); // 1 + 9 998 odd rows other than 11
    QCOMPARE(down[n / 2], 0u);
    QCOMPARE(down[n / 2 + 2], 6u);
    QCOMPARE(down[n - 1], 11u);
}

void TestKeyedSort::packingEdges_data()
{
    // Rows over the radix threshold whose key range (span = max − min) sits at the edges of
    // the packed path: n = 16 384 positions take 14 bits, so a span of 2^50 − 1 (50 bits) packs
    // into 64 and 2^50 (51 bits) does not; at n = 16 385 (15 bits) the edge is one bit lower.
    // Narrow ranges at both ends of qint64 must not overflow when shifted to 0; a span of 0
    // (every key equal) leaves nothing to sort but the positions.
    QTest::addColumn<int>("size");
    QTest::addColumn<qint64>("low");
    QTest::addColumn<quint64>("span");
    QTest::addColumn<bool>("packed"); // worked out by hand from the bit counts in the names
    constexpr qint64 kMin = std::numeric_limits<qint64>::min(), kMax = std::numeric_limits<qint64>::max();
    QTest::newRow("14+50 bits: packed") << 16384 << qint64(-7) << (quint64(1) << 50) - 1 << true;
    QTest::newRow("14+51 bits: pairs") << 16384 << qint64(-7) << (quint64(1) << 50) << false;
    QTest::newRow("15+49 bits: packed") << 16385 << qint64(123) << (quint64(1) << 49) - 1 << true;
    QTest::newRow("15+50 bits: pairs") << 16385 << qint64(123) << (quint64(1) << 49) << false;
    QTest::newRow("16383 rows: pairs") << 16383 << qint64(0) << quint64(1000) << false;
    QTest::newRow("near INT64_MIN") << 20000 << kMin << quint64(999) << true;
    QTest::newRow("near INT64_MAX") << 20000 << kMax - 999 << quint64(999) << true;
    QTest::newRow("INT64_MIN and MAX: pairs") << 20000 << kMin << ~quint64(0) << false;
    QTest::newRow("all equal") << 20000 << qint64(42) << quint64(0) << true;
    QTest::newRow("all INT64_MIN") << 20000 << kMin << quint64(0) << true;
}

void TestKeyedSort::packingEdges()
{
    QFETCH(int, size);
    QFETCH(qint64, low);
    QFETCH(quint64, span);
    QFETCH(bool, packed);
    QCOMPARE(packsKeys(size_t(size), span), packed);
    std::mt19937_64 rng(quint64(size) ^ span);
    std::vector<qint64> keyOf(static_cast<size_t>(size));
    // low + a random offset in [0, span], as unsigned arithmetic (no signed overflow); the first
    // two rows hold the range's ends, so that it is exactly `span` wide.
    for (qint64& key : keyOf)
        key = qint64(quint64(low) + (span == ~quint64(0) ? rng() : rng() % (span + 1)));
    keyOf[0] = qint64(quint64(low) + span);
    keyOf[1] = low;
    std::vector<KeyedRow> pairs;
    for (quint32 r = 0; r < quint32(size); ++r)
        pairs.push_back({ keyOf[r], r });
    for (bool descending : { false, true }) {
        std::vector<quint32> got(static_cast<size_t>(size));
        std::iota(got.begin(), got.end(), 0u);
        sortRowsByKey(got, descending, [&](quint32 r) { return keyOf[r]; });
        std::vector<quint32> want;
        for (const KeyedRow& p : bySort(pairs, descending))
            want.push_back(p.second);
        QVERIFY(got == want);
    }
    // the reference itself: the ends of the range come first and last (ties by index)
    if (span > 0) {
        QCOMPARE(bySort(pairs, false).front().first, low);
        QCOMPARE(bySort(pairs, false).back().first, qint64(quint64(low) + span));
    }
}

void TestKeyedSort::rowIndicesMatchStdSort()
{
    // Indices over all 32 bits (a byte left out of the radix shows above 2^24), repeated, on
    // both sides of the threshold; and rows already in order stay as they are.
    std::mt19937 rng(20261129);
    for (size_t n : { size_t(0), size_t(100), size_t(16383), size_t(50000) }) {
        std::vector<quint32> rows(n);
        for (quint32& r : rows)
            r = rng() % 4 == 0 ? rows[rng() % n] : quint32(rng());
        std::vector<quint32> want = rows;
        std::sort(want.begin(), want.end());
        sortRowIndices(rows);
        QVERIFY(rows == want);
        sortRowIndices(rows);
        QVERIFY(rows == want);
    }
}

QTEST_GUILESS_MAIN(TestKeyedSort)
#include "tst_keyedsort.moc"
