// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <sqlite3.h>
#include <string>

namespace sl {

/// One prepared INSERT of the synthetic writers: binds columns left to right and inserts one row
/// per row() call. The first failure's SQLite message goes to `*error` (when given and still
/// empty); later rows are skipped.
class SynthInserter
{
public:
    SynthInserter(sqlite3* db, const char* sql, QString* error)
        : m_db(db)
        , m_error(error)
    {
        if (sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) != SQLITE_OK)
            fail();
    }
    ~SynthInserter() { sqlite3_finalize(m_stmt); }
    SynthInserter(const SynthInserter&) = delete;
    SynthInserter& operator=(const SynthInserter&) = delete;

    SynthInserter& i(qint64 v)
    {
        sqlite3_bind_int64(m_stmt, ++m_column, v);
        return *this;
    }
    SynthInserter& t(const std::string& v)
    {
        sqlite3_bind_text(m_stmt, ++m_column, v.c_str(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    /// A BLOB value (bytes, not text), as nsys stores binary NVTX payloads.
    SynthInserter& b(const std::string& v)
    {
        sqlite3_bind_blob(m_stmt, ++m_column, v.data(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    SynthInserter& null()
    {
        sqlite3_bind_null(m_stmt, ++m_column);
        return *this;
    }
    bool row()
    {
        m_column = 0;
        if (!m_ok)
            return false;
        if (sqlite3_step(m_stmt) != SQLITE_DONE)
            fail();
        sqlite3_reset(m_stmt);
        return m_ok;
    }
    bool ok() const { return m_ok; }

private:
    void fail()
    {
        if (m_ok && m_error && m_error->isEmpty())
            *m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        m_ok = false;
    }

    sqlite3* m_db;
    QString* m_error;
    sqlite3_stmt* m_stmt = nullptr;
    int m_column = 0;
    bool m_ok = true;
};

} // namespace sl
