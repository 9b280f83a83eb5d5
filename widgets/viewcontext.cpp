// SPDX-License-Identifier: MIT
#include "widgets/viewcontext.h"

#include "widgets/timeline/timeviewport.h"

namespace sl {

ViewContext::ViewContext(QObject* parent)
    : QObject(parent)
    , m_viewport(new TimeViewport(this))
{
}

void ViewContext::show(const AnalysisPtr& analysis, const ScopeFilter& scope)
{
    m_analysis = analysis;
    m_scope = scope;
    emit analysisChanged(m_analysis);
    emit scopeChanged(m_scope);
}

void ViewContext::setScope(const ScopeFilter& scope)
{
    m_scope = scope;
    emit scopeChanged(m_scope);
}

} // namespace sl
