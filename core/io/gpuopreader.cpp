// SPDX-License-Identifier: MIT
#include "core/io/gpuopreader.h"

#include "core/io/rowcheck.h"
#include "core/io/rowscan.h"
#include "core/io/schema.h"
#include "core/trace/tablenames.h"

namespace sl {

namespace {

/// A StringIds id as stored until TraceValidator resolves it: ids that do not fit 32 bits
/// become 0xFFFFFFFF, which is never a StringIds id here (ids are sized from the row count).
quint32 rawStringId(qint64 id) { return id >= 0 && id < qint64(0xFFFFFFFFu) ? quint32(id) : 0xFFFFFFFFu; }

/// The ranges (IntegerCells) of the seven shared op columns (SELECT positions 0..6): rowid,
/// start, end, deviceId (0xFFFF is "no device" in the per-device indices), streamId,
/// correlationId, globalPid.
constexpr IntRange kOpRanges[7] = { kAnyInt, kAnyInt, kAnyInt, { 0, 0xFFFE }, kU32, kU32, kAnyInt };

/// kOpRanges followed by the table's own columns.
template <size_t N> constexpr std::array<IntRange, N> opRanges(std::array<IntRange, N - 7> own)
{
    std::array<IntRange, N> r {};
    for (size_t c = 0; c < N; ++c)
        r[c] = c < 7 ? kOpRanges[c] : own[c - 7];
    return r;
}

/// The load rule the current row's shared op columns and `required`/`integers` columns (columnMask of SELECT
/// positions) break, if any.
template <typename Row, size_t N>
std::optional<DataQuality::Rule> opFault(const IntegerCells<Row, N>& row, quint32 required, quint32 integers)
{
    // start, end, deviceId, streamId are required by every GPU table; correlationId and
    // globalPid may be NULL (read as 0 = no launching call, unknown process).
    if (const auto bad = checkIntegers(row, columnMask({ 1, 2, 3, 4 }), columnMask({ 5, 6 })))
        return bad;
    if (const auto bad = checkIntegers(row, required, integers))
        return bad;
    if (row[3] < 0 || row[3] >= 0xFFFF || !fitsU32(row[4]) || !fitsU32(row[5]))
        return DataQuality::Rule::InvalidId;
    return std::nullopt;
}

/// Appends the seven shared op columns (SELECT positions 0..6) of the current row.
template <typename Row, size_t N> void appendOp(GpuOpColumns& t, const IntegerCells<Row, N>& row)
{
    t.rowid.push_back(row[0]);
    t.start.push_back(row[1]);
    t.dur.push_back(row[1], row[2]);
    t.device.push_back(quint16(row[3]));
    t.stream.push_back(quint32(row[4]));
    t.correlationId.push_back(quint32(row[5]));
    t.pid.push_back(quint32((row[6] >> 24) & 0xFFFFFF)); // NULL reads as 0 = unknown
    t.api.push_back(-1);
}

/// The kernel table's ranges: launch geometry CUDA can run (every dimension at least 1, grid x
/// below 2^31, grid y/z and block x/y below 2^16, block z at most 64, 255 registers a thread).
constexpr auto kKernelRanges = opRanges<19>({
    kAnyInt, kAnyInt, // demangledName, shortName: StringIds ids, resolved by TraceValidator
    IntRange { 0, 255 }, // registersPerThread
    IntRange { 1, 0x7FFFFFFF }, IntRange { 1, 65535 }, IntRange { 1, 65535 }, // gridX/Y/Z
    IntRange { 1, 1024 }, IntRange { 1, 1024 }, IntRange { 1, 64 }, // blockX/Y/Z
    kU32, kU32, // static/dynamic shared memory
    kAnyInt, // graphNodeId
});
constexpr auto kMemcpyRanges = opRanges<11>({ kAnyInt, kAnyInt, kAnyInt, kAnyInt }); // bytes, kinds
constexpr auto kOneMoreRanges = opRanges<8>({ kAnyInt }); // memset bytes, graphId

} // namespace

QString GpuOpReader::opColumns(const QString& table) const
{
    return QStringLiteral("rowid, start, \"end\", deviceId, streamId, %1, %2")
        .arg(m_schema.columnOr(table, QStringLiteral("correlationId"), QStringLiteral("0")),
            m_schema.columnOr(table, QStringLiteral("globalPid"), QStringLiteral("0")));
}

QString GpuOpReader::kernelColumns(const Trace& trace) const
{
    const QString t = tables::kKernel;
    const QString& name = trace.info.kernelNameColumn;
    return QStringLiteral("%1, %2, %3, %4, gridX, gridY, gridZ, blockX, blockY, blockZ, %5, %6, %7")
        .arg(opColumns(t), name, m_schema.columnOr(t, QStringLiteral("shortName"), name),
            m_schema.columnOr(t, QStringLiteral("registersPerThread"), QStringLiteral("0")),
            m_schema.columnOr(t, QStringLiteral("staticSharedMemory"), QStringLiteral("0")),
            m_schema.columnOr(t, QStringLiteral("dynamicSharedMemory"), QStringLiteral("0")),
            m_schema.columnOr(t, QStringLiteral("graphNodeId"), QStringLiteral("NULL")));
}

std::unique_ptr<KernelChunks> GpuOpReader::kernelChunks(Trace& trace) const
{
    const QString t = tables::kKernel;
    if (!m_schema.hasTable(t))
        return std::make_unique<KernelChunks>(0, 0, true);
    trace.info.kernelNameColumn = m_schema.hasColumn(t, QStringLiteral("demangledName"))
        ? QStringLiteral("demangledName")
        : QStringLiteral("shortName");
    // Two subqueries, not MIN(rowid), MAX(rowid) in one SELECT: SQLite answers a lone MIN or MAX
    // of the rowid from one end of the b-tree, but both together with a scan of the whole table
    // (86 ms at 1 M kernels, on this thread before the readers start).
    SqliteStatement st(m_db, QStringLiteral("SELECT (SELECT MIN(rowid) FROM %1), (SELECT MAX(rowid) FROM %1)").arg(t));
    if (st.next() && !st.isNull(0))
        return std::make_unique<KernelChunks>(st.int64(0), st.int64(1), false);
    if (st.isValid() && st.errorText().isEmpty())
        return std::make_unique<KernelChunks>(0, 0, true); // no rows
    // A damaged b-tree: one chunk of every rowid, so that the scan meets the damage and reports it.
    return std::make_unique<KernelChunks>(1, 0, false);
}

bool GpuOpReader::readKernels(Trace& trace, KernelChunks& chunks, QString* error)
{
    // Reserved for the whole table: the back chunks join these columns later without a copy.
    // (No chunks without the table: nothing below runs then.)
    trace.kernels.reserve(chunks.tableRows());
    trace.kernels.rowid.setBase(chunks.firstRowid());
    const QString columns = kernelColumns(trace);
    while (const auto r = chunks.takeFront())
        if (!readKernelRows(columns, r->first, r->last, trace.kernels, trace.configs, error))
            return false;
    return true;
}

bool GpuOpReader::readKernelsFromBack(const Trace& trace, KernelChunks& chunks, QString* error)
{
    const QString columns = kernelColumns(trace);
    while (const auto c = chunks.takeBack()) {
        const auto& [index, r] = *c;
        KernelChunks::Fragment f;
        f.kernels.reserve(chunks.chunkRows());
        f.kernels.rowid.setBase(chunks.firstRowid());
        if (!readKernelRows(columns, r.first, r.last, f.kernels, f.configs, error))
            return false;
        f.kernels.shrink();
        f.quality = std::exchange(m_quality, {});
        chunks.addFragment(index, std::move(f));
    }
    return true;
}

bool GpuOpReader::readKernelRows(const QString& columns, qint64 firstRowid, qint64 lastRowid, KernelTable& k,
    LaunchConfigTable& configs, QString* error)
{
    const QString t = tables::kKernel;
    const QString from = QStringLiteral("%1 WHERE rowid BETWEEN %2 AND %3").arg(t).arg(firstRowid).arg(lastRowid);
    // Consecutive kernels usually repeat a configuration: skip the hash lookup then.
    LaunchConfig last;
    quint32 lastIndex = quint32(-1);
    return scanTable(m_db, m_ctx, columns, from, error, [&](const auto& s) {
        const IntegerCells row(s, kKernelRanges);
        if (const auto bad
            = opFault(row, columnMask({ 7 }), columnMask({ 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18 }))) {
            m_quality.add(*bad, t, row[0]);
            return;
        }
        const qint64 g[6] = { row[10], row[11], row[12], row[13], row[14], row[15] };
        const qint64 regs = row[9];
        if (g[0] < 1 || g[1] < 1 || g[2] < 1 || g[3] < 1 || g[4] < 1 || g[5] < 1 || g[0] > 0x7FFFFFFF || g[1] > 65535
            || g[2] > 65535 || g[3] > 1024 || g[4] > 1024 || g[5] > 64 || g[3] * g[4] * g[5] > 1024 || regs < 0
            || regs > 255 || !fitsU32(row[16]) || !fitsU32(row[17])) {
            m_quality.add(DataQuality::Rule::InvalidGeometry, t, row[0]);
            return;
        }
        appendOp(k, row);
        k.name.push_back(rawStringId(row[7]));
        k.shortName.push_back(rawStringId(row[8]));
        LaunchConfig c;
        c.registersPerThread = quint32(regs);
        c.gridX = quint32(g[0]);
        c.gridY = quint32(g[1]);
        c.gridZ = quint32(g[2]);
        c.blockX = quint32(g[3]);
        c.blockY = quint32(g[4]);
        c.blockZ = quint32(g[5]);
        c.staticSharedMemory = quint32(row[16]);
        c.dynamicSharedMemory = quint32(row[17]);
        if (lastIndex == quint32(-1) || !(c == last)) {
            lastIndex = configs.intern(c);
            last = c;
        }
        k.config.push_back(lastIndex);
        // graphNodeId: NULL and 0 both mean "not launched from a graph".
        k.flags.push_back(row[18] != 0 ? quint8(KernelTable::FromGraph) : quint8(0));
    });
}

bool GpuOpReader::readMemcpy(Trace& trace, QString* error)
{
    const QString t = tables::kMemcpy;
    if (!m_schema.hasTable(t))
        return true;
    const QString columns
        = QStringLiteral("%1, bytes, copyKind, %2, %3")
              .arg(opColumns(t), m_schema.columnOr(t, QStringLiteral("srcKind"), QStringLiteral("NULL")),
                  m_schema.columnOr(t, QStringLiteral("dstKind"), QStringLiteral("NULL")));
    auto& m = trace.memcpy;
    m.reserve(reservedRows(m_db, t));
    const bool ok = scanTable(m_db, m_ctx, columns, t, error, [&](const auto& s) {
        const IntegerCells row(s, kMemcpyRanges);
        if (const auto bad = opFault(row, 0, columnMask({ 7, 8, 9, 10 }))) {
            m_quality.add(*bad, t, row[0]);
            return;
        }
        appendOp(m, row);
        m.bytes.push_back(row[7]);
        m.copyKind.push_back(quint8(row[8]));
        m.srcKind.push_back(row.isNull(9) ? qint8(-1) : qint8(row[9]));
        m.dstKind.push_back(row.isNull(10) ? qint8(-1) : qint8(row[10]));
    });
    if (ok)
        m.shrink();
    return ok;
}

template <typename Ops, typename Extra>
bool GpuOpReader::readOpsPlusOne(const QString& table, const QString& column, Ops& ops, QString* error, Extra extra)
{
    if (!m_schema.hasTable(table))
        return true;
    const QString columns
        = QStringLiteral("%1, %2").arg(opColumns(table), m_schema.columnOr(table, column, QStringLiteral("0")));
    const bool ok = scanTable(m_db, m_ctx, columns, table, error, [&](const auto& s) {
        const IntegerCells row(s, kOneMoreRanges);
        if (const auto bad = opFault(row, 0, columnMask({ 7 }))) {
            m_quality.add(*bad, table, row[0]);
            return;
        }
        appendOp(ops, row);
        extra(row[7]);
    });
    if (ok)
        ops.shrink();
    return ok;
}

bool GpuOpReader::readMemset(Trace& trace, QString* error)
{
    auto& m = trace.memset;
    return readOpsPlusOne(
        tables::kMemset, QStringLiteral("bytes"), m, error, [&](qint64 bytes) { m.bytes.push_back(bytes); });
}

bool GpuOpReader::readGraphLaunches(Trace& trace, QString* error)
{
    auto& g = trace.graphs;
    return readOpsPlusOne(tables::kGraphTrace, QStringLiteral("graphId"), g, error,
        [&](qint64 graphId) { g.graphId.push_back(quint32(graphId)); });
}

} // namespace sl
