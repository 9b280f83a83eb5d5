// SPDX-License-Identifier: MIT
#pragma once

#include "core/synth/synthkernelcatalog.h"

#include <QString>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace sl {

/// Process/thread/stream identities of the synthetic capture, in nsys' GlobalId layout:
/// globalTid = (1 << 48) | (pid << 24) | tid, globalPid = the same with tid 0.
struct SynthIds
{
    static constexpr qint64 apiServerPid = 1000;
    static constexpr qint64 apiServerDetokTid = 1100; ///< second API-server thread (ends requests)
    static constexpr qint64 vmBits = qint64(1) << 48;
    static qint64 workerPid(int rank) { return 1001 + rank; }
    static qint64 globalPid(qint64 pid) { return vmBits | (pid << 24); }
    static qint64 globalTid(qint64 pid, qint64 tid) { return globalPid(pid) | tid; }
    static int contextId(int rank) { return rank + 1; }
    static int computeStream(int rank) { return 7 + 8 * rank; }
    static int ncclStream(int rank) { return 11 + 8 * rank; }
};

struct SynthKernelRow
{
    qint64 start, end, correlationId, gridId;
    qint64 graphNodeId, graphId; ///< 0 = NULL (not launched from a graph)
    quint8 rank;
    SynthKernel kind;
    SynthShape shape;
};

struct SynthApiRow
{
    qint64 start, end, correlationId;
    quint8 rank;
    SynthApi api;
};

/// What an NVTX row is called; the sink turns it into text/textId/domainId.
enum class SynthNvtxName : quint8 {
    Warmup,
    Prefill,
    DecodeStep,
    Sampling,
    Tokenize,
    Detokenize,
    Request,
    Layer,
    Domain,
    Op, ///< opRanges: `number` is the SynthKernel, the text its short name
    Text ///< `number` is an index returned by SynthRowSink::text()
};

struct SynthNvtxRow
{
    qint64 start;
    qint64 end; ///< -1 = NULL (domain create)
    qint64 globalTid;
    qint64 endGlobalTid; ///< 0 = NULL
    qint64 number; ///< request number (also rangeId) or layer index
    quint8 eventType; ///< 59 push/pop, 60 start/end, 75 domain create
    SynthNvtxName name;
};

struct SynthMemcpyRow
{
    qint64 start, end, correlationId, bytes;
    quint8 rank, copyKind, srcKind, dstKind;
};

struct SynthMemsetRow
{
    qint64 start, end, correlationId, bytes;
    quint8 rank;
};

struct SynthSyncRow
{
    qint64 start, end, correlationId;
    quint8 rank;
};

struct SynthGraphRow
{
    qint64 start, end, correlationId, graphId, graphExecId;
    quint8 rank;
};

/// Receives the simulator's rows, restores start-time order per table across ranks and
/// processes (rows are held back until no producer can emit an earlier start: the watermark),
/// and inserts the tables enabled for the current pass with prepared statements whose
/// per-kernel-kind constants are bound once. Rows of disabled tables are only counted, so a
/// pass over the same deterministic simulation writes one table contiguously.
class SynthRowSink
{
public:
    enum Table : quint32 {
        Kernels = 1,
        Runtime = 2,
        Nvtx = 4,
        Memcpy = 8,
        Memset = 16,
        Sync = 32,
        GraphTrace = 64,
    };

    SynthRowSink(sqlite3* db, const SynthStringIds& strings, int ranks, int layers);
    ~SynthRowSink();
    SynthRowSink(const SynthRowSink&) = delete;
    SynthRowSink& operator=(const SynthRowSink&) = delete;

    /// Starts a pass writing the tables in `mask`; counters restart. False on SQLite error.
    bool beginPass(quint32 mask);
    void kernel(const SynthKernelRow& row);
    void api(const SynthApiRow& row);
    void nvtx(const SynthNvtxRow& row);
    void memcpy(const SynthMemcpyRow& row);
    void memset(const SynthMemsetRow& row);
    void sync(const SynthSyncRow& row);
    void graph(const SynthGraphRow& row);
    /// Keeps `text` for NVTX rows named SynthNvtxName::Text and returns their `number`. Texts
    /// restart with every pass (the simulation that names them is replayed per pass).
    qint64 text(std::string text)
    {
        m_texts.push_back(std::move(text));
        return qint64(m_texts.size()) - 1;
    }
    /// Inserts held rows starting before `watermark` (NVTX: before `nvtxWatermark`), in
    /// start order. Producers promise never to emit an earlier start afterwards.
    bool advance(qint64 watermark, qint64 nvtxWatermark);
    /// Inserts everything still held and finalizes the statements.
    bool endPass();

