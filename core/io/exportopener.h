// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"
#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"

#include <QCoreApplication>
#include <QStringList>

#include <memory>

namespace sl {

/// The one open-and-probe of an export, shared by TraceLoader and TraceInspector (`sightline-cli
/// info`, the GUI's information dialog), so both refuse the same files with the same messages:
/// Preflight, the SqliteConnection (immutable, read-only), a first read of sqlite_master,
/// Schema::probe, "is it nsys", and the columns the loader needs (an unknown schema names the
/// table and column; a missing optional column becomes a warning).
class ExportOpener
{
    Q_DECLARE_TR_FUNCTIONS(ExportOpener)
public:
    struct Opened
    {
        std::unique_ptr<SqliteConnection> db;
        Schema schema;
        qint64 fileSize = 0;
        QStringList warnings; ///< translated, for Trace::loadWarnings
    };
    /// LoadError::None and `opened` filled, or the error with its message.
    static LoadOutcome open(const QString& path, Opened* opened);
    /// A failure of SQLite on the file (open or any read later), classified by the SQLite result
    /// code: malformed → Corrupt ("damaged"), busy/locked → Locked, I/O and permission →
    /// Unreadable, a path SQLite cannot take → PathTooLong, an unknown column → UnknownSchema.
    static LoadOutcome sqlFailure(const QString& path, int sqliteCode, const QString& detail);
};

} // namespace sl
