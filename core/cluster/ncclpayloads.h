// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"
#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"

#include <QByteArray>
#include <QHash>

#include <vector>

namespace sl {

/// NCCL's NVTX extended payloads in an export (docs/digest-format.md, "NCCL payloads"). NCCL ≥ 2.19
/// registers one static payload schema per API (NVTX_PAYLOAD_SCHEMAS / _SCHEMA_ENTRIES, entries named
/// "NCCL communicator ID", "Message size [bytes]", "Rank", "No. of ranks", "CUDA device") and
/// attaches the call's arguments to its push/pop range in the "NCCL" domain; `nsys export --include-blobs=true` writes
/// them into NVTX_EVENTS.binaryData: a 32-byte little-endian header (domain id, schema id as 64-bit
/// words of which the low 32 bits are used, the payload's size, the blob's total size), then the
/// payload laid out by the schema's entry offsets. Without blobs the column is NULL and nothing is read.
class NcclPayloads
{
public:
    /// One NCCL API call with a payload: its range on its thread (export ns) and decoded values.
    struct Call
    {
        qint64 tid = 0; ///< globalTid of the calling thread
        qint64 startNs = 0, endNs = 0;
        quint64 comm = 0; ///< the communicator's hash, equal on every rank of the communicator
        qint64 bytes = -1; ///< "Message size [bytes]", -1 when the schema has none
        int rank = -1, nranks = -1; ///< CommInitRank and friends: this rank in the communicator, its size
        int device = -1; ///< CommInitRank and friends: the CUDA device of that rank, -1 unknown
    };
    /// Where an entry lies in a payload (bytes) and how wide it is (4 or 8).
    struct Field
    {
        int offset = -1;
        int width = 0;
    };
    /// The entries of one schema Sightline reads; `offset` −1 where the schema has no such entry.
    struct PayloadSchema
    {
        qint64 payloadSize = 0;
        Field comm, bytes, rank, nranks, device;
    };
    using Schemas = QHash<std::pair<qint64, qint64>, PayloadSchema>; ///< (domainId, schemaId) → entries

    static constexpr int headerSize = 32;

    /// Decodes one binaryData blob against `schemas`; false for a damaged blob, an unknown schema
    /// or a schema without a communicator (then `call` is left as it was).
    static bool decode(const QByteArray& blob, const Schemas& schemas, Call* call);

    /// Reads the schemas and every payload range with a communicator, sorted by (tid, start).
    /// False only on a SQLite error or cancel; an export without payloads gives no calls.
    bool read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, QString* error);

    const std::vector<Call>& calls() const { return m_calls; }
    qint64 skipped() const { return m_skipped; }

private:
    std::vector<Call> m_calls;
    qint64 m_skipped = 0; ///< blobs of other schemas (other libraries) or damaged ones
};

} // namespace sl
