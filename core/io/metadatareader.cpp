// SPDX-License-Identifier: MIT
#include "core/io/metadatareader.h"

#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"
#include "core/trace/tablenames.h"
#include "core/trace/trace.h"

#include <QDateTime>
#include <QFileInfo>
#include <QRegularExpression>

namespace sl {

bool MetadataReader::isSensitiveKey(const QString& key)
{
    static const QRegularExpression re(
        QStringLiteral(
            "PROCESS_|ENVIRONMENT|HOST|USER|PATH|_DIR|FILE|DISPLAY_NAME|COMMAND|ARGUMENT|UUID|SESSION_ID|PACKAGE"),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(key).hasMatch();
}

void MetadataReader::read(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    readVersions(db, schema, trace);
    readCapture(db, schema, trace);
    readGpus(db, schema, trace);
    readProcesses(db, schema, trace);
    readSessionStart(db, schema, trace);
    const QString details = tables::kAnalysisDetails;
    if (schema.hasTable(details) && schema.hasColumn(details, QStringLiteral("duration"))) {
        SqliteStatement st(db,
            QStringLiteral("SELECT duration FROM %1 WHERE typeof(duration) = 'integer' AND duration > 0 LIMIT 1")
                .arg(details));
        if (st.next())
            trace.info.captureDurationNs = st.int64(0);
    }
}

void MetadataReader::readVersions(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    auto& info = trace.info;
    const QString table = schema.firstTable({ tables::kMetaDataExport, tables::kExportMetaData });
    if (!table.isEmpty()) {
        info.versionSource = table == tables::kMetaDataExport ? TraceInfo::VersionSource::MetaDataExport
                                                              : TraceInfo::VersionSource::ExportMetaData;
        SqliteStatement st(db, QStringLiteral("SELECT name, value FROM %1").arg(table));
        while (st.next()) {
            const QString key = st.text(0);
            const QString value = st.text(1);
            if (key == QLatin1String("EXPORT_PRODUCT_VERSION"))
                info.nsysVersion = value;
            else if (key == QLatin1String("EXPORT_SCHEMA_VERSION"))
                info.schemaVersion = value;
            else if (key == QLatin1String("EXPORT_PLATFORM"))
                info.exportPlatform = value;
            if (isSensitiveKey(key))
                info.sensitive.append({ key, value });
            else
                info.captureSettings.append({ key, value });
        }
        if (!info.nsysVersion.isEmpty())
            return;
    }
    // 2021.x wrote no metadata table: the version survives only in install paths
    // (TARGET_INFO_SYSTEM_ENV TargetInstallDir, injection library paths in StringIds).
    static const QRegularExpression re(QStringLiteral("nsight[-_]systems[/-](20\\d\\d\\.\\d+(?:\\.\\d+)*)"),
        QRegularExpression::CaseInsensitiveOption);
    auto tryText = [&](const QString& s) {
        const auto m = re.match(s);
        if (m.hasMatch()) {
            info.nsysVersion = m.captured(1);
            info.versionSource = TraceInfo::VersionSource::Heuristic;
            return true;
        }
        return false;
    };
    if (schema.hasTable(tables::kTargetInfoSystemEnv)) {
        SqliteStatement st(db, QStringLiteral("SELECT value FROM %1").arg(tables::kTargetInfoSystemEnv));
        while (st.next())
            if (tryText(st.text(0)))
                return;
    }
    // StringIds is small (thousands of rows); already in memory.
    for (quint32 i = 0; i < trace.strings.nsysCount(); ++i) {
        const QString& s = trace.strings.at(i);
        if (s.contains(QLatin1String("ight")) && tryText(s))
            return;
    }
}

QStringView MetadataReader::withoutProcessPrefix(QStringView key)
{
    const QLatin1String process("PROCESS_");
    if (!key.startsWith(process))
        return key;
    qsizetype i = process.size();
    while (i < key.size() && key[i].isDigit())
        ++i;
    return i > process.size() && i < key.size() && key[i] == QLatin1Char(':') ? key.mid(i + 1) : key;
}

void MetadataReader::readCapture(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    auto& info = trace.info;
    if (schema.hasTable(tables::kMetaDataCapture)) {
        SqliteStatement st(db, QStringLiteral("SELECT name, value FROM %1").arg(tables::kMetaDataCapture));
        while (st.next()) {
            const QString key = st.text(0);
            const QString value = st.text(1);
            // nsys 2023.3–2025.x write the capture's per-process options as PROCESS_<n>:<key>
            // (PROCESS_0:CUDA_GRAPH_TRACE_OPTIONS:MODE), 2026 exports without the prefix.
            if (info.graphMode == GraphMode::Unknown
                && withoutProcessPrefix(key) == QLatin1String("CUDA_GRAPH_TRACE_OPTIONS:MODE"))
                info.graphMode = GraphModes::fromText(value);
            if (isSensitiveKey(key))
                info.sensitive.append({ key, value });
            else
                info.captureSettings.append({ key, value });
        }
    }
    if (schema.hasTable(tables::kTargetInfoSystemEnv)
        && schema.hasColumn(tables::kTargetInfoSystemEnv, QStringLiteral("name"))) {
        SqliteStatement st(db, QStringLiteral("SELECT name, value FROM %1").arg(tables::kTargetInfoSystemEnv));
        while (st.next())
            info.sensitive.append({ st.text(0), st.text(1) });
    }
    if (schema.hasTable(QStringLiteral("ProcessStreams"))
        && schema.hasColumn(QStringLiteral("ProcessStreams"), QStringLiteral("contentId"))) {
        // Captured stdout/stderr of the profiled processes: an injection failure shows here. The
        // text by its StringIds id in SQL: a 2026 export's ids are sparse, not string indices.
        SqliteStatement st(db,
            QStringLiteral("SELECT s.value FROM ProcessStreams p JOIN %1 s ON s.id = p.contentId")
                .arg(tables::kStringIds));
        static const QRegularExpression err(
            QStringLiteral("error|cannot open shared object|failed"), QRegularExpression::CaseInsensitiveOption);
        info.processStreamRows = 0;
        while (st.next()) {
            ++info.processStreamRows;
            if (err.match(st.text(0)).hasMatch())
                info.processStreamsReportError = true;
        }
    }
}

void MetadataReader::readSessionStart(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    const QString t = tables::kTargetInfoSessionStartTime;
    if (!schema.hasTable(t) || !schema.hasColumn(t, QStringLiteral("utcEpochNs")))
        return;
    const QString local = schema.columnOr(t, QStringLiteral("localTime"), QStringLiteral("NULL"));
    const QString utc = schema.columnOr(t, QStringLiteral("utcTime"), QStringLiteral("NULL"));
    SqliteStatement st(db, QStringLiteral("SELECT utcEpochNs, %1, %2 FROM %3 LIMIT 1").arg(utc, local, t));
    if (!st.isValid() || !st.next())
        return;
    const qint64 epoch = st.int64(0);
    if (epoch <= 0)
        return;
    TraceInfo& info = trace.info;
    info.sessionStartUtcNs = epoch;
    // The profiled machine's local offset: localTime − utcTime, both "yyyy-MM-ddTHH:mm:ss".
    const QDateTime u = QDateTime::fromString(st.text(1), Qt::ISODate);
    const QDateTime l = QDateTime::fromString(st.text(2), Qt::ISODate);
    if (u.isValid() && l.isValid()) {
        const qint64 offset = u.secsTo(l);
        if (offset >= -14 * 3600 && offset <= 14 * 3600)
            info.localOffsetSeconds = int(offset);
    }
}

void MetadataReader::readGpus(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    const QString t = tables::kTargetInfoGpu;
    if (!schema.hasTable(t) || !schema.hasColumn(t, QStringLiteral("id")))
        return;
    const char* const intCols[] = { "smCount", "computeMajor", "computeMinor", "totalMemory", "clockRate",
        "memoryBandwidth", "threadsPerWarp", "maxThreadsPerBlock", "maxWarpsPerSm", "maxBlocksPerSm",
        "maxRegistersPerSm", "maxRegistersPerBlock", "maxShmemPerSm", "maxShmemPerBlock", "maxShmemPerBlockOptin" };
    QStringList select { QStringLiteral("id"), schema.columnOr(t, QStringLiteral("name"), QStringLiteral("NULL")),
        schema.columnOr(t, QStringLiteral("chipName"), QStringLiteral("NULL")) };
    for (const char* c : intCols)
        select << schema.columnOr(t, QLatin1String(c), QStringLiteral("0"));
    SqliteStatement st(db, QStringLiteral("SELECT %1 FROM %2 ORDER BY id").arg(select.join(QLatin1Char(',')), t));
    while (st.next()) {
        GpuInfo g;
        g.deviceId = int(st.int64(0));
        g.name = st.text(1);
        g.chipName = st.text(2);
        int c = 3;
        g.smCount = int(st.int64(c++));
        g.computeMajor = int(st.int64(c++));
        g.computeMinor = int(st.int64(c++));
        g.totalMemory = st.int64(c++);
        g.clockRate = st.int64(c++);
        g.memoryBandwidth = st.int64(c++);
        g.threadsPerWarp = int(st.int64(c++));
        g.maxThreadsPerBlock = int(st.int64(c++));
        g.maxWarpsPerSm = int(st.int64(c++));
        g.maxBlocksPerSm = int(st.int64(c++));
        g.maxRegistersPerSm = int(st.int64(c++));
        g.maxRegistersPerBlock = int(st.int64(c++));
        g.maxShmemPerSm = int(st.int64(c++));
        g.maxShmemPerBlock = int(st.int64(c++));
        g.maxShmemPerBlockOptin = int(st.int64(c++));
        // Some boxes list the same GPU once per VM; keep the first.
        if (!trace.gpu(g.deviceId))
            trace.gpus.append(g);
    }
}

void MetadataReader::readProcesses(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    if (schema.hasTable(tables::kProcesses) && schema.hasColumn(tables::kProcesses, QStringLiteral("name"))) {
        SqliteStatement st(db, QStringLiteral("SELECT globalPid, pid, name FROM %1").arg(tables::kProcesses));
        while (st.next()) {
            const quint32 pid = st.isNull(0) ? quint32(st.int64(1)) : quint32((st.int64(0) >> 24) & 0xFFFFFF);
            // Base name only: a full executable path can carry a user or project name.
            QString name = QFileInfo(st.text(2)).fileName();
            if (!name.isEmpty() && !trace.processNames.contains(pid))
                trace.processNames.insert(pid, name);
        }
    }
    if (schema.hasTable(QStringLiteral("ThreadNames"))) {
        SqliteStatement st(db, QStringLiteral("SELECT globalTid, nameId FROM ThreadNames"));
        while (st.next()) {
            const qint64 g = st.int64(0);
            const quint64 key = (quint64((g >> 24) & 0xFFFFFF) << 32) | quint64(g & 0xFFFFFF);
            trace.threadNames.insert(key, quint32(st.int64(1)));
        }
    }
}

} // namespace sl
