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
        qint64 ns = -1;  ///< wall time of the scan, -1 when the file cannot be opened
        qint64 rows = 0; ///< rows stepped over, all tables
    };
    static Result run(const QString& path);
};

} // namespace sl
