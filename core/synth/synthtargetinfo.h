// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QtGlobal>

#include <string>

struct sqlite3;

namespace sl {

/// The tables every Nsight Systems 2026.x export of a CUDA capture holds besides the activity
/// (nsysai-torch-tiny-rtx3080-2026.1.sqlite, the one complete 2026 export we have): the system's
/// properties, the CUDA devices, contexts and streams the process used, the launched process's
/// captured output and nsys' own diagnostics. Shared by every synthetic writer.
class SynthTargetInfo
{
public:
    /// TARGET_INFO_SYSTEM_ENV: CPU cores, driver and CUDA versions, OS and `hostname`.
    static bool writeSystemEnv(sqlite3* db, const std::string& hostname, QString* error);
    /// TARGET_INFO_CUDA_DEVICE, _CONTEXT_INFO and _STREAM, derived by SQL from the GPU activity
    /// tables already written and TARGET_INFO_GPU, so they name exactly the devices, contexts and
    /// streams the rows use. Call after the activity tables are complete.
    static bool writeCuda(sqlite3* db, QString* error);
    /// ProcessStreams and ANALYSIS_FILE (the stdout and stderr nsys captured from the process it
    /// launched, `launchedGlobalPid`; empty here) and DIAGNOSTIC_EVENT (profiling started at 0,
    /// process launched, profiling stopped at `captureEndNs`). New strings go after StringIds' last id.
    static bool writeSession(sqlite3* db, qint64 launchedGlobalPid, qint64 captureEndNs, QString* error);
};

} // namespace sl
