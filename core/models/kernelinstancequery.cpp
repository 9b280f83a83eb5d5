// SPDX-License-Identifier: MIT
#include "core/models/kernelinstancequery.h"

#include "core/util/keyedsort.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sl {

namespace {

constexpr quint32 kCancelEvery = 1 << 16;

bool isCancelled(const std::atomic<bool>* cancel) { return cancel && cancel->load(std::memory_order_relaxed); }

/// Per StringTable index: does the kernel name contain `filter` (case-insensitive)? Only the
/// names of the summary (thousands) are tested, never a string per kernel.
std::vector<quint8> nameMask(const AnalysisResult& a, const QString& filter)
{
    const StringTable& s = a.trace->strings;
    std::vector<quint8> mask(s.size(), 0);
    for (const KernelSummary& k : a.kernels)
        mask[k.name] = s.at(k.name).contains(filter, Qt::CaseInsensitive) ? 1 : 0;
    return mask;
}

} // namespace

qsizetype KernelInstanceQuery::baseSize() const
{
    if (!analysis)
        return 0;
    switch (base) {
    case Base::None:
        return 0;
    case Base::All:
        return analysis->trace->kernels.size();
    case Base::Name:
        for (const KernelSummary& s : analysis->kernels)
            if (s.name == nameId)
                return qsizetype(s.count);
        return 0;
    case Base::Rows:
        return rows ? qsizetype(rows->size()) : 0;
    }
    return 0;
}

std::vector<qint32> KernelInstanceQuery::apiNameRanks(const Trace& t)
{
    std::vector<qint32> rank(t.strings.size(), -1);
    std::vector<quint32> names;
    for (quint32 n : t.api.name)
        if (n < rank.size() && rank[n] < 0)
            rank[n] = 0, names.push_back(n);
    std::sort(names.begin(), names.end(), [&](quint32 a, quint32 b) { return t.strings.at(a) < t.strings.at(b); });
    for (size_t i = 0; i < names.size(); ++i)
        rank[names[i]] = qint32(i);
    return rank;
}

qint64 KernelInstanceQuery::sortKey(
    const AnalysisResult& a, const OccupancyTable& occupancy, const std::vector<qint32>& apiRank, int column, quint32 i)
{
    const Trace& t = *a.trace;
    const KernelTable& k = t.kernels;
    const auto config = [&]() -> const LaunchConfig& { return t.configs.at(k.config[i]); };
    switch (Column(column)) {
    case Start:
        return k.start[i];
    case Duration:
        return k.duration(qsizetype(i));
    case Device:
        return k.device[i];
    case Stream:
        return k.stream[i];
    case Grid: {
        const LaunchConfig& c = config();
        return qint64(quint64(c.gridX) * c.gridY * c.gridZ);
    }
    case Block:
        return qint64(config().threadsPerBlock());
    case Registers:
        return config().registersPerThread;
    case SharedMemory:
        return qint64(config().staticSharedMemory) + config().dynamicSharedMemory;
    case Occupancy:
        // Micro-units keep the float's order; unknown (−1) sorts first.
        return std::llround(double(occupancy.raw(k.device[i], k.config[i])) * 1e6);
    case ApiCall:
        return k.api[i] < 0 ? -1 : apiRank[t.api.name[size_t(k.api[i])]];
    case LaunchDelay:
        return k.api[i] < 0 ? std::numeric_limits<qint64>::min() : k.start[i] - t.api.endOf(size_t(k.api[i]));
    case ColumnCount:
        break;
    }
    return 0;
}

