// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/rowfunction.h"

#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QStringList>

#include <memory>
#include <sqlite3.h>
#include <vector>

namespace sl {

/// The one way Sightline opens an export: a QSQLITE connection owned by the calling thread,
/// opened read-only through an SQLite URI with `immutable=1` (no lock, no journal, no -wal/-shm:
/// nothing is ever created beside the file, also from a read-only folder) and a busy timeout
/// of 0. Preflight decides beforehand whether immutable is safe (no -wal with content, no hot
/// journal, no writer holding a lock); see docs/architecture.md, Loading.
///
/// Bulk scans use the driver's sqlite3 handle with the C API (1.5× faster than a QVariant per
/// value, style-by-example Part 2) only when SqliteLibrary::check() proved that the QSQLITE
/// plugin and the libsqlite3 Sightline links are one and the same library; otherwise every
/// statement is a forward-only QSqlQuery (SqliteStatement hides which).
/// Create, use and destroy on one thread (Qt 6.4 connections cannot change threads).
class SqliteConnection
{
public:
    explicit SqliteConnection(const QString& path);
    ~SqliteConnection();
    SqliteConnection(const SqliteConnection&) = delete;
    SqliteConnection& operator=(const SqliteConnection&) = delete;

    bool isOpen() const { return m_open; }
    QString errorText() const { return m_error; }
    /// The SQLite result code of a failed open (primary code, e.g. SQLITE_CANTOPEN), else 0.
    int errorCode() const { return m_code; }
    /// The driver's handle when scans may use the C API on it, else null (QSqlQuery scans).
    sqlite3* handle() const { return m_handle; }
    bool usesCApi() const { return m_handle != nullptr; }
    /// The connection's RowFunction when scans may run inside SQLite (scanTable), else null.
    RowFunction::Slot* rowSlot() const { return m_rowSlot; }
    QString connectionName() const { return m_name; }

    /// A smaller page cache for a connection that only scans tables in rowid order (the loader's).
    void limitPageCacheForScans() const;
    /// First column of the first row, or `fallback` (also on error).
    qint64 scalar(const QString& sql, qint64 fallback = -1) const;
    QStringList tableNames() const;
    QStringList columnNames(const QString& table) const;
    /// Stops the statement running on this connection from another thread (sqlite3_interrupt).
    /// Only on the C-API path: Qt has no interrupt, so with QSqlQuery scans this returns false
    /// and the caller waits for the statement to finish.
    bool interrupt() const;

