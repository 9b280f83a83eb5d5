// SPDX-License-Identifier: MIT
#include "core/io/traceinspector.h"

#include "core/io/hostreader.h"
#include "core/io/metadatareader.h"
#include "core/io/preflight.h"
#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"

#include <QFileInfo>

namespace sl {

LoadOutcome TraceInspector::inspect(const QString& path)
{
    LoadOutcome out;
    if (const auto e = Preflight::check(path, &out.message); e != LoadError::None) {
        out.error = e;
        return out;
    }
    const QFileInfo fi(path);
    SqliteConnection db(path);
    SqliteStatement probe(db.handle(), QStringLiteral("SELECT count(*) FROM sqlite_master"));
    if (!db.isOpen() || !probe.isValid() || !probe.next()) {
        out.error = LoadError::Corrupt;
        out.message = tr("%1 is damaged: SQLite reports \"%2\".").arg(fi.fileName(), db.isOpen() ? probe.errorText() : db.errorText());
        return out;
    }
    const Schema schema = Schema::probe(db);
    if (!schema.looksLikeNsys()) {
        out.error = LoadError::NotNsysExport;
        out.message = tr("%1 is an SQLite database but not an Nsight Systems export.").arg(fi.fileName());
        return out;
    }
    auto trace = std::make_shared<Trace>();
    trace->info.filePath = fi.absoluteFilePath();
    trace->info.fileName = fi.fileName();
    trace->info.fileSize = fi.size();
    LoadContext ctx;
    QString error;
    HostReader(db, schema, ctx).readStrings(*trace, &error);
    MetadataReader::read(db, schema, *trace);
    for (const auto& t : schema.tables()) {
        QString quoted = t;
        quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
        trace->info.tables.append({t, db.scalar(QStringLiteral("SELECT count(*) FROM \"%1\"").arg(quoted), -1)});
    }
    out.trace = trace;
    return out;
}

} // namespace sl
