// SPDX-License-Identifier: MIT
#include "tests/common/tracefixture.h"

#include <QTest>

#include <sqlite3.h>

namespace sl::test {

namespace {
const char* const kDdl2026 = R"SQL(
CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE META_DATA_EXPORT (name TEXT NOT NULL, value TEXT);
CREATE TABLE META_DATA_CAPTURE (name TEXT NOT NULL, value TEXT);
CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, busLocation TEXT, isDiscrete INTEGER,
  l2CacheSize INTEGER, totalMemory INTEGER, memoryBandwidth INTEGER, clockRate INTEGER, smCount INTEGER, pwGpuId INTEGER,
  uuid TEXT, luid INTEGER, chipName TEXT, cuDevice INTEGER, ctxswDevPath TEXT, ctrlDevPath TEXT, revision INTEGER,
  nodeMask INTEGER, constantMemory INTEGER, maxIPC INTEGER, maxRegistersPerBlock INTEGER, maxShmemPerBlock INTEGER,
  maxShmemPerBlockOptin INTEGER, maxShmemPerSm INTEGER, maxRegistersPerSm INTEGER, threadsPerWarp INTEGER,
  asyncEngines INTEGER, maxWarpsPerSm INTEGER, maxBlocksPerSm INTEGER, maxThreadsPerBlock INTEGER, maxBlockDimX INTEGER,
  maxBlockDimY INTEGER, maxBlockDimZ INTEGER, maxGridDimX INTEGER, maxGridDimY INTEGER, maxGridDimZ INTEGER,
  computeMajor INTEGER, computeMinor INTEGER, smMajor INTEGER, smMinor INTEGER);
CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);
CREATE TABLE ThreadNames (nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER,
  demangledName INTEGER NOT NULL, shortName INTEGER NOT NULL, mangledName INTEGER, launchType INTEGER, cacheConfig INTEGER,
  registersPerThread INTEGER NOT NULL, gridX INTEGER NOT NULL, gridY INTEGER NOT NULL, gridZ INTEGER NOT NULL,
  blockX INTEGER NOT NULL, blockY INTEGER NOT NULL, blockZ INTEGER NOT NULL, staticSharedMemory INTEGER NOT NULL,
  dynamicSharedMemory INTEGER NOT NULL, localMemoryPerThread INTEGER NOT NULL, localMemoryTotal INTEGER NOT NULL,
  gridId INTEGER NOT NULL, sharedMemoryExecuted INTEGER, graphNodeId INTEGER, sharedMemoryLimitConfig INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, eventClass INTEGER NOT NULL,
  globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER,
  bytes INTEGER NOT NULL, copyKind INTEGER NOT NULL, deprecatedSrcId INTEGER, srcKind INTEGER, dstKind INTEGER,
  srcDeviceId INTEGER, srcContextId INTEGER, dstDeviceId INTEGER, dstContextId INTEGER, migrationCause INTEGER,
  graphNodeId INTEGER, virtualAddress INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER,
  value INTEGER NOT NULL, bytes INTEGER NOT NULL, graphNodeId INTEGER, memKind INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_GRAPH_TRACE (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER,
  graphId INTEGER NOT NULL, graphExecId INTEGER NOT NULL);
CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, rangeId INTEGER, category INTEGER,
  color INTEGER, text TEXT, globalTid INTEGER, endGlobalTid INTEGER, textId INTEGER, domainId INTEGER, uint64Value INTEGER,
  int64Value INTEGER, doubleValue REAL, uint32Value INTEGER, int32Value INTEGER, floatValue REAL, jsonTextId INTEGER,
  jsonText TEXT);
CREATE TABLE PROFILER_OVERHEAD (start INTEGER NOT NULL, end INTEGER NOT NULL, globalTid INTEGER,
  nameId INTEGER NOT NULL, overheadType INTEGER NOT NULL);
INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_PRODUCT_VERSION', '2026.2.1.210'), ('EXPORT_SCHEMA_VERSION', '3.25.0'),
  ('EXPORT_HOST', 'secret-host-name'), ('EXPORT_USER', 'secret-user-name');
