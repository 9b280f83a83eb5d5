// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"
#include "core/io/sqliteconnection.h"

#include <type_traits>

namespace sl {

/// Runs `sql` on `db`, calling `row(const SqliteStatement&)` per row (read values with its
/// int64/isNull/text/utf8 accessors: the C API or a forward-only QSqlQuery, whichever the
/// connection uses). Every 4 k rows it checks cancel (a few ms of reading even on a busy
/// machine: the cancel-latency target is 0.2 s), every 64 k rows it adds to the shared progress
/// counter (per-row checks cost more than the read).
/// `access`: how the statement reads cells (SqliteStatement::Access).
/// A `row` that returns bool stops the scan by returning false (scanRows then returns true).
/// Returns false on cancel (error left empty) or on a SQLite error (error set).
template <typename RowFn>
bool scanRows(const SqliteConnection& db, LoadContext& ctx, const QString& sql, QString* error, RowFn row,
    SqliteStatement::Access access = SqliteStatement::Access::WholeRow)
{
    constexpr qint64 chunk = 1 << 16;
    constexpr qint64 cancelChunk = 1 << 12;
    SqliteStatement st(db, sql, access);
    auto failed = [&] {
        *error = st.errorText();
        int none = 0;
        ctx.sqliteError.compare_exchange_strong(none, st.errorCode() ? st.errorCode() : 1);
        return false;
    };
    if (!st.isValid())
        return failed();
    qint64 n = 0;
    while (st.next()) {
        using Result = decltype(row(std::as_const(st)));
        static_assert(std::is_void_v<Result> || std::is_same_v<Result, bool>, "a row function returns void or bool");
        if constexpr (std::is_same_v<Result, bool>) {
            if (!row(std::as_const(st)))
                break;
        } else {
            row(std::as_const(st));
        }
        if ((++n & (cancelChunk - 1)) == 0) {
            if ((n & (chunk - 1)) == 0) {
                ctx.rowsDone.fetch_add(chunk, std::memory_order_relaxed);
                if (ctx.tick)
                    ctx.tick();
            }
            if (ctx.cancelled())
                return false;
        }
    }
    ctx.rowsDone.fetch_add(n & (chunk - 1), std::memory_order_relaxed);
    if (!st.errorText().isEmpty())
        return failed();
    return true;
}

} // namespace sl
