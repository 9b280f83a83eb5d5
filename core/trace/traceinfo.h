// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/graphmode.h"

#include <QPair>
#include <QString>
#include <QVector>

namespace sl {

/// What the export says about itself. `filePath`, `sensitive` and nothing else here may hold
/// personal data; report writers use `fileName` only and never touch `sensitive`.
struct TraceInfo
{
    struct Table
    {
        QString name;
        qint64 rows = -1; ///< exact count when counted (info command), else -1
    };
    enum class VersionSource { MetaDataExport, ExportMetaData, Heuristic, Unknown };
    using GraphMode = sl::GraphMode;

    QString filePath; ///< absolute path as opened; never written into a report
    QString fileName; ///< base name, safe for reports
    qint64 fileSize = 0;
    QString sha256; ///< hex, empty when not computed

    QString nsysVersion; ///< e.g. "2026.2.1.210"; "2021.2.1" from heuristics; empty if unknown
    QString schemaVersion; ///< e.g. "3.25.0"; empty before 2022
    VersionSource versionSource = VersionSource::Unknown;
    GraphMode graphMode = GraphMode::Unknown; ///< META_DATA_CAPTURE CUDA_GRAPH_TRACE_OPTIONS:MODE
    QString exportPlatform; ///< linux-desktop, osx-desktop, ...
    /// TARGET_INFO_SESSION_START_TIME: the capture's absolute start (UTC ns since the epoch; 0 when
    /// not recorded) and the profiled machine's local time minus UTC (s). NVML samples align to it.
    qint64 sessionStartUtcNs = 0;
    int localOffsetSeconds = 0;

    QVector<Table> tables; ///< every table of the export, in sqlite_master order
    /// Kernel name column the names were read from (demangledName; shortName on exports without it).
    QString kernelNameColumn = QStringLiteral("demangledName");

    /// Non-sensitive capture settings (trace types, triggers, durations, NVTX options).
    QVector<QPair<QString, QString>> captureSettings;
    /// Environment, command line, working directory, host, user and paths: shown in the GUI
    /// only when the user asks to reveal them, never exported.
    QVector<QPair<QString, QString>> sensitive;

    /// The profiled process wrote an error to its captured stdout/stderr (ProcessStreams),
    /// e.g. the injection library failed to load.
    bool processStreamsReportError = false;
    /// Rows of ProcessStreams whose text is in StringIds (what the evidence's query lists).
    qint64 processStreamRows = 0;
    /// CUDA calls with backtrace (eventClass 67) the load left out as copies of a call recorded
    /// plainly (same process and correlationId): evidence SQL over the runtime table leaves them
    /// out too (EvidenceBuilder::apiRows).
    qint64 backtraceCopies = 0;
    /// ANALYSIS_DETAILS.duration: the capture's length (ns; event times run from 0 to it),
    /// -1 when the export does not say (before 2022).
    qint64 captureDurationNs = -1;

    bool hasTable(const QString& name) const
    {
        for (const auto& t : tables)
            if (t.name == name)
                return true;
        return false;
    }
};

} // namespace sl
