// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/durationcolumn.h"
#include "core/trace/rowidcolumn.h"

#include <QtGlobal>

#include <tuple>
#include <vector>

namespace sl {

/// The stable start-time order of a table's rows, or an empty vector when the rows are already
/// in order (the common case: checked first). Exports whose tables come in per-process blocks
/// (each block in time order, as real runtime tables often are) are a few sorted runs: those
/// are merged run by run, reading each run's starts sequentially, instead of a comparison sort.
std::vector<quint32> startOrder(const std::vector<qint64>& start);

/// Puts columns into one order (`order[i]` = the row that becomes row i; a subset of the rows
/// keeps only those). The copy of each column goes into a buffer whose pages the previous
/// column of that element type already touched, and the column's old storage becomes that
/// buffer, so fresh pages are faulted in once per element type instead of once per column (the
/// page faults of new allocations were 17 % of a 5 M-kernel load, issue 20). One buffer is held
/// at a time: the peak is the table plus one column, as with a copy per column.
///
/// Given the starts the order sorts (startOrder's stable order of every row), only part of each
/// column is copied: a row of the last sorted run never moves to an earlier row (every row after
/// it starts no earlier and stays after it), so writing rows front to back reads it before it is
/// overwritten; a row of the first run never moves to a later one, the same back to front. The
/// smaller of "all but the last run" and "all but the first" is copied aside, the rest read in
/// place: half a column for a table of two equal per-process blocks (5 M rows: 20 MB instead of
/// 40 MB for the start column, which set the load's peak, issue 20).
class ColumnPermuter
{
public:
    explicit ColumnPermuter(const std::vector<quint32>& order)
        : m_order(order)
        , m_aside { 0, order.size(), true }
    {
    }
    /// `order` = startOrder(start), non-empty.
    ColumnPermuter(const std::vector<quint32>& order, const std::vector<qint64>& start);

    template <typename T> ColumnPermuter& operator()(std::vector<T>& v)
    {
        if (v.empty())
            return *this;
        if (v.size() != m_order.size() || m_aside.size() == m_order.size()) {
            gather(v);
            return *this;
        }
        std::vector<T>& aside = bufferFor<T>();
        aside.assign(v.begin() + qsizetype(m_aside.from), v.begin() + qsizetype(m_aside.to));
        // Rows of two blocks alternate: the source is chosen without a branch (selects of a base
        // pointer and an index, both within their arrays).
        T* const inPlace = v.data();
        const T* const asideData = aside.data();
        const auto take = [&](size_t i) {
            const size_t src = m_order[i], off = src - m_aside.from; // wraps when src < from
            const bool isAside = off < m_aside.size();
            inPlace[i] = (isAside ? asideData : inPlace)[isAside ? off : src];
        };
        if (m_aside.forward)
            for (size_t i = 0; i < v.size(); ++i)
                take(i);
        else
            for (size_t i = v.size(); i-- > 0;)
                take(i);
        return *this;
    }

    ColumnPermuter& operator()(RowidColumn& c)
    {
        c.forEachPart([this](auto& part) { (*this)(part); });
        return *this;
    }
    ColumnPermuter& operator()(DurationColumn& c)
    {
        c.reorder(m_order, [this](std::vector<quint32>& part) { (*this)(part); });
        return *this;
    }

private:
    /// Rows [from, to) are copied aside; the others read in place, front to back or back to front.
    struct Aside
    {
        size_t from, to;
        bool forward;
        size_t size() const { return to - from; }
    };

    /// This type's buffer; another type's is let go first, so one is held at a time.
    template <typename T> std::vector<T>& bufferFor()
    {
        auto& buffer = std::get<std::vector<T>>(m_buffers);
        if (buffer.empty())
            m_buffers = {};
        return buffer;
    }
    /// Any order (a subset, or rows of unknown runs): a full copy, which becomes the next
    /// column's buffer of this type.
    template <typename T> void gather(std::vector<T>& v)
    {
        std::vector<T>& buffer = bufferFor<T>();
        buffer.resize(m_order.size()); // no-op when it holds the previous column of this type
        T* out = buffer.data();
        for (quint32 i : m_order)
            *out++ = v[i];
        v.swap(buffer);
    }

    const std::vector<quint32>& m_order;
    Aside m_aside;
    std::tuple<std::vector<qint64>, std::vector<quint32>, std::vector<qint32>, std::vector<quint16>,
        std::vector<quint8>, std::vector<qint8>>
        m_buffers;
};

} // namespace sl
