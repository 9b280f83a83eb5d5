// SPDX-License-Identifier: MIT
#include "core/io/rowfunction.h"

namespace sl {

namespace {

void rowsStep(sqlite3_context* context, int count, sqlite3_value** values)
{
    const auto* slot = static_cast<const RowFunction::Slot*>(sqlite3_user_data(context));
    if (!slot->step) {
        sqlite3_result_error(context, "sightline_rows() outside a scan", -1);
        return;
    }
    if (!slot->step(slot->state, count, values))
        sqlite3_result_error_code(context, SQLITE_ABORT);
}

void rowsFinal(sqlite3_context* context) { sqlite3_result_null(context); }

void freeSlot(void* slot) { delete static_cast<RowFunction::Slot*>(slot); }

} // namespace

RowFunction::Slot* RowFunction::install(sqlite3* db)
{
    auto* slot = new Slot;
    const QByteArray fn = name().toLatin1();
    // -1: any number of arguments. On failure SQLite has already called freeSlot.
    const int rc = sqlite3_create_function_v2(
        db, fn.constData(), -1, SQLITE_UTF8 | SQLITE_DIRECTONLY, slot, nullptr, rowsStep, rowsFinal, freeSlot);
    return rc == SQLITE_OK ? slot : nullptr;
}

} // namespace sl
