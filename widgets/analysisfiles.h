// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

namespace sl {

class TraceSession;

/// The phase map and taxonomy files the GUI analyses with: the defaults from Preferences for
/// every trace, and a trace's own files (Analysis › Phase Map…, Kernel Taxonomy…), both
/// persisted in Settings (per trace by its path) and loaded through AnalysisOptions::loadFiles,
/// the CLI's loader. A file that fails to load changes nothing; its message (naming the file)
/// is returned and emitted as failed(). Every trace also gets the Preferences' math-path rules,
/// GPU peaks and peak TFLOP/s (AnalysisOptions::loadEfficiencyFiles, setPeakTflops).
class AnalysisFiles : public QObject
{
    Q_OBJECT
public:
    /// Follows `session` (applies a trace's stored files when it is added) and the settings.
    explicit AnalysisFiles(TraceSession* session, QObject* parent = nullptr);

    /// Loads the default files into the session's options (re-analyses every trace following them).
    bool applyDefaults(QString* error);
    /// Trace `index` is analysed with this phase map (empty: the default) from now on.
    bool setTracePhaseMap(int index, const QString& path, QString* error);
    /// Trace `index` is analysed with this taxonomy (empty: the default) from now on.
    bool setTraceTaxonomy(int index, const QString& path, QString* error);

    /// The files trace `index` is analysed with: its own, else the default; empty: built-in.
    QString phaseMapFor(int index) const;
    QString taxonomyFor(int index) const;

signals:
    void failed(const QString& message);

private:
    bool applyTrace(int index, const QString& phaseMap, const QString& taxonomy, QString* error);
    QString tracePath(int index) const;

    TraceSession* m_session;
};

} // namespace sl
