// SPDX-License-Identifier: MIT
#include "core/io/gpuopreader.h"

#include "core/io/rowcheck.h"
#include "core/io/rowscan.h"
#include "core/io/schema.h"

namespace sl {

namespace {
constexpr qint64 kMaxReserve = qint64(1) << 26; ///< rows reserved up front at most (MAX(rowid) can be anything)

/// A StringIds id as stored until TraceValidator resolves it: ids that do not fit 32 bits
/// become 0xFFFFFFFF, which is never a StringIds id here (ids are sized from the row count).
quint32 rawStringId(qint64 id) { return id >= 0 && id < qint64(0xFFFFFFFFu) ? quint32(id) : 0xFFFFFFFFu; }

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

bool GpuOpReader::acceptOp(const SqliteStatement& s, const QString& table, std::initializer_list<int> required,
    std::initializer_list<int> integers)
{
    const qint64 rowid = s.int64(0);
    auto reject = [&](DataQuality::Rule rule) {
        m_quality.add(rule, table, rowid);
        return false;
    };
    // start, end, deviceId, streamId are required by every GPU table; correlationId and
    // globalPid may be NULL (read as 0 = no launching call, unknown process).
    if (const auto bad = checkIntegers(s, { 1, 2, 3, 4 }, { 5, 6 }))
        return reject(*bad);
    for (int c : required)
        if (s.type(c) == SQLITE_NULL)
            return reject(DataQuality::Rule::NullRequired);
    if (const auto bad = checkIntegers(s, required, integers))
        return reject(*bad);
    // 0xFFFF is "no device" in the per-device indices, so it is not a device id.
    const qint64 device = s.int64(3);
    if (device < 0 || device >= 0xFFFF || !fitsU32(s.int64(4)) || !fitsU32(s.int64(5)))
        return reject(DataQuality::Rule::InvalidId);
    return true;
}

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
    const QString sql
        = QStringLiteral("SELECT %1, %2, %3, %4, gridX, gridY, gridZ, blockX, blockY, blockZ, %5, %6, %7 FROM %8")
              .arg(opColumns(t), name, m_schema.columnOr(t, QStringLiteral("shortName"), name),
                  m_schema.columnOr(t, QStringLiteral("registersPerThread"), QStringLiteral("0")),
                  m_schema.columnOr(t, QStringLiteral("staticSharedMemory"), QStringLiteral("0")),
                  m_schema.columnOr(t, QStringLiteral("dynamicSharedMemory"), QStringLiteral("0")),
                  m_schema.columnOr(t, QStringLiteral("graphNodeId"), QStringLiteral("NULL")), t);
    trace.info.kernelNameColumn = name;
    auto& k = trace.kernels;
    k.reserve(qBound<qint64>(0, m_db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(t), 0), kMaxReserve));
    // Consecutive kernels usually repeat a configuration: skip the hash lookup then.
    LaunchConfig last;
    quint32 lastIndex = quint32(-1);
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& s) {
        if (!acceptOp(s, t, { 7 }, { 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18 }))
            return;
        // Launch geometry CUDA can run: every dimension at least 1, grid x below 2^31, grid
        // y/z and block x/y below 2^16, at most 1024 threads a block, 255 registers a thread.
        const qint64 g[6] = { s.int64(10), s.int64(11), s.int64(12), s.int64(13), s.int64(14), s.int64(15) };
        const qint64 regs = s.int64(9);
        const qint64 shm[2] = { s.int64(16), s.int64(17) };
        if (g[0] < 1 || g[1] < 1 || g[2] < 1 || g[3] < 1 || g[4] < 1 || g[5] < 1 || g[0] > 0x7FFFFFFF || g[1] > 65535
            || g[2] > 65535 || g[3] > 1024 || g[4] > 1024 || g[5] > 64 || g[3] * g[4] * g[5] > 1024 || regs < 0
            || regs > 255 || !fitsU32(shm[0]) || !fitsU32(shm[1])) {
            m_quality.add(DataQuality::Rule::InvalidGeometry, t, s.int64(0));
            return;
        }
        appendOp(k, s);
        k.name.push_back(rawStringId(s.int64(7)));
        k.shortName.push_back(rawStringId(s.int64(8)));
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
    m.reserve(qBound<qint64>(0, m_db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(t), 0), kMaxReserve));
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& s) {
        if (!acceptOp(s, t, {}, { 7, 8, 9, 10 }))
            return;
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
        if (!acceptOp(s, t, {}, { 7 }))
            return;
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
        if (!acceptOp(s, t, {}, { 7 }))
            return;
        appendOp(g, s);
        g.graphId.push_back(quint32(s.int64(7)));
    });
    if (ok)
        g.shrink();
    return ok;
}

} // namespace sl
