// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/sqliteconnection.h"
#include "core/trace/dataquality.h"

#include <array>
#include <bit>
#include <initializer_list>
#include <limits>
#include <optional>
#include <sqlite3.h>

namespace sl {

/// Rows a reader reserves up front at most: MAX(rowid) is the row count in every export we have
/// seen, but a damaged table's can be anything.
inline constexpr qint64 kMaxReservedRows = qint64(1) << 26;

/// The rows to reserve for `table`: its MAX(rowid), held to [0, kMaxReservedRows].
inline qint64 reservedRows(const SqliteConnection& db, const QString& table)
{
    return qBound<qint64>(0, db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(table), 0), kMaxReservedRows);
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

/// The bit of each column in `cols` (SELECT positions below 32), at compile time.
consteval quint32 columnMask(std::initializer_list<int> cols)
{
    quint32 m = 0;
    for (int c : cols)
        m |= quint32(1) << c;
    return m;
}

/// The integer cells 0..N-1 of the current row, read value first (issue 20): one int64() per
/// cell of `Row` (a ValueRow in scanTable, or a SqliteStatement with Access::PerCell), and the cell's
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
/// The storage class is asked after the value was read: SQLite documents sqlite3_column_type as
/// undefined after a conversion, but reading an integer converts nothing in place
/// (sqlite3VdbeIntValue takes a const Mem, 3.40), and tst_datavalidation::valueFirstCells
/// fails should a library change that.
template <typename Row, size_t N> class IntegerCells
{
    static_assert(N <= 32, "one bit a cell");

public:
    IntegerCells(const Row& s, const std::array<IntRange, N>& ranges)
        : m_s(s)
    {
        for (size_t c = 0; c < N; ++c) {
            const qint64 v = s.int64(int(c));
            m_v[c] = v;
            if (v == 0 || v < ranges[c].lo || v > ranges[c].hi)
                m_suspect |= quint32(1) << c;
        }
    }
    qint64 operator[](int c) const { return m_v[size_t(c)]; }
    /// The cells of `mask` whose storage class the load rules see as NULL / as neither NULL nor
    /// an integer (a trusted value counts as an integer; the others are asked, once).
    quint32 nulls(quint32 mask) const { return ask(mask) & m_null; }
    quint32 nonIntegers(quint32 mask) const { return ask(mask) & m_nonInteger; }
    bool isNull(int c) const { return nulls(quint32(1) << c) != 0; }

private:
    quint32 ask(quint32 mask) const
    {
        for (quint32 todo = mask & m_suspect & ~m_asked; todo != 0; todo &= todo - 1) {
            const int c = std::countr_zero(todo);
            const int type = m_s.type(c);
            if (type == SQLITE_NULL)
                m_null |= quint32(1) << c;
            else if (type != SQLITE_INTEGER)
                m_nonInteger |= quint32(1) << c;
        }
        m_asked |= mask & m_suspect;
        return mask;
    }
    const Row& m_s;
    std::array<qint64, N> m_v;
    quint32 m_suspect = 0; ///< cells whose value is 0 or out of range
    mutable quint32 m_asked = 0; ///< suspects whose storage class is known
    mutable quint32 m_null = 0;
    mutable quint32 m_nonInteger = 0;
};

/// The first load rule (NullRequired, then NotInteger) the row breaks: `required` cells (columnMask
/// of SELECT positions) may be neither NULL nor anything but an integer, `integers` may be NULL but
/// nothing else than an integer; a cell's storage class as IntegerCells sees it.
template <typename Row, size_t N>
std::optional<DataQuality::Rule> checkIntegers(const IntegerCells<Row, N>& row, quint32 required, quint32 integers)
{
    if (row.nulls(required) != 0)
        return DataQuality::Rule::NullRequired;
    if (row.nonIntegers(required | integers) != 0)
        return DataQuality::Rule::NotInteger;
    return std::nullopt;
}

} // namespace sl
