// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QTableView;
class QTableWidget;

namespace sl {

class BatchScatterChart;
class ScopeProxyModel;
class ServingStepModel;

/// The serving view of the current analysis (docs/analysis.md "Serving steps"): the window's
/// tokens, TPOT and throughput; the step table (class, composition, time, GPU busy and idle,
/// host share); decode step time against batch size; TPOT and throughput per rank. Activating a
/// step (a click, or Enter) emits its evidence (its NVTX range and the kernels launched inside it), which the main
/// window routes like a finding's: kernels selected in the Kernels dock and marked on the timeline.
class ServingDock : public ViewDock
{
    Q_OBJECT
public:
    explicit ServingDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    /// Lists the steps of the focused process or GPU only (the figures above stay the window's).
    void setScope(const ScopeFilter& scope) override;
    QTableView* stepTable() const { return m_table; } ///< for tests
    BatchScatterChart* scatter() const { return m_scatter; } ///< for tests
    /// Emits evidenceRequested for the step at `step` (index into serving.steps).
    void activateStep(qint64 step);

private:
    /// One sentence on the requests' TTFT and E2E latency, or why there is no TTFT.
    static QString requestsText(const RequestStats& q);

    AnalysisPtr m_analysis;
    QLabel* m_summary;
    ServingStepModel* m_model;
    ScopeProxyModel* m_proxy;
    QTableView* m_table;
    BatchScatterChart* m_scatter;
    QTableWidget* m_ranks;
};

} // namespace sl
