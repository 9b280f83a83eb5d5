// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

struct sqlite3;
struct sqlite3_stmt;

namespace sl {

/// A read-only QSQLITE connection owned by the calling thread. The export is never written:
/// it is opened with QSQLITE_OPEN_READONLY and `PRAGMA query_only`. Bulk scans use the
/// driver's sqlite3 handle (QSqlDriver::handle()) with the C API, which is 1.5× faster than
/// QSqlQuery's QVariant per value (measured in style-by-example Part 2).
/// Create, use and destroy on one thread (Qt 6.4 connections cannot change threads).
class SqliteConnection
{
public:
    explicit SqliteConnection(const QString& path);
    ~SqliteConnection();
    SqliteConnection(const SqliteConnection&) = delete;
    SqliteConnection& operator=(const SqliteConnection&) = delete;

    bool isOpen() const { return m_handle != nullptr; }
    QString errorText() const { return m_error; }
    sqlite3* handle() const { return m_handle; }
    QString connectionName() const { return m_name; }

    /// First column of the first row, or `fallback` (also on error).
    qint64 scalar(const QString& sql, qint64 fallback = -1) const;
    QStringList tableNames() const;
    QStringList columnNames(const QString& table) const;

private:
    QString m_name;
    QString m_error;
    sqlite3* m_handle = nullptr;
};

/// A prepared statement on a SqliteConnection's handle; finalised on destruction.
class SqliteStatement
{
public:
    SqliteStatement(sqlite3* db, const QString& sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    bool isValid() const { return m_stmt != nullptr; }
    QString errorText() const { return m_error; }
    /// Next row: true while rows come; false at the end or on error (then errorText() is set
    /// and errorCode() is the SQLite result code, e.g. SQLITE_CORRUPT).
    bool next();
    int errorCode() const { return m_code; }
    qint64 int64(int col) const;
    bool isNull(int col) const;
    double real(int col) const;
    QString text(int col) const;
    sqlite3_stmt* raw() const { return m_stmt; }

private:
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
    QString m_error;
    int m_code = 0;
};

} // namespace sl