INSERT INTO META_DATA_CAPTURE VALUES ('CUDA_GRAPH_TRACE_OPTIONS:MODE', 'Node'),
  ('PROCESS_0:ENVIRONMENT_VARIABLE', 'HF_TOKEN=fixture-secret-token-0123456789');
)SQL";

// 2021.2: no metadata, no PROCESSES, KERNEL without mangledName and greenContextId, NVTX without textId payloads.
const char* const kDdl2021 = R"SQL(
CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE ThreadNames (nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER);
CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, smCount INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER,
  demangledName INTEGER NOT NULL, shortName INTEGER NOT NULL, launchType INTEGER, cacheConfig INTEGER,
  registersPerThread INTEGER NOT NULL, gridX INTEGER NOT NULL, gridY INTEGER NOT NULL, gridZ INTEGER NOT NULL,
  blockX INTEGER NOT NULL, blockY INTEGER NOT NULL, blockZ INTEGER NOT NULL, staticSharedMemory INTEGER NOT NULL,
  dynamicSharedMemory INTEGER NOT NULL, localMemoryPerThread INTEGER NOT NULL, localMemoryTotal INTEGER NOT NULL,
  gridId INTEGER NOT NULL, sharedMemoryExecuted INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, eventClass INTEGER NOT NULL,
  globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, bytes INTEGER NOT NULL,
  copyKind INTEGER NOT NULL, deprecatedSrcId INTEGER, srcKind INTEGER, dstKind INTEGER, srcDeviceId INTEGER,
  srcContextId INTEGER, dstDeviceId INTEGER, dstContextId INTEGER, migrationCause INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, value INTEGER NOT NULL,
  bytes INTEGER NOT NULL, memKind INTEGER);
CREATE TABLE TARGET_INFO_SYSTEM_ENV (globalVid INTEGER NOT NULL, devStateName TEXT NOT NULL, name TEXT NOT NULL,
  nameEnum INTEGER NOT NULL, value TEXT NOT NULL);
INSERT INTO TARGET_INFO_SYSTEM_ENV VALUES (281474976710656, 'x', 'TargetInstallDir', 1, '/opt/nvidia/nsight-systems/2021.2.1/target-linux-x64');
)SQL";

QString q(const QString& s)
{
    QString out = s;
    out.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}
} // namespace

TraceFixture::TraceFixture(Schema schema, const QString& fileName)
    : m_schema(schema)
{
    m_path = m_dir.filePath(fileName);
    open();
    createSchema(schema);
}

TraceFixture::~TraceFixture()
{
    if (m_db)
        sqlite3_close(m_db);
}

void TraceFixture::open()
{
    if (m_db)
        return;
    if (sqlite3_open(m_path.toUtf8().constData(), &m_db) != SQLITE_OK)
        qFatal("TraceFixture: cannot open %s", qPrintable(m_path));
}

void TraceFixture::createSchema(Schema schema)
{
    if (schema == Schema::Nsys2026)
        exec(QString::fromUtf8(kDdl2026));
    else if (schema == Schema::Nsys2021)
        exec(QString::fromUtf8(kDdl2021));
}

void TraceFixture::exec(const QString& sql)
{
    open();
    char* err = nullptr;
    if (sqlite3_exec(m_db, sql.toUtf8().constData(), nullptr, nullptr, &err) != SQLITE_OK) {
        const QString msg = QString::fromUtf8(err ? err : "?");
        sqlite3_free(err);
        qFatal("TraceFixture SQL failed: %s\n%s", qPrintable(msg), qPrintable(sql));
    }
}

