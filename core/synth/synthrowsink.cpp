// SPDX-License-Identifier: MIT
#include "core/synth/synthrowsink.h"

#include <cstdio>
#include <sqlite3.h>
#include <string>

namespace sl {

namespace {

constexpr int kKinds = int(SynthKernel::Count);
constexpr int kShapes = int(SynthShape::Count);
constexpr int kApis = int(SynthApi::Count);

// Context-wide local memory reservation (B) CUPTI reports in localMemoryTotal; it depends on the
// device and the context's largest local-memory need, not on the kernel, so one value per trace.
constexpr qint64 kLocalMemoryTotal = 247'463'936;
// CUPTI reports stream synchronisations with the "no event" id.
constexpr qint64 kNoEventId = 4'294'967'295;

const char* nvtxText(SynthNvtxName name)
{
    switch (name) {
    case SynthNvtxName::Warmup:
        return "warmup";
    case SynthNvtxName::Prefill:
        return "prefill";
    case SynthNvtxName::DecodeStep:
        return "decode_step";
    case SynthNvtxName::Sampling:
        return "sampling";
    case SynthNvtxName::Tokenize:
        return "tokenize";
    case SynthNvtxName::Detokenize:
        return "detokenize";
    case SynthNvtxName::Domain:
        return "vllm";
    case SynthNvtxName::Request:
    case SynthNvtxName::Layer:
    case SynthNvtxName::Op:
    case SynthNvtxName::Text:
        break;
    }
    return nullptr;
}

} // namespace

void SynthRowSink::StmtDeleter::operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }

SynthRowSink::SynthRowSink(sqlite3* db, const SynthStringIds& strings, int ranks, int layers)
    : m_db(db)
    , m_strings(strings)
    , m_ranks(ranks)
{
    for (int l = 0; l < layers; ++l)
        m_layerTextIds.push_back(strings.id("layer " + std::to_string(l)));
}

SynthRowSink::~SynthRowSink() = default;

sqlite3_stmt* SynthRowSink::prepare(const char* sql)
{
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v3(m_db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr) != SQLITE_OK) {
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_finalize(s);
        return nullptr;
    }
    m_statements.emplace_back(s);
    return s;
}

bool SynthRowSink::step(sqlite3_stmt* s)
{
    const int rc = sqlite3_step(s);
    sqlite3_reset(s); // keeps the bindings: constant columns stay bound for the next row
    if (rc != SQLITE_DONE) {
        m_error
            = QString::fromUtf8(sqlite3_errstr(rc)) + QStringLiteral(": ") + QString::fromUtf8(sqlite3_errmsg(m_db));
        return false;
    }
    ++m_inserted;
    return true;
}

bool SynthRowSink::beginPass(quint32 mask)
{
    m_mask = mask;
    m_kernels = m_apiCalls = m_nvtxRows = m_memcpys = m_memsets = m_syncs = m_graphs = 0;
    m_texts.clear();
    m_firstNs = std::numeric_limits<qint64>::max();
    m_lastNs = std::numeric_limits<qint64>::min();
    if ((mask & Kernels) && !prepareKernels())
        return false;
    if ((mask & Runtime) && !prepareApi())
        return false;
    // The other tables: one statement each, prepared only for a pass that writes the table.
    const struct
    {
        Table table;
        sqlite3_stmt** stmt;
        const char* sql;
    } statements[] = {
        { Nvtx, &m_nvtxStmt,
            "INSERT INTO NVTX_EVENTS (start, end, eventType, rangeId, text, globalTid, endGlobalTid, textId, "
            "domainId) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)" },
        { Memcpy, &m_memcpyStmt,
            "INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY (start, end, deviceId, contextId, greenContextId, streamId, "
            "correlationId, globalPid, bytes, copyKind, srcKind, dstKind, copyCount) VALUES (?1, ?2, ?3, ?4, 0, ?5, "
            "?6, ?7, ?8, ?9, ?10, ?11, 1)" },
        { Memset, &m_memsetStmt,
            "INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET (start, end, deviceId, contextId, greenContextId, streamId, "
            "correlationId, globalPid, value, bytes, memKind) VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6, ?7, 0, ?8, 2)" },
        { Sync, &m_syncStmt,
            "INSERT INTO CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (start, end, deviceId, contextId, streamId, "
            "correlationId, globalPid, syncType, eventId, eventSyncId) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 3, ?8, 0)" },
        { GraphTrace, &m_graphStmt,
            "INSERT INTO CUPTI_ACTIVITY_KIND_GRAPH_TRACE (start, end, deviceId, contextId, greenContextId, streamId, "
            "correlationId, globalPid, graphId, graphExecId) VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6, ?7, ?8, ?9)" },
    };
    for (const auto& st : statements) {
        if (!(mask & st.table))
            continue;
        *st.stmt = prepare(st.sql);
        if (!*st.stmt)
            return false;
    }
    if (mask & Sync)
        sqlite3_bind_int64(m_syncStmt, 8, kNoEventId);
    return true;
}

