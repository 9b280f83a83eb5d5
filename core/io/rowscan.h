// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"
#include "core/io/sqliteconnection.h"
#include "core/io/valuerow.h"

#include <exception>
#include <type_traits>

namespace sl {

namespace detail {

/// Rows a scan reads between looks at the cancel flag (a few ms even on a busy machine: the
/// cancel-latency target is 0.2 s), and between additions to the shared progress counter
/// (per-row checks cost more than the read).
inline constexpr qint64 kCancelRows = qint64(1) << 12;
inline constexpr qint64 kProgressRows = qint64(1) << 16;

/// Calls `row` with `r`; false when a row function returning bool asked to stop.
template <typename RowFn, typename Row> bool callRow(RowFn& row, const Row& r)
{
    using Result = decltype(row(r));
    static_assert(std::is_void_v<Result> || std::is_same_v<Result, bool>, "a row function returns void or bool");
    if constexpr (std::is_same_v<Result, bool>) {
        return row(r);
    } else {
        row(r);
        return true;
    }
}

/// After row `n` (counted from 1): adds a chunk to the progress and ticks every kProgressRows
/// rows, checks the cancel every kCancelRows; false when cancelled.
inline bool rowDone(LoadContext& ctx, qint64 n)
{
    if ((n & (kCancelRows - 1)) != 0)
        return true;
    if ((n & (kProgressRows - 1)) == 0) {
        ctx.rowsDone.fetch_add(kProgressRows, std::memory_order_relaxed);
        if (ctx.tick)
            ctx.tick();
    }
    return !ctx.cancelled();
}

/// Records the failed statement's error for the loader (the first SQLite code wins).
inline bool scanFailed(const SqliteStatement& st, LoadContext& ctx, QString* error)
{
    *error = st.errorText();
    int none = 0;
    ctx.sqliteError.compare_exchange_strong(none, st.errorCode() ? st.errorCode() : 1);
    return false;
}

} // namespace detail

/// Runs `sql` on `db`, calling `row(const SqliteStatement&)` per row (read values with its
/// int64/isNull/text/utf8 accessors: the C API or a forward-only QSqlQuery, whichever the
/// connection uses). Every 4 k rows it checks cancel, every 64 k rows it adds to the shared
/// progress counter (detail::rowDone).
/// `access`: how the statement reads cells (SqliteStatement::Access).
/// A `row` that returns bool stops the scan by returning false (scanRows then returns true).
/// Returns false on cancel (error left empty) or on a SQLite error (error set).
template <typename RowFn>
bool scanRows(const SqliteConnection& db, LoadContext& ctx, const QString& sql, QString* error, RowFn row,
    SqliteStatement::Access access = SqliteStatement::Access::WholeRow)
{
    SqliteStatement st(db, sql, access);
    if (!st.isValid())
        return detail::scanFailed(st, ctx, error);
    qint64 n = 0;
    while (st.next()) {
        if (!detail::callRow(row, std::as_const(st)))
            break;
        if (!detail::rowDone(ctx, ++n))
            return false;
    }
    ctx.rowsDone.fetch_add(n & (detail::kProgressRows - 1), std::memory_order_relaxed);
    if (!st.errorText().isEmpty())
        return detail::scanFailed(st, ctx, error);
    return true;
}

/// `SELECT columns FROM from` read like scanRows with Access::PerCell, but on a C-API connection
/// inside SQLite: its aggregate RowFunction hands each row's values to `row` as a
/// `const ValueRow&`, all within one sqlite3_step (a third less time than a step and a
/// sqlite3_column_* call per cell). On the QSqlQuery path `row` gets the `const SqliteStatement&`
/// of scanRows: write it as a generic lambda, reading with the accessors both share.
/// `from`: the table and a WHERE clause, never an ORDER BY, GROUP BY, LIMIT or OFFSET (the
/// aggregate sees its rows in the order of the scan, as the plain SELECT returns them, and a
/// LIMIT would apply to its one result row). Cancel, progress, a row function that
/// stops the scan and the return value are as for scanRows; an exception from `row` leaves SQLite
/// first (thrown across its C frames it would leave the statement in an undefined state) and is
/// rethrown here.
template <typename RowFn>
bool scanTable(const SqliteConnection& db, LoadContext& ctx, const QString& columns, const QString& from,
    QString* error, RowFn row)
{
    RowFunction::Slot* slot = db.rowSlot();
    if (!slot) {
        return scanRows(db, ctx, QStringLiteral("SELECT %1 FROM %2").arg(columns, from), error, row,
            SqliteStatement::Access::PerCell);
    }
    struct State
    {
        RowFn& row;
        LoadContext& ctx;
        qint64 n = 0;
        bool stopped = false; ///< by the row function (not an error)
        bool cancelled = false;
        std::exception_ptr thrown {};
    } state { row, ctx, 0, false, false, {} };
    // noexcept, everything in the try: the progress tick allocates and calls the caller's
    // callback, which may throw as well as the row function.
    const RowFunction::Step step = [](void* p, int count, sqlite3_value** values) noexcept {
        auto& s = *static_cast<State*>(p);
        try {
            s.stopped = !detail::callRow(s.row, ValueRow(values, count));
            if (s.stopped)
                return false;
            s.cancelled = !detail::rowDone(s.ctx, ++s.n);
            return !s.cancelled;
        } catch (...) {
            s.thrown = std::current_exception();
            return false;
        }
    };
    SqliteStatement st(db, QStringLiteral("SELECT %1(%2) FROM %3").arg(RowFunction::name(), columns, from),
        SqliteStatement::Access::PerCell);
    if (!st.isValid())
        return detail::scanFailed(st, ctx, error);
    {
        const RowFunction::Scope scope(*slot, step, &state);
        st.next(); // one row, the aggregate's NULL, or the error that stopped it
    }
    if (state.thrown)
        std::rethrow_exception(state.thrown);
    if (state.cancelled)
        return false;
    ctx.rowsDone.fetch_add(state.n & (detail::kProgressRows - 1), std::memory_order_relaxed);
    if (!state.stopped && !st.errorText().isEmpty())
        return detail::scanFailed(st, ctx, error);
    return true;
}

} // namespace sl
