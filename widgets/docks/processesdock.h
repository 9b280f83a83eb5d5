// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QDockWidget>

class QTreeView;

namespace sl {

class ProcessTreeModel;

/// Processes and their threads with kernel, API, blocking-sync time and NVTX range counts.
class ProcessesDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit ProcessesDock(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);
    QTreeView* view() const { return m_view; }

private:
    ProcessTreeModel* m_model;
    QTreeView* m_view;
};

} // namespace sl
