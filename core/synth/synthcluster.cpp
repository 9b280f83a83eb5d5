// SPDX-License-Identifier: MIT
#include "core/synth/synthcluster.h"

#include "core/synth/synthenumtables.h"
#include "core/synth/synthinserter.h"
#include "core/synth/synthschema.h"
#include "core/synth/synthtargetinfo.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <sqlite3.h>
#include <string>
#include <tuple>
#include <vector>

namespace sl {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("sl", text); }

constexpr qint64 kVmBits = qint64(1) << 48; // VM id 1, hardware id 0, as in every real export
constexpr int kComputeStream = 7;
constexpr int kNcclStream = 13; // NCCL creates its own stream after the default ones
constexpr int kNcclHostStream = 17; // the host communicator's (one stream per process group, as in PyTorch)
constexpr qint64 kBasePid = 4000;
constexpr int NcclBlobHeader = 32;

const SynthCollectiveName s_collectives[] = {
    { "AllReduce", "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
        "ncclDevKernel_AllReduce_Sum_bf16_RING_LL" },
    { "AllGather", "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
        "ncclDevKernel_AllGather_RING_LL" },
    { "ReduceScatter", "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
        "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL" },
    { "AllReduce", "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
        "ncclDevKernel_AllReduce_Sum_bf16_RING_LL" },
};
// A transformer layer's kernels, in launch order (names as nsys shows them for cuBLAS, FlashAttention, vLLM).
const char* const s_compute[] = {
    "void vllm::rms_norm_kernel<c10::BFloat16, 8, 2>(c10::BFloat16 *, const c10::BFloat16 *, const c10::BFloat16 *, "
    "float, int, int)",
    "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_"
    "cublas",
    "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t>, false, "
    "false, false, false, true, false, false>(flash::Flash_fwd_params)",
    "void vllm::act_and_mul_kernel<c10::BFloat16, &vllm::silu_kernel<c10::BFloat16>, true>(c10::BFloat16 *, const "
    "c10::BFloat16 *, int)",
};
constexpr int kComputeNames = 4;

// StringIds of one rank's export (1-based, as nsys numbers them).
enum StringId {
    SidNccl0 = 1,
    SidNcclShort0 = 5,
    SidLaunch = 9,
    SidLaunchEx,
    SidPython,
    SidCompute0,
    SidInitApi = SidCompute0 + 4, // NCCL's registered range names (__func__ of its API)
    SidApi0,
};

// nsys 2026.2's DDL of the NVTX payload schema tables (from a real export with NCCL's schemas).
constexpr const char* s_payloadSchemasDdl = R"sql(CREATE TABLE NVTX_PAYLOAD_SCHEMAS (
    domainId                    INTEGER,                               -- User-controlled ID that can be used to group events.
    schemaId                    INTEGER,                               -- Identifier of the payload schema.
    name                        TEXT,                                  -- Schema name.
    type                        INTEGER,                               -- Schema type.
    flags                       INTEGER,                               -- Schema flags.
    numEntries                  INTEGER,                               -- Number of payload schema entries.
    payloadSize                 INTEGER,                               -- Size of the static payload.
    alignTo                     INTEGER                                -- Field alignment in bytes.
))sql";
constexpr const char* s_payloadEntriesDdl = R"sql(CREATE TABLE NVTX_PAYLOAD_SCHEMA_ENTRIES (
    domainId                    INTEGER   NOT NULL,                    -- User-controlled ID that can be used to group events.
    schemaId                    INTEGER   NOT NULL,                    -- Identifier of the payload schema.
    idx                         INTEGER   NOT NULL,                    -- Index of the entry in the payload schema.
    flags                       INTEGER,                               -- Payload entry flags.
    type                        INTEGER,                               -- Payload entry type.
    name                        TEXT,                                  -- Label of the payload entry.
    description                 TEXT,                                  -- Description of the payload entry.
    arrayOrUnionDetail          INTEGER,                               -- Array length (index) or selected union member.
    offset                      INTEGER                                -- Entry offset in the binary data in bytes.
))sql";