void KernelInstanceQuery::sortRows(std::vector<quint32>& rows) const
{
    if (!analysis || naturalOrder())
        return;
    const KernelTable& k = analysis->trace->kernels;
    if (sortColumn == Start) {
        // Descending start: reverse, then put kernels that start together back in index order.
        std::reverse(rows.begin(), rows.end());
        for (auto it = rows.begin(); it != rows.end();) {
            const auto run = std::find_if(it, rows.end(), [&](quint32 r) { return k.start[r] != k.start[*it]; });
            std::reverse(it, run);
            it = run;
        }
        return;
    }
    const bool descending = sortOrder != Qt::AscendingOrder;
    // The common columns read their column in a tight loop; the rest go through sortKey.
    switch (Column(sortColumn)) {
    case Duration:
        return sortRowsByKey(rows, descending, [&k](quint32 i) { return k.duration(qsizetype(i)); });
    case Device:
        return sortRowsByKey(rows, descending, [&k](quint32 i) { return k.device[i]; });
    case Stream:
        return sortRowsByKey(rows, descending, [&k](quint32 i) { return k.stream[i]; });
    default:
        break;
    }
    const std::vector<qint32> ranks = sortColumn == ApiCall ? apiNameRanks(*analysis->trace) : std::vector<qint32>();
    const OccupancyTable empty;
    const OccupancyTable& occ = occupancy ? *occupancy : empty;
    sortRowsByKey(rows, descending, [&](quint32 i) { return sortKey(*analysis, occ, ranks, sortColumn, i); });
}

KernelInstanceQuery::Result KernelInstanceQuery::run(Rows sortedBase, const std::atomic<bool>* cancel) const
{
    Result out;
    if (!analysis || base == Base::None) {
        out.view = std::make_shared<const std::vector<quint32>>();
        return out;
    }
    if (base == Base::Rows) {
        std::vector<quint32> v = rows ? *rows : std::vector<quint32>();
        sortRows(v);
        out.view = std::make_shared<const std::vector<quint32>>(std::move(v));
        return out;
    }
    const Trace& t = *analysis->trace;
    const KernelTable& k = t.kernels;
    const std::vector<quint8>& inWindow = analysis->kernelInWindow;
    const std::vector<quint8> mask = nameFilter.isEmpty() ? std::vector<quint8>() : nameMask(*analysis, nameFilter);
    const auto accept = [&](quint32 i) {
        if (base == Base::Name && k.name[i] != nameId)
            return false;
        if (!mask.empty() && !mask[k.name[i]])
            return false;
        if ((device >= 0 && k.device[i] != device) || (stream >= 0 && k.stream[i] != stream))
            return false;
        return scope.acceptsKernel(t, i);
    };
    // Keeps rows of `from` (or every kernel index when null) that pass `test`, checking cancel.
    const auto select = [&](const std::vector<quint32>* from, auto test, std::vector<quint32>* to) {
        const auto n = quint32(from ? from->size() : size_t(k.size()));
        for (quint32 j = 0; j < n; ++j) {
            const quint32 i = from ? (*from)[j] : j;
            if (test(i))
                to->push_back(i);
            if ((j & (kCancelEvery - 1)) == 0 && isCancelled(cancel))
                return false;
        }
        return true;
    };

    if (base == Base::All && !naturalOrder() && k.size() >= cacheMinRows) {
        if (!sortedBase) {
            std::vector<quint32> all;
            all.reserve(size_t(k.size()));
            if (!select(
                    nullptr, [&](quint32 i) { return inWindow[i] != 0; }, &all))
                return out;
            sortRows(all);
            if (isCancelled(cancel))
                return out;
            sortedBase = std::make_shared<const std::vector<quint32>>(std::move(all));
        }
        out.sortedBase = sortedBase;
        if (!filtered()) {
            out.view = sortedBase;
            return out;
        }
        std::vector<quint32> v;
        if (!select(sortedBase.get(), accept, &v))
            return out;
        out.view = std::make_shared<const std::vector<quint32>>(std::move(v));
        return out;
    }

    std::vector<quint32> v;
    if (base == Base::All && !filtered())
        v.reserve(size_t(k.size()));
    if (!select(
            nullptr, [&](quint32 i) { return inWindow[i] && accept(i); }, &v))
        return out;
    sortRows(v);
    if (isCancelled(cancel))
        return out;
    out.view = std::make_shared<const std::vector<quint32>>(std::move(v));
    return out;
}

} // namespace sl
