// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

struct sqlite3;

namespace sl {

/// The ENUM_* tables a synthetic export carries (memcpy kind, memory kind, NSYS event type and
/// class), with the DDL and rows of a real Nsight Systems 2026.2 export.
class SynthEnumTables
{
public:
    /// Creates and fills the tables; on failure sets `error` (SQLite's message) and returns false.
    static bool write(sqlite3* db, QString* error);
};

} // namespace sl
