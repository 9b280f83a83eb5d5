// SPDX-License-Identifier: MIT
#include "widgets/analysisfiles.h"

#include "core/session/tracesession.h"
#include "widgets/settings.h"

namespace sl {

AnalysisFiles::AnalysisFiles(TraceSession* session, QObject* parent)
    : QObject(parent)
    , m_session(session)
{
    connect(session, &TraceSession::traceAdded, this, [this](int index) {
        const Settings* s = Settings::instance();
        const QString path = tracePath(index);
        const QString phaseMap = s->tracePhaseMap(path);
        const QString taxonomy = s->traceTaxonomy(path);
        QString error;
        if ((!phaseMap.isEmpty() || !taxonomy.isEmpty()) && !applyTrace(index, phaseMap, taxonomy, &error))
            emit failed(error);
    });
    connect(Settings::instance(), &Settings::defaultAnalysisFilesChanged, this, [this] {
        QString error;
        if (!applyDefaults(&error))
            emit failed(error);
    });
}

QString AnalysisFiles::tracePath(int index) const
{
    return index >= 0 && index < m_session->count() ? m_session->entry(index).trace->info.filePath : QString();
}

QString AnalysisFiles::phaseMapFor(int index) const
{
    const QString own = Settings::instance()->tracePhaseMap(tracePath(index));
    return own.isEmpty() ? Settings::instance()->defaultPhaseMap() : own;
}

QString AnalysisFiles::taxonomyFor(int index) const
{
    const QString own = Settings::instance()->traceTaxonomy(tracePath(index));
    return own.isEmpty() ? Settings::instance()->defaultTaxonomy() : own;
}

namespace {
/// Options with these phase map and taxonomy files and the Preferences' math-path rules, GPU
/// peaks and peak TFLOP/s, loaded as the CLI loads its options; false with `error` set.
bool loadOptions(AnalysisOptions& options, const QString& phaseMap, const QString& taxonomy, QString* error)
{
    const Settings* s = Settings::instance();
    return options.loadFiles(phaseMap, taxonomy, error)
        && options.loadEfficiencyFiles(s->defaultMathPaths(), s->defaultGpuPeaks(), error)
        && options.setPeakTflops(s->peakTflops(), error);
}
} // namespace

bool AnalysisFiles::applyDefaults(QString* error)
{
    const Settings* s = Settings::instance();
    AnalysisOptions options;
    if (!loadOptions(options, s->defaultPhaseMap(), s->defaultTaxonomy(), error))
        return false;
    m_session->setOptions(options);
    // Traces with a file of their own take the new default for the other part.
    bool ok = true;
    for (int i = 0; i < m_session->count(); ++i)
        if (m_session->entry(i).options)
            ok = applyTrace(i, s->tracePhaseMap(tracePath(i)), s->traceTaxonomy(tracePath(i)), error) && ok;
    return ok;
}

bool AnalysisFiles::setTracePhaseMap(int index, const QString& path, QString* error)
{
    if (index < 0 || index >= m_session->count())
        return false;
    if (!applyTrace(index, path, Settings::instance()->traceTaxonomy(tracePath(index)), error))
        return false;
    Settings::instance()->setTracePhaseMap(tracePath(index), path);
    return true;
}

bool AnalysisFiles::setTraceTaxonomy(int index, const QString& path, QString* error)
{
    if (index < 0 || index >= m_session->count())
        return false;
    if (!applyTrace(index, Settings::instance()->tracePhaseMap(tracePath(index)), path, error))
        return false;
    Settings::instance()->setTraceTaxonomy(tracePath(index), path);
    return true;
}

bool AnalysisFiles::applyTrace(int index, const QString& phaseMap, const QString& taxonomy, QString* error)
{
    if (phaseMap.isEmpty() && taxonomy.isEmpty()) {
        if (m_session->entry(index).options)
            m_session->setTraceOptions(index, std::nullopt); // back to the defaults
        return true;
    }
    const Settings* s = Settings::instance();
    AnalysisOptions options;
    if (!loadOptions(options, phaseMap.isEmpty() ? s->defaultPhaseMap() : phaseMap,
            taxonomy.isEmpty() ? s->defaultTaxonomy() : taxonomy, error))
        return false;
    m_session->setTraceOptions(index, options);
    return true;
}

} // namespace sl
