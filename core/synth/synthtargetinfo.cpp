// SPDX-License-Identifier: MIT
#include "core/synth/synthtargetinfo.h"

#include "core/synth/synthinserter.h"
#include "core/synth/synthschema.h"

#include <QByteArray>

#include <cstdio>
#include <iterator>
#include <sqlite3.h>
#include <utility>

namespace sl {

namespace {

// nsys' own messages (source Analysis) carry this globalPid in every real export: hardware id
// 0xFE, VM 0, no process.
constexpr qint64 kAnalysisGlobalPid = -144'115'188'075'855'872; // 0xFE00000000000000
// "Process was launched by the profiler" follows the start by 68 µs to 4.2 ms in the real exports.
constexpr qint64 kLaunchMessageNs = 80'000;

/// The GPU activity tables of the export: each row has globalPid, deviceId, contextId and streamId.
QByteArray usedStreamsSql(sqlite3* db)
{
    static const char* const tables[] = { "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
        "CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", "CUPTI_ACTIVITY_KIND_GRAPH_TRACE" };
    QByteArray sql;
    for (const char* table : tables) {
        sqlite3_stmt* st = nullptr;
        bool present = false;
        if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", -1, &st, nullptr)
            == SQLITE_OK) {
            sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
            present = sqlite3_step(st) == SQLITE_ROW;
        }
        sqlite3_finalize(st);
        if (!present)
            continue;
        if (!sql.isEmpty())
            sql += " UNION ";
        sql += QByteArray("SELECT DISTINCT (globalPid >> 56) & 255 AS hw, (globalPid >> 48) & 255 AS vm, "
                          "(globalPid >> 24) & 16777215 AS pid, deviceId AS device, contextId AS context, "
                          "streamId AS stream FROM ")
            + table;
    }
    return sql;
}

/// Appends `value` to StringIds after its last id; the id, or -1 (with `error` set).
qint64 addString(sqlite3* db, const std::string& value, QString* error)
{
    SynthInserter ins(db, "INSERT INTO StringIds VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM StringIds), ?1)", error);
    return ins.t(value).row() ? qint64(sqlite3_last_insert_rowid(db)) : -1;
}

} // namespace

bool SynthTargetInfo::writeSystemEnv(sqlite3* db, const std::string& hostname, QString* error)
{
    if (!SynthSchema::create(db, SynthSchema::Table::SystemEnv, error))
        return false;
    // Property names and their enum values as nsys 2026.x writes them (a real export has ~75;
    // these are the ones a reader of an LLM server's export looks at).
    const std::pair<const char*, int> names[] = { { "CpuCores", 1 }, { "NvDriverVersion", 205 },
        { "OsDescription", 605 }, { "CudaDriverVersion", 611 }, { "Hostname", 619 } };
    const std::string values[] = { "64", "580.95.05", "Ubuntu 22.04.5 LTS", "13000", hostname };
    SynthInserter env(db, "INSERT INTO TARGET_INFO_SYSTEM_ENV VALUES (?1, ?2, ?3, ?4, ?5)", error);
    for (size_t i = 0; i < std::size(names); ++i)
        if (!env.i(qint64(1) << 48).t("Local (CLI)").t(names[i].first).i(names[i].second).t(values[i]).row())
            return false;
    return true;
}

bool SynthTargetInfo::writeCuda(sqlite3* db, QString* error)
{
    using Table = SynthSchema::Table;
    if (!SynthSchema::create(db, Table::CudaDevice, error) || !SynthSchema::create(db, Table::CudaContextInfo, error)
        || !SynthSchema::create(db, Table::CudaStream, error))
        return false;
    const QByteArray used = usedStreamsSql(db);
    if (used.isEmpty())
        return true; // no GPU activity: nsys lists no CUDA context either
    // CUPTI numbers streams per context from 8 * contextId - 1, the context's NULL stream (7 and
    // 15 for contexts 1 and 2 in the real 2026.2 exports); other streams PyTorch and NCCL create
    // are non-blocking, priority 0 (ENUM_CUPTI_STREAM_TYPE 3 = NULL, 2 = non-blocking).
    const QByteArray with = "WITH used AS (" + used + ") ";
    const QByteArray sql = with
        + "INSERT INTO TARGET_INFO_CUDA_DEVICE SELECT DISTINCT g.id, u.device, u.pid, g.uuid, g.smCount FROM used u "
          "JOIN TARGET_INFO_GPU g ON g.id = u.device ORDER BY u.pid, u.device; "
        + with
        + "INSERT INTO TARGET_INFO_CUDA_CONTEXT_INFO SELECT DISTINCT 8 * context - 1, hw, vm, pid, device, context, 0, "
          "0, 0 FROM used ORDER BY pid, context; "
        + with
        + "INSERT INTO TARGET_INFO_CUDA_STREAM SELECT stream, hw, vm, pid, context, 0, "
          "CASE WHEN stream = 8 * context - 1 THEN 3 ELSE 2 END FROM (SELECT hw, vm, pid, context, stream FROM used "
          "UNION SELECT hw, vm, pid, context, 8 * context - 1 FROM used) ORDER BY pid, context, stream;";
    return SynthSchema::exec(db, sql.constData(), error);
}

bool SynthTargetInfo::writeSession(sqlite3* db, qint64 launchedGlobalPid, qint64 captureEndNs, QString* error)
{
    using Table = SynthSchema::Table;
    if (!SynthSchema::create(db, Table::AnalysisFile, error) || !SynthSchema::create(db, Table::ProcessStreams, error)
        || !SynthSchema::create(db, Table::DiagnosticEvent, error))
        return false;
    const long long pid = (launchedGlobalPid >> 24) & 0xFFFFFF;
    char out[96], err[96];
    std::snprintf(out, sizeof out, "/tmp/nvidia/nsight_systems/quadd_session_1/streams/pid_%lld_stdout.log", pid);
    std::snprintf(err, sizeof err, "/tmp/nvidia/nsight_systems/quadd_session_1/streams/pid_%lld_stderr.log", pid);
    const qint64 outId = addString(db, out, error), errId = addString(db, err, error), empty = addString(db, "", error);
    if (outId < 0 || errId < 0 || empty < 0)
        return false;
    SynthInserter file(db, "INSERT INTO ANALYSIS_FILE VALUES (?1, ?2, ?3, ?4)", error);
    SynthInserter stream(db, "INSERT INTO ProcessStreams VALUES (?1, ?2, ?3)", error);
    if (!file.i(0).t(out).i(empty).i(launchedGlobalPid).row() || !file.i(1).t(err).i(empty).i(launchedGlobalPid).row()
        || !stream.i(launchedGlobalPid).i(errId).i(empty).row() || !stream.i(launchedGlobalPid).i(outId).i(empty).row())
        return false;
    // timestampType 1 = target, source 3 = analysis / 2 = daemon, severity 1 = info.
    const std::string launched
        = std::string("Process was launched by the profiler, see ") + out + " and stderr.log for program output";
    SynthInserter diag(db, "INSERT INTO DIAGNOSTIC_EVENT VALUES (?1, 1, ?2, 1, ?3, ?4)", error);
    return diag.i(0).i(3).t("Profiling has started.").i(kAnalysisGlobalPid).row()
        && diag.i(kLaunchMessageNs).i(2).t(launched).i(launchedGlobalPid).row()
        && diag.i(captureEndNs).i(3).t("Profiling has stopped.").i(kAnalysisGlobalPid).row();
}

} // namespace sl
