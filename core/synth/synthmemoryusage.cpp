// SPDX-License-Identifier: MIT
#include "core/synth/synthmemoryusage.h"

#include "core/synth/synthinserter.h"
#include "core/synth/synthschema.h"

#include <algorithm>
#include <map>
#include <sqlite3.h>
#include <vector>

namespace sl {

namespace {

// nsys 2024+ (schema 3.11 on): the columns of a `--cuda-memory-usage=true` export.
constexpr const char* kDdl = R"sql(CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (
    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).
    globalPid                   INTEGER   NOT NULL,                    -- Serialized GlobalId.
    deviceId                    INTEGER   NOT NULL,                    -- Device ID.
    contextId                   INTEGER   NOT NULL,                    -- Context ID.
    address                     INTEGER   NOT NULL,                    -- Virtual address of the allocation/deallocation.
    pc                          INTEGER   NOT NULL,                    -- Program counter of the allocation/deallocation.
    bytes                       INTEGER   NOT NULL,                    -- Number of bytes allocated/deallocated (B).
    memKind                     INTEGER   NOT NULL,                    -- REFERENCES ENUM_CUDA_MEM_KIND(id)
    memoryOperationType         INTEGER   NOT NULL,                    -- REFERENCES ENUM_CUDA_DEV_MEM_EVENT_OPER(id)
    name                        TEXT,                                  -- Variable name, if available.
    correlationId               INTEGER,                               -- REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId)
    streamId                    INTEGER,                               -- ID of the stream.
    localMemoryPoolAddress      INTEGER,                               -- Base address of the local memory pool used
    localMemoryPoolReleaseThreshold   INTEGER,                         -- Release threshold of the local memory pool used
    localMemoryPoolSize         INTEGER,                               -- Size of the local memory pool used
    localMemoryPoolUtilizedSize   INTEGER,                             -- Utilized size of the local memory pool used
    importedMemoryPoolAddress   INTEGER,                               -- Base address of the imported memory pool used
    importedMemoryPoolProcessId   INTEGER                              -- Process ID of the imported memory pool used
))sql";

struct Event
{
    qint64 start = 0;
    qint64 globalPid = 0;
    int device = 0;
    qint64 address = 0;
    qint64 bytes = 0;
    int op = 0; ///< 0 allocation, 1 free
};

/// (globalPid → (device, first kernel start)) of every process with kernels: its GPU is the one
/// it ran the most kernels on (one per rank in a synthetic export).
std::map<qint64, std::pair<int, qint64>> workers(sqlite3* db, QString* error)
{
    std::map<qint64, std::pair<int, qint64>> out;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db,
            "SELECT globalPid, deviceId, MIN(start), COUNT(*) AS n FROM CUPTI_ACTIVITY_KIND_KERNEL "
            "GROUP BY globalPid, deviceId ORDER BY globalPid, n DESC",
            -1, &st, nullptr)
        != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        return out;
    }
    while (sqlite3_step(st) == SQLITE_ROW)
        out.emplace(
            sqlite3_column_int64(st, 0), std::make_pair(sqlite3_column_int(st, 1), sqlite3_column_int64(st, 2)));
    sqlite3_finalize(st);
    return out;
}

/// Every top-level push/pop range (no other range of the same thread encloses it) of `globalPid`,
/// as (start, end, index on its thread) in start order per thread.
bool topLevelRanges(
    sqlite3* db, qint64 globalPid, std::vector<Event>* events, int device, qint64* address, QString* error)
{
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db,
            "SELECT globalTid, start, \"end\" FROM NVTX_EVENTS WHERE (globalTid >> 24) = (?1 >> 24) AND "
            "\"end\" IS NOT NULL AND \"end\" > start ORDER BY globalTid, start, \"end\" DESC",
            -1, &st, nullptr)
        != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        return false;
    }
    sqlite3_bind_int64(st, 1, globalPid);
    qint64 thread = -1, openEnd = -1, index = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const qint64 tid = sqlite3_column_int64(st, 0), start = sqlite3_column_int64(st, 1);
        const qint64 end = sqlite3_column_int64(st, 2);
        if (tid != thread) {
            thread = tid;
            openEnd = -1;
            index = 0;
        }
        if (start < openEnd)
            continue; // nested in (or overlapping) the open top-level range
        openEnd = end;
        const qint64 bytes = SynthMemoryUsage::kActivationBytes * (1 + index++ % 4);
        *address += 0x40000000;
        events->push_back({ start, globalPid, device, *address, bytes, 0 });
        events->push_back({ end, globalPid, device, *address, bytes, 1 });
    }
    sqlite3_finalize(st);
    return true;
}

} // namespace

bool SynthMemoryUsage::write(sqlite3* db, QString* error)
{
    if (!SynthSchema::exec(db, kDdl, error))
        return false;
    const auto procs = workers(db, error);
    if (!error->isEmpty())
        return false;
    std::vector<Event> events;
    qint64 address = 0x7f0000000000;
    for (const auto& [globalPid, where] : procs) {
        const auto [device, firstKernel] = where;
        // Loaded before the first step: weights, then the KV cache (vLLM's profile-then-allocate order).
        address += 0x1000000000;
        events.push_back(
            { std::max<qint64>(0, firstKernel - 2'000'000), globalPid, device, address, kWeightsBytes, 0 });
        address += 0x1000000000;
        events.push_back(
            { std::max<qint64>(0, firstKernel - 1'000'000), globalPid, device, address, kKvCacheBytes, 0 });
        if (!topLevelRanges(db, globalPid, &events, device, &address, error))
            return false;
    }
    // Start order; at the same ns a free before an allocation (the next step's workspace may
    // begin where the last one ends: the caching allocator hands the freed block over).
    std::stable_sort(events.begin(), events.end(),
        [](const Event& a, const Event& b) { return a.start != b.start ? a.start < b.start : a.op > b.op; });
    SynthInserter ins(db,
        "INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS (start, globalPid, deviceId, contextId, address, pc, bytes, "
        "memKind, memoryOperationType, name, correlationId, streamId) VALUES "
        "(?1, ?2, ?3, 1, ?4, 0, ?5, 2, ?6, NULL, 0, 7)",
        error);
    for (const Event& e : events)
        if (!ins.i(e.start).i(e.globalPid).i(e.device).i(e.address).i(e.bytes).i(e.op).row())
            return false;
    return ins.ok();
}

} // namespace sl
