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
class ColumnPermuter
{
public:
    explicit ColumnPermuter(const std::vector<quint32>& order)
        : m_order(order)
    {
    }

    template <typename T> ColumnPermuter& operator()(std::vector<T>& v)
    {
        if (v.empty())
            return *this;
        auto& buffer = std::get<std::vector<T>>(m_buffers);
        if (buffer.empty()) // another type's buffer was in use: let it go first
            m_buffers = {};
        buffer.resize(m_order.size()); // no-op when it holds the previous column of this type
        T* out = buffer.data();
        for (quint32 i : m_order)
            *out++ = v[i];
        v.swap(buffer);
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
    const std::vector<quint32>& m_order;
    std::tuple<std::vector<qint64>, std::vector<quint32>, std::vector<qint32>, std::vector<quint16>,
        std::vector<quint8>, std::vector<qint8>>
        m_buffers;
};

} // namespace sl
