// SPDX-License-Identifier: MIT
#include "core/synth/synthmetadata.h"

#include "core/synth/synthinserter.h"
#include "core/synth/synthrowsink.h"
#include "core/synth/synthschema.h"
#include "core/synth/synthtargetinfo.h"

#include <cstdio>
#include <sqlite3.h>
#include <string>

namespace sl {

namespace {

// 2026-01-01T09:00:00Z: a fixed session start keeps files byte-identical between runs.
constexpr qint64 kSessionUtcEpochNs = 1'767'258'000'000'000'000;
constexpr qint64 kSessionSystemClockNs = 3'600'000'000'000;

using Inserter = SynthInserter;

std::string threadName(int rank) { return "VllmWorker-" + std::to_string(rank); }

std::string graphModeName(SynthGraphMode mode)
{
    switch (mode) {
    case SynthGraphMode::Graph:
        return "graph";
    case SynthGraphMode::Node:
        return "node";
    case SynthGraphMode::None:
        break;
    }
    return "none";
}

} // namespace

SynthStringIds SynthMetadata::strings(const SynthPlan& plan)
{
    SynthStringIds strings;
    for (int api = 0; api < int(SynthApi::Count); ++api)
        strings.add(SynthKernelCatalog::apiName(SynthApi(api)));
    for (int kind = 0; kind < int(SynthKernel::Count); ++kind) {
        const SynthKernelSpec& spec = SynthKernelCatalog::spec(SynthKernel(kind));
        strings.add(spec.demangled);
        strings.add(spec.shortName);
        if (spec.mangled)
            strings.add(spec.mangled);
    }
    strings.add("python3");
    strings.add("detokenizer");
    for (int rank = 0; rank < plan.ranks; ++rank)
        strings.add(threadName(rank));
    for (int layer = 0; layer < plan.layers; ++layer)
        strings.add("layer " + std::to_string(layer));
    return strings;
}

bool SynthMetadata::writeStrings(sqlite3* db, const SynthStringIds& strings, QString* error)
{
    if (!SynthSchema::create(db, SynthSchema::Table::StringIds, error))
        return false;
    Inserter ins(db, "INSERT INTO StringIds VALUES (?1, ?2)", error);
    const auto& values = strings.values();
    for (size_t i = 0; i < values.size(); ++i)
        if (!ins.i(qint64(i) + 1).t(values[i]).row())
            return false;
    return ins.ok();
}

bool SynthMetadata::writeSystem(sqlite3* db, const SynthPlan& plan, const SynthStringIds& strings, QString* error)
{
    using Table = SynthSchema::Table;
    if (!SynthSchema::create(db, Table::TargetInfoGpu, error)
        || !SynthSchema::create(db, Table::SessionStartTime, error) || !SynthSchema::create(db, Table::Processes, error)
        || !SynthSchema::create(db, Table::ThreadNames, error)
        || !SynthTargetInfo::writeSystemEnv(db, "gpu-node-001", error))
        return false;

    {
        Inserter ins(db,
            "INSERT INTO TARGET_INFO_GPU VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
            "?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, "
            "?33, ?34, ?35, ?36, ?37, ?38, ?39, ?40, ?41)",
            error);
        for (int rank = 0; rank < plan.ranks; ++rank) {
            char bus[32];
            char uuid[48];
            std::snprintf(bus, sizeof bus, "0000:%02x:00.0", 0x18 + 0x10 * rank);
            // "Synth" in hex: recognisably not a real device UUID.
            std::snprintf(uuid, sizeof uuid, "53796e74-6800-4000-8000-%012d", rank);
            ins.i(SynthIds::vmBits).i(rank).t("NVIDIA H100 80GB HBM3").t(bus).i(1);
            ins.i(52'428'800).i(85'899'345'920).i(3'352'320'000'000).i(1'980'000'000).i(132); // L2, mem, B/s, Hz
            ins.i(rank).t(uuid).i(0).t("GH100").i(rank).t("").t("").i(161).i(0).i(65'536).i(0);
            ins.i(65'536).i(49'152).i(232'448).i(233'472).i(65'536).i(32).i(3).i(64).i(32).i(1'024);
            ins.i(1'024).i(1'024).i(64).i(2'147'483'647).i(65'535).i(65'535).i(9).i(0).i(9).i(0);
            if (!ins.row())
                return false;
        }
    }
    {
        Inserter ins(db, "INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (?1, ?2, ?3, ?4)", error);
        if (!ins.i(kSessionUtcEpochNs).t("2026-01-01T09:00:00").t("2026-01-01T09:00:00").i(kSessionSystemClockNs).row())
            return false;
    }
    {
        Inserter ins(db, "INSERT INTO PROCESSES VALUES (?1, ?2, ?3)", error);
        if (!ins.i(SynthIds::globalPid(SynthIds::apiServerPid)).i(SynthIds::apiServerPid).t("python3").row())
            return false;
        for (int rank = 0; rank < plan.ranks; ++rank) {
            const qint64 pid = SynthIds::workerPid(rank);
            if (!ins.i(SynthIds::globalPid(pid)).i(pid).t("python3").row())
                return false;
        }
    }
    Inserter ins(db, "INSERT INTO ThreadNames VALUES (?1, ?2, ?3)", error);
    const qint64 api = SynthIds::apiServerPid;
    if (!ins.i(strings.id("python3")).i(20).i(SynthIds::globalTid(api, api)).row()
        || !ins.i(strings.id("detokenizer")).i(20).i(SynthIds::globalTid(api, SynthIds::apiServerDetokTid)).row())
        return false;
    for (int rank = 0; rank < plan.ranks; ++rank) {
        const qint64 pid = SynthIds::workerPid(rank);
        if (!ins.i(strings.id(threadName(rank))).i(20).i(SynthIds::globalTid(pid, pid)).row())
            return false;
    }
    return ins.ok();
}

namespace {

/// META_DATA_EXPORT as nsys 2026.2 writes it, and DERIVED_BY: that the file is synthetic and how
/// to make it again.
bool writeExportRows(sqlite3* db, const SynthPlan& plan, QString* error)
{
    const std::string provenance = "sightline synth --seed " + std::to_string(plan.seed) + " --steps "
        + std::to_string(plan.steps) + " --ranks " + std::to_string(plan.ranks) + " --layers "
        + std::to_string(plan.layers) + " --graphs " + graphModeName(plan.graphs);
    const std::pair<const char*, std::string> exportRows[] = {
        { "EXPORT_PRODUCT_NAME", "NVIDIA Nsight Systems" }, { "EXPORT_PRODUCT_VERSION", "2026.2.1.210" },
        { "EXPORT_PRODUCT_DATE", "2026.2" }, { "EXPORT_SCHEMA_VERSION", "3.25.0" },
        { "EXPORT_SCHEMA_VERSION_MAJOR", "3" }, { "EXPORT_SCHEMA_VERSION_MINOR", "25" },
        { "EXPORT_SCHEMA_VERSION_MICRO", "0" }, { "EXPORT_PLATFORM", "linux-desktop" }, { "EXPORT_ARCH", "x64" },
        { "EXPORT_PARAM_EXPORT_TYPE", "SQLite" }, { "EXPORT_PARAM_INPUT_FILE", "sightline-synth.nsys-rep" },
        { "EXPORT_PARAM_OUTPUT_FILE", "sightline-synth.sqlite" }, { "EXPORT_PARAM_LAZY", "true" },
        { "EXPORT_PARAM_INCLUDE_JSON", "false" }, { "EXPORT_PARAM_INCLUDE_BLOBS", "false" },
        { "EXPORT_PARAM_TIME_NORMALIZE", "false" }, { "EXPORT_PARAM_TIME_SHIFT", "0" },
        { "DERIVED_BY", provenance }, // says the file is synthetic, and how to make it again
    };
    Inserter ins(db, "INSERT INTO META_DATA_EXPORT VALUES (?1, ?2)", error);
    for (const auto& [name, value] : exportRows)
        if (!ins.t(name).t(value).row())
            return false;
    return true;
}

/// META_DATA_CAPTURE of a `runMs` capture of a vLLM server with `plan.ranks` GPUs.
bool writeCaptureRows(sqlite3* db, const SynthPlan& plan, qint64 runMs, QString* error)
{
    std::string devices;
    for (int rank = 0; rank < plan.ranks; ++rank) {
        if (rank > 0)
            devices += ',';
        devices += std::to_string(rank);
    }
    char uuid[48];
    std::snprintf(uuid, sizeof uuid, "53796e74-6800-4000-8000-%012llx",
        static_cast<unsigned long long>(plan.seed & 0xFFFFFFFFFFFFull));
    // The environment rows carry a fake secret on purpose: privacy tests must find it hidden.
    const std::pair<const char*, std::string> captureRows[] = {
        { "DEVICE_ID", "Local (CLI)" },
        { "CAPTURE_EVENT_TYPE", "NvtxEvents" },
        { "CAPTURE_EVENT_TYPE", "Cuda" },
        { "START_TRIGGER", "Immediate" },
        { "STOP_TRIGGER", "Delayed" },
        { "DEVICE_TYPE", "Unix" },
        { "CUDA_GRAPH_TRACE_OPTIONS:MODE", plan.graphs == SynthGraphMode::Graph ? "Graph" : "Node" },
        { "CUDA_GRAPH_TRACE_OPTIONS:TRACE_DEVICE_GRAPH_LAUNCH", "false" },
        { "CUDA_TRACE_SCOPE", "ProcessTree" },
        { "PROCESS_0:HOW_TO_ATTACH", "LaunchAnother" },
        { "PROCESS_0:COMMAND", "python3" },
        { "PROCESS_0:ARGUMENT_0", "-m" },
        { "PROCESS_0:ARGUMENT_1", "vllm.entrypoints.openai.api_server" },
        { "PROCESS_0:ARGUMENT_2", "--tensor-parallel-size" },
        { "PROCESS_0:ARGUMENT_3", std::to_string(plan.ranks) },
        { "PROCESS_0:WORKING_DIR", "/home/synth-user" },
        { "PROCESS_0:ENVIRONMENT_VARIABLE", "HF_TOKEN=synthetic-secret-do-not-export-0123456789" },
        { "PROCESS_0:ENVIRONMENT_VARIABLE", "HOME=/home/synth-user" },
        { "PROCESS_0:ENVIRONMENT_VARIABLE", "USER=synth-user" },
        { "PROCESS_0:ENVIRONMENT_VARIABLE", "PATH=/usr/local/cuda/bin:/usr/local/bin:/usr/bin:/bin" },
        { "PROCESS_0:ENVIRONMENT_VARIABLE", "CUDA_VISIBLE_DEVICES=" + devices },
        { "PROCESS_0:ENVIRONMENT_VARIABLE", "WANDB_API_KEY=synthetic-wandb-key-do-not-export" },
        { "PROCESS_0:PID", "0" },
        { "PROCESS_0:COLLECT_NVTX_TRACE", "true" },
        { "PROCESS_0:COLLECT_CUDA_TRACE", "true" },
        { "PROFILING_SESSION_UUID", uuid },
        { "START_DELAY_MS", "0" },
        { "RUN_DURATION_MS", std::to_string(runMs) },
        { "INCLUDE_CHILDREN", "true" },
        { "NVTX_OPTIONS:NVTX_DOMAIN_FILTER_STRING", "" },
        { "NVTX_OPTIONS:NVTX_DOMAIN_FILTER_MODE_INCLUDE", "false" },
    };
    Inserter ins(db, "INSERT INTO META_DATA_CAPTURE VALUES (?1, ?2)", error);
    for (const auto& [name, value] : captureRows)
        if (!ins.t(name).t(value).row())
            return false;
    return true;
}

} // namespace

bool SynthMetadata::writeMetadata(sqlite3* db, const SynthPlan& plan, qint64 lastNs, QString* error)
{
    using Table = SynthSchema::Table;
    if (!SynthSchema::create(db, Table::MetaDataExport, error)
        || !SynthSchema::create(db, Table::MetaDataCapture, error)
        || !SynthSchema::create(db, Table::AnalysisDetails, error))
        return false;
    // Stop after the last event, rounded up to whole ms like nsys' --duration.
    const qint64 runMs = (lastNs + 999'999) / 1'000'000;
    if (!writeExportRows(db, plan, error) || !writeCaptureRows(db, plan, runMs, error))
        return false;
    // The CUDA target info follows the activity rows; nsys launched the API server (PROCESS_0).
    if (!SynthTargetInfo::writeCuda(db, error)
        || !SynthTargetInfo::writeSession(db, SynthIds::globalPid(SynthIds::apiServerPid), runMs * 1'000'000, error))
        return false;
    Inserter ins(db, "INSERT INTO ANALYSIS_DETAILS VALUES (?1, ?2, ?3, ?4)", error);
    return ins.i(SynthIds::vmBits).i(runMs * 1'000'000).i(0).i(runMs * 1'000'000).row();
}

} // namespace sl
