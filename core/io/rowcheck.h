// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/sqliteconnection.h"
#include "core/trace/dataquality.h"

#include <initializer_list>
#include <optional>
#include <sqlite3.h>

namespace sl {

/// The first load rule (NullRequired, then NotInteger) that the current row of `s` breaks:
/// `required` columns may be neither NULL nor anything but an integer, `integers` may be NULL
/// but nothing else than an integer (sqlite3_column_int64 would read text as 0).
inline std::optional<DataQuality::Rule> checkIntegers(
    const SqliteStatement& s, std::initializer_list<int> required, std::initializer_list<int> integers = {})
{
    for (int c : required)
        if (s.type(c) == SQLITE_NULL)
            return DataQuality::Rule::NullRequired;
    for (int c : required)
        if (s.type(c) != SQLITE_INTEGER)
            return DataQuality::Rule::NotInteger;
    for (int c : integers) {
        const int type = s.type(c);
        if (type != SQLITE_INTEGER && type != SQLITE_NULL)
            return DataQuality::Rule::NotInteger;
    }
    return std::nullopt;
}

/// True when `v` fits the unsigned 32-bit id columns (stream, correlation ids).
inline bool fitsU32(qint64 v) { return v >= 0 && v <= qint64(0xFFFFFFFFu); }

} // namespace sl
