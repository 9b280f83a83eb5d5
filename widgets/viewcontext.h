// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/evidencerequest.h"
#include "core/models/scopefilter.h"

#include <QObject>

namespace sl {

class TimeViewport;

/// What every dock shows, in one place (hotspot's shared filter-and-zoom stack is the model):
/// the current analysis, the process/thread/GPU/stream focus and the visible time range. Docks
/// subscribe to it (ViewDock::attach) instead of being fed one by one, and send their evidence
/// requests through it; the main window sets it and routes the requests.
class ViewContext : public QObject
{
    Q_OBJECT
public:
    explicit ViewContext(QObject* parent = nullptr);

    const AnalysisPtr& analysis() const { return m_analysis; }
    const ScopeFilter& scope() const { return m_scope; }
    /// The visible time range the timeline and the NVTX ranges share (owned by the context).
    TimeViewport* viewport() const { return m_viewport; }

    /// Shows `analysis` (null: nothing) with focus `scope`: analysisChanged, then scopeChanged.
    void show(const AnalysisPtr& analysis, const ScopeFilter& scope);
    /// Focuses every dock on `scope` (a default ScopeFilter: everything).
    void setScope(const ScopeFilter& scope);

signals:
    void analysisChanged(const sl::AnalysisPtr& analysis);
    void scopeChanged(const sl::ScopeFilter& scope);
    /// A dock asks to show evidence (ViewDock::evidenceRequested, forwarded).
    void evidenceRequested(const sl::EvidenceRequest& request);

private:
    AnalysisPtr m_analysis;
    ScopeFilter m_scope;
    TimeViewport* m_viewport;
};

} // namespace sl
