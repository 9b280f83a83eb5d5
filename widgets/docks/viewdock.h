// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/evidencerequest.h"
#include "core/models/scopefilter.h"

#include <QDockWidget>

namespace sl {

class ViewContext;

/// A dock of the main window. attach() subscribes it to the shared ViewContext: it shows the
/// context's analysis and follows its focus, and its evidenceRequested reaches the context, so a
/// new dock is one MainWindow::addViewDock call. Each dock says in setScope what the focus does
/// to it. Works without a context too (tests call setAnalysis and setScope directly).
class ViewDock : public QDockWidget
{
    Q_OBJECT
public:
    using QDockWidget::QDockWidget;

    /// Follows `context` (not owned; outlives the dock) from now on, starting with what it shows.
    void attach(ViewContext* context);

    /// The analysis to show; null empties the dock.
    virtual void setAnalysis(const AnalysisPtr& analysis) = 0;
    /// The process/thread/GPU/stream focus; a default ScopeFilter shows everything.
    virtual void setScope(const ScopeFilter& scope) = 0;

signals:
    /// Show these rows (a finding's, a figure's, a step's, a search hit's…): the one way to ask.
    void evidenceRequested(const sl::EvidenceRequest& request);

protected:
    /// Called once from attach(), before the first setAnalysis: e.g. to share its time viewport.
    virtual void attached(ViewContext* context) { Q_UNUSED(context); }
};

} // namespace sl