    /// The URI handed to QSQLITE for `path`: `file:` + the percent-encoded bytes of the path
    /// (any bytes, also names that are not UTF-8) + `?immutable=1`, and the long-path VFS
    /// when the path is longer than the default VFS accepts.
    static QString uriFor(const QString& path, bool longPathVfs);

private:
    QString m_name;
    QString m_error;
    int m_code = 0;
    bool m_open = false;
    sqlite3* m_handle = nullptr;
    RowFunction::Slot* m_rowSlot = nullptr; ///< owned by the driver's sqlite3 handle
};

/// Whether the QSQLITE plugin and Sightline's linked libsqlite3 are the same library, checked
/// once per process (see the .cpp for the reasoning). SIGHTLINE_SQLITE_SCAN=query forces the
/// QSqlQuery path for every connection opened afterwards (tests run the loader both ways).
class SqliteLibrary
{
public:
    struct Check
    {
        bool same = false;
        QString reason; ///< why (not), translated: for `sightline-cli info`
        QString linkedVersion; ///< sqlite3_libversion() of the linked library
        QString driverVersion; ///< sqlite_version() through the QSQLITE driver
    };
    static const Check& check();
    /// check().same and not forced off by SIGHTLINE_SQLITE_SCAN=query.
    static bool useCApi();
    /// The default unix VFS refuses paths over 512 bytes; Sightline registers a copy of it that
    /// accepts PATH_MAX under this name, in the driver's library (so only when same).
    static const char* longPathVfsName();
    static bool hasLongPathVfs();
};

/// A statement on a SqliteConnection: a prepared sqlite3_stmt on the C-API path, a
/// forward-only QSqlQuery otherwise, with the same accessors (SQLite's conversions on both:
/// NULL reads as 0, a real is truncated, text is parsed as far as it is a number).
class SqliteStatement
{
public:
    /// How the C-API path reads a row's cells (the QSqlQuery path is the same either way).
    enum class Access {
        /// next() fetches every cell once (sqlite3_column_value) and the accessors read it with
        /// sqlite3_value_*: for readers that ask a cell's storage class and its value.
        WholeRow,
        /// Each accessor is one sqlite3_column_* call and next() fetches nothing: for readers
        /// that read each cell once, value first (IntegerCells in rowcheck.h): one call a cell
        /// instead of two (issue 20).
        PerCell,
    };
    SqliteStatement(const SqliteConnection& db, const QString& sql, Access access = Access::WholeRow);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    bool isValid() const { return m_stmt != nullptr || m_queryValid; }
    QString errorText() const { return m_error; }
    /// Next row: true while rows come; false at the end or on error (then errorText() is set
    /// and errorCode() is the SQLite result code, e.g. SQLITE_CORRUPT).
    bool next();
    int errorCode() const { return m_code; }
    int columnCount() const
    {
        return m_stmt ? sqlite3_column_count(m_stmt) : (m_query ? m_query->record().count() : 0);
    }
    // With Access::WholeRow, on the C-API path, the accessors read the row's values that next()
    // fetched once per column (sqlite3_column_value): every sqlite3_column_* call takes and
    // releases the connection's mutex, which cost more than the decoding itself when the readers
    // asked a column's type and value separately (issue 20). The values are SQLite's own result cells, valid until the
    // next step, read by the thread that steps (a connection belongs to one thread).
    // With Access::PerCell, int64() and type() are one sqlite3_column_* call each; the other
    // accessors fetch the cell (sqlite3_column_value) when called.
    qint64 int64(int col) const
    {
        if (!m_stmt)
            return queryInt64(col);
        return m_perCell ? sqlite3_column_int64(m_stmt, col) : sqlite3_value_int64(cell(col));
    }
    bool isNull(int col) const { return m_stmt ? type(col) == SQLITE_NULL : queryIsNull(col); }
    double real(int col) const { return m_stmt ? sqlite3_value_double(cell(col)) : queryReal(col); }
    /// The value's storage class: SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL
    /// (the data-quality rules tell text where an integer belongs from a real integer).
    int type(int col) const
    {
        if (!m_stmt)
            return queryType(col);
        return m_perCell ? sqlite3_column_type(m_stmt, col) : sqlite3_value_type(cell(col));
    }
    QString text(int col) const;
    /// UTF-8 bytes of a text value (empty and null alike when NULL): on the C-API path a view of
    /// SQLite's buffer valid until next(); on the QSqlQuery path a converted copy.
    QByteArray utf8(int col) const;

private:
    /// The current row's value of `col` (an out-of-range column: SQLite's NULL value, as with
    /// sqlite3_column_*; Access::PerCell: fetched now, m_cells stays empty).
    sqlite3_value* cell(int col) const
    {
        return col >= 0 && size_t(col) < m_cells.size() ? m_cells[size_t(col)] : sqlite3_column_value(m_stmt, col);
    }
    qint64 queryInt64(int col) const;
    bool queryIsNull(int col) const;
    int queryType(int col) const;
    double queryReal(int col) const;

    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
    std::vector<sqlite3_value*> m_cells; ///< C-API path, Access::WholeRow: the current row's values (next())
    bool m_perCell = false; ///< Access::PerCell
    std::unique_ptr<QSqlQuery> m_query;
    bool m_queryValid = false;
    QString m_error;
    int m_code = 0;
};

} // namespace sl
