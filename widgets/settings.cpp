// SPDX-License-Identifier: MIT
#include "widgets/settings.h"

#include "widgets/guilogging.h"

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
const QString kDefaultPhaseMap = QStringLiteral("analysis/phaseMap");
const QString kDefaultTaxonomy = QStringLiteral("analysis/taxonomy");
const QString kTracePhaseMaps = QStringLiteral("analysis/tracePhaseMaps"); // map: trace path → file
const QString kTraceTaxonomies = QStringLiteral("analysis/traceTaxonomies");
const QString kNsysPath = QStringLiteral("files/nsysPath");
const QString kTraceCache = QStringLiteral("files/traceCache");
const QString kTraceCacheLimit = QStringLiteral("files/traceCacheLimitGiB");
constexpr int kDefaultTraceCacheGiB = 8;
const QString kCountersShown = QStringLiteral("timeline/countersShown");
const QString kCountersHidden = QStringLiteral("timeline/countersHidden");
const QString kGeometry = QStringLiteral("mainwindow/geometry");
const QString kState = QStringLiteral("mainwindow/state");
const QString kStateVersion = QStringLiteral("mainwindow/stateVersion");
QString headerKey(const QString& table) { return QStringLiteral("headers/%1/state").arg(table); }
QString headerVersionKey(const QString& table) { return QStringLiteral("headers/%1/version").arg(table); }

/// A trace path → file map stored as one value (paths are not valid QSettings keys).
QString mapValue(const QString& key, const QString& tracePath)
{
    return QSettings().value(key).toMap().value(tracePath).toString();
}

void setMapValue(const QString& key, const QString& tracePath, const QString& value)
{
    QSettings s;
    QVariantMap map = s.value(key).toMap();
    if (value.isEmpty())
        map.remove(tracePath);
    else
        map.insert(tracePath, value);
    s.setValue(key, map);
}

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

QString Settings::defaultPhaseMap() const { return QSettings().value(kDefaultPhaseMap).toString(); }

void Settings::setDefaultPhaseMap(const QString& path)
{
    if (path == defaultPhaseMap())
        return;
    QSettings().setValue(kDefaultPhaseMap, path);
    emit defaultAnalysisFilesChanged();
}

QString Settings::defaultTaxonomy() const { return QSettings().value(kDefaultTaxonomy).toString(); }

void Settings::setDefaultTaxonomy(const QString& path)
{
    if (path == defaultTaxonomy())
        return;
    QSettings().setValue(kDefaultTaxonomy, path);
    emit defaultAnalysisFilesChanged();
}

QString Settings::tracePhaseMap(const QString& tracePath) const { return mapValue(kTracePhaseMaps, tracePath); }

void Settings::setTracePhaseMap(const QString& tracePath, const QString& path)
{
    setMapValue(kTracePhaseMaps, tracePath, path);
}

QString Settings::traceTaxonomy(const QString& tracePath) const { return mapValue(kTraceTaxonomies, tracePath); }

void Settings::setTraceTaxonomy(const QString& tracePath, const QString& path)
{
    setMapValue(kTraceTaxonomies, tracePath, path);
}

QString Settings::nsysPath() const { return QSettings().value(kNsysPath, QString()).toString(); }

void Settings::setNsysPath(const QString& path)
{
    if (path == nsysPath())
        return;
    QSettings().setValue(kNsysPath, path);
    emit nsysPathChanged(path);
}

bool Settings::traceCacheEnabled() const { return QSettings().value(kTraceCache, true).toBool(); }

void Settings::setTraceCacheEnabled(bool enabled)
{
    if (enabled == traceCacheEnabled())
        return;
    QSettings().setValue(kTraceCache, enabled);
    emit traceCacheChanged();
}

int Settings::traceCacheLimitGiB() const
{
    bool ok = false;
    const int gib = QSettings().value(kTraceCacheLimit, kDefaultTraceCacheGiB).toInt(&ok);
    return ok && gib >= 1 ? gib : kDefaultTraceCacheGiB;
}

void Settings::setTraceCacheLimitGiB(int gib)
{
    if (gib == traceCacheLimitGiB())
        return;
    QSettings().setValue(kTraceCacheLimit, gib);
    emit traceCacheChanged();
}

QHash<QString, bool> Settings::timelineCounterChoices() const
{
    QHash<QString, bool> out;
    QSettings st;
    for (const QString& n : st.value(kCountersShown).toStringList())
        out.insert(n, true);
    for (const QString& n : st.value(kCountersHidden).toStringList())
        out.insert(n, false);
    return out;
}

void Settings::setTimelineCounterChoices(const QHash<QString, bool>& choices)
{
    QSettings st;
    QStringList on = st.value(kCountersShown).toStringList();
    QStringList off = st.value(kCountersHidden).toStringList();
    for (auto it = choices.begin(); it != choices.end(); ++it) {
        on.removeAll(it.key());
        off.removeAll(it.key());
        (it.value() ? on : off).append(it.key());
    }
    st.setValue(kCountersShown, on);
    st.setValue(kCountersHidden, off);
}

void Settings::clearTimelineCounterChoices()
{
    QSettings st;
    st.remove(kCountersShown);
    st.remove(kCountersHidden);
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
    const int saved = s.value(kStateVersion, -1).toInt();
    if (saved == version)
        return s.value(kState).toByteArray();
    if (saved >= 0) // saved by another layout version: the default layout applies
        qCDebug(lcGui) << "window layout of version" << saved << "ignored (now" << version << ")";
    return {};
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
    const int saved = s.value(headerVersionKey(key), -1).toInt();
    if (saved == version)
        return s.value(headerKey(key)).toByteArray();
    if (saved >= 0)
        qCDebug(lcGui) << "header state of" << key << "version" << saved << "ignored (now" << version << ")";
    return {};
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