/// NCCL's static payload schemas (src/include/nvtx_payload_schemas.h; ids 2^24 + NVTX_SID_* of its
/// nvtx.h, as a real 2026.2 export of PyTorch FSDP shows them), in the NCCL domain (id 1).
struct PayloadSchema
{
    qint64 id;
    int size;
    const char* api; ///< the range's name
    std::vector<std::tuple<int, const char*, int>> entries; ///< (type, name, offset); NVTX_PAYLOAD_ENTRY_TYPE_*
};
const PayloadSchema& payloadSchema(int index)
{
    static const PayloadSchema schemas[] = {
        { 16777227, 24, "ncclCommInitRankConfig",
            { { 18, "NCCL communicator ID", 0 }, { 5, "No. of ranks", 8 }, { 5, "Rank", 12 },
                { 5, "CUDA device", 16 } } },
        { 16777221, 24, "ncclAllReduce",
            { { 18, "NCCL communicator ID", 0 }, { 22, "Message size [bytes]", 8 },
                { 16777232, "Reduction operation", 16 } } },
        { 16777220, 16, "ncclAllGather", { { 18, "NCCL communicator ID", 0 }, { 22, "Message size [bytes]", 8 } } },
        { 16777223, 24, "ncclReduceScatter",
            { { 18, "NCCL communicator ID", 0 }, { 22, "Message size [bytes]", 8 },
                { 16777232, "Reduction operation", 16 } } },
    };
    return schemas[index];
}
constexpr int kNcclDomain = 1;
/// The schema (index into payloadSchema) of collective c's API: AllReduce, AllGather, ReduceScatter, AllReduce.
int apiOf(int c) { return c % 4 == 3 ? 1 : c % 4 + 1; }

void putLe(std::string& out, quint64 v, int width)
{
    for (int i = 0; i < width; ++i)
        out.push_back(char((v >> (8 * i)) & 0xff));
}

/// binaryData of one call: the 32-byte header (domain and schema id in the low halves of two 64-bit
/// words, the payload's size, the blob's size), then the payload with `values` at the schema's offsets.
std::string payloadBlob(const PayloadSchema& s, const std::vector<quint64>& values)
{
    std::string blob;
    putLe(blob, kNcclDomain, 8);
    putLe(blob, quint64(s.id), 8);
    putLe(blob, quint64(s.size), 8);
    putLe(blob, quint64(NcclBlobHeader + s.size), 8);
    std::string payload(size_t(s.size), '\0');
    for (size_t i = 0; i < s.entries.size() && i < values.size(); ++i) {
        const auto& [type, name, offset] = s.entries[i];
        std::string v;
        putLe(v, values[i], type == 5 || type == 16777232 ? 4 : 8);
        payload.replace(size_t(offset), v.size(), v);
    }
    return blob + payload;
}

using Inserter = SynthInserter;

/// The model of SynthClusterOptions in true time (ns), per host, advanced collective by collective.
class Schedule
{
public:
    explicit Schedule(const SynthClusterOptions& o)
        : m_o(o)
        , m_hosts((o.ranks + o.ranksPerHost - 1) / o.ranksPerHost)
        , m_stepStart(size_t(m_hosts), o.firstStep())
        , m_phase(size_t(m_hosts), o.firstStep() + o.prologueNs)
        , m_last(size_t(m_hosts))
    {
    }
    qint64 compute(int r, int k, int c) const
    {
        return m_o.computeNs + m_o.jitterNs * ((r + k + c) % 4) + (r == m_o.straggler ? m_o.stragglerExtraNs : 0);
    }
    /// Collective c of step k: every host's last arrival L.
    void collective(int k, int c)
    {
        qint64 world = 0;
        for (int h = 0; h < m_hosts; ++h) {
            m_last[size_t(h)] = m_phase[size_t(h)] + maxCompute(h, k, c);
            world = std::max(world, m_last[size_t(h)]);
        }
        if (!m_o.onHostCommunicator(c))
            std::fill(m_last.begin(), m_last.end(), world);
    }
    /// After collective c: the next compute phase starts when it has completed (on each host).
    void completed()
    {
        for (int h = 0; h < m_hosts; ++h)
            m_phase[size_t(h)] = m_last[size_t(h)] + m_o.transferNs + 2 * m_o.endJitterNs + m_o.gapNs;
    }
    /// After the last collective of a step: E_k is the phase, S_{k+1} follows.
    void nextStep()
    {
        for (int h = 0; h < m_hosts; ++h) {
            m_stepStart[size_t(h)] = m_phase[size_t(h)] + m_o.stepGapNs;
            m_phase[size_t(h)] = m_stepStart[size_t(h)] + m_o.prologueNs;
        }
    }
    qint64 phase(int h) const { return m_phase[size_t(h)]; }
    qint64 last(int h) const { return m_last[size_t(h)]; }
    qint64 stepStart(int h) const { return m_stepStart[size_t(h)]; }

private:
    /// Longest compute of collective (k, c) over host h's ranks.
    qint64 maxCompute(int h, int k, int c) const
    {
        const int from = h * m_o.ranksPerHost, to = std::min(m_o.ranks, from + m_o.ranksPerHost);
        qint64 m = 0;
        for (int r = from; r < std::min(to, from + 4); ++r) // jitter repeats with period 4 in r
            m = std::max(m, compute(r, k, c));
        if (m_o.straggler >= from && m_o.straggler < to)
            m = std::max(m, compute(m_o.straggler, k, c));
        return m;
    }

