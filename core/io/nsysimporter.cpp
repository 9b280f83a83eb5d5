// SPDX-License-Identifier: MIT
#include "core/io/nsysimporter.h"

#include "core/io/preflight.h"

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
constexpr int kPollMs = 100; ///< how often a running export checks for Cancel
const QString kInfoFile = QStringLiteral("export.json");

/// "NVIDIA Nsight Systems version 2024.6.1.90-246333946262v0" -> "2024.6.1.90-246333946262v0".
QString versionOf(const QString& nsys)
{
    QProcess p;
    p.start(nsys, { QStringLiteral("--version") });
    if (!p.waitForFinished(10000)) {
        p.kill();
        p.waitForFinished(1000);
        return {};
    }
    const QString text = QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
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
    const LoadProgress& progress, const std::function<bool()>& cancelled)
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
    if (QFileInfo(cached).isFile()) {
        QFile info(cache.filePath(key + QLatin1Char('/') + kInfoFile));
        if (info.open(QIODevice::ReadOnly))
            r.nsysVersion
                = QJsonDocument::fromJson(info.readAll()).object().value(QLatin1String("nsys_version")).toString();
        r.sqlitePath = cached, r.reused = true;
        r.message = tr("%1: using its SQLite export made earlier by Nsight Systems %2 (cached).")
                        .arg(name, r.nsysVersion.isEmpty() ? tr("(version unknown)") : r.nsysVersion);
        return r;
    }
    if (nsys.isEmpty()) {
        QString message;
        Preflight::check(reportPath, &message);
        return fail(LoadError::NsysReport,
            message + QLatin1Char('\n')
                + tr("Sightline exports it itself when Nsight Systems' nsys is installed: get it from "
                     "https://developer.nvidia.com/nsight-systems (or with the CUDA toolkit), then put nsys on "
                     "PATH or set its path in Preferences (sightline-cli: --nsys PATH)."));
    }
    if (progress)
        progress(-1, tr("Exporting %1 with nsys…").arg(name));
    r.nsysVersion = versionOf(nsys);
    if (!cache.mkpath(QStringLiteral(".")))
        return fail(LoadError::Unreadable, tr("Cannot create the cache folder %1.").arg(cache.path()));
    // A fresh folder per attempt: a killed export leaves only a *.part folder nobody reads.
    QTemporaryDir part(cache.filePath(key + QStringLiteral(".part-XXXXXX")));
    if (!part.isValid())
        return fail(LoadError::Unreadable, tr("Cannot write to the cache folder %1.").arg(cache.path()));
    const QString out = QDir(part.path()).filePath(exportName);
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.setWorkingDirectory(part.path()); // whatever else nsys writes lands in the cache, not beside the report
    p.start(nsys,
        { QStringLiteral("export"), QStringLiteral("--type"), QStringLiteral("sqlite"),
            QStringLiteral("--force-overwrite"), QStringLiteral("true"), QStringLiteral("--output"), out,
            report.absoluteFilePath() });
    if (!p.waitForStarted(10000))
        return fail(LoadError::NsysReport, tr("%1 could not be started: %2").arg(nsys, p.errorString()));
    QString log;
    const QString stage = r.nsysVersion.isEmpty() ? tr("Exporting %1 with nsys…").arg(name)
                                                  : tr("Exporting %1 with Nsight Systems %2…").arg(name, r.nsysVersion);
    while (!p.waitForFinished(kPollMs)) {
        if (p.state() == QProcess::NotRunning)
            break;
        log += QString::fromLocal8Bit(p.readAll());
        if (progress)
            progress(lastPercent(log.right(200)), stage);
        if (cancelled && cancelled()) {
            p.kill();
            p.waitForFinished(5000);
            return fail(LoadError::Cancelled, tr("Exporting %1 was cancelled.").arg(name));
        }
    }
    log += QString::fromLocal8Bit(p.readAll());
    if (progress && lastPercent(log.right(200)) >= 0)
        progress(lastPercent(log.right(200)), stage);
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0 || !QFileInfo(out).isFile())
        return fail(LoadError::NsysReport,
            tr("nsys could not export %1 (exit code %2): %3")
                .arg(name)
                .arg(p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1)
                .arg(log.trimmed().right(600)));
    QSaveFile info(QDir(part.path()).filePath(kInfoFile));
    if (info.open(QIODevice::WriteOnly)) {
        info.write(QJsonDocument(QJsonObject { { QStringLiteral("nsys_version"), r.nsysVersion },
                                     { QStringLiteral("report"), name }, { QStringLiteral("key"), key } })
                       .toJson());
        info.commit();
    }
    // Publish atomically; when another process published the same key meanwhile, use that one.
    part.setAutoRemove(false);
    if (!QDir().rename(part.path(), cache.filePath(key))) {
        QDir(part.path()).removeRecursively();
        if (!QFileInfo(cached).isFile())
            return fail(LoadError::Unreadable, tr("Cannot write to the cache folder %1.").arg(cache.path()));
    }
    r.sqlitePath = cached;
    r.message = tr("%1: exported to SQLite by Nsight Systems %2 (kept in %3 for the next open).")
                    .arg(name, r.nsysVersion.isEmpty() ? tr("(version unknown)") : r.nsysVersion,
                        QDir::toNativeSeparators(cacheDir()));
    return r;
}

} // namespace sl
