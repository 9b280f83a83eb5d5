// SPDX-License-Identifier: MIT
#include "core/io/nsysimporter.h"

#include "core/io/exportopener.h"
#include "core/io/preflight.h"
#include "core/util/childprocess.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace sl {

namespace {

constexpr qint64 kHeadBytes = 1 << 20; ///< bytes of the report hashed for the cache key
const QString kInfoFile = QStringLiteral("export.json");

/// "NVIDIA Nsight Systems version 2024.6.1.90-246333946262v0" -> "2024.6.1.90-246333946262v0".
QString versionOf(const QString& nsys, const std::function<bool()>& cancelled)
{
    ChildProcess::Options o;
    o.timeoutMs = 10000;
    o.cancelled = cancelled;
    const auto run = ChildProcess::run(nsys, { QStringLiteral("--version") }, o);
    if (!run.ok())
        return {};
    const QString text = QString::fromLocal8Bit(run.output).trimmed();
    const auto m = QRegularExpression(QStringLiteral("version\\s+(\\S+)")).match(text);
    return m.hasMatch() ? m.captured(1) : text.section(QLatin1Char('\n'), 0, 0);
}

/// The last "NN%" nsys printed (its progress bar), in permille; -1 when none.
int lastPercent(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("(\\d{1,3})%"));
    int permille = -1;
    for (auto it = re.globalMatch(text); it.hasNext();)
        permille = std::min(100, it.next().captured(1).toInt()) * 10;
    return permille;
}

/// export.json beside a cached export: which nsys made it, of which report.
void writeInfo(const QString& path, const QString& nsysVersion, const QString& report, const QString& key)
{
    QSaveFile info(path);
    if (info.open(QIODevice::WriteOnly)) {
        info.write(QJsonDocument(QJsonObject { { QStringLiteral("nsys_version"), nsysVersion },
                                     { QStringLiteral("report"), report }, { QStringLiteral("key"), key } })
                       .toJson());
        info.commit();
    }
}

/// Whether `path` opens as an nsys export (read-only: Preflight, the schema, the tables the
/// loader needs); `why` is the opener's message otherwise.
bool opensAsExport(const QString& path, QString* why)
{
    ExportOpener::Opened opened;
    const LoadOutcome o = ExportOpener::open(path, &opened);
    if (o.error == LoadError::None)
        return true;
    *why = o.message;
    return false;
}

} // namespace

bool NsysImporter::isReport(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("nsys-rep") || suffix == QLatin1String("qdrep");
}

QStringList NsysImporter::defaultInstallDirs()
{
    QStringList dirs;
    // The .deb/.run installers put versioned folders here (nsight-systems-2024.6.1/bin, ...).
    for (const QString& root : { QStringLiteral("/opt/nvidia/nsight-systems"), QStringLiteral("/usr/local/cuda") }) {
        QDir d(root);
        QStringList versions = d.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed);
        for (const QString& v : versions)
            dirs << d.filePath(v + QStringLiteral("/bin"));
        dirs << d.filePath(QStringLiteral("bin"));
    }
    return dirs;
}

QString NsysImporter::findNsys(const QString& configured, const QStringList& dirs)
{
    if (!configured.isEmpty()) {
        const QFileInfo fi(configured);
        if (fi.isFile() && fi.isExecutable())
            return fi.absoluteFilePath();
    }
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("nsys"));
    if (!onPath.isEmpty())
        return onPath;
    return QStandardPaths::findExecutable(QStringLiteral("nsys"), dirs);
}

QString NsysImporter::cacheDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation)
        + QStringLiteral("/sightline/nsys-exports");
}

QString NsysImporter::cacheKey(const QString& reportPath)
{
    QFile f(reportPath);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(f.read(kHeadBytes));
    const QFileInfo fi(reportPath);
    return QStringLiteral("%1-%2-%3")
        .arg(fi.size())
        .arg(fi.lastModified().toMSecsSinceEpoch())
        .arg(QString::fromLatin1(hash.result().toHex().left(32)));
}

NsysImporter::Result NsysImporter::importReport(const QString& reportPath, const QString& nsys,
    const LoadProgress& progress, const std::function<bool()>& cancelled, qint64 timeoutMs)
{
    Result r;
    const QFileInfo report(reportPath);
    const QString name = report.fileName();
    auto fail = [&](LoadError e, const QString& message) {
        r.sqlitePath.clear();
        r.error = e, r.message = message;
        return r;
    };
    if (!report.isFile())
        return fail(LoadError::MissingFile, tr("%1: the file does not exist.").arg(reportPath));
    const QString key = cacheKey(reportPath);
    if (key.isEmpty())
        return fail(LoadError::Unreadable, tr("%1 cannot be read.").arg(reportPath));
    const QDir cache(cacheDir());
    const QString exportName = report.completeBaseName() + QStringLiteral(".sqlite");
    const QString cached = cache.filePath(key + QLatin1Char('/') + exportName);
    QString staleNote;
    if (QFileInfo(cached).isFile()) {
        QString why;
        if (opensAsExport(cached, &why)) {
            QFile info(cache.filePath(key + QLatin1Char('/') + kInfoFile));
            if (info.open(QIODevice::ReadOnly))
                r.nsysVersion
                    = QJsonDocument::fromJson(info.readAll()).object().value(QLatin1String("nsys_version")).toString();
            r.sqlitePath = cached, r.reused = true;
            r.message = tr("%1: using its SQLite export made earlier by Nsight Systems %2 (cached: %3).")
                            .arg(name, r.nsysVersion.isEmpty() ? tr("(version unknown)") : r.nsysVersion,
                                QDir::toNativeSeparators(cached));
            return r;
        }
        // A cached export that no longer opens (damaged on disk, or cached by an older Sightline
        // that did not verify): removed and made again.
        QDir(cache.filePath(key)).removeRecursively();
        staleNote = tr("The cached export %1 was damaged and has been removed (%2).")
                        .arg(QDir::toNativeSeparators(cached), why)
            + QLatin1Char('\n');
    }
    if (nsys.isEmpty()) {
        QString message;
        Preflight::check(reportPath, &message);
        return fail(LoadError::NsysReport,
            staleNote + message + QLatin1Char('\n')
                + tr("Sightline exports it itself when Nsight Systems' nsys is installed: get it from "
                     "https://developer.nvidia.com/nsight-systems (or with the CUDA toolkit), then put nsys on "
                     "PATH or set its path in Preferences (sightline-cli: --nsys PATH)."));
    }
    r = exportNow(reportPath, nsys, key, progress, cancelled, timeoutMs);
    if (!staleNote.isEmpty())
        r.message.prepend(staleNote);
    return r;
}

