// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

#include <QCoreApplication>
#include <QStringList>

#include <functional>

namespace sl {

/// Opens Nsight Systems reports (.nsys-rep, .qdrep) by exporting them to SQLite with the user's
/// own `nsys`:
///
///     nsys export --type sqlite --force-overwrite true --output CACHE/KEY.part/NAME.sqlite REPORT
///
/// into the user's cache folder (QStandardPaths::GenericCacheLocation/sightline/nsys-exports,
/// shared by sightline and sightline-cli), never beside the report. KEY is the report's size, its
/// modification time and a SHA-256 of its first MiB: the next open of the same file reuses the
/// export without running nsys; an edited or replaced report gets a new export. The export lands
/// in KEY.part and is renamed to KEY when complete and verified (opened read-only as an nsys
/// export: ExportOpener), so a cancelled, failed, crashed or truncated export is never reused; a
/// cached export that no longer opens is replaced. nsys runs bounded (ChildProcess): a cancel, a
/// time limit, and a crash are each told as such. Blocking (run it on a worker); QtCore only
/// (QProcess), shared by the CLI and, through TraceSession, the GUI.
class NsysImporter
{
    Q_DECLARE_TR_FUNCTIONS(NsysImporter)
public:
    struct Result
    {
        QString sqlitePath; ///< the export to load; empty on failure
        LoadError error = LoadError::None;
        QString message; ///< translated; on success says which nsys made the export and whether it was reused
        QString nsysVersion; ///< version of the nsys that made the export ("2024.6.1.90-…"), when known
        bool reused = false; ///< found in the cache: nsys did not run
        bool ok() const { return !sqlitePath.isEmpty(); }
    };

    /// True for .nsys-rep and .qdrep (case-insensitive).
    static bool isReport(const QString& path);
    /// File name of the export made of `reportPath`: its base name + ".sqlite" (`run.nsys-rep` ->
    /// `run.sqlite`). The loaded trace's file name, and so the comparison's automatic label, come from it.
    static QString exportName(const QString& reportPath);
    /// Where nsys is looked for after `configured` and PATH: the default install folders of
    /// Nsight Systems and the CUDA toolkit on Linux.
    static QStringList defaultInstallDirs();
    /// `configured` when it is an executable file, else `nsys` on PATH, else in one of `dirs`
    /// (newest version first); empty when there is none.
    static QString findNsys(const QString& configured = {}, const QStringList& dirs = defaultInstallDirs());
    /// The cache folder of exports (created on demand).
    static QString cacheDir();
    /// size-mtime-sha256(first MiB) of the file, hex; empty when it cannot be read.
    static QString cacheKey(const QString& reportPath);

    /// Returns the export of `reportPath`: from the cache, or made now with `nsys` (the result of
    /// findNsys(); empty = not found, a LoadError::NsysReport message then says where to get it).
    /// `progress` gets permille (-1 when nsys prints none) and a stage; `cancelled` is polled
    /// every 100 ms and kills nsys. Both may be empty. `timeoutMs`: nsys is stopped after this
    /// long (0: no limit); a report of several GB exports in minutes, so the default is an hour.
    static Result importReport(const QString& reportPath, const QString& nsys, const LoadProgress& progress = {},
        const std::function<bool()>& cancelled = {}, qint64 timeoutMs = kDefaultTimeoutMs);
    static constexpr qint64 kDefaultTimeoutMs = 3600 * 1000;

    /// What to tell after the load of `sqlitePath`, the export importReport gave for
    /// `reportPath`, failed with `error` and `message`. An export can pass the check on reuse
    /// and still be damaged past its first pages: when `error` is damage (Truncated, Corrupt,
    /// NotSqlite, EmptyFile) and the file is an entry of the export cache, the entry is removed,
    /// so that the next open runs nsys again, and the message says so of the report. Otherwise
    /// `message` as it is (also for an export the user gave directly).
    static QString afterFailedLoad(
        const QString& reportPath, const QString& sqlitePath, LoadError error, const QString& message);

private:
    /// Runs nsys into CACHE/KEY.part-*, verifies the export and publishes it as CACHE/KEY.
    static Result exportNow(const QString& reportPath, const QString& nsys, const QString& key,
        const LoadProgress& progress, const std::function<bool()>& cancelled, qint64 timeoutMs);
};

} // namespace sl
