// SPDX-License-Identifier: MIT
#include "widgets/comparisonroster.h"

#include "core/compare/comparator.h"
#include "core/session/tracesession.h"

namespace sl {

ComparisonRoster::ComparisonRoster(TraceSession* session, QObject* parent)
    : QObject(parent)
    , m_session(session)
{
    connect(session, &TraceSession::analysisReady, this, &ComparisonRoster::update);
    connect(session, &TraceSession::traceRemoved, this, &ComparisonRoster::update);
}

void ComparisonRoster::update()
{
    m_analyses.clear();
    for (int i = 0; i < m_session->count(); ++i)
        if (const AnalysisPtr& a = m_session->entry(i).analysis)
            m_analyses << a;
    m_labels = Comparator::labelsFor(m_analyses);
    emit changed(m_analyses, m_labels);
}

} // namespace sl
