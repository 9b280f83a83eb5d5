// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QStringList>

namespace sl {

/// The application's persistent settings behind one typed facade: keys and defaults live in
/// settings.cpp only; each setting has a getter, a setter and one change signal (emitted only
/// when the value changes). Backed by QSettings, so main() must set the organisation and
/// application names first. GUI thread only.
///
/// Layout blobs (window state, table header states) are stored with the layout version they were
/// saved under; asked for another version the getter returns an empty array, so a build whose
/// docks or columns changed starts from its default layout instead of a garbled one.
class Settings : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxRecentFiles = 10;

    /// The process-wide instance, created on first use and owned by the application object.
    static Settings* instance();

    /// Most recent first, without duplicates, at most kMaxRecentFiles.
    QStringList recentFiles() const;
    void setRecentFiles(const QStringList& paths);
    void addRecentFile(const QString& path);
    void clearRecentFiles();

    /// Where file dialogs start; the home folder until a file is opened or saved.
    QString lastDirectory() const;
    void setLastDirectory(const QString& dir);

    /// Empty: follow the system locale; else a locale name such as "en" or "zh_CN". Read at start-up.
    QString language() const;
    void setLanguage(const QString& language);

    /// Phase map / taxonomy file every trace is analysed with (empty: the built-in ones).
    QString defaultPhaseMap() const;
    void setDefaultPhaseMap(const QString& path);
    QString defaultTaxonomy() const;
    void setDefaultTaxonomy(const QString& path);
    /// The phase map / taxonomy file chosen for the trace at `tracePath` (Analysis menu), which
    /// replaces the default for it; empty: the default.
    QString tracePhaseMap(const QString& tracePath) const;
    void setTracePhaseMap(const QString& tracePath, const QString& path);
    QString traceTaxonomy(const QString& tracePath) const;
    void setTraceTaxonomy(const QString& tracePath, const QString& path);
    /// The nsys that exports .nsys-rep/.qdrep reports; empty = on PATH or in the default install folders.
    QString nsysPath() const;
    void setNsysPath(const QString& path);
    /// Whether opened exports are kept in the persistent trace cache (TraceCache) so that a
    /// reopen skips SQLite; on by default. The limit is the cache folder's size in GiB.
    bool traceCacheEnabled() const;
    void setTraceCacheEnabled(bool enabled);
    int traceCacheLimitGiB() const;
    void setTraceCacheLimitGiB(int gib);

    /// The user's choices in the Timeline's Counters menu: counter name → shown. Names without a
    /// choice follow TimelineDock's default (the counters the analysis reads).
    QHash<QString, bool> timelineCounterChoices() const;
    /// Records the choices (name → shown) in one write, replacing earlier ones for those names.
    void setTimelineCounterChoices(const QHash<QString, bool>& choices);
    void clearTimelineCounterChoices();

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState(int version) const;
    void setWindowState(const QByteArray& state, int version);
    /// `key` names the table, e.g. "kernels.summary".
    QByteArray headerState(const QString& key, int version) const;
    void setHeaderState(const QString& key, const QByteArray& state, int version);

signals:
    void recentFilesChanged(const QStringList& paths);
    void lastDirectoryChanged(const QString& dir);
    void languageChanged(const QString& language);
    /// The default phase map or taxonomy changed.
    void defaultAnalysisFilesChanged();
    void nsysPathChanged(const QString& path);
    void traceCacheChanged();
    void windowGeometryChanged();
    void windowStateChanged();
    void headerStateChanged(const QString& key);

private:
    explicit Settings(QObject* parent);
};

} // namespace sl