    qint64 kernels() const { return m_kernels; }
    qint64 apiCalls() const { return m_apiCalls; }
    qint64 nvtxRows() const { return m_nvtxRows; }
    qint64 memcpys() const { return m_memcpys; }
    qint64 memsets() const { return m_memsets; }
    qint64 syncs() const { return m_syncs; }
    qint64 graphs() const { return m_graphs; }
    qint64 rowsInserted() const { return m_inserted; }
    qint64 firstNs() const { return m_firstNs; }
    qint64 lastNs() const { return m_lastNs; }
    QString error() const { return m_error; }

private:
    struct StmtDeleter
    {
        void operator()(sqlite3_stmt* s) const;
    };
    using Stmt = std::unique_ptr<sqlite3_stmt, StmtDeleter>;

    sqlite3_stmt* prepare(const char* sql);
    bool step(sqlite3_stmt* s);
    bool prepareKernels();
    bool prepareApi();
    bool insert(const SynthKernelRow& r);
    bool insert(const SynthApiRow& r);
    bool insert(const SynthNvtxRow& r);
    bool insert(const SynthMemcpyRow& r);
    bool insert(const SynthMemsetRow& r);
    bool insert(const SynthSyncRow& r);
    bool insert(const SynthGraphRow& r);
    template <typename Row> bool flush(std::vector<Row>& rows, qint64 watermark);
    /// Counts a row, extends the span to [row.start, end] and keeps the row for writing when its
    /// table is in the mask.
    template <typename Row>
    void record(const Row& row, qint64 end, qint64& count, Table table, std::vector<Row>& pending)
    {
        ++count;
        span(row.start, end);
        if (m_mask & table)
            pending.push_back(row);
    }
    void span(qint64 start, qint64 end)
    {
        m_firstNs = std::min(m_firstNs, start);
        m_lastNs = std::max(m_lastNs, end);
    }

    sqlite3* m_db;
    const SynthStringIds& m_strings;
    int m_ranks;
    quint32 m_mask = 0;
    QString m_error;

    std::vector<Stmt> m_statements; ///< owns everything prepared in this pass
    std::vector<sqlite3_stmt*> m_kernelStmt; ///< [(rank * kinds + kind) * shapes + shape]
    std::vector<sqlite3_stmt*> m_apiStmt; ///< [rank * apis + api]
    sqlite3_stmt* m_nvtxStmt = nullptr;
    sqlite3_stmt* m_memcpyStmt = nullptr;
    sqlite3_stmt* m_memsetStmt = nullptr;
    sqlite3_stmt* m_syncStmt = nullptr;
    sqlite3_stmt* m_graphStmt = nullptr;
    std::vector<int> m_layerTextIds;
    std::vector<std::string> m_texts; ///< SynthNvtxName::Text rows' texts, this pass

    std::vector<SynthKernelRow> m_pendingKernels;
    std::vector<SynthApiRow> m_pendingApi;
    std::vector<SynthNvtxRow> m_pendingNvtx;
    std::vector<SynthMemcpyRow> m_pendingMemcpy;
    std::vector<SynthMemsetRow> m_pendingMemset;
    std::vector<SynthSyncRow> m_pendingSync;
    std::vector<SynthGraphRow> m_pendingGraph;

    qint64 m_kernels = 0, m_apiCalls = 0, m_nvtxRows = 0, m_memcpys = 0, m_memsets = 0, m_syncs = 0, m_graphs = 0;
    qint64 m_inserted = 0;
    qint64 m_firstNs = std::numeric_limits<qint64>::max();
    qint64 m_lastNs = std::numeric_limits<qint64>::min();
};

} // namespace sl