bool SynthRowSink::prepareKernels()
{
    // One statement per (rank, kind, shape) with everything but the timing/identity columns
    // bound once: binding is a measurable share of the per-row cost at 40 columns.
    m_kernelStmt.assign(size_t(m_ranks * kKinds * kShapes), nullptr);
    for (int rank = 0; rank < m_ranks; ++rank) {
        for (int kind = 0; kind < kKinds; ++kind) {
            const auto& spec = SynthKernelCatalog::spec(SynthKernel(kind));
            for (int shape = 0; shape < kShapes; ++shape) {
                sqlite3_stmt* s = prepare(
                    "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
                    "?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, "
                    "?31, ?32, ?33, ?34, ?35, ?36, ?37, ?38, ?39, ?40)");
                if (!s)
                    return false;
                const int* grid = shape == int(SynthShape::Prefill) ? spec.gridPrefill : spec.gridDecode;
                const int stream = spec.ncclStream ? SynthIds::ncclStream(rank) : SynthIds::computeStream(rank);
                const int demangled = m_strings.id(spec.demangled);
                const int mangled = m_strings.id(spec.mangled ? spec.mangled : spec.demangled);
                sqlite3_bind_int64(s, 3, rank);
                sqlite3_bind_int64(s, 4, SynthIds::contextId(rank));
                sqlite3_bind_int64(s, 5, 0);
                sqlite3_bind_int64(s, 6, stream);
                sqlite3_bind_int64(s, 8, SynthIds::globalPid(SynthIds::workerPid(rank)));
                sqlite3_bind_int64(s, 9, demangled);
                sqlite3_bind_int64(s, 10, m_strings.id(spec.shortName));
                sqlite3_bind_int64(s, 11, mangled);
                sqlite3_bind_int64(s, 12, 1); // regular launch
                sqlite3_bind_int64(s, 13, 1); // CU_FUNC_CACHE_PREFER_NONE as CUPTI reports it
                sqlite3_bind_int64(s, 14, spec.registers);
                for (int i = 0; i < 3; ++i) {
                    sqlite3_bind_int64(s, 15 + i, grid[i]);
                    sqlite3_bind_int64(s, 18 + i, spec.block[i]);
                    sqlite3_bind_int64(s, 33 + i, spec.cluster[i]);
                }
                sqlite3_bind_int64(s, 21, spec.staticSmem);
                sqlite3_bind_int64(s, 22, spec.dynamicSmem);
                sqlite3_bind_int64(s, 23, 0);
                sqlite3_bind_int64(s, 24, kLocalMemoryTotal);
                sqlite3_bind_int64(s, 26, SynthKernelCatalog::sharedMemoryExecuted(spec));
                sqlite3_bind_int64(s, 28, 0);
                sqlite3_bind_int64(s, 36, 1);
                sqlite3_bind_int64(s, 37, 0);
                sqlite3_bind_int64(s, 38, 0);
                // 29-31 qmd*, 39 sharedMemoryRequestedPercentage: NULL as in real 2026.2 exports
                sqlite3_bind_text(s, 40, "[]", 2, SQLITE_STATIC);
                m_kernelStmt[size_t((rank * kKinds + kind) * kShapes + shape)] = s;
            }
        }
    }
    return true;
}

bool SynthRowSink::prepareApi()
{
    m_apiStmt.assign(size_t(m_ranks * kApis), nullptr);
    for (int rank = 0; rank < m_ranks; ++rank) {
        const qint64 pid = SynthIds::workerPid(rank);
        for (int api = 0; api < kApis; ++api) {
            sqlite3_stmt* s
                = prepare("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?1, ?2, 0, ?3, ?4, ?5, 0, NULL)");
            if (!s)
                return false;
            sqlite3_bind_int64(s, 3, SynthIds::globalTid(pid, pid));
            sqlite3_bind_int64(s, 5, m_strings.id(SynthKernelCatalog::apiName(SynthApi(api))));
            m_apiStmt[size_t(rank * kApis + api)] = s;
        }
    }
    return true;
}

