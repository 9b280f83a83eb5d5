// SPDX-License-Identifier: MIT
#include "widgets/settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QPointer>
#include <QSettings>

namespace sl {

namespace {
// Every key, in one place. The mainwindow/ keys predate this facade and are kept so that saved
// layouts survive the move.
const QString kRecentFiles = QStringLiteral("mainwindow/recentFiles");
const QString kLastDirectory = QStringLiteral("files/lastDirectory");
const QString kLanguage = QStringLiteral("ui/language");
const QString kNsysPath = QStringLiteral("files/nsysPath");
const QString kGeometry = QStringLiteral("mainwindow/geometry");
const QString kState = QStringLiteral("mainwindow/state");
const QString kStateVersion = QStringLiteral("mainwindow/stateVersion");
QString headerKey(const QString& table) { return QStringLiteral("headers/%1/state").arg(table); }
QString headerVersionKey(const QString& table) { return QStringLiteral("headers/%1/version").arg(table); }

QStringList normalisedRecent(const QStringList& paths)
{
    QStringList out;
    for (const QString& p : paths)
        if (!p.isEmpty() && !out.contains(p) && out.size() < Settings::kMaxRecentFiles)
            out << p;
    return out;
}
} // namespace

Settings::Settings(QObject* parent)
    : QObject(parent)
{
}

Settings* Settings::instance()
{
    // Re-created if a test tears the application down and builds another.
    static QPointer<Settings> s_instance;
    if (!s_instance)
        s_instance = new Settings(QCoreApplication::instance());
    return s_instance;
}

QStringList Settings::recentFiles() const { return normalisedRecent(QSettings().value(kRecentFiles).toStringList()); }

void Settings::setRecentFiles(const QStringList& paths)
{
    const QStringList value = normalisedRecent(paths);
    if (value == recentFiles())
        return;
    QSettings().setValue(kRecentFiles, value);
    emit recentFilesChanged(value);
}

void Settings::addRecentFile(const QString& path) { setRecentFiles(QStringList { path } + recentFiles()); }

void Settings::clearRecentFiles() { setRecentFiles({}); }

QString Settings::lastDirectory() const { return QSettings().value(kLastDirectory, QDir::homePath()).toString(); }

void Settings::setLastDirectory(const QString& dir)
{
    if (dir == lastDirectory())
        return;
    QSettings().setValue(kLastDirectory, dir);
    emit lastDirectoryChanged(dir);
}

QString Settings::language() const { return QSettings().value(kLanguage, QString()).toString(); }

void Settings::setLanguage(const QString& language)
{
    if (language == this->language())
        return;
    QSettings().setValue(kLanguage, language);
    emit languageChanged(language);
}

QString Settings::nsysPath() const { return QSettings().value(kNsysPath, QString()).toString(); }

void Settings::setNsysPath(const QString& path)
{
    if (path == nsysPath())
        return;
    QSettings().setValue(kNsysPath, path);
    emit nsysPathChanged(path);
}

QByteArray Settings::windowGeometry() const { return QSettings().value(kGeometry).toByteArray(); }

void Settings::setWindowGeometry(const QByteArray& geometry)
{
    if (geometry == windowGeometry())
        return;
    QSettings().setValue(kGeometry, geometry);
    emit windowGeometryChanged();
}

QByteArray Settings::windowState(int version) const
{
    QSettings s;
    return s.value(kStateVersion, -1).toInt() == version ? s.value(kState).toByteArray() : QByteArray();
}

void Settings::setWindowState(const QByteArray& state, int version)
{
    if (state == windowState(version))
        return;
    QSettings s;
    s.setValue(kState, state);
    s.setValue(kStateVersion, version);
    emit windowStateChanged();
}

QByteArray Settings::headerState(const QString& key, int version) const
{
    QSettings s;
    return s.value(headerVersionKey(key), -1).toInt() == version ? s.value(headerKey(key)).toByteArray() : QByteArray();
}

void Settings::setHeaderState(const QString& key, const QByteArray& state, int version)
{
    if (state == headerState(key, version))
        return;
    QSettings s;
    s.setValue(headerKey(key), state);
    s.setValue(headerVersionKey(key), version);
    emit headerStateChanged(key);
}

} // namespace sl