qint64 TraceFixture::string(const QString& s)
{
    open();
    exec(
        QStringLiteral("INSERT OR IGNORE INTO StringIds(id, value) SELECT COALESCE(MAX(id), -1) + 1, %1 FROM StringIds "
                       "WHERE NOT EXISTS (SELECT 1 FROM StringIds WHERE value = %1)")
            .arg(q(s)));
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(m_db, "SELECT id FROM StringIds WHERE value = ?", -1, &st, nullptr);
    const QByteArray utf8 = s.toUtf8();
    sqlite3_bind_text(st, 1, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
    qint64 id = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return id;
}

void TraceFixture::kernel(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid,
    const QString& name, int blockX, int registers, int sharedMem, qint64 graphNodeId)
{
    const qint64 id = string(name);
    if (m_schema == Schema::Nsys2021) {
        exec(QStringLiteral("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES "
                            "(%1,%2,%3,1,%4,%5,%6,%7,%7,1,0,%8,1,1,1,%9,1,1,%10,0,0,0,0,0)")
                 .arg(start)
                 .arg(end)
                 .arg(device)
                 .arg(stream)
                 .arg(corr)
                 .arg(globalPid(pid))
                 .arg(id)
                 .arg(registers)
                 .arg(blockX)
                 .arg(sharedMem));
        return;
    }
    exec(QStringLiteral("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES "
                        "(%1,%2,%3,1,NULL,%4,%5,%6,%7,%7,%7,1,0,%8,1,1,1,%9,1,1,%10,0,0,0,0,0,%11,NULL)")
             .arg(start)
             .arg(end)
             .arg(device)
             .arg(stream)
             .arg(corr)
             .arg(globalPid(pid))
             .arg(id)
             .arg(registers)
             .arg(blockX)
             .arg(sharedMem)
             .arg(graphNodeId ? QString::number(graphNodeId) : QStringLiteral("NULL")));
}

void TraceFixture::profilerOverhead(qint64 start, qint64 end, quint32 pid, quint32 tid, const QString& name)
{
    // overheadType 0: as nsys writes "CUPTI Buffer flush" rows (ENUM_CUPTI_OVERHEAD_TYPE).
    exec(QStringLiteral("INSERT INTO PROFILER_OVERHEAD VALUES (%1,%2,%3,%4,0)")
             .arg(start)
             .arg(end)
             .arg(globalTid(pid, tid))
             .arg(string(name)));
}

void TraceFixture::runtime(
    qint64 start, qint64 end, quint32 pid, quint32 tid, quint32 corr, const QString& name, int eventClass)
{
    const qint64 id = string(name);
    exec(QStringLiteral("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (%1,%2,%3,%4,%5,%6,0,NULL)")
             .arg(start)
             .arg(end)
             .arg(eventClass)
             .arg(globalTid(pid, tid))
             .arg(corr)
             .arg(id));
}

void TraceFixture::memcpy(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid, qint64 bytes,
    int copyKind, int srcKind, int dstKind)
{
    if (m_schema == Schema::Nsys2021) {
        exec(QStringLiteral("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY VALUES "
                            "(%1,%2,%3,1,%4,%5,%6,%7,%8,NULL,%9,%10,NULL,NULL,NULL,NULL,NULL)")
                 .arg(start)
                 .arg(end)
                 .arg(device)
                 .arg(stream)
                 .arg(corr)
                 .arg(globalPid(pid))
                 .arg(bytes)
                 .arg(copyKind)
                 .arg(srcKind)
                 .arg(dstKind));
        return;
    }
    exec(QStringLiteral("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY VALUES "
                        "(%1,%2,%3,1,NULL,%4,%5,%6,%7,%8,NULL,%9,%10,NULL,NULL,NULL,NULL,NULL,NULL,NULL)")
             .arg(start)
             .arg(end)
             .arg(device)
             .arg(stream)
             .arg(corr)
             .arg(globalPid(pid))
             .arg(bytes)
             .arg(copyKind)
             .arg(srcKind)
             .arg(dstKind));
}

void TraceFixture::memset(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid, qint64 bytes)
{
    const QString green = m_schema == Schema::Nsys2021 ? QString() : QStringLiteral("NULL,");
    const QString tail = m_schema == Schema::Nsys2021 ? QStringLiteral("NULL") : QStringLiteral("NULL,NULL");
    exec(QStringLiteral("INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET VALUES (%1,%2,%3,1,%4%5,%6,%7,0,%8,%9)")
             .arg(start)
             .arg(end)
             .arg(device)
             .arg(green)
             .arg(stream)
             .arg(corr)
             .arg(globalPid(pid))
             .arg(bytes)
             .arg(tail));
}

void TraceFixture::graphLaunch(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid, int graphId)
{
    exec(QStringLiteral("INSERT INTO CUPTI_ACTIVITY_KIND_GRAPH_TRACE VALUES (%1,%2,%3,1,NULL,%4,%5,%6,%7,%7)")
             .arg(start)
             .arg(end)
             .arg(device)
             .arg(stream)
             .arg(corr)
             .arg(globalPid(pid))
             .arg(graphId));
}

void TraceFixture::nvtx(qint64 start, qint64 end, quint32 pid, quint32 tid, const QString& name, int eventType,
    quint32 endTid, bool registered)
{
    const QString endGtid = endTid ? QString::number(globalTid(pid, endTid)) : QStringLiteral("NULL");
    const QString text = registered ? QStringLiteral("NULL") : q(name);
    const QString textId = registered ? QString::number(string(name)) : QStringLiteral("NULL");
    exec(QStringLiteral(
        "INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, endGlobalTid, textId, domainId) "
        "VALUES (%1,%2,%3,%4,%5,%6,%7,0)")
             .arg(start)
             .arg(end)
             .arg(eventType)
             .arg(text)
             .arg(globalTid(pid, tid))
             .arg(endGtid, textId));
}

void TraceFixture::process(quint32 pid, const QString& name)
{
    exec(QStringLiteral("INSERT INTO PROCESSES VALUES (%1,%2,%3)").arg(globalPid(pid)).arg(pid).arg(q(name)));
}

void TraceFixture::thread(quint32 pid, quint32 tid, const QString& name)
{
    exec(QStringLiteral("INSERT INTO ThreadNames VALUES (%1,0,%2)").arg(string(name)).arg(globalTid(pid, tid)));
}

void TraceFixture::gpu(int id, const QString& name, int smCount)
{
    if (m_schema == Schema::Nsys2021) {
        exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU VALUES (281474976710656,%1,%2,%3)")
                 .arg(id)
                 .arg(q(name))
                 .arg(smCount));
        return;
    }
    // H100-like limits (TARGET_INFO_GPU of a real 2024.6 H100 export).
    exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU (vmId, id, name, smCount, chipName, maxRegistersPerBlock, "
                        "maxShmemPerBlock, maxShmemPerBlockOptin, maxShmemPerSm, maxRegistersPerSm, threadsPerWarp, "
                        "maxWarpsPerSm, maxBlocksPerSm, maxThreadsPerBlock, computeMajor, computeMinor) VALUES "
                        "(281474976710656,%1,%2,%3,'GH100',65536,49152,232448,233472,65536,32,64,32,1024,9,0)")
             .arg(id)
             .arg(q(name))
             .arg(smCount));
}

void TraceFixture::gpuMetricsTables(bool rawTimestamp)
{
    exec(QStringLiteral("CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER NOT NULL, sourceId INTEGER NOT NULL, "
                        "typeName TEXT NOT NULL, metricId INTEGER NOT NULL, metricName TEXT NOT NULL)"));
    exec(QStringLiteral("CREATE TABLE GPU_METRICS (%1timestamp INTEGER NOT NULL, typeId INTEGER NOT NULL, "
                        "metricId INTEGER NOT NULL, value INTEGER NOT NULL)")
             .arg(rawTimestamp ? QStringLiteral("rawTimestamp INTEGER, ") : QString()));
}

void TraceFixture::meta(const QString& table, const QString& name, const QString& value)
{
    exec(QStringLiteral("INSERT INTO %1 VALUES (%2,%3)").arg(table, q(name), q(value)));
}

QString TraceFixture::path()
{
    if (m_db) {
        sqlite3_close(m_db);
        m_db = nullptr;
    }
    return m_path;
}

} // namespace sl::test
