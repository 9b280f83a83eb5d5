// SPDX-License-Identifier: MIT
#include "core/io/columnorder.h"

#include <algorithm>
#include <numeric>
#include <ranges>

namespace sl {

namespace {
/// More sorted runs than this and a comparison sort of the indices is cheaper than merging.
constexpr size_t kMaxRuns = 64;
} // namespace

std::vector<quint32> startOrder(const std::vector<qint64>& start)
{
    // Where each sorted run begins (a row starting before its predecessor opens a new run).
    std::vector<size_t> runs { 0 };
    for (size_t i = 1; i < start.size() && runs.size() <= kMaxRuns; ++i)
        if (start[i] < start[i - 1])
            runs.push_back(i);
    if (runs.size() == 1)
        return {};
    std::vector<quint32> order(start.size());
    const auto before = [&](quint32 a, quint32 b) { return start[a] < start[b]; };
    if (runs.size() > kMaxRuns) {
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), before);
        return order;
    }
    // Bottom-up merge of neighbouring runs; std::merge takes the left run first on equal
    // starts, so the order is stable (the earlier row first), as stable_sort's. The first level
    // merges the row numbers themselves (a counting range) straight into `order`: two runs, the
    // common case, need no second buffer (4 B per row at the load's peak).
    runs.push_back(start.size());
    const auto rows = std::views::iota(quint32(0), quint32(start.size()));
    std::vector<quint32> merged;
    const auto level = [&](auto from, std::vector<quint32>& to) {
        std::vector<size_t> next;
        for (size_t r = 0; r + 1 < runs.size(); r += 2) {
            next.push_back(runs[r]);
            const size_t mid = runs[r + 1], end = r + 2 < runs.size() ? runs[r + 2] : runs[r + 1];
            std::merge(from + qsizetype(runs[r]), from + qsizetype(mid), from + qsizetype(mid), from + qsizetype(end),
                to.begin() + qsizetype(runs[r]), before);
        }
        next.push_back(start.size());
        runs.swap(next);
    };
    level(rows.begin(), order);
    while (runs.size() > 2) {
        merged.resize(start.size());
        level(order.cbegin(), merged);
        order.swap(merged);
    }
    return order;
}

ColumnPermuter::ColumnPermuter(const std::vector<quint32>& order, const std::vector<qint64>& start)
    : ColumnPermuter(order)
{
    const size_t n = start.size();
    if (order.size() != n || n == 0)
        return; // not the order of these rows: a full copy
    size_t firstEnd = 1; // the first sorted run is [0, firstEnd)
    while (firstEnd < n && start[firstEnd - 1] <= start[firstEnd])
        ++firstEnd;
    size_t lastBegin = n - 1; // the last sorted run is [lastBegin, n)
    while (lastBegin > 0 && start[lastBegin - 1] <= start[lastBegin])
        --lastBegin;
    // Front to back, the last run is read in place and the rows before it copied aside; back to
    // front, the first run in place and the rows after it aside.
    if (lastBegin <= n - firstEnd)
        m_aside = { 0, lastBegin, true };
    else
        m_aside = { firstEnd, n, false };
}

} // namespace sl
