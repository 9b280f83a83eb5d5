// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/shrinkcolumn.h"

#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace sl {

/// A table's end times as 32-bit durations from each row's start (ns), 4 B a row instead of 8
/// (issue 20): a kernel or a runtime call lasts less than 2^32 ns (4.29 s) almost always. A row
/// that does not (a cudaStreamSynchronize waiting for seconds, or a damaged row ending before it
/// starts) holds kLong here and its end, exactly, in a side table sorted by row, binary-searched
/// only for such rows: 12 B each. `start` is the table's start column (ns), row for row.
class DurationColumn
{
public:
    static constexpr quint32 kLong = 0xFFFFFFFFu; ///< the row's end is in the side table

    /// End of row `i` (ns).
    qint64 endOf(size_t i, const qint64* start) const
    {
        const quint32 d = m_ns[i];
        return Q_LIKELY(d != kLong) ? start[i] + qint64(d) : longEnd(i);
    }
    /// End minus start of row `i` (ns), reading the start only for a row in the side table;
    /// wraps as qint64 arithmetic would for a damaged row.
    qint64 durationOf(size_t i, const qint64* start) const
    {
        const quint32 d = m_ns[i];
        return Q_LIKELY(d != kLong) ? qint64(d) : qint64(quint64(longEnd(i)) - quint64(start[i]));
    }
    /// The durations (ns), kLong where the row's end is in the side table: for a hot loop that
    /// keeps the pointer in a register.
    const quint32* data() const { return m_ns.data(); }
    /// Fetches row `i`'s duration into the cache ahead of a gather (a hint, never a fault).
    void prefetch(size_t i) const { __builtin_prefetch(m_ns.data() + i); }
    size_t size() const { return m_ns.size(); }
    bool empty() const { return m_ns.empty(); }
    qint64 memoryBytes() const { return qint64(m_ns.size()) * 4 + qint64(m_longRows.size()) * 12; }
    /// Rows whose end is in the side table.
    size_t longRows() const { return m_longRows.size(); }
    /// Those rows' indices, ascending.
    const std::vector<quint32>& longRowIndices() const { return m_longRows; }

    void push_back(qint64 start, qint64 end)
    {
        // Unsigned: end − start of any two qint64 values with end ≥ start, without overflow.
        if (end >= start && quint64(end) - quint64(start) < kLong) {
            m_ns.push_back(quint32(quint64(end) - quint64(start)));
            return;
        }
        m_longRows.push_back(quint32(m_ns.size()));
        m_longEnds.push_back(end);
        m_ns.push_back(kLong);
    }
    /// Appends every row of `other` (another chunk of the same table).
    void append(const DurationColumn& other)
    {
        const auto first = quint32(m_ns.size());
        m_ns.insert(m_ns.end(), other.m_ns.begin(), other.m_ns.end());
        for (quint32 r : other.m_longRows)
            m_longRows.push_back(first + r);
        m_longEnds.insert(m_longEnds.end(), other.m_longEnds.begin(), other.m_longEnds.end());
    }
    /// Puts the rows into `rows` order (row i becomes row rows[i]; a subset in order keeps only
    /// those): the side table here, the durations by `reorderColumn(std::vector<quint32>&)`
    /// (a ColumnPermuter, or a copy of the rows kept).
    template <class F> void reorder(const std::vector<quint32>& rows, F&& reorderColumn)
    {
        std::vector<quint32> longRows;
        std::vector<qint64> longEnds;
        if (!m_longRows.empty()) {
            for (size_t i = 0; i < rows.size(); ++i)
                if (m_ns[rows[i]] == kLong)
                    longRows.push_back(quint32(i)), longEnds.push_back(longEnd(rows[i]));
        }
        reorderColumn(m_ns);
        m_longRows.swap(longRows), m_longEnds.swap(longEnds);
    }
    void reserve(size_t n) { m_ns.reserve(n); }
    void shrink() { shrinkColumn(m_ns), shrinkColumn(m_longRows), shrinkColumn(m_longEnds); }

    /// The three parts a trace cache stores (docs/cache-format.md), for a CacheWriter or a
    /// CacheReader; wellFormed() checks what a reader filled in.
    template <class A> void archive(A& a) const { a.column(m_ns), a.column(m_longRows), a.column(m_longEnds); }
    template <class A> void archive(A& a) { a.column(m_ns), a.column(m_longRows), a.column(m_longEnds); }
    /// `rows` rows, and the side table lists exactly the rows marked kLong, ascending.
    bool wellFormed(size_t rows) const
    {
        if (m_ns.size() != rows || m_longEnds.size() != m_longRows.size())
            return false;
        for (size_t j = 0; j < m_longRows.size(); ++j)
            if (m_longRows[j] >= rows || m_ns[m_longRows[j]] != kLong || (j > 0 && m_longRows[j - 1] >= m_longRows[j]))
                return false;
        return size_t(std::count(m_ns.begin(), m_ns.end(), kLong)) == m_longRows.size();
    }
    friend bool operator==(const DurationColumn&, const DurationColumn&) = default;

private:
    qint64 longEnd(size_t i) const
    {
        const auto it = std::lower_bound(m_longRows.begin(), m_longRows.end(), quint32(i));
        return m_longEnds[size_t(it - m_longRows.begin())];
    }

    std::vector<quint32> m_ns; ///< end − start, ns; kLong: see m_longRows
    std::vector<quint32> m_longRows; ///< rows holding kLong, ascending
    std::vector<qint64> m_longEnds; ///< their ends, ns
};

} // namespace sl
