// SPDX-License-Identifier: MIT
#include "core/io/gpuopreader.h"

#include "core/io/rowscan.h"
#include "core/io/schema.h"

namespace sl {

namespace {
/// Appends the seven shared op columns (SELECT positions 0..6) of the current row.
void appendOp(GpuOpColumns& t, const SqliteStatement& s)
{
    t.rowid.push_back(s.int64(0));
    t.start.push_back(s.int64(1));
    t.end.push_back(s.int64(2));
    t.device.push_back(quint16(s.int64(3)));
    t.stream.push_back(quint32(s.int64(4)));
    t.correlationId.push_back(quint32(s.int64(5)));
    t.pid.push_back(quint32((s.int64(6) >> 24) & 0xFFFFFF)); // NULL reads as 0 = unknown
    t.api.push_back(-1);
}

} // namespace

QString GpuOpReader::opColumns(const QString& table) const
{
    return QStringLiteral("rowid, start, \"end\", deviceId, streamId, %1, %2")
        .arg(m_schema.columnOr(table, QStringLiteral("correlationId"), QStringLiteral("0")),
             m_schema.columnOr(table, QStringLiteral("globalPid"), QStringLiteral("0")));
}

bool GpuOpReader::readKernels(Trace& trace, QString* error)
{
    const QString t = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
    if (!m_schema.hasTable(t))
        return true;
    const QString name = m_schema.hasColumn(t, QStringLiteral("demangledName")) ? QStringLiteral("demangledName")
                                                                               : QStringLiteral("shortName");
    const QString sql = QStringLiteral("SELECT %1, %2, %3, %4, gridX, gridY, gridZ, blockX, blockY, blockZ, %5, %6, %7 FROM %8")
                            .arg(opColumns(t), name, m_schema.columnOr(t, QStringLiteral("shortName"), name),
                                 m_schema.columnOr(t, QStringLiteral("registersPerThread"), QStringLiteral("0")),
                                 m_schema.columnOr(t, QStringLiteral("staticSharedMemory"), QStringLiteral("0")),
                                 m_schema.columnOr(t, QStringLiteral("dynamicSharedMemory"), QStringLiteral("0")),
                                 m_schema.columnOr(t, QStringLiteral("graphNodeId"), QStringLiteral("NULL")), t);
    trace.info.kernelNameColumn = name;
    auto& k = trace.kernels;
    k.reserve(m_db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(t), 0));
    // Consecutive kernels usually repeat a configuration: skip the hash lookup then.
    LaunchConfig last;
    quint32 lastIndex = quint32(-1);
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& s) {
        appendOp(k, s);
        k.name.push_back(quint32(s.int64(7)));
        k.shortName.push_back(quint32(s.int64(8)));
        LaunchConfig c;
        c.registersPerThread = quint32(s.int64(9));
        c.gridX = quint32(s.int64(10));
        c.gridY = quint32(s.int64(11));
        c.gridZ = quint32(s.int64(12));
        c.blockX = quint32(s.int64(13));
        c.blockY = quint32(s.int64(14));
        c.blockZ = quint32(s.int64(15));
        c.staticSharedMemory = quint32(s.int64(16));
        c.dynamicSharedMemory = quint32(s.int64(17));
        if (lastIndex == quint32(-1) || !(c == last)) {
            lastIndex = trace.configs.intern(c);
            last = c;
        }
        k.config.push_back(lastIndex);
        // graphNodeId: NULL and 0 both mean "not launched from a graph".
        k.flags.push_back(s.int64(18) != 0 ? quint8(KernelTable::FromGraph) : quint8(0));
    });
    if (ok) // after a cancel the half-read table is dropped: copying it would only delay the cancel
        k.shrink();
    return ok;
}

bool GpuOpReader::readMemcpy(Trace& trace, QString* error)
{
    const QString t = QStringLiteral("CUPTI_ACTIVITY_KIND_MEMCPY");
    if (!m_schema.hasTable(t))
        return true;
    const QString sql = QStringLiteral("SELECT %1, bytes, copyKind, %2, %3 FROM %4")
                            .arg(opColumns(t), m_schema.columnOr(t, QStringLiteral("srcKind"), QStringLiteral("NULL")),
                                 m_schema.columnOr(t, QStringLiteral("dstKind"), QStringLiteral("NULL")), t);
    auto& m = trace.memcpy;
    m.reserve(m_db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(t), 0));
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& s) {
        appendOp(m, s);
        m.bytes.push_back(s.int64(7));
        m.copyKind.push_back(quint8(s.int64(8)));
        m.srcKind.push_back(s.isNull(9) ? qint8(-1) : qint8(s.int64(9)));
        m.dstKind.push_back(s.isNull(10) ? qint8(-1) : qint8(s.int64(10)));
    });
    if (ok)
        m.shrink();
    return ok;
}

bool GpuOpReader::readMemset(Trace& trace, QString* error)
{
    const QString t = QStringLiteral("CUPTI_ACTIVITY_KIND_MEMSET");
    if (!m_schema.hasTable(t))
        return true;
    const QString sql = QStringLiteral("SELECT %1, %2 FROM %3")
                            .arg(opColumns(t), m_schema.columnOr(t, QStringLiteral("bytes"), QStringLiteral("0")), t);
    auto& m = trace.memset;
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& s) {
        appendOp(m, s);
        m.bytes.push_back(s.int64(7));
    });
    if (ok)
        m.shrink();
    return ok;
}

bool GpuOpReader::readGraphLaunches(Trace& trace, QString* error)
{
    const QString t = QStringLiteral("CUPTI_ACTIVITY_KIND_GRAPH_TRACE");
    if (!m_schema.hasTable(t))
        return true;
    const QString sql = QStringLiteral("SELECT %1, %2 FROM %3")
                            .arg(opColumns(t), m_schema.columnOr(t, QStringLiteral("graphId"), QStringLiteral("0")), t);
    auto& g = trace.graphs;
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& s) {
        appendOp(g, s);
        g.graphId.push_back(quint32(s.int64(7)));
    });
    if (ok)
        g.shrink();
    return ok;
}

} // namespace sl
