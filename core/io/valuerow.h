// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <sqlite3.h>

namespace sl {

/// One row's values as SQLite hands them to a function (RowFunction), with SqliteStatement's
/// accessors and conversions: a row function written for either (a generic lambda) reads both
/// alike. A column past the row's end reads as NULL, as sqlite3_column_* does. The values are
/// SQLite's registers, valid during the call only.
class ValueRow
{
public:
    ValueRow(sqlite3_value** values, int count)
        : m_values(values)
        , m_count(count)
    {
    }
    int columnCount() const { return m_count; }
    qint64 int64(int col) const { return inRange(col) ? sqlite3_value_int64(m_values[col]) : 0; }
    double real(int col) const { return inRange(col) ? sqlite3_value_double(m_values[col]) : 0.0; }
    /// The value's storage class (SQLITE_INTEGER ... SQLITE_NULL), as SqliteStatement::type.
    int type(int col) const { return inRange(col) ? sqlite3_value_type(m_values[col]) : SQLITE_NULL; }
    bool isNull(int col) const { return type(col) == SQLITE_NULL; }
    QString text(int col) const { return inRange(col) ? textOf(m_values[col]) : QString(); }
    /// UTF-8 bytes of a text value (empty and null alike when NULL): a view of SQLite's buffer,
    /// valid during the call; a converted copy when the bytes are not valid UTF-8.
    QByteArray utf8(int col) const { return inRange(col) ? utf8Of(m_values[col]) : QByteArray(); }

    /// SqliteStatement's text and UTF-8 conversions of one value, shared with it.
    static QString textOf(sqlite3_value* v);
    static QByteArray utf8Of(sqlite3_value* v);

private:
    bool inRange(int col) const { return col >= 0 && col < m_count; }
    sqlite3_value** m_values;
    int m_count;
};

} // namespace sl
