// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QToolButton;
class QTreeView;

namespace sl {

class ProcessTreeModel;

/// Process → threads and process → GPUs → streams with kernel, API, blocking-sync time and NVTX
/// range counts. Selecting a node focuses every other dock on it (scopeChanged); "Show all"
/// clears the focus.
class ProcessesDock : public ViewDock
{
    Q_OBJECT
public:
    explicit ProcessesDock(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis) override;
    /// Selects the node of `scope` (or nothing) without emitting scopeChanged.
    void setScope(const ScopeFilter& scope) override;
    ScopeFilter scope() const { return m_scope; }
    QTreeView* view() const { return m_view; }
    ProcessTreeModel* model() const { return m_model; }

signals:
    void scopeChanged(const sl::ScopeFilter& scope);

private:
    void onCurrentChanged();
    void updateCaption();

    ProcessTreeModel* m_model;
    QTreeView* m_view;
    QLabel* m_caption;
    QToolButton* m_showAll;
    ScopeFilter m_scope;
};

} // namespace sl
