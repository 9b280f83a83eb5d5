// SPDX-License-Identifier: MIT
#include "core/io/traceinspector.h"

#include "core/io/exportopener.h"
#include "core/io/hostreader.h"
#include "core/io/metadatareader.h"
#include "core/util/nativepath.h"

#include <QFileInfo>

namespace sl {

LoadOutcome TraceInspector::inspect(const QString& path)
{
    // The loader's own open and probe: the same files are refused with the same messages.
    ExportOpener::Opened opened;
    if (LoadOutcome o = ExportOpener::open(path, &opened); o.error != LoadError::None)
        return o;
    const SqliteConnection& db = *opened.db;
    auto trace = std::make_shared<Trace>();
    trace->info.filePath = QFileInfo(path).absoluteFilePath();
    trace->info.fileName = NativePath::displayName(path);
    trace->info.fileSize = opened.fileSize;
    trace->loadWarnings = opened.warnings;
    LoadContext ctx;
    QString error;
    if (!HostReader(db, opened.schema, ctx).readStrings(*trace, &error))
        return ExportOpener::sqlFailure(path, ctx.sqliteError, error);
    MetadataReader::read(db, opened.schema, *trace);
    for (const auto& t : opened.schema.tables()) {
        QString quoted = t;
        quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
        trace->info.tables.append({ t, db.scalar(QStringLiteral("SELECT count(*) FROM \"%1\"").arg(quoted), -1) });
    }
    LoadOutcome out;
    out.trace = trace;
    return out;
}

} // namespace sl
