// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// The benchmarks' floor: how fast SQLite alone hands over the rows the loader reads. A bare
/// scan through the C API, on one connection, one table after another, of exactly the columns
/// TraceLoader reads (StringIds, kernels, runtime, NVTX, memcpy, memset), touching every value
/// and storing nothing. Blocking; any thread.
class FloorScan
{
public:
    struct Result
    {
        qint64 ns = -1; ///< wall time of the scan, -1 when the file cannot be opened
        qint64 rows = 0; ///< rows stepped over, all tables
    };
    static Result run(const QString& path);
    /// The same queries through the sqlite3 command-line shell (`sqlite3 -readonly`, output to
    /// the null device): the floor a user measures with the stock tool, including its text
    /// formatting. ns = -1 when the shell is not installed or fails; rows is not counted.
    static Result shellScan(const QString& path, const QString& shell = QStringLiteral("sqlite3"));
};

} // namespace sl
