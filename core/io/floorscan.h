// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace sl {

class SqliteConnection;

/// The benchmarks' floor: how fast SQLite alone hands over the values the loader reads.
/// Blocking; any thread.
class FloorScan
{
public:
    struct Result
    {
        qint64 ns = -1; ///< wall time of the scan, -1 when the file cannot be opened
        qint64 rows = 0; ///< rows stepped over, all tables (C-API scan only)
    };
    /// A bare scan through the C API, on one connection, one table after another, of exactly the
    /// columns TraceLoader reads, touching every value and storing nothing.
    static Result run(const QString& path);
    /// The floor every benchmark figure is a ratio to (issue 20): the sqlite3 command-line shell
    /// (`sqlite3 -readonly -batch`) computing `total(column)` of every column the load reads, one
    /// aggregate statement per table the loader reads (aggregateQueries). SQLite decodes every
    /// value and the shell prints one line per table, so this is reading without formatting.
    /// ns = -1 when the shell is not installed or fails; rows is not counted.
    static Result shellScan(const QString& path, const QString& shell = QStringLiteral("sqlite3"));
    /// The statements of shellScan for this export: per table the loader reads (StringIds,
    /// kernels, runtime API, NVTX, memcpy, memset, graph launches, GPU metrics, OS runtime, GPU
    /// memory usage events),
    /// `SELECT total(c1), total(c2), ... FROM table` over the columns of that table the loader
    /// reads and the export has (the loader's own row filter kept: NVTX event types 59, 60, 75).
    /// rowid is left out: it is the b-tree key, not a stored value. Empty when no table is read.
    static QStringList aggregateQueries(const SqliteConnection& db);
};

} // namespace sl