void SynthRowSink::kernel(const SynthKernelRow& row) { record(row, row.end, m_kernels, Kernels, m_pendingKernels); }

void SynthRowSink::api(const SynthApiRow& row) { record(row, row.end, m_apiCalls, Runtime, m_pendingApi); }

void SynthRowSink::nvtx(const SynthNvtxRow& row)
{
    record(
        row, row.end < 0 ? row.start : row.end, m_nvtxRows, Nvtx, m_pendingNvtx); // an open range ends where it starts
}

void SynthRowSink::memcpy(const SynthMemcpyRow& row) { record(row, row.end, m_memcpys, Memcpy, m_pendingMemcpy); }

void SynthRowSink::memset(const SynthMemsetRow& row) { record(row, row.end, m_memsets, Memset, m_pendingMemset); }

void SynthRowSink::sync(const SynthSyncRow& row) { record(row, row.end, m_syncs, Sync, m_pendingSync); }

void SynthRowSink::graph(const SynthGraphRow& row) { record(row, row.end, m_graphs, GraphTrace, m_pendingGraph); }

template <typename Row> bool SynthRowSink::flush(std::vector<Row>& rows, qint64 watermark)
{
    if (rows.empty())
        return true;
    const auto byStart = [](const Row& a, const Row& b) { return a.start < b.start; };
    // Ranks interleave; stable so equal starts keep the simulator's (causal) order.
    if (!std::is_sorted(rows.begin(), rows.end(), byStart))
        std::stable_sort(rows.begin(), rows.end(), byStart);
    const auto cut
        = std::partition_point(rows.begin(), rows.end(), [watermark](const Row& r) { return r.start < watermark; });
    for (auto it = rows.begin(); it != cut; ++it)
        if (!insert(*it))
            return false;
    rows.erase(rows.begin(), cut);
    return true;
}

bool SynthRowSink::advance(qint64 watermark, qint64 nvtxWatermark)
{
    return flush(m_pendingKernels, watermark) && flush(m_pendingApi, watermark) && flush(m_pendingNvtx, nvtxWatermark)
        && flush(m_pendingMemcpy, watermark) && flush(m_pendingMemset, watermark) && flush(m_pendingSync, watermark)
        && flush(m_pendingGraph, watermark);
}

bool SynthRowSink::endPass()
{
    constexpr qint64 all = std::numeric_limits<qint64>::max();
    const bool ok = advance(all, all);
    m_kernelStmt.clear();
    m_apiStmt.clear();
    m_nvtxStmt = m_memcpyStmt = m_memsetStmt = m_syncStmt = m_graphStmt = nullptr;
    m_statements.clear();
    m_pendingKernels.clear();
    m_pendingApi.clear();
    m_pendingNvtx.clear();
    m_pendingMemcpy.clear();
    m_pendingMemset.clear();
    m_pendingSync.clear();
    m_pendingGraph.clear();
    return ok;
}

bool SynthRowSink::insert(const SynthKernelRow& r)
{
    sqlite3_stmt* s = m_kernelStmt[size_t((r.rank * kKinds + int(r.kind)) * kShapes + int(r.shape))];
    sqlite3_bind_int64(s, 1, r.start);
    sqlite3_bind_int64(s, 2, r.end);
    sqlite3_bind_int64(s, 7, r.correlationId);
    sqlite3_bind_int64(s, 25, r.gridId);
    if (r.graphNodeId) {
        sqlite3_bind_int64(s, 27, r.graphNodeId);
        sqlite3_bind_int64(s, 32, r.graphId);
    } else {
        sqlite3_bind_null(s, 27);
        sqlite3_bind_null(s, 32);
    }
    return step(s);
}

bool SynthRowSink::insert(const SynthApiRow& r)
{
    sqlite3_stmt* s = m_apiStmt[size_t(r.rank * kApis + int(r.api))];
    sqlite3_bind_int64(s, 1, r.start);
    sqlite3_bind_int64(s, 2, r.end);
    sqlite3_bind_int64(s, 4, r.correlationId);
    return step(s);
}