    const SynthClusterOptions& m_o;
    int m_hosts;
    std::vector<qint64> m_stepStart, m_phase, m_last;
};

struct RankFile
{
    const SynthClusterOptions& o;
    int rank;
    int host() const { return rank / o.ranksPerHost; }
    int localRank() const { return rank % o.ranksPerHost; }
    /// The first rank of its export: itself, or with processPerHost its host's first.
    int fileRank() const { return o.processPerHost ? host() * o.ranksPerHost : rank; }
    qint64 pid() const { return kBasePid + fileRank(); }
    qint64 globalPid() const { return kVmBits | (pid() << 24); }
    /// The thread that drives its GPU: the main one, or with processPerHost one per GPU.
    qint64 globalTid() const { return globalPid() | (pid() + (o.processPerHost ? localRank() : 0)); }
    /// CUPTI's correlation id of its n-th launch (n from 1): per process, so with processPerHost
    /// its GPUs' launches interleave.
    qint64 correlation(qint64 n) const { return o.processPerHost ? (n - 1) * o.ranksPerHost + localRank() + 1 : n; }
    /// Whether its thread marks the steps (with processPerHost the main thread, GPU 0's).
    bool marksSteps() const { return !o.processPerHost || localRank() == 0; }
    qint64 boot() const { return SynthClusterOptions::bootNs(host()); }
    qint64 captureStart() const { return qint64(fileRank()) * SynthClusterOptions::captureStaggerNs; }
    qint64 clockError() const
    {
        return size_t(host()) < o.hostClockErrorNs.size() ? o.hostClockErrorNs[size_t(host())] : 0;
    }
    std::string hostname() const
    {
        char b[32];
        std::snprintf(b, sizeof b, "gpu-node-%03d", host() + 1);
        return b;
    }
};

bool writeStrings(sqlite3* db, bool payloads, QString* error)
{
    if (!SynthSchema::create(db, SynthSchema::Table::StringIds, error))
        return false;
    Inserter ins(db, "INSERT INTO StringIds VALUES (?1, ?2)", error);
    for (int c = 0; c < 4; ++c)
        ins.i(SidNccl0 + c).t(s_collectives[c].demangled).row();
    for (int c = 0; c < 4; ++c)
        ins.i(SidNcclShort0 + c).t(s_collectives[c].shortName).row();
    ins.i(SidLaunch).t("cudaLaunchKernel_v7000").row();
    ins.i(SidLaunchEx).t("cuLaunchKernelEx").row();
    bool ok = ins.i(SidPython).t("pt_main_thread").row(); // a failed row fails every later one
    for (int j = 0; j < kComputeNames; ++j)
        ok = ins.i(SidCompute0 + j).t(s_compute[j]).row();
    for (int j = 0; j < 4 && payloads; ++j)
        ok = ins.i(SidInitApi + j).t(payloadSchema(j).api).row();
    return ok;
}

