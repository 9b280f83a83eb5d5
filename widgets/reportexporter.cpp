// SPDX-License-Identifier: MIT
#include "widgets/reportexporter.h"

#include "core/report/reportwriter.h"
#include "core/util/workerpool.h"

#include <QDir>
#include <QtConcurrent>

namespace sl {

ReportExporter::ReportExporter(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        m_busy = false;
        const QString error
            = m_watcher.future().resultCount() > 0 ? m_watcher.result() : tr("The export was cancelled.");
        if (!error.isEmpty())
            emit finished(false, error);
        else
            emit finished(true,
                m_what == What::Report ? tr("Report written to %1.").arg(m_shownDir)
                                       : tr("CSV tables written to %1.").arg(m_shownDir));
    });
}

bool ReportExporter::start(const AnalysisPtr& analysis, const QString& dir, What what)
{
    if (m_busy || !analysis)
        return false;
    m_busy = true;
    m_what = what;
    m_shownDir = QDir::toNativeSeparators(dir);
    const QString name = analysis->trace ? analysis->trace->info.fileName : QString();
    emit started(what == What::Report ? tr("Writing the report of %1 to %2…").arg(name, m_shownDir)
                                      : tr("Writing the CSV tables of %1 to %2…").arg(name, m_shownDir));
    // The analysis is immutable and shared: the worker keeps it alive however the GUI moves on.
    m_watcher.setFuture(QtConcurrent::run(workerPool(), [analysis, dir, what] {
        QString error;
        if (what == What::Report)
            ReportWriter::writeAll(*analysis, dir, ReportOptions {}, &error);
        else
            ReportWriter::writeTables(*analysis, dir, &error);
        return error;
    }));
    return true;
}

} // namespace sl
