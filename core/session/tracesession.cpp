// SPDX-License-Identifier: MIT
#include "core/session/tracesession.h"

#include "core/analysis/analyzer.h"
#include "core/analysis/importsreader.h"
#include "core/io/nsysimporter.h"
#include "core/io/tracecache.h"
#include "core/io/traceloader.h"
#include "core/session/resultcache.h"
#include "core/timeline/timelinecache.h"
#include "core/util/logging.h"
#include "core/util/workerpool.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace sl {

namespace {

/// Loads a .nsys-rep/.qdrep: its SQLite export (made now or reused from the cache), then the
/// export, in one future with one progress and one Cancel. On success `message` tells how the
/// export was obtained.
QFuture<LoadOutcome> loadReport(const QString& path, const LoadOptions& options, const QString& nsys)
{
    return QtConcurrent::run(workerPool(), [path, options, nsys](QPromise<LoadOutcome>& promise) {
        promise.setProgressRange(0, 1000);
        std::atomic<bool> cancel { false };
        auto cancelled = [&] {
            if (promise.isCanceled())
                cancel.store(true, std::memory_order_relaxed);
            return cancel.load(std::memory_order_relaxed);
        };
        // One bar for both steps (QFuture progress never goes back): the export fills the first
        // half, the load the second.
        auto progressFrom = [&](int offset) {
            return [&promise, &cancelled, offset](int permille, const QString& stage) {
                cancelled();
                promise.setProgressValueAndText(offset + std::max(permille, 0) / 2, stage);
            };
        };
        // No time limit: the status bar shows the export under way and has Cancel, and a limit
        // would cut a real long export of a large report.
        const auto imported
            = NsysImporter::importReport(path, NsysImporter::findNsys(nsys), progressFrom(0), cancelled, 0);
        LoadOutcome out;
        if (!imported.ok()) {
            out.error = imported.error, out.message = imported.message;
        } else {
            out = TraceLoader::loadSync(imported.sqlitePath, options, progressFrom(500), &cancel);
            out.message = out.ok() ? imported.message
                                   : NsysImporter::afterFailedLoad(path, imported.sqlitePath, out.error, out.message);
        }
        promise.addResult(out);
    });
}

} // namespace

TraceSession::TraceSession(QObject* parent)
    : QObject(parent)
{
    connect(&m_loadWatcher, &QFutureWatcherBase::progressValueChanged, this,
        [this](int v) { emit progress(v, m_loadWatcher.progressText()); });
    connect(&m_loadWatcher, &QFutureWatcherBase::progressTextChanged, this,
        [this](const QString& stage) { emit progress(m_loadWatcher.progressValue(), stage); });
    // One job at a time: a watcher follows one future from start to finish, also a cancelled one.
    connect(&m_loadWatcher, &QFutureWatcherBase::finished, this, &TraceSession::onLoadFinished);
    connect(&m_analysisWatcher, &QFutureWatcherBase::finished, this, &TraceSession::onAnalysisFinished);
    connect(&m_importsWatcher, &QFutureWatcherBase::progressValueChanged, this,
        [this](int v) { emit progress(v, m_importsWatcher.progressText()); });
    connect(&m_importsWatcher, &QFutureWatcherBase::progressTextChanged, this,
        [this](const QString& stage) { emit progress(m_importsWatcher.progressValue(), stage); });
    connect(&m_importsWatcher, &QFutureWatcherBase::finished, this, &TraceSession::onImportsFinished);
}