bool writePayloadSchemas(sqlite3* db, QString* error)
{
    if (!SynthSchema::exec(db, s_payloadSchemasDdl, error) || !SynthSchema::exec(db, s_payloadEntriesDdl, error))
        return false;
    Inserter schema(db, "INSERT INTO NVTX_PAYLOAD_SCHEMAS VALUES (?1, ?2, NULL, 1, NULL, ?3, ?4, NULL)", error);
    Inserter entry(
        db, "INSERT INTO NVTX_PAYLOAD_SCHEMA_ENTRIES VALUES (?1, ?2, ?3, NULL, ?4, ?5, NULL, NULL, ?6)", error);
    for (int j = 0; j < 4; ++j) {
        const PayloadSchema& s = payloadSchema(j);
        if (!schema.i(kNcclDomain).i(s.id).i(qint64(s.entries.size())).i(s.size).row())
            return false;
        for (size_t e = 0; e < s.entries.size(); ++e) {
            const auto& [type, name, offset] = s.entries[e];
            entry.i(kNcclDomain).i(s.id).i(qint64(e)).i(type).t(name);
            if (!(e == 0 ? entry.null() : entry.i(offset)).row()) // nsys leaves the first offset NULL
                return false;
        }
    }
    return true;
}

/// The GPUs, clocks, process and threads of an export of `files` (one rank, or a host's).
bool writeSystem(sqlite3* db, const std::vector<RankFile>& files, QString* error)
{
    using T = SynthSchema::Table;
    const RankFile& f = files.front();
    if (!SynthSchema::create(db, T::TargetInfoGpu, error) || !SynthSchema::create(db, T::SessionStartTime, error)
        || !SynthSchema::create(db, T::Processes, error) || !SynthSchema::create(db, T::ThreadNames, error)
        || !SynthTargetInfo::writeSystemEnv(db, f.hostname(), error))
        return false;
    Inserter gpu(db,
        "INSERT INTO TARGET_INFO_GPU VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
        "?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34, ?35, ?36, ?37, "
        "?38, ?39, ?40, ?41)",
        error);
    for (const RankFile& g : files) {
        const int dev = g.localRank();
        char bus[32], uuid[48];
        std::snprintf(bus, sizeof bus, "0000:%02x:00.0", 0x18 + 0x10 * dev);
        std::snprintf(uuid, sizeof uuid, "53796e74-6800-4000-8000-%012d", g.rank);
        gpu.i(kVmBits).i(dev).t("NVIDIA H100 80GB HBM3").t(bus).i(1);
        gpu.i(52'428'800).i(85'899'345'920).i(3'352'320'000'000).i(1'980'000'000).i(132);
        gpu.i(dev).t(uuid).i(0).t("GH100").i(dev).t("").t("").i(161).i(0).i(65'536).i(0);
        gpu.i(65'536).i(49'152).i(232'448).i(233'472).i(65'536).i(32).i(3).i(64).i(32).i(1'024);
        gpu.i(1'024).i(1'024).i(64).i(2'147'483'647).i(65'535).i(65'535).i(9).i(0).i(9).i(0);
        if (!gpu.row())
            return false;
    }
    const qint64 start = f.captureStart();
    const qint64 utc = SynthClusterOptions::utcEpochNs + start + f.clockError()
        + qint64(f.localRank()) * SynthClusterOptions::utcReadDelayNs;
    Inserter session(db, "INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (?1, ?2, ?3, ?4)", error);
    if (!session.i(utc).t("2026-01-01T09:00:00").t("2026-01-01T09:00:00").i(start + f.boot()).row())
        return false;
    Inserter proc(db, "INSERT INTO PROCESSES VALUES (?1, ?2, ?3)", error);
    Inserter thread(db, "INSERT INTO ThreadNames VALUES (?1, ?2, ?3)", error);
    bool ok = proc.i(f.globalPid()).i(f.pid()).t("python3").row();
    for (const RankFile& g : files)
        ok = ok && thread.i(SidPython).i(20).i(g.globalTid()).row();
    return ok;
}

/// The compute before a collective: `o.computeKernels` kernels back to back on the compute
/// stream from `from` to `to` (ns, export clock), each after its own launch call.
bool computeKernels(
    Inserter& kernel, Inserter& call, const RankFile& f, qint64 from, qint64 to, qint64* correlation, qint64* grid)
{
    const int n = f.o.computeKernels;
    for (int j = 0; j < n; ++j) {
        const qint64 start = from + (to - from) * j / n, end = from + (to - from) * (j + 1) / n;
        const int name = SidCompute0 + j % kComputeNames;
        if (!call.i(start - 7'000).i(start - 3'000).i(f.globalTid()).i(f.correlation(*correlation)).i(SidLaunch).row()
            || !kernel.i(start)
                    .i(end)
                    .i(f.localRank())
                    .i(kComputeStream)
                    .i(f.correlation((*correlation)++))
                    .i(f.globalPid())
                    .i(name)
                    .i(name)
                    .i(168)
                    .i(132)
                    .i(384)
                    .i(213'248)
                    .i((*grid)++)
                    .i(227'328)
                    .row())
            return false;
    }
    return true;
}

/// NCCL's API ranges with payloads on the rank's thread (when the options ask for them).
class NcclCalls
{
public:
    NcclCalls(sqlite3* db, const RankFile& f, QString* error)
        : m_f(f)
        , m_range(db,
              "INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, textId, domainId, binaryData) VALUES (?1, "
              "?2, "
              "59, ?3, ?4, ?5, ?6)",
              error)
    {
    }
    /// ncclCommInitRankConfig, 800 to 300 µs before step 0 (export clock: after every capture start);
    /// with host communicators the host's one, 250 to 100 µs before.
    bool init(qint64 boot)
    {
        if (!m_f.o.ncclPayloads)
            return true;
        const qint64 at = boot + m_f.o.firstStep() - 800'000;
        const std::string blob = payloadBlob(payloadSchema(0),
            { SynthClusterOptions::worldCommunicator, quint64(m_f.o.ranks), quint64(m_f.rank),
                quint64(m_f.localRank()) });
        if (!m_range.i(at).i(at + 500'000).i(m_f.globalTid()).i(SidInitApi).i(kNcclDomain).b(blob).row())
            return false;
        if (!m_f.o.hostCommunicators)
            return true;
        const int hostRanks = std::min(m_f.o.ranks - m_f.host() * m_f.o.ranksPerHost, m_f.o.ranksPerHost);
        const std::string host = payloadBlob(payloadSchema(0),
            { SynthClusterOptions::hostCommunicator(m_f.host()), quint64(hostRanks), quint64(m_f.localRank()),
                quint64(m_f.localRank()) });
        return m_range.i(at + 550'000).i(at + 700'000).i(m_f.globalTid()).i(SidInitApi).i(kNcclDomain).b(host).row();
    }
    /// The API call of collective c whose kernel starts at `kernelStart` (export clock); its launch
    /// call (6 to 2 µs before the kernel) lies inside it. AllReduce's reduction op: ncclSum (0).
    bool call(int c, qint64 kernelStart)
    {
        if (!m_f.o.ncclPayloads)
            return true;
        const int api = apiOf(c);
        const quint64 comm = m_f.o.onHostCommunicator(c) ? SynthClusterOptions::hostCommunicator(m_f.host())
                                                         : SynthClusterOptions::worldCommunicator;
        const std::string blob = payloadBlob(payloadSchema(api), { comm, quint64(m_f.o.bytesOf(c)), 0 });
        return m_range.i(kernelStart - 9'000)
            .i(kernelStart - 1'000)
            .i(m_f.globalTid())
            .i(SidInitApi + api)
            .i(kNcclDomain)
            .b(blob)
            .row();
    }

private:
    const RankFile& m_f;
    Inserter m_range;
};

bool rankActivity(sqlite3* db, Inserter& kernel, Inserter& call, Inserter& range, const RankFile& f, qint64* lastNs,
    qint64* kernels, QString* error);

/// Kernels, launch calls and step ranges of `files` (one rank, or a host's: in blocks per GPU,
/// each in start order).
bool writeActivity(sqlite3* db, const std::vector<RankFile>& files, qint64* lastNs, qint64* kernels, QString* error)
{
    using T = SynthSchema::Table;
    if (!SynthSchema::create(db, T::Kernel, error) || !SynthSchema::create(db, T::Runtime, error)
        || !SynthSchema::create(db, T::Nvtx, error)
        || (files.front().o.ncclPayloads && !writePayloadSchemas(db, error)))
        return false;
    Inserter kernel(db,
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, greenContextId, streamId, "
        "correlationId, globalPid, demangledName, shortName, mangledName, launchType, cacheConfig, "
        "registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, staticSharedMemory, dynamicSharedMemory, "
        "localMemoryPerThread, localMemoryTotal, gridId, sharedMemoryExecuted, tensorSizeMinusOneElements) VALUES "
        "(?1, ?2, ?3, 1, 0, ?4, ?5, ?6, ?7, ?8, NULL, 0, 0, ?9, ?10, 1, 1, ?11, 1, 1, 0, ?12, 0, 0, ?13, ?14, '')",
        error);
    Inserter call(db, "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?1, ?2, 0, ?3, ?4, ?5, 0, NULL)", error);
    Inserter range(db,
        "INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, endGlobalTid, domainId) VALUES "
        "(?1, ?2, 59, ?3, ?4, NULL, 0)",
        error);
    for (const RankFile& f : files) {
        qint64 last = 0;
        if (!rankActivity(db, kernel, call, range, f, &last, kernels, error))
            return false;
        *lastNs = std::max(*lastNs, last);
    }
    return true;
}

/// One rank's kernels, launch calls, NCCL calls and step ranges, each in start order.
bool rankActivity(sqlite3* db, Inserter& kernel, Inserter& call, Inserter& range, const RankFile& f, qint64* lastNs,
    qint64* kernels, QString* error)
{
    const SynthClusterOptions& o = f.o;
    Schedule model(o);
    const int h = f.host();
    // Event times are ns since the export's capture start, as nsys writes them; the session
    // anchors map them to the host's system clock and to UTC.
    const qint64 boot = -f.captureStart();
    NcclCalls nccl(db, f, error);
    if (!nccl.init(boot))
        return false;
    qint64 correlation = 1, grid = 1;
    for (int k = 0; k < o.steps; ++k) {
        const qint64 stepStart = model.stepStart(h);
        for (int c = 0; c < o.collectivesPerStep; ++c) {
            const int op = c % 4;
            model.collective(k, c);
            const qint64 phase = model.phase(h);
            const qint64 arrive = phase + model.compute(f.rank, k, c);
            const qint64 end = model.last(h) + o.transferNs + o.endJitterNs * ((f.rank + c) % 3);
            if (!computeKernels(kernel, call, f, boot + phase, boot + arrive, &correlation, &grid)
                || !nccl.call(c, boot + arrive)
                || !call.i(boot + arrive - 6'000)
                        .i(boot + arrive - 2'000)
                        .i(f.globalTid())
                        .i(f.correlation(correlation))
                        .i(SidLaunchEx)
                        .row()
                || !kernel.i(boot + arrive)
                        .i(boot + end)
                        .i(f.localRank())
                        .i(o.onHostCommunicator(c) ? kNcclHostStream : kNcclStream)
                        .i(f.correlation(correlation++))
                        .i(f.globalPid())
                        .i(SidNccl0 + op)
                        .i(SidNcclShort0 + op)
                        .i(96)
                        .i(32)
                        .i(640)
                        .i(0)
                        .i(grid + 1)
                        .i(0)
                        .row())
                return false;
            ++grid;
            *kernels += o.computeKernels + 1;
            model.completed();
        }
        const std::string name = "ProfilerStep#" + std::to_string(k);
        if (o.stepRanges && f.marksSteps()
            && !range.i(boot + stepStart).i(boot + model.phase(h)).t(name).i(f.globalTid()).row())
            return false;
        *lastNs = boot + model.phase(h);
        model.nextStep();
    }
    return true;
}

bool writeMetadata(sqlite3* db, const RankFile& f, qint64 lastNs, QString* error)
{
    using T = SynthSchema::Table;
    if (!SynthSchema::create(db, T::MetaDataExport, error) || !SynthSchema::create(db, T::MetaDataCapture, error)
        || !SynthSchema::create(db, T::AnalysisDetails, error))
        return false;
    const std::string file = "report." + std::to_string(f.o.processPerHost ? f.host() : f.rank);
    const std::pair<const char*, std::string> exportRows[] = {
        { "EXPORT_PRODUCT_NAME", "NVIDIA Nsight Systems" },
        { "EXPORT_PRODUCT_VERSION", "2026.2.1.210" },
        { "EXPORT_PRODUCT_DATE", "2026.2" },
        { "EXPORT_SCHEMA_VERSION", "3.25.0" },
        { "EXPORT_SCHEMA_VERSION_MAJOR", "3" },
        { "EXPORT_SCHEMA_VERSION_MINOR", "25" },
        { "EXPORT_SCHEMA_VERSION_MICRO", "0" },
        { "EXPORT_PLATFORM", "linux-desktop" },
        { "EXPORT_ARCH", "x64" },
        { "EXPORT_PARAM_EXPORT_TYPE", "SQLite" },
        { "EXPORT_PARAM_INPUT_FILE", file + ".nsys-rep" },
        { "EXPORT_PARAM_OUTPUT_FILE", file + ".sqlite" },
        { "EXPORT_PARAM_LAZY", "true" },
        { "EXPORT_PARAM_INCLUDE_BLOBS", f.o.ncclPayloads ? "true" : "false" },
        { "EXPORT_PARAM_TIME_NORMALIZE", "false" },
        { "DERIVED_BY", "sightline synth --per-rank" },
    };
    Inserter ex(db, "INSERT INTO META_DATA_EXPORT VALUES (?1, ?2)", error);
    for (const auto& [name, value] : exportRows)
        if (!ex.t(name).t(value).row())
            return false;
    // What srun and torchrun put into every rank's environment; nsys records it quoted.
    const auto q = [](const char* name, const std::string& v) { return std::string(name) + "=\"" + v + "\""; };
    const std::string r = std::to_string(f.rank), world = std::to_string(f.o.ranks);
    std::vector<std::string> envRows { q("CUDA_VISIBLE_DEVICES", std::to_string(f.localRank())),
        q("NCCL_DEBUG", "WARN") };
    if (f.o.processPerHost) {
        // One task per node (srun --ntasks-per-node=1) driving every GPU: its task id is the
        // host's, no GPU's rank.
        const int hosts = (f.o.ranks + f.o.ranksPerHost - 1) / f.o.ranksPerHost;
        std::string gpus;
        for (int g = 0; g < std::min(f.o.ranksPerHost, f.o.ranks - f.rank); ++g)
            gpus.append(g ? "," : "").append(std::to_string(g));
        envRows.front() = q("CUDA_VISIBLE_DEVICES", gpus);
        if (f.o.rankEnvironment)
            envRows.insert(envRows.begin(),
                { q("SLURM_JOB_ID", "424242"), q("SLURM_PROCID", std::to_string(f.host())), q("SLURM_LOCALID", "0"),
                    q("SLURM_NODEID", std::to_string(f.host())), q("SLURM_NTASKS", std::to_string(hosts)),
                    q("SLURMD_NODENAME", f.hostname()) });
    } else if (f.o.rankEnvironment)
        envRows.insert(envRows.begin(),
            { q("SLURM_JOB_ID", "424242"), q("SLURM_PROCID", r), q("SLURM_LOCALID", std::to_string(f.localRank())),
                q("SLURM_NODEID", std::to_string(f.host())), q("SLURM_NTASKS", world),
                q("SLURMD_NODENAME", f.hostname()), q("RANK", r), q("LOCAL_RANK", std::to_string(f.localRank())),
                q("WORLD_SIZE", world) });
    Inserter cap(db, "INSERT INTO META_DATA_CAPTURE VALUES (?1, ?2)", error);
    if (!cap.t("DEVICE_ID").t("Local (CLI)").row() || !cap.t("CAPTURE_EVENT_TYPE").t("Cuda").row()
        || !cap.t("PROCESS_0:COMMAND").t("python3").row() || !cap.t("PROCESS_0:ARGUMENT_0").t("train.py").row())
        return false;
    for (const auto& v : envRows)
        if (!cap.t("PROCESS_0:ENVIRONMENT_VARIABLE").t(v).row())
            return false;
    // The capture stops after the last event, rounded up to whole ms; ANALYSIS_DETAILS gives it on
    // the system clock (startTime = systemClockNs), as 2026.x exports do.
    const qint64 duration = (lastNs + 999'999) / 1'000'000 * 1'000'000;
    const qint64 start = f.captureStart() + f.boot();
    if (!cap.t("RUN_DURATION_MS").t(std::to_string(duration / 1'000'000)).row()
        || !SynthTargetInfo::writeCuda(db, error) || !SynthTargetInfo::writeSession(db, f.globalPid(), duration, error))
        return false;
    Inserter ad(db, "INSERT INTO ANALYSIS_DETAILS VALUES (?1, ?2, ?3, ?4)", error);
    return ad.i(kVmBits).i(duration).i(start).i(start + duration).row();
}

/// The export of `files` (one rank, or a host's) into `path` (via `path.part`).
bool writeExport(const QString& path, const std::vector<RankFile>& files, qint64* kernels, QString* error)
{
    const QString part = path + QStringLiteral(".part");
    QFile::remove(part);
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(part).constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK) {
        *error = tr("Cannot create %1: %2").arg(part, QString::fromUtf8(sqlite3_errmsg(db)));
        sqlite3_close(db);
        return false;
    }
    QString sqlError;
    qint64 lastNs = 0;
    *kernels = 0;
    const RankFile& f = files.front();
    bool ok = SynthSchema::exec(
                  db, "PRAGMA page_size=4096; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN", &sqlError)
        && writeStrings(db, f.o.ncclPayloads, &sqlError) && SynthEnumTables::write(db, &sqlError)
        && writeSystem(db, files, &sqlError) && writeActivity(db, files, &lastNs, kernels, &sqlError)
        && writeMetadata(db, f, lastNs, &sqlError) && SynthSchema::exec(db, "COMMIT", &sqlError);
    ok = sqlite3_close(db) == SQLITE_OK && ok;
    if (ok) {
        QFile::remove(path);
        ok = QFile::rename(part, path);
        if (!ok)
            sqlError = tr("cannot rename the finished file");
    }
    if (!ok) {
        QFile::remove(part);
        *error = tr("Cannot write %1: %2").arg(path, sqlError);
    }
    return ok;
}

} // namespace

SynthCollectiveName synthCollectiveName(int c) { return s_collectives[c % 4]; }

SynthClusterResult writeSynthCluster(
    const QString& dir, const SynthClusterOptions& o, const std::function<bool(int done, int total)>& progress)
{
    SynthClusterResult result;
    if (o.ranks < 2 || o.ranks > 1024 || o.ranksPerHost < 1 || o.ranksPerHost > 8 || o.straggler >= o.ranks
        || o.steps < 1 || o.collectivesPerStep < 1 || o.computeKernels < 1 || o.computeKernels > 64 || o.computeNs < 0
        || o.jitterNs < 0 || o.transferNs < 0 || o.endJitterNs < 0 || o.stragglerExtraNs < 0) {
        result.error = tr("Cannot write the per-rank exports: invalid options (ranks 2-1024, ranks per host 1-8, "
                          "the straggler one of the ranks, steps and collectives at least 1).");
        return result;
    }
    if (!QDir().mkpath(dir)) {
        result.error = tr("Cannot create the folder %1.").arg(dir);
        return result;
    }
    // An export per rank, or per host of a process per host.
    const int perFile = o.processPerHost ? o.ranksPerHost : 1;
    const int exports = (o.ranks + perFile - 1) / perFile;
    for (int e = 0; e < exports; ++e) {
        const QString path = QDir(dir).filePath(QStringLiteral("report.%1.sqlite").arg(e));
        std::vector<RankFile> files;
        for (int r = e * perFile; r < std::min(o.ranks, (e + 1) * perFile); ++r)
            files.push_back(RankFile { o, r });
        qint64 kernels = 0;
        if (!writeExport(path, files, &kernels, &result.error))
            return result;
        result.kernelsPerRank = kernels / qint64(files.size());
        result.files << path;
        if (progress && !progress(e + 1, exports)) {
            result.error = tr("Writing the per-rank exports was cancelled after %1 of %2.").arg(e + 1).arg(exports);
            return result;
        }
    }
    result.ok = true;
    return result;
}

} // namespace sl
