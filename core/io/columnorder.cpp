// SPDX-License-Identifier: MIT
#include "core/io/columnorder.h"

#include <algorithm>
#include <numeric>

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
    std::iota(order.begin(), order.end(), 0u);
    const auto before = [&](quint32 a, quint32 b) { return start[a] < start[b]; };
    if (runs.size() > kMaxRuns) {
        std::stable_sort(order.begin(), order.end(), before);
        return order;
    }
    // Bottom-up merge of neighbouring runs; std::merge takes the left run first on equal
    // starts, so the order is stable (the earlier row first), as stable_sort's.
    runs.push_back(start.size());
    std::vector<quint32> merged(start.size());
    while (runs.size() > 2) {
        std::vector<size_t> next;
        for (size_t r = 0; r + 1 < runs.size(); r += 2) {
            next.push_back(runs[r]);
            const size_t mid = runs[r + 1], end = r + 2 < runs.size() ? runs[r + 2] : runs[r + 1];
            std::merge(order.begin() + qsizetype(runs[r]), order.begin() + qsizetype(mid),
                order.begin() + qsizetype(mid), order.begin() + qsizetype(end), merged.begin() + qsizetype(runs[r]),
                before);
        }
        next.push_back(start.size());
        order.swap(merged);
        runs.swap(next);
    }
    return order;
}

} // namespace sl