bool SynthRowSink::insert(const SynthNvtxRow& r)
{
    sqlite3_stmt* s = m_nvtxStmt;
    sqlite3_bind_int64(s, 1, r.start);
    if (r.end >= 0)
        sqlite3_bind_int64(s, 2, r.end);
    else
        sqlite3_bind_null(s, 2);
    sqlite3_bind_int64(s, 3, r.eventType);
    sqlite3_bind_int64(s, 6, r.globalTid);
    if (r.endGlobalTid)
        sqlite3_bind_int64(s, 7, r.endGlobalTid);
    else
        sqlite3_bind_null(s, 7);
    char buffer[32];
    if (r.name == SynthNvtxName::Layer) {
        // Registered string (nvtxDomainRegisterString): name via textId, in the "vllm" domain.
        sqlite3_bind_null(s, 4);
        sqlite3_bind_null(s, 5);
        sqlite3_bind_int64(s, 8, m_layerTextIds[size_t(r.number)]);
        sqlite3_bind_int64(s, 9, 1);
    } else {
        if (r.name == SynthNvtxName::Request) {
            std::snprintf(buffer, sizeof buffer, "request %lld", static_cast<long long>(r.number));
            sqlite3_bind_int64(s, 4, r.number);
            sqlite3_bind_text(s, 5, buffer, -1, SQLITE_TRANSIENT);
        } else if (r.name == SynthNvtxName::Text) {
            sqlite3_bind_null(s, 4);
            sqlite3_bind_text(s, 5, m_texts[size_t(r.number)].c_str(), -1, SQLITE_TRANSIENT);
        } else if (r.name == SynthNvtxName::Op) {
            sqlite3_bind_null(s, 4);
            sqlite3_bind_text(s, 5, SynthKernelCatalog::spec(SynthKernel(r.number)).shortName, -1, SQLITE_STATIC);
        } else {
            sqlite3_bind_null(s, 4);
            sqlite3_bind_text(s, 5, nvtxText(r.name), -1, SQLITE_STATIC);
        }
        sqlite3_bind_null(s, 8);
        sqlite3_bind_int64(s, 9, r.name == SynthNvtxName::Domain ? 1 : 0);
    }
    return step(s);
}

namespace {
/// Parameters 1-7 that every GPU operation row shares: start, end, device, context, stream,
/// correlation id and process (the rank's worker) on the rank's compute stream.
template <typename Row> void bindGpuOp(sqlite3_stmt* s, const Row& r)
{
    sqlite3_bind_int64(s, 1, r.start);
    sqlite3_bind_int64(s, 2, r.end);
    sqlite3_bind_int64(s, 3, r.rank);
    sqlite3_bind_int64(s, 4, SynthIds::contextId(r.rank));
    sqlite3_bind_int64(s, 5, SynthIds::computeStream(r.rank));
    sqlite3_bind_int64(s, 6, r.correlationId);
    sqlite3_bind_int64(s, 7, SynthIds::globalPid(SynthIds::workerPid(r.rank)));
}
} // namespace

bool SynthRowSink::insert(const SynthMemcpyRow& r)
{
    sqlite3_stmt* s = m_memcpyStmt;
    bindGpuOp(s, r);
    sqlite3_bind_int64(s, 8, r.bytes);
    sqlite3_bind_int64(s, 9, r.copyKind);
    sqlite3_bind_int64(s, 10, r.srcKind);
    sqlite3_bind_int64(s, 11, r.dstKind);
    return step(s);
}

bool SynthRowSink::insert(const SynthMemsetRow& r)
{
    sqlite3_stmt* s = m_memsetStmt;
    bindGpuOp(s, r);
    sqlite3_bind_int64(s, 8, r.bytes);
    return step(s);
}

bool SynthRowSink::insert(const SynthSyncRow& r)
{
    sqlite3_stmt* s = m_syncStmt;
    bindGpuOp(s, r);
    return step(s);
}

bool SynthRowSink::insert(const SynthGraphRow& r)
{
    sqlite3_stmt* s = m_graphStmt;
    bindGpuOp(s, r);
    sqlite3_bind_int64(s, 8, r.graphId);
    sqlite3_bind_int64(s, 9, r.graphExecId);
    return step(s);
}

} // namespace sl
