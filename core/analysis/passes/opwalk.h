// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/trace.h"
#include "core/util/cancellation.h"

#include <array>
#include <limits>

namespace sl {

/// The GPU operation tables (kernels, graph launches, copies, memsets, in this order: on equal
/// starts the earlier table's op comes first) walked together in start order, all devices at
/// once. Each table is start-sorted, so this is a 4-way merge; the kernels, nearly every op,
/// come in runs up to the next op of another table, one compare each. One walk over each
/// table, read in order: walked device by device through per-device row lists, the columns
/// were read once per device at scattered rows.
class OpWalk
{
public:
    explicit OpWalk(const Trace& t)
        : m_tables { &t.kernels, &t.graphs, &t.memcpy, &t.memset }
    {
        for (size_t i = 0; i < m_tables.size(); ++i)
            m_head[i] = m_tables[i]->size() > 0 ? m_tables[i]->start[0] : kDone;
    }
    /// Calls f(table, row, start) for every op, in start order; false when cancelled.
    template <typename F> bool forEach(const Cancellation& cancel, F f)
    {
        for (qint64 n = 0;; ++n) {
            if (cancel.poll(n))
                return false;
            size_t other = 1; // the other tables' earliest head
            for (size_t i = 2; i < m_tables.size(); ++i)
                if (m_head[i] < m_head[other])
                    other = i;
            const qint64 until = m_head[other];
            if (m_head[0] <= until && m_head[0] != kDone) {
                // Kernels up to the other tables' head (ties go to the kernels).
                const GpuOpColumns& k = *m_tables[0];
                size_t& pos = m_pos[0];
                const auto end = size_t(k.size());
                for (; pos < end && k.start[pos] <= until; ++pos, ++n) {
                    if (cancel.poll(n))
                        return false;
                    f(k, quint32(pos), k.start[pos]);
                }
                m_head[0] = pos < end ? k.start[pos] : kDone;
                continue;
            }
            if (until == kDone)
                return true;
            const GpuOpColumns& ops = *m_tables[other];
            const size_t row = m_pos[other]++;
            m_head[other] = m_pos[other] < size_t(ops.size()) ? ops.start[m_pos[other]] : kDone;
            f(ops, quint32(row), ops.start[row]);
        }
    }

private:
    static constexpr qint64 kDone = std::numeric_limits<qint64>::max(); ///< a table walked to its end
    std::array<const GpuOpColumns*, 4> m_tables;
    std::array<size_t, 4> m_pos {};
    std::array<qint64, 4> m_head {};
};

} // namespace sl
