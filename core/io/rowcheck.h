// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/sqliteconnection.h"
#include "core/trace/dataquality.h"

#include <array>
#include <initializer_list>
#include <limits>
#include <optional>
#include <sqlite3.h>

namespace sl {

/// The first load rule (NullRequired, then NotInteger) that the current row of `s` breaks:
/// `required` columns may be neither NULL nor anything but an integer, `integers` may be NULL
/// but nothing else than an integer (sqlite3_column_int64 would read text as 0).
inline std::optional<DataQuality::Rule> checkIntegers(
    const SqliteStatement& s, std::initializer_list<int> required, std::initializer_list<int> integers = {})
{
    for (int c : required)
        if (s.type(c) == SQLITE_NULL)
            return DataQuality::Rule::NullRequired;
    for (int c : required)
        if (s.type(c) != SQLITE_INTEGER)
            return DataQuality::Rule::NotInteger;
    for (int c : integers) {
        const int type = s.type(c);
        if (type != SQLITE_INTEGER && type != SQLITE_NULL)
            return DataQuality::Rule::NotInteger;
    }
    return std::nullopt;
}

/// True when `v` fits the unsigned 32-bit id columns (stream, correlation ids).
inline bool fitsU32(qint64 v) { return v >= 0 && v <= qint64(0xFFFFFFFFu); }

/// The values an integer column may hold, both ends included (IntegerCells).
struct IntRange
{
    qint64 lo;
    qint64 hi;
};
/// Any value but the two a real or text beyond 64 bits saturates to.
inline constexpr IntRange kAnyInt { std::numeric_limits<qint64>::min() + 1, std::numeric_limits<qint64>::max() - 1 };
inline constexpr IntRange kU32 { 0, 0xFFFFFFFF };

/// The integer cells 0..N-1 of the current row, read value first (issue 20): one
/// sqlite3_column_int64 per cell (a SqliteStatement with Access::PerCell), and the cell's
/// storage class asked only when the value cannot be trusted, once. A value is trusted when it
/// is not 0 and lies in its column's `ranges` entry, which must lie inside what the reader's
/// own range rules accept: NULL and text without a leading number read as 0, a real or text
/// beyond 64 bits saturates, so every NULL and non-numeric text is still seen by its storage
/// class and refused as before. What a value-first read takes as read is a text or blob with a
/// leading number, or a real with a fraction (SQLite's INTEGER affinity already stores an
/// integral real or a numeric text as an integer), whose integer reading (SQLite's own, the
/// same as `CAST(x AS INTEGER)`: truncation toward zero, the leading number) is non-zero and in
/// range: it is loaded as that integer, range-checked like any other (docs/analysis.md, Data
/// quality). nsys writes only integers and NULL into these columns.
template <size_t N> class IntegerCells
{
public:
    IntegerCells(const SqliteStatement& s, const std::array<IntRange, N>& ranges)
        : m_s(s)
        , m_ranges(ranges)
    {
        for (size_t c = 0; c < N; ++c)
            m_v[c] = s.int64(int(c));
    }
    qint64 operator[](int c) const { return m_v[size_t(c)]; }
    /// The storage class the load rules see: SQLITE_INTEGER for a trusted value, else the cell's own.
    int type(int c) const
    {
        const auto i = size_t(c);
        if (m_v[i] != 0 && m_v[i] >= m_ranges[i].lo && m_v[i] <= m_ranges[i].hi)
            return SQLITE_INTEGER;
        if (m_type[i] < 0)
            m_type[i] = m_s.type(c);
        return m_type[i];
    }
    bool isNull(int c) const { return type(c) == SQLITE_NULL; }

private:
    const SqliteStatement& m_s;
    const std::array<IntRange, N>& m_ranges;
    std::array<qint64, N> m_v;
    mutable std::array<int, N> m_type = filled(-1); ///< -1: not asked yet
    static constexpr std::array<int, N> filled(int v)
    {
        std::array<int, N> a {};
        a.fill(v);
        return a;
    }
};

/// checkIntegers on value-first cells: the same rules in the same order, a cell's storage class
/// as IntegerCells::type sees it.
template <size_t N>
std::optional<DataQuality::Rule> checkIntegers(
    const IntegerCells<N>& row, std::initializer_list<int> required, std::initializer_list<int> integers = {})
{
    for (int c : required)
        if (row.type(c) == SQLITE_NULL)
            return DataQuality::Rule::NullRequired;
    for (int c : required)
        if (row.type(c) != SQLITE_INTEGER)
            return DataQuality::Rule::NotInteger;
    for (int c : integers) {
        const int type = row.type(c);
        if (type != SQLITE_INTEGER && type != SQLITE_NULL)
            return DataQuality::Rule::NotInteger;
    }
    return std::nullopt;
}

} // namespace sl
