// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

class Schema;
class SqliteConnection;
struct Trace;

/// Reads what the export says about itself and its capture into Trace::info, Trace::gpus,
/// process and thread names: versions (META_DATA_EXPORT, else EXPORT_META_DATA, else
/// heuristics for 2021.x), capture settings split from sensitive rows, TARGET_INFO_GPU,
/// PROCESSES, ThreadNames and ProcessStreams errors, the capture's absolute start time
/// (TARGET_INFO_SESSION_START_TIME, which NVML samples align to). Small tables only; loader thread.
class MetadataReader
{
public:
    static void read(const SqliteConnection& db, const Schema& schema, Trace& trace);
    /// True for metadata keys that may hold personal data or secrets (environment, command
    /// line, paths, host and user names). Such rows are never exported.
    static bool isSensitiveKey(const QString& key);
    /// `key` without a leading "PROCESS_<n>:" (the per-process options of nsys 2023.3–2025.x).
    static QStringView withoutProcessPrefix(QStringView key);

private:
    static void readVersions(const SqliteConnection& db, const Schema& schema, Trace& trace);
    static void readCapture(const SqliteConnection& db, const Schema& schema, Trace& trace);
    static void readGpus(const SqliteConnection& db, const Schema& schema, Trace& trace);
    static void readProcesses(const SqliteConnection& db, const Schema& schema, Trace& trace);
    static void readSessionStart(const SqliteConnection& db, const Schema& schema, Trace& trace);
};

} // namespace sl
