// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QFutureWatcher>
#include <QObject>

namespace sl {

/// Writes an analysis to a folder off the GUI thread: the full report (report.md, report.json
/// and tables/*.csv, exactly what `sightline-cli analyze` writes, through ReportWriter) or the
/// CSV tables alone (DIR/tables/*.csv, the report's layout, through ReportWriter::writeTables).
/// Covers the analysis's own window, so an export matches what the docks show.
/// One export at a time; failures come back as the core's message, never as a modal dialog.
class ReportExporter : public QObject
{
    Q_OBJECT
public:
    enum class What { Report, Tables };

    explicit ReportExporter(QObject* parent = nullptr);

    /// Starts writing into `dir` (created if missing). Returns false, starting nothing, when an
    /// export is already running or `analysis` is null.
    bool start(const AnalysisPtr& analysis, const QString& dir, What what = What::Report);
    bool isBusy() const { return m_busy; }

signals:
    void started(const QString& message);
    /// `ok`: `message` says where the files went; else it is the core's error, naming the file.
    void finished(bool ok, const QString& message);

private:
    QFutureWatcher<QString> m_watcher; ///< result: error message, empty on success
    bool m_busy = false;
    What m_what = What::Report;
    QString m_shownDir;
};

} // namespace sl