NsysImporter::Result NsysImporter::exportNow(const QString& reportPath, const QString& nsys, const QString& key,
    const LoadProgress& progress, const std::function<bool()>& cancelled, qint64 timeoutMs)
{
    Result r;
    const QFileInfo report(reportPath);
    const QString name = report.fileName();
    const QDir cache(cacheDir());
    const QString exportName = report.completeBaseName() + QStringLiteral(".sqlite");
    const QString cached = cache.filePath(key + QLatin1Char('/') + exportName);
    auto fail = [&](LoadError e, const QString& message) {
        r.sqlitePath.clear();
        r.error = e, r.message = message;
        return r;
    };
    if (progress)
        progress(-1, tr("Exporting %1 with nsys…").arg(name));
    r.nsysVersion = versionOf(nsys, cancelled);
    if (!cache.mkpath(QStringLiteral(".")))
        return fail(LoadError::Unreadable, tr("Cannot create the cache folder %1.").arg(cache.path()));
    // A fresh folder per attempt: a killed export leaves only a *.part folder nobody reads.
    QTemporaryDir part(cache.filePath(key + QStringLiteral(".part-XXXXXX")));
    if (!part.isValid())
        return fail(LoadError::Unreadable, tr("Cannot write to the cache folder %1.").arg(cache.path()));
    const QString out = QDir(part.path()).filePath(exportName);
    const QString stage = r.nsysVersion.isEmpty() ? tr("Exporting %1 with nsys…").arg(name)
                                                  : tr("Exporting %1 with Nsight Systems %2…").arg(name, r.nsysVersion);
    ChildProcess::Options o;
    o.mergeChannels = true;
    o.workingDirectory = part.path(); // whatever else nsys writes lands in the cache, not beside the report
    o.timeoutMs = timeoutMs;
    o.cancelled = cancelled;
    if (progress)
        o.onPoll = [&](const QByteArray& output, qint64) {
            progress(lastPercent(QString::fromLocal8Bit(output.right(200))), stage);
        };
    const auto run = ChildProcess::run(nsys,
        { QStringLiteral("export"), QStringLiteral("--type"), QStringLiteral("sqlite"),
            QStringLiteral("--force-overwrite"), QStringLiteral("true"), QStringLiteral("--output"), out,
            report.absoluteFilePath() },
        o);
    const QString log = QString::fromLocal8Bit(run.output).trimmed().right(600);
    if (progress && lastPercent(log.right(200)) >= 0)
        progress(lastPercent(log.right(200)), stage);
    if (run.end == ChildProcess::End::Cancelled)
        return fail(LoadError::Cancelled, tr("Exporting %1 was cancelled.").arg(name));
    if (run.end == ChildProcess::End::NotStarted)
        return fail(LoadError::NsysReport, tr("%1 could not be started: %2").arg(nsys, run.startError));
    if (run.end == ChildProcess::End::TimedOut)
        return fail(LoadError::NsysReport,
            tr("nsys did not finish exporting %1 in %2 s and was stopped; nothing was cached. A very large report "
               "may need longer: raise the limit (sightline-cli: --nsys-timeout SECONDS, 0 for none). %3")
                .arg(name)
                .arg(run.elapsedMs / 1000)
                .arg(log));
    if (!run.ok() || !QFileInfo(out).isFile())
        return fail(LoadError::NsysReport,
            tr("nsys could not export %1 (%2).")
                    .arg(name, run.ok() ? tr("it wrote no export") : ChildProcess::describe(run))
                + (log.isEmpty() ? QString() : QLatin1Char(' ') + tr("Its output: %1").arg(log)));
    QString why;
    if (!opensAsExport(out, &why))
        return fail(LoadError::NsysReport,
            tr("nsys ended without an error but its export of %1 does not open, so it was not cached (was the "
               "cache folder %2 full, or nsys stopped?): %3")
                .arg(name, QDir::toNativeSeparators(cache.path()), why));
    writeInfo(QDir(part.path()).filePath(kInfoFile), r.nsysVersion, name, key);
    // Publish atomically; when another process published the same key meanwhile, use that one.
    part.setAutoRemove(false);
    if (!QDir().rename(part.path(), cache.filePath(key))) {
        QDir(part.path()).removeRecursively();
        if (!QFileInfo(cached).isFile())
            return fail(LoadError::Unreadable, tr("Cannot write to the cache folder %1.").arg(cache.path()));
    }
    r.sqlitePath = cached;
    r.message = tr("%1: exported to SQLite by Nsight Systems %2 (cached as %3 for the next open).")
                    .arg(name, r.nsysVersion.isEmpty() ? tr("(version unknown)") : r.nsysVersion,
                        QDir::toNativeSeparators(cached));
    return r;
}

} // namespace sl