TraceSession::~TraceSession()
{
    // Worker threads must not outlive the watchers they report to.
    m_pendingPaths.clear();
    m_pendingAnalyses.clear();
    m_loadWatcher.cancel();
    m_analysisWatcher.cancel();
    m_importsWatcher.cancel();
    m_loadWatcher.waitForFinished();
    m_analysisWatcher.waitForFinished();
    m_importsWatcher.waitForFinished(); // ImportsReader kills ncu within its 100 ms cancel poll
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

void TraceSession::setImports(int index, const QString& ncuFile, const QString& nvmlCsv, const QStringList& nvmlColumns)
{
    if (index < 0 || index >= int(m_entries.size()))
        return;
    m_entries[index].ncuFile = ncuFile;
    m_entries[index].nvmlCsv = nvmlCsv;
    m_entries[index].nvmlColumns = nvmlColumns;
    cancelImportsOf(m_entries[index].id);
    queueAnalysis(m_entries[index].id);
}

void TraceSession::setCublasLog(int index, const QString& path)
{
    if (index < 0 || index >= int(m_entries.size()))
        return;
    m_entries[index].cublasLog = path;
    cancelImportsOf(m_entries[index].id);
    queueAnalysis(m_entries[index].id);
}

void TraceSession::setOptions(const AnalysisOptions& options)
{
    m_options = options;
    for (const Entry& e : std::as_const(m_entries))
        queueAnalysis(e.id);
}

void TraceSession::cancelJob()
{
    if (m_job == Job::None || m_jobCancelled)
        return;
    m_jobCancelled = true;
    qCDebug(lcAnalysis) << "cancelling the running" << (m_job == Job::Load ? "load" : "analysis");
    // The loader polls the future every 4 k rows, the analyses every 16 k items: the worker
    // returns within milliseconds, and only then does the next job start (next()).
    if (m_job == Job::Load)
        m_loadWatcher.cancel();
    else if (m_job == Job::Imports)
        m_importsWatcher.cancel();
    else
        m_analysisWatcher.cancel();
}

void TraceSession::cancelAnalysisOf(quint64 traceId)
{
    if (m_job == Job::Analysis && m_jobTrace == traceId)
        cancelJob();
}

void TraceSession::cancelImportsOf(quint64 traceId)
{
    if (m_job == Job::Imports && m_jobTrace == traceId)
        cancelJob();
}

void TraceSession::setTraceOptions(int index, const std::optional<AnalysisOptions>& options)
{
    if (index < 0 || index >= m_entries.size())
        return;
    m_entries[index].options = options;
    queueAnalysis(m_entries[index].id);
}

void TraceSession::queueAnalysis(quint64 traceId)
{
    // A running analysis of this trace answers an older question.
    cancelAnalysisOf(traceId);
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
    cancelAnalysisOf(id);
    cancelImportsOf(id);
    emit traceClosing(m_entries[index].trace);
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
    if (hasLiveJob() && m_job == Job::Load) {
        what = QFileInfo(m_loadingPath).fileName();
    } else if (hasLiveJob() && (m_job == Job::Analysis || m_job == Job::Imports)) {
        const int i = indexOf(m_jobTrace);
        what = i >= 0 ? m_entries[i].trace->info.fileName : QString();
    }
    cancelJob();
    if (wasBusy) {
        m_idleAnnounced = true;
        emit cancelled(what);
        emit idle();
    }
}

void TraceSession::next()
{
    if (m_job != Job::None)
        return; // also while a cancelled job winds down: it still holds a worker
    if (!m_pendingAnalyses.isEmpty()) {
        const int index = indexOf(m_pendingAnalyses.first());
        if (index < 0) {
            m_pendingAnalyses.removeFirst();
            return next();
        }
        // The analysis waits in the queue while its imports are read (a job of their own).
        if (needsImports(index))
            return startImports(index);
        m_pendingAnalyses.removeFirst();
        return startAnalysis(index);
    }
    if (!m_pendingPaths.isEmpty()) {
        m_loadingPath = m_pendingPaths.takeFirst();
        m_job = Job::Load;
        m_jobCancelled = false;
        m_idleAnnounced = false;
        // No SHA-256 while loading: it competes with the readers for the cores and only reports
        // need it (Trace::sha256() computes it then, on the exporter's worker).
        LoadOptions options;
        options.computeSha256 = false;
        options.cacheDir = m_cacheDir;
        options.cacheCapBytes = m_cacheCapBytes;
        options.deferCacheWrite = true;
        m_loadWatcher.setFuture(NsysImporter::isReport(m_loadingPath) ? loadReport(m_loadingPath, options, m_nsysPath)
                                                                      : TraceLoader::load(m_loadingPath, options));
        emit loadStarted(m_loadingPath);
        return;
    }
    if (!m_idleAnnounced) {
        m_idleAnnounced = true;
        writePendingCaches();
        emit idle();
    }
}

AnalysisOptions TraceSession::optionsFor(int index) const
{
    const Entry& e = m_entries[index];
    AnalysisOptions options = e.options.value_or(m_options);
    options.window = e.window;
    options.ncuFile = e.ncuFile;
    options.nvmlCsv = e.nvmlCsv;
    options.nvmlColumns = e.nvmlColumns;
    options.cublasLog = e.cublasLog;
    return options;
}

bool TraceSession::needsImports(int index) const
{
    const AnalysisOptions options = optionsFor(index);
    const ImportsPtr& imports = m_entries[index].imports;
    return ImportsReader::hasImports(options) && (!imports || !ImportsReader::matches(*imports, options));
}

void TraceSession::startJob(Job job, quint64 traceId)
{
    m_job = job;
    m_jobCancelled = false;
    m_idleAnnounced = false;
    m_jobTrace = traceId;
}

void TraceSession::startImports(int index)
{
    startJob(Job::Imports, m_entries[index].id);
    const AnalysisOptions options = optionsFor(index);
    const TracePtr trace = m_entries[index].trace;
    m_importsWatcher.setFuture(QtConcurrent::run(workerPool(), [options, trace](QPromise<ImportsPtr>& promise) {
        promise.setProgressRange(0, 1000);
        const auto progress
            = [&promise](int permille, const QString& stage) { promise.setProgressValueAndText(permille, stage); };
        // Null only when cancelled: a cancelled future has no result.
        if (ImportsPtr imports = ImportsReader::read(options, trace->info, Cancellation::of(promise), progress))
            promise.addResult(std::move(imports));
    }));
    emit progress(-1, tr("Reading the imports of %1…").arg(trace->info.fileName));
}

QFuture<AnalysisPtr> TraceSession::readOrAnalyze(const TracePtr& trace, const AnalysisOptions& options,
    const TraceCacheKey& key, const QByteArray& fingerprint, const Analyzer::ViewInputsReady& viewInputsReady)
{
    // A reopen: the result of the same export and options is read back instead of analysed. The
    // views' lanes stored beside it go to the views' cache; a file without them starts their
    // build as soon as the result's colour keys are checked (TimelineCache::prefetch).
    ResultCache::Checked lanesReady;
    if (viewInputsReady)
        lanesReady = [viewInputsReady](const AnalysisResult& r, const TimelineDataPtr& lanes) {
            if (lanes)
                TimelineCache::shared().adopt(lanes, r);
            else
                viewInputsReady(r);
        };
    return QtConcurrent::run(workerPool(),
        [trace, options, key, fingerprint, cache = ResultCache(m_cacheDir), fromCache = m_jobFromCache, lanesReady,
            viewInputsReady](QPromise<AnalysisPtr>& promise) {
            QString why;
            QElapsedTimer clock;
            clock.start();
            AnalysisPtr result = cache.read(key, fingerprint, trace, &why, lanesReady);
            if (result) {
                fromCache->store(true);
                qCDebug(lcAnalysis) << "analysis of" << trace->info.fileName << "read from the result cache in"
                                    << clock.elapsed() << "ms";
            } else {
                qCDebug(lcAnalysis) << "result cache miss for" << trace->info.fileName << "-" << why;
                result = Analyzer::analyze(trace, options, Cancellation::of(promise), viewInputsReady);
            }
            if (result) // null only when cancelled: a cancelled future has no result
                promise.addResult(std::move(result));
        });
}

void TraceSession::startAnalysis(int index)
{
    startJob(Job::Analysis, m_entries[index].id);
    AnalysisOptions options = optionsFor(index);
    // Import paths without a snapshot here only when none are set (needsImports()).
    options.imports = m_entries[index].imports;
    if (!ImportsReader::hasImports(options))
        options.imports = nullptr;
    Analyzer::ViewInputsReady viewInputsReady;
    if (m_timelinePrefetch)
        viewInputsReady = [](const AnalysisResult& partial) {
            TimelineCache::shared().prefetch(partial.trace, TimelineData::Keys::fromAnalysis(partial));
        };
    const Entry& e = m_entries[index];
    const std::optional<QByteArray> fingerprint
        = e.cacheKey && !m_cacheDir.isEmpty() ? ResultCache::fingerprint(options) : std::nullopt;
    m_jobFingerprint = fingerprint.value_or(QByteArray());
    m_jobFromCache = std::make_shared<std::atomic<bool>>(false);
    if (!fingerprint)
        m_analysisWatcher.setFuture(Analyzer::analyzeAsync(e.trace, options, std::move(viewInputsReady)));
    else
        m_analysisWatcher.setFuture(readOrAnalyze(e.trace, options, *e.cacheKey, *fingerprint, viewInputsReady));
    emit analysisStarted(index);
    emit progress(-1, tr("Analysing %1…").arg(m_entries[index].trace->info.fileName));
}

void TraceSession::onImportsFinished()
{
    if (m_job != Job::Imports)
        return;
    const bool dropped = m_jobCancelled;
    m_job = Job::None;
    m_jobCancelled = false;
    const int index = indexOf(m_jobTrace);
    const QFuture<ImportsPtr> future = m_importsWatcher.future();
    ImportsPtr imports = !dropped && future.resultCount() > 0 ? future.result() : nullptr;
    if (index >= 0 && imports && ImportsReader::matches(*imports, optionsFor(index)))
        m_entries[index].imports = std::move(imports);
    else if (!dropped)
        m_pendingAnalyses.removeAll(m_jobTrace); // never read the same files in a loop
    next();
}

void TraceSession::writePendingCaches()
{
    for (auto& [trace, key] : m_pendingCacheWrites) {
        const bool open = std::any_of(
            m_entries.cbegin(), m_entries.cend(), [&trace = trace](const Entry& e) { return e.trace == trace; });
        if (open) // a trace closed meanwhile is not worth a file
            TraceCache::writeLater(trace, key, m_cacheDir, m_cacheCapBytes);
    }
    m_pendingCacheWrites.clear();
    for (const PendingResult& p : m_pendingResultWrites) {
        const bool open = std::any_of(
            m_entries.cbegin(), m_entries.cend(), [&p](const Entry& e) { return e.trace == p.result->trace; });
        if (open)
            ResultCache::writeLater(p.result, p.key, p.fingerprint, m_cacheDir, m_cacheCapBytes);
    }
    m_pendingResultWrites.clear();
}

void TraceSession::onLoadFinished()
{
    if (m_job != Job::Load)
        return;
    qCDebug(lcIo) << "load finished"; // with QT_MESSAGE_PATTERN's %{time process}: where an open's time goes
    const bool dropped = m_jobCancelled;
    m_job = Job::None;
    m_jobCancelled = false;
    if (dropped) {
        qCDebug(lcIo) << "a cancelled load returned; its trace is dropped";
        next(); // whatever it loaded is freed with the future
        return;
    }
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
    if (out.cacheKey && !m_cacheDir.isEmpty())
        m_pendingCacheWrites.emplace_back(out.trace, *out.cacheKey);
    Entry e;
    e.id = m_nextId++;
    e.trace = out.trace;
    e.sourcePath = NsysImporter::isReport(path) ? path : out.trace->info.filePath;
    e.cacheKey = out.cacheKey ? out.cacheKey : out.servedKey;
    if (!out.message.isEmpty())
        emit notice(out.message);
    m_entries.push_back(e);
    m_pendingAnalyses.prepend(e.id);
    emit traceAdded(int(m_entries.size()) - 1);
    next();
}

void TraceSession::onAnalysisFinished()
{
    if (m_job != Job::Analysis)
        return;
    qCDebug(lcAnalysis) << "analysis finished";
    const bool dropped = m_jobCancelled;
    m_job = Job::None;
    m_jobCancelled = false;
    if (dropped)
        qCDebug(lcAnalysis) << "a cancelled analysis returned; the next job may start";
    const int index = indexOf(m_jobTrace);
    const QFuture<AnalysisPtr> future = m_analysisWatcher.future();
    AnalysisPtr analysis = !dropped && future.resultCount() > 0 ? future.result() : nullptr;
    if (index >= 0 && analysis) {
        Entry& e = m_entries[index];
        e.analysisFromCache = m_jobFromCache && m_jobFromCache->load();
        if (!e.analysisFromCache && !m_jobFingerprint.isEmpty() && e.cacheKey)
            m_pendingResultWrites.push_back({ analysis, *e.cacheKey, m_jobFingerprint });
        e.analysis = std::move(analysis);
        emit analysisReady(index);
    }
    next();
}

} // namespace sl
