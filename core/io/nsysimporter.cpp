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

/// LoadError::None when `path` opens as an nsys export (read-only: Preflight, the schema, the
/// tables the loader needs); else why not, with the opener's message in `why`.
LoadError checkExport(const QString& path, QString* why)
{
    ExportOpener::Opened opened;
    const LoadOutcome o = ExportOpener::open(path, &opened);
    *why = o.message;
    return o.error;
}

/// What is wrong with an export in the cache, said of the report: the opener's own message
/// names a cache file the user never made and advises copying it again, which cannot help
/// here. Empty for an error without a wording of its own (the opener's message is used then).
QString damageOf(LoadError e)
{
    switch (e) {
    case LoadError::EmptyFile:
        return NsysImporter::tr("it is empty");
    case LoadError::Truncated:
        return NsysImporter::tr("it is truncated");
    case LoadError::NotSqlite:
    case LoadError::Corrupt:
        return NsysImporter::tr("it is not a readable SQLite database");
    case LoadError::NotNsysExport:
    case LoadError::UnknownSchema:
        return NsysImporter::tr("it lacks tables or columns of an Nsight Systems export");
    default:
        return {};
    }
}

/// Why nsys's `run` gave no usable export of the report `name` at `out`, translated (empty when
/// it did), with the LoadError in `error`. Every way it can fail is told in ChildProcess's words.
QString exportFailure(const ChildProcess::Result& run, const QString& nsys, const QString& name, const QString& out,
    const QString& cacheFolder, LoadError* error)
{
    *error = run.end == ChildProcess::End::Cancelled ? LoadError::Cancelled : LoadError::NsysReport;
    if (run.end == ChildProcess::End::Cancelled)
        return NsysImporter::tr("Exporting %1 was cancelled.").arg(name);
    if (run.end == ChildProcess::End::NotStarted)
        return NsysImporter::tr("%1 could not export %2: %3.").arg(nsys, name, run.reason);
    if (run.end == ChildProcess::End::TimedOut)
        return NsysImporter::tr("nsys did not finish exporting %1: %2. Nothing was cached. A very large report may "
                                "need longer: raise the limit (sightline-cli: --nsys-timeout SECONDS, 0 for none).")
            .arg(name, run.reason);
    if (!run.ok())
        return NsysImporter::tr("nsys could not export %1: %2.").arg(name, run.reason);
    if (!QFileInfo(out).isFile())
        return NsysImporter::tr(
            "nsys exited without an error but wrote no SQLite export of %1; nothing was cached. Its output: %2")
            .arg(name, QString::fromLocal8Bit(run.output).simplified().right(ChildProcess::kReasonTailChars));
    QString why;
    const LoadError damage = checkExport(out, &why);
    if (damage == LoadError::None) {
        *error = LoadError::None;
        return {};
    }
    const QString what = damageOf(damage);
    return NsysImporter::tr("nsys exited without an error, but the SQLite export it wrote of %1 is damaged (%2; %3 "
                            "bytes): it was discarded and nothing was cached. Check the free space in the cache "
                            "folder %4, then open the report again.")
        .arg(name, what.isEmpty() ? why : what)
        .arg(QFileInfo(out).size())
        .arg(QDir::toNativeSeparators(cacheFolder));
}

} // namespace

bool NsysImporter::isReport(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("nsys-rep") || suffix == QLatin1String("qdrep");
}

QString NsysImporter::exportName(const QString& reportPath)
{
    return QFileInfo(reportPath).completeBaseName() + QStringLiteral(".sqlite");
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

QString NsysImporter::afterFailedLoad(
    const QString& reportPath, const QString& sqlitePath, LoadError error, const QString& message)
{
    const bool damaged = error == LoadError::Truncated || error == LoadError::Corrupt || error == LoadError::NotSqlite
        || error == LoadError::EmptyFile;
    if (!damaged || !isReport(reportPath) || sqlitePath.isEmpty())
        return message;
    // Only a folder directly inside the cache is ever removed: CACHE/KEY holding the export.
    const QFileInfo entry(QFileInfo(sqlitePath).absolutePath());
    const QString cache = QFileInfo(cacheDir()).canonicalFilePath();
    if (cache.isEmpty() || QFileInfo(entry.canonicalFilePath()).absolutePath() != cache)
        return message;
    const bool removed = QDir(entry.canonicalFilePath()).removeRecursively();
    const QString report = QFileInfo(reportPath).fileName();
    return removed ? tr("The cached SQLite export of %1 in %2 is damaged past its first pages (%3) and has been "
                        "removed: open %1 again to export it anew with nsys.")
                         .arg(report, QDir::toNativeSeparators(cache), message)
                   : tr("The cached SQLite export of %1 in %2 is damaged past its first pages (%3) and could not "
                        "be removed: delete that folder and open %1 again.")
                         .arg(report, QDir::toNativeSeparators(entry.absoluteFilePath()), message);
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
    const QString cached = cache.filePath(key + QLatin1Char('/') + exportName(reportPath));
    QString staleNote;
    if (QFileInfo(cached).isFile()) {
        QString why;
        const LoadError damage = checkExport(cached, &why);
        if (damage == LoadError::None) {
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
        const QString what = damageOf(damage);
        staleNote = tr("The cached SQLite export of %1 in %2 was damaged (%3) and has been removed.")
                        .arg(name, QDir::toNativeSeparators(cache.path()), what.isEmpty() ? why : what)
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
    const QString cached = cache.filePath(key + QLatin1Char('/') + exportName(reportPath));
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
    const QString out = QDir(part.path()).filePath(exportName(reportPath));
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
    if (const int permille = lastPercent(QString::fromLocal8Bit(run.output.right(200))); progress && permille >= 0)
        progress(permille, stage);
    LoadError failure = LoadError::None;
    if (const QString why = exportFailure(run, nsys, name, out, cache.path(), &failure); !why.isEmpty())
        return fail(failure, why);
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
