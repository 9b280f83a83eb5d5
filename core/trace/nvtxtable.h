// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/rowidcolumn.h"
#include "core/trace/shrinkcolumn.h"

#include <QtGlobal>

#include <vector>

namespace sl {

/// NVTX ranges (eventType 59 push/pop and 60 start/end) from NVTX_EVENTS, columnar.
/// Marks, domain and naming events are not ranges and are not stored here.
struct NvtxTable
{
    enum EventType : quint8 { PushPop = 59, StartEnd = 60 };

    RowidColumn rowid;
    std::vector<qint64> start; ///< ns
    std::vector<qint64> end; ///< ns
    std::vector<quint32> pid; ///< of the thread that opened the range
    std::vector<quint32> tid;
    std::vector<quint32> endTid; ///< thread that closed it (== tid unless a start/end range crossed threads)
    std::vector<quint32> name; ///< StringTable index: COALESCE(text, StringIds[textId])
    std::vector<quint32> domain; ///< domainId (0 = default domain)
    std::vector<quint8> eventType;

    qsizetype size() const { return qsizetype(start.size()); }
    qint64 endOf(size_t i) const { return end[i]; } ///< ns, as GpuOpColumns::endOf
    qint64 duration(qsizetype i) const { return end[size_t(i)] - start[size_t(i)]; }
    bool sameThread(qsizetype i) const { return endTid[size_t(i)] == tid[size_t(i)]; }
    /// The nesting rule (docs/analysis.md "NVTX nesting"): `inner` nests in `outer` only when it
    /// starts *and* ends inside it, ends included. Ranges that touch (one ends at the ns the
    /// next starts) or overlap without containment are siblings; identical ranges nest (the one
    /// later in nesting order is the child).
    bool nestsIn(quint32 inner, quint32 outer) const
    {
        return start[outer] <= start[inner] && end[inner] <= end[outer];
    }
    /// Nesting order of two ranges of one thread: start ascending; of two starting together the
    /// longer (outer) one first; then table order, so identical ranges have a stated order.
    bool nestingBefore(quint32 a, quint32 b) const
    {
        if (start[a] != start[b])
            return start[a] < start[b];
        return end[a] != end[b] ? end[a] > end[b] : a < b;
    }
    void reserve(qsizetype n)
    {
        const auto s = size_t(n);
        rowid.reserve(s), start.reserve(s), end.reserve(s), pid.reserve(s), tid.reserve(s), endTid.reserve(s);
        name.reserve(s), domain.reserve(s), eventType.reserve(s);
    }
    void shrink()
    {
        rowid.shrink(), shrinkColumn(start), shrinkColumn(end), shrinkColumn(pid);
        shrinkColumn(tid), shrinkColumn(endTid), shrinkColumn(name), shrinkColumn(domain);
        shrinkColumn(eventType);
    }
    qint64 memoryBytes() const { return rowid.memoryBytes() + qint64(size()) * (8 * 2 + 4 * 5 + 1); }
};

} // namespace sl
