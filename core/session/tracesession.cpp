// SPDX-License-Identifier: MIT
#include "core/session/tracesession.h"

#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"

#include <QFileInfo>

namespace sl {

TraceSession::TraceSession(QObject* parent)
    : QObject(parent)
{
    connect(&m_loadWatcher, &QFutureWatcherBase::progressValueChanged, this,
        [this](int v) { emit progress(v, m_loadWatcher.progressText()); });
    connect(&m_loadWatcher, &QFutureWatcherBase::progressTextChanged, this,
        [this](const QString& stage) { emit progress(m_loadWatcher.progressValue(), stage); });
}

TraceSession::~TraceSession()
{
    // Worker threads must not outlive the watchers they report to.
    m_pendingPaths.clear();
    m_pendingAnalyses.clear();
    m_loadWatcher.cancel();
    m_loadWatcher.waitForFinished();
    m_analysisWatcher.waitForFinished();
}

int TraceSession::indexOf(quint64 id) const
{
    for (int i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].id == id)
            return i;
    return -1;
}

void TraceSession::open(const QStringList& paths)
{
    for (const QString& p : paths)
        if (!p.isEmpty())
            m_pendingPaths << QFileInfo(p).absoluteFilePath();
    next();
}

void TraceSession::setWindow(int index, const WindowSpec& window)
{
    if (index < 0 || index >= m_entries.size())
        return;
    m_entries[index].window = window;
    queueAnalysis(m_entries[index].id);
}

void TraceSession::setImports(int index, const QString& ncuFile, const QString& nvmlCsv)
{
    if (index < 0 || index >= int(m_entries.size()))
        return;
    m_entries[index].ncuFile = ncuFile;
    m_entries[index].nvmlCsv = nvmlCsv;
    queueAnalysis(m_entries[index].id);
}

void TraceSession::setOptions(const AnalysisOptions& options)
{
    m_options = options;
    for (const Entry& e : std::as_const(m_entries))
        queueAnalysis(e.id);
}

void TraceSession::queueAnalysis(quint64 traceId)
{
    // A running analysis of this trace answers an older question: its result will be dropped.
    if (m_job == Job::Analysis && m_jobTrace == traceId) {
        ++m_token;
        m_job = Job::None;
    }
    m_pendingAnalyses.removeAll(traceId);
    // Analyses go before loads: the user is looking at this trace now.
    m_pendingAnalyses.append(traceId);
    next();
}

void TraceSession::close(int index)
{
    if (index < 0 || index >= m_entries.size())
        return;
    const quint64 id = m_entries[index].id;
    m_pendingAnalyses.removeAll(id);
    if (m_job == Job::Analysis && m_jobTrace == id) {
        ++m_token;
        m_job = Job::None;
    }
    m_entries.removeAt(index);
    emit traceRemoved(index);
    next();
}

void TraceSession::cancel()
{
    const bool wasBusy = isBusy();
    m_pendingPaths.clear();
    m_pendingAnalyses.clear();
    QString what;
    if (m_job == Job::Load) {
        m_loadWatcher.cancel(); // the loader stops within one chunk; its late result is dropped by token
        what = QFileInfo(m_loadingPath).fileName();
    } else if (m_job == Job::Analysis) {
        const int i = indexOf(m_jobTrace);
        what = i >= 0 ? m_entries[i].trace->info.fileName : QString();
    }
    ++m_token;
    m_job = Job::None;
    if (wasBusy) {
        emit cancelled(what);
        emit idle();
    }
}

void TraceSession::next()
{
    if (m_job != Job::None)
        return;
    if (!m_pendingAnalyses.isEmpty()) {
        const quint64 id = m_pendingAnalyses.takeFirst();
        const int index = indexOf(id);
        if (index < 0)
            return next();
        m_job = Job::Analysis;
        m_jobTrace = id;
        const quint64 token = ++m_token;
        AnalysisOptions options = m_options;
        options.window = m_entries[index].window;
        options.ncuFile = m_entries[index].ncuFile;
        options.nvmlCsv = m_entries[index].nvmlCsv;
        disconnect(m_analysisFinished);
        m_analysisFinished = connect(&m_analysisWatcher, &QFutureWatcherBase::finished, this,
            [this, token, id] { onAnalysisFinished(token, id); });
        // A previous, abandoned analysis may still run: the watcher follows the new future only.
        m_analysisWatcher.setFuture(Analyzer::analyzeAsync(m_entries[index].trace, options));
        emit analysisStarted(index);
        emit progress(-1, tr("Analysing %1…").arg(m_entries[index].trace->info.fileName));
        return;
    }
    if (!m_pendingPaths.isEmpty()) {
        m_loadingPath = m_pendingPaths.takeFirst();
        m_job = Job::Load;
        const quint64 token = ++m_token;
        disconnect(m_loadFinished);
        m_loadFinished
            = connect(&m_loadWatcher, &QFutureWatcherBase::finished, this, [this, token] { onLoadFinished(token); });
        // No SHA-256 while loading: it competes with the readers for the cores and only reports
        // need it (Trace::sha256() computes it then, on the exporter's worker).
        LoadOptions options;
        options.computeSha256 = false;
        m_loadWatcher.setFuture(TraceLoader::load(m_loadingPath, options));
        emit loadStarted(m_loadingPath);
        return;
    }
    emit idle();
}

void TraceSession::onLoadFinished(quint64 token)
{
    if (token != m_token)
        return; // cancelled or superseded: whatever it loaded is freed with the future
    m_job = Job::None;
    const QString path = m_loadingPath;
    const QFuture<LoadOutcome> future = m_loadWatcher.future();
    const LoadOutcome out = future.resultCount() > 0 ? future.result() : LoadOutcome {};
    if (!out.ok()) {
        if (out.error == LoadError::Cancelled || future.resultCount() == 0)
            emit cancelled(QFileInfo(path).fileName());
        else
            emit loadFailed(path, out.message);
        next();
        return;
    }
    Entry e;
    e.id = m_nextId++;
    e.trace = out.trace;
    m_entries.push_back(e);
    m_pendingAnalyses.prepend(e.id);
    emit traceAdded(int(m_entries.size()) - 1);
    next();
}

void TraceSession::onAnalysisFinished(quint64 token, quint64 traceId)
{
    if (token != m_token)
        return;
    m_job = Job::None;
    const int index = indexOf(traceId);
    const QFuture<AnalysisPtr> future = m_analysisWatcher.future();
    AnalysisPtr analysis = future.resultCount() > 0 ? future.result() : nullptr;
    if (index >= 0 && analysis) {
        m_entries[index].analysis = std::move(analysis);
        emit analysisReady(index);
    }
    next();
}

} // namespace sl
