// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

struct sqlite3;

namespace sl {

/// The 24 ENUM_* tables every Nsight Systems 2026.x export carries, with the DDL and rows of a
/// real 2026.2 export (whatever the capture: they describe the format, not the run).
class SynthEnumTables
{
public:
    /// Creates and fills the tables; on failure sets `error` (SQLite's message) and returns false.
    static bool write(sqlite3* db, QString* error);
};

} // namespace sl
