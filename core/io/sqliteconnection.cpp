// SPDX-License-Identifier: MIT
#include "core/io/sqliteconnection.h"

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QVariant>

#include <sqlite3.h>

#include <atomic>

namespace sl {

SqliteConnection::SqliteConnection(const QString& path)
{
    static std::atomic<int> s_seq{0};
    m_name = QStringLiteral("sightline-%1").arg(++s_seq);
    auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
    if (!db.open()) {
        m_error = db.lastError().text();
        return;
    }
    const QVariant v = db.driver()->handle();
    if (v.isValid() && qstrcmp(v.typeName(), "sqlite3*") == 0)
        m_handle = *static_cast<sqlite3* const*>(v.data());
    if (!m_handle) {
        m_error = QStringLiteral("QSQLITE driver handle unavailable");
        return;
    }
    // Belt and braces: even a bug in our SQL cannot modify the user's file.
    sqlite3_exec(m_handle, "PRAGMA query_only=1", nullptr, nullptr, nullptr);
}

SqliteConnection::~SqliteConnection()
{
    {
        auto db = QSqlDatabase::database(m_name, false);
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

qint64 SqliteConnection::scalar(const QString& sql, qint64 fallback) const
{
    if (!m_handle)
        return fallback;
    SqliteStatement st(m_handle, sql);
    if (st.isValid() && st.next() && !st.isNull(0))
        return st.int64(0);
    return fallback;
}

QStringList SqliteConnection::tableNames() const
{
    QStringList out;
    if (!m_handle)
        return out;
    SqliteStatement st(m_handle, QStringLiteral("SELECT name FROM sqlite_master WHERE type='table' ORDER BY rowid"));
    while (st.next())
        out << st.text(0);
    return out;
}

QStringList SqliteConnection::columnNames(const QString& table) const
{
    QStringList out;
    if (!m_handle)
        return out;
    // Table names come from sqlite_master; quote them anyway.
    QString quoted = table;
    quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
    SqliteStatement st(m_handle, QStringLiteral("PRAGMA table_info(\"%1\")").arg(quoted));
    while (st.next())
        out << st.text(1);
    return out;
}

SqliteStatement::SqliteStatement(sqlite3* db, const QString& sql)
    : m_db(db)
{
    const QByteArray utf8 = sql.toUtf8();
    m_code = sqlite3_prepare_v2(db, utf8.constData(), int(utf8.size()), &m_stmt, nullptr);
    if (m_code != SQLITE_OK) {
        m_error = QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
    }
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_stmt);
}

bool SqliteStatement::next()
{
    if (!m_stmt)
        return false;
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE) {
        m_code = rc;
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
    }
    return false;
}

qint64 SqliteStatement::int64(int col) const
{
    return sqlite3_column_int64(m_stmt, col);
}

bool SqliteStatement::isNull(int col) const
{
    return sqlite3_column_type(m_stmt, col) == SQLITE_NULL;
}

double SqliteStatement::real(int col) const
{
    return sqlite3_column_double(m_stmt, col);
}

QString SqliteStatement::text(int col) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
    return p ? QString::fromUtf8(p, sqlite3_column_bytes(m_stmt, col)) : QString();
}

} // namespace sl
