// SPDX-License-Identifier: MIT
#include "core/io/kernelchunks.h"

#include "core/io/rowcheck.h"
#include "core/trace/trace.h"
#include "core/util/resourceusage.h"

#include <algorithm>
#include <limits>

namespace sl {

namespace {

template <typename T> void appendColumn(std::vector<T>& to, const std::vector<T>& from)
{
    to.insert(to.end(), from.begin(), from.end());
}

/// Appends `from`'s rows to `to`, its configuration indices mapped through `configOf`.
void appendRows(KernelTable& to, const KernelTable& from, const std::vector<quint32>& configOf)
{
    // A column added to the kernel table must be appended here too. shortNameByName is not a
    // column: the finalizer makes it, after the join.
    static_assert(
        sizeof(KernelTable) == 11 * sizeof(std::vector<qint64>) + sizeof(RowidColumn) + sizeof(DurationColumn),
        "KernelTable has a new column");
    to.rowid.append(from.rowid), appendColumn(to.start, from.start), to.dur.append(from.dur);
    appendColumn(to.device, from.device), appendColumn(to.stream, from.stream);
    appendColumn(to.correlationId, from.correlationId), appendColumn(to.pid, from.pid);
    appendColumn(to.api, from.api), appendColumn(to.name, from.name), appendColumn(to.shortName, from.shortName);
    appendColumn(to.flags, from.flags);
    for (quint32 c : from.config)
        to.config.push_back(configOf[c]);
}

} // namespace

KernelChunks::KernelChunks(qint64 first, qint64 last, bool empty)
    : m_first(first)
    , m_last(last)
{
    if (empty)
        return;
    if (last < first) { // bounds a damaged b-tree made up: one chunk, every rowid
        m_first = m_last = 0;
        m_count = m_back = 1;
        return;
    }
    // Unsigned: a damaged export's rowids may span more than qint64 holds.
    const quint64 span = quint64(last) - quint64(first);
    m_chunkRows = std::max<quint64>(quint64(kMinRows), span / quint64(kChunks) + 1);
    m_count = m_back = int(span / m_chunkRows) + 1;
    m_tableRows = span == ~quint64(0) ? span : span + 1;
}

qint64 KernelChunks::chunkRows() const { return qint64(std::min<quint64>(m_chunkRows, kMaxReservedRows)); }

qint64 KernelChunks::tableRows() const { return qint64(std::min<quint64>(m_tableRows, kMaxReservedRows)); }

KernelChunks::Range KernelChunks::range(int index) const
{
    const quint64 offset = quint64(index) * m_chunkRows; // ≤ last − first
    const auto lo = qint64(quint64(m_first) + offset);
    const bool final = index == m_count - 1;
    return { index == 0 ? std::numeric_limits<qint64>::min() : lo,
        final ? std::numeric_limits<qint64>::max() : qint64(quint64(lo) + m_chunkRows - 1) };
}

std::optional<KernelChunks::Range> KernelChunks::takeFront()
{
    std::lock_guard<std::mutex> hold(m_lock);
    if (m_front >= m_back)
        return std::nullopt;
    return range(m_front++);
}

std::optional<std::pair<int, KernelChunks::Range>> KernelChunks::takeBack()
{
    std::lock_guard<std::mutex> hold(m_lock);
    if (m_front >= m_back)
        return std::nullopt;
    --m_back;
    return std::make_pair(m_back, range(m_back));
}

void KernelChunks::addFragment(int index, Fragment fragment)
{
    std::lock_guard<std::mutex> hold(m_lock);
    m_fragments.emplace(index, std::move(fragment));
}

void KernelChunks::joinInto(Trace& trace, DataQuality& quality)
{
    // A fragment's columns (a chunk's rows, blocks under 1 MiB, in a heap) stay resident when
    // freed until the heap is trimmed: trimmed once the fragments appended since
    // the last trim reach kTrimBytes, the join holds the table plus that much, not the table
    // plus every fragment (about a fifth of it: 15 B a kernel at 5 M, the load's peak, issue 20).
    constexpr qint64 kTrimBytes = qint64(16) << 20;
    const bool any = !m_fragments.empty();
    qint64 untrimmed = 0;
    for (auto& [index, f] : m_fragments) {
        std::vector<quint32> configOf;
        configOf.reserve(size_t(f.configs.size()));
        for (const LaunchConfig& c : f.configs.all())
            configOf.push_back(trace.configs.intern(c));
        appendRows(trace.kernels, f.kernels, configOf);
        quality.merge(std::move(f.quality));
        untrimmed += f.kernels.memoryBytes();
        f = {};
        if (untrimmed >= kTrimBytes) {
            ResourceUsage::releaseFreedMemory();
            untrimmed = 0;
        }
    }
    m_fragments.clear();
    trace.kernels.shrink();
    // The last fragments' columns were in the reading thread's heap: give them back (where that
    // is 32 MiB or more), or the analysis's own transients (in other threads' heaps, or beside
    // them in the CLI's shared heap) would add to them at the peak.
    if (any)
        ResourceUsage::releaseFreedMemory(ResourceUsage::kTrimWorthBytes);
}

} // namespace sl
