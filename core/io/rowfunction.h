// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <sqlite3.h>

namespace sl {

/// An aggregate SQL function, `sightline_rows(...)`, registered on each C-API connection
/// (SqliteConnection): `SELECT sightline_rows(a, b, c) FROM t` hands every row's values to the
/// step function of the scan in progress (scanTable, rowscan.h) from inside one sqlite3_step.
/// A row then costs SQLite's decoding of its cells and one call, instead of a sqlite3_step and
/// a sqlite3_column_* call per cell with their API checks: the kernel table's 101 k rows read
/// in 33 ms instead of 50 (issue 20). The function changes nothing in the file; it is
/// SQLITE_DIRECTONLY, so the export's own views and triggers cannot call it.
class RowFunction
{
public:
    /// Called per row with the row's values; false stops the statement (SQLITE_ABORT).
    using Step = bool (*)(void* state, int count, sqlite3_value** values);
    /// The scan a connection's function feeds; owned by SQLite, freed when the connection closes.
    struct Slot
    {
        Step step = nullptr;
        void* state = nullptr;
    };

    /// Registers the function on `db`; null when SQLite refused (then scans take the
    /// sqlite3_step way).
    static Slot* install(sqlite3* db);
    static QString name() { return QStringLiteral("sightline_rows"); }

    /// Points `slot` at a scan for its lifetime and restores what it pointed at before, so that
    /// a scan started from inside another's row function leaves the outer one intact.
    class Scope
    {
    public:
        Scope(Slot& slot, Step step, void* state)
            : m_slot(slot)
            , m_saved(slot)
        {
            slot = Slot { step, state };
        }
        ~Scope() { m_slot = m_saved; }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        Slot& m_slot;
        Slot m_saved;
    };
};

} // namespace sl
