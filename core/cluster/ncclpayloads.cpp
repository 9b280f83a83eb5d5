// SPDX-License-Identifier: MIT
#include "core/cluster/ncclpayloads.h"

#include "core/io/rowscan.h"
#include "core/trace/tablenames.h"

#include <QtEndian>

#include <algorithm>

namespace sl {

namespace {

/// Width in bytes of an NVTX payload entry type (nvToolsExtPayload.h, NVTX_PAYLOAD_ENTRY_TYPE_*) that
/// holds an integer Sightline reads; 0 for the others. LONG and ULONG are 8 bytes: nsys' Linux targets.
int integerWidth(qint64 type)
{
    switch (type) {
    case 5: // INT
    case 6: // UINT
    case 15: // INT32
    case 16: // UINT32
        return 4;
    case 7: // LONG
    case 8: // ULONG
    case 9: // LONGLONG
    case 10: // ULONGLONG
    case 17: // INT64
    case 18: // UINT64
    case 22: // SIZE (size_t)
        return 8;
    default:
        return 0;
    }
}

quint64 word(const QByteArray& blob, int at, int width)
{
    const auto* p = reinterpret_cast<const uchar*>(blob.constData()) + at;
    return width == 4 ? quint64(qFromLittleEndian<quint32>(p)) : qFromLittleEndian<quint64>(p);
}

bool readSchemas(const SqliteConnection& db, NcclPayloads::Schemas* schemas, QString* error)
{
    // A process registers its schemas once; an export of several processes repeats the rows.
    SqliteStatement sizes(
        db, QStringLiteral("SELECT DISTINCT domainId, schemaId, payloadSize FROM %1").arg(tables::kNvtxPayloadSchemas));
    while (sizes.next())
        (*schemas)[{ sizes.int64(0), sizes.int64(1) }].payloadSize = sizes.int64(2);
    SqliteStatement entries(db,
        QStringLiteral("SELECT DISTINCT domainId, schemaId, idx, type, name, offset, offset IS NULL FROM %1")
            .arg(tables::kNvtxPayloadSchemaEntries));
    while (entries.next()) {
        const auto it = schemas->find({ entries.int64(0), entries.int64(1) });
        const int width = integerWidth(entries.int64(3));
        // The first entry's offset is NULL (0); a later NULL would need the packing rules: not read.
        const bool known = entries.int64(6) == 0 || entries.int64(2) == 0;
        const qint64 offset = entries.int64(6) ? 0 : entries.int64(5);
        if (it == schemas->end() || width == 0 || !known || offset < 0 || offset + width > it->payloadSize)
            continue;
        const QString name = entries.text(4);
        NcclPayloads::Field* field = name == QLatin1String("NCCL communicator ID") ? &it->comm
            : name == QLatin1String("Message size [bytes]")                        ? &it->bytes
            : name == QLatin1String("Rank")                                        ? &it->rank
            : name == QLatin1String("No. of ranks")                                ? &it->nranks
            : name == QLatin1String("CUDA device")                                 ? &it->device
                                                                                   : nullptr;
        if (field)
            *field = { int(offset), width };
    }
    *error = !sizes.errorText().isEmpty() ? sizes.errorText() : entries.errorText();
    return error->isEmpty();
}

} // namespace

bool NcclPayloads::decode(const QByteArray& blob, const Schemas& schemas, Call* call)
{
    if (blob.size() < headerSize)
        return false;
    const quint64 domain = word(blob, 0, 4), schemaId = word(blob, 8, 4), size = word(blob, 16, 8);
    const auto it = schemas.constFind({ qint64(domain), qint64(schemaId) });
    if (it == schemas.constEnd() || it->comm.offset < 0 || size < quint64(it->payloadSize)
        || quint64(blob.size() - headerSize) < size)
        return false;
    const auto at = [&](const Field& f) { return word(blob, headerSize + f.offset, f.width); };
    call->comm = at(it->comm);
    call->bytes = it->bytes.offset >= 0 && at(it->bytes) < (quint64(1) << 62) ? qint64(at(it->bytes)) : -1;
    call->rank = call->nranks = call->device = -1;
    if (it->rank.offset >= 0 && it->nranks.offset >= 0) {
        // 4-byte ints: sign-extend, then check 0 ≤ rank < nranks.
        const qint64 rank = it->rank.width == 4 ? qint32(at(it->rank)) : qint64(at(it->rank));
        const qint64 nranks = it->nranks.width == 4 ? qint32(at(it->nranks)) : qint64(at(it->nranks));
        if (rank >= 0 && rank < nranks && nranks <= (1 << 24)) {
            call->rank = int(rank);
            call->nranks = int(nranks);
        }
    }
    if (it->device.offset >= 0 && it->device.width == 4 && qint32(at(it->device)) >= 0)
        call->device = qint32(at(it->device)); // a CUDA device ordinal: an int, -1 unknown
    return true;
}

bool NcclPayloads::read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, QString* error)
{
    m_calls.clear();
    m_skipped = 0;
    if (!schema.hasColumn(tables::kNvtxEvents, QStringLiteral("binaryData"))
        || !schema.hasTable(tables::kNvtxPayloadSchemas) || !schema.hasTable(tables::kNvtxPayloadSchemaEntries))
        return true;
    Schemas schemas;
    if (!readSchemas(db, &schemas, error))
        return false;
    if (schemas.isEmpty())
        return true;
    // A blob comes as hex text (the column is declared TEXT, nsys stores BLOB values; a converted
    // copy may already hold hex). 59/60: push/pop and start/end ranges.
    const QString sql = QStringLiteral(
        "SELECT globalTid, start, end, CASE typeof(binaryData) WHEN 'blob' THEN hex(binaryData) ELSE binaryData END "
        "FROM %1 WHERE binaryData IS NOT NULL AND eventType IN (59, 60) AND end IS NOT NULL AND end >= start "
        "ORDER BY globalTid, start")
                            .arg(tables::kNvtxEvents);
    return scanRows(db, ctx, sql, error, [&](const SqliteStatement& st) {
        Call c;
        c.tid = st.int64(0);
        c.startNs = st.int64(1);
        c.endNs = st.int64(2);
        if (decode(QByteArray::fromHex(st.utf8(3)), schemas, &c))
            m_calls.push_back(c);
        else
            ++m_skipped;
    });
}

} // namespace sl
