// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/shrinkcolumn.h"

#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace sl {

/// A table's export rowids, 4 B a row instead of 8 (issue 20): nsys numbers a table's rows 1..N,
/// so each rowid is stored as a 32-bit offset from a base (the table's MIN(rowid) when the
/// loader knows it, else the first rowid appended). A table with a rowid the offsets cannot
/// hold (below the base, or 2^32 or more above it: a damaged or hand-edited export) keeps every
/// rowid whole instead, 8 B a row: a rowid is never rejected or truncated.
///
/// Exactly one part holds the rows: `m_offsets` (narrow) or `m_wide` (non-empty once widened).
/// operator[] returns the rowid by value, so read sites `t.rowid[i]` read like a vector's.
class RowidColumn
{
public:
    qint64 operator[](size_t i) const { return m_wide.empty() ? m_base + qint64(m_offsets[i]) : m_wide[i]; }
    size_t size() const { return m_wide.empty() ? m_offsets.size() : m_wide.size(); }
    bool empty() const { return size() == 0; }
    bool isWide() const { return !m_wide.empty(); }
    qint64 memoryBytes() const { return qint64(m_offsets.size()) * 4 + qint64(m_wide.size()) * 8; }

    /// Sets the base of an empty column (a table's MIN(rowid)), so that no rowid lies below it.
    void setBase(qint64 base)
    {
        if (empty())
            m_base = base, m_baseSet = true;
    }
    void push_back(qint64 rowid)
    {
        if (m_wide.empty()) {
            if (!m_baseSet && m_offsets.empty())
                m_base = rowid, m_baseSet = true;
            // Unsigned: rowid − base of any two qint64 values, without overflow.
            const quint64 offset = quint64(rowid) - quint64(m_base);
            if (offset <= quint64(0xFFFFFFFFu)) {
                m_offsets.push_back(quint32(offset));
                return;
            }
            widen();
        }
        m_wide.push_back(rowid);
    }
    /// Appends every row of `other` (another chunk of the same table).
    void append(const RowidColumn& other)
    {
        if (m_wide.empty() && other.m_wide.empty() && (m_base == other.m_base || empty())) {
            if (empty())
                m_base = other.m_base, m_baseSet = other.m_baseSet;
            m_offsets.insert(m_offsets.end(), other.m_offsets.begin(), other.m_offsets.end());
            return;
        }
        m_wide.empty() ? m_offsets.reserve(size() + other.size()) : m_wide.reserve(size() + other.size());
        for (size_t i = 0; i < other.size(); ++i)
            push_back(other[i]);
    }
    void reserve(size_t n) { m_wide.empty() ? m_offsets.reserve(n) : m_wide.reserve(n); }
    void shrink() { shrinkColumn(m_offsets), shrinkColumn(m_wide); }

    /// Calls `f` on the part that holds the rows and then on the other (empty) one: what applies
    /// one operation to every row (a permutation, a subset) applies it to both.
    template <class F> void forEachPart(F&& f) { f(m_offsets), f(m_wide); }
    /// The three parts a trace cache stores (docs/cache-format.md), for a CacheWriter or a
    /// CacheReader; wellFormed() checks what a reader filled in.
    template <class A> void archive(A& a) const { a.value(m_base), a.column(m_offsets), a.column(m_wide); }
    template <class A> void archive(A& a)
    {
        m_baseSet = true;
        a.value(m_base), a.column(m_offsets), a.column(m_wide);
    }
    /// `rows` rows in one part: true for every column this class builds.
    bool wellFormed(size_t rows) const
    {
        return m_wide.empty() ? m_offsets.size() == rows : m_offsets.empty() && m_wide.size() == rows;
    }

    std::vector<qint64> toVector() const
    {
        std::vector<qint64> v(size());
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = (*this)[i];
        return v;
    }
    friend bool operator==(const RowidColumn& a, const RowidColumn& b)
    {
        if (a.size() != b.size())
            return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i])
                return false;
        return true;
    }

private:
    void widen()
    {
        m_wide.reserve(std::max(m_offsets.capacity(), m_offsets.size() + 1));
        for (quint32 o : m_offsets)
            m_wide.push_back(m_base + qint64(o));
        std::vector<quint32>().swap(m_offsets); // not `= {}`: that keeps the capacity
    }

    qint64 m_base = 0;
    bool m_baseSet = false;
    std::vector<quint32> m_offsets; ///< rowid − m_base, while every rowid fits
    std::vector<qint64> m_wide; ///< every rowid, once one did not fit
};

} // namespace sl
