// SPDX-License-Identifier: MIT
#include "core/io/exportopener.h"

#include "core/io/preflight.h"
#include "core/util/nativepath.h"

#include <QFileInfo>
#include <QMap>

namespace sl {

LoadOutcome ExportOpener::sqlFailure(const QString& path, int sqliteCode, const QString& detail)
{
    const QString name = NativePath::displayName(path);
    LoadOutcome out;
    switch (sqliteCode & 0xFF) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        out.error = LoadError::Locked;
        out.message = tr("%1 is locked: another program is writing to it (SQLite reports \"%2\"). Wait until it "
                         "has finished, then open it again.")
                          .arg(name, detail);
        break;
    case SQLITE_IOERR:
    case SQLITE_PERM:
    case SQLITE_AUTH:
        out.error = LoadError::Unreadable;
        out.message = tr("%1 could not be read: SQLite reports \"%2\". The disk or network share may have "
                         "failed, or access was denied; the file itself may be fine.")
                          .arg(name, detail);
        break;
    case SQLITE_NOMEM:
        out.error = LoadError::Unreadable;
        out.message = tr("%1 could not be read: SQLite ran out of memory (\"%2\"). Close other traces or "
                         "programs and try again; the file itself may be fine.")
                          .arg(name, detail);
        break;
    case SQLITE_CANTOPEN:
        // Preflight opened the file already, so what fails here is SQLite's own path handling:
        // the default VFS takes 512 bytes at most (when the long-path VFS is not available).
        if (NativePath::encode(QFileInfo(path).absoluteFilePath()).size() + 8 > 512) {
            out.error = LoadError::PathTooLong;
            out.message = tr("%1: its path is longer than the SQLite library in use accepts (512 bytes). "
                             "Move the trace to a shorter path.")
                              .arg(name);
        } else {
            out.error = LoadError::Unreadable;
            out.message = tr("%1 could not be opened by SQLite: \"%2\".").arg(name, detail);
        }
        break;
    case SQLITE_ERROR:
        // A statement built from the probed schema failed: a column or table the probe did not see.
        out.error = LoadError::UnknownSchema;
        out.message = tr("%1 has an export schema Sightline does not know: SQLite reports \"%2\". It may come "
                         "from a newer Nsight Systems; please report the nsys version.")
                          .arg(name, detail);
        break;
    default: // SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT, SQLITE_RANGE, ...
        out.error = LoadError::Corrupt;
        out.message = tr("%1 is damaged: SQLite reports \"%2\". The copy may be incomplete; "
                         "copy or export it again.")
                          .arg(name, detail);
        break;
    }
    return out;
}

LoadOutcome ExportOpener::open(const QString& path, Opened* opened)
{
    LoadOutcome out;
    if (const auto e = Preflight::check(path, &out.message, &opened->fileSize); e != LoadError::None) {
        out.error = e;
        return out;
    }
    const QString name = NativePath::displayName(path);
    opened->db = std::make_unique<SqliteConnection>(path);
    const SqliteConnection& db = *opened->db;
    if (!db.isOpen())
        return sqlFailure(path, db.errorCode(), db.errorText());
    {
        // sqlite_master is the first page read: "file is not a database" or "malformed" show here.
        SqliteStatement st(db, QStringLiteral("SELECT count(*) FROM sqlite_master"));
        if (!st.isValid() || !st.next())
            return sqlFailure(path, st.errorCode() ? st.errorCode() : SQLITE_CORRUPT, st.errorText());
    }
    opened->schema = Schema::probe(db);
    const Schema& schema = opened->schema;
    if (!schema.looksLikeNsys()) {
        out.error = LoadError::NotNsysExport;
        out.message = tr("%1 is an SQLite database but not an Nsight Systems export: it has no StringIds table "
                         "and none of the CUPTI_ACTIVITY_KIND_*, NVTX_EVENTS or TARGET_INFO_* tables. "
                         "Create the export with 'nsys export --type sqlite'.")
                          .arg(name);
        return out;
    }
    if (const auto missing = schema.missingRequired(); !missing.isEmpty()) {
        QStringList names;
        for (const auto& m : missing)
            names << m.table + QLatin1Char('.') + m.column;
        out.error = LoadError::UnknownSchema;
        out.message = tr("%1 was written with an export schema Sightline does not know (a newer Nsight Systems, "
                         "or an edited export): table %2 has no column %3, which Sightline needs to read it "
                         "(missing: %4). Export it with a supported nsys version, or report the nsys version.")
                          .arg(name, missing.front().table, missing.front().column, names.join(QStringLiteral(", ")));
        return out;
    }
    // One warning per table, naming its missing columns.
    QMap<QString, QStringList> optional;
    for (const auto& m : schema.missingOptional())
        optional[m.table] << m.column;
    for (auto it = optional.cbegin(); it != optional.cend(); ++it)
        opened->warnings << tr("%1: table %2 has no column %3 (a newer or edited export schema); it was loaded "
                               "without them, so the figures that need them are incomplete.")
                                .arg(name, it.key(), it.value().join(QStringLiteral(", ")));
    return out;
}

} // namespace sl
