// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QTableView;

namespace sl {

class EfficiencyModel;
class ScopeProxyModel;

/// How well the GPUs are used while busy (docs/analysis.md "Efficiency"): math paths, busy time
/// split into compute and copies, compute/communication overlap per GPU and phase, collectives,
/// and FLOPs, TFLOP/s and MFU per phase and operator (EfficiencyModel, sortable, Copy as TSV).
/// Activating a figure (a click, or Enter) asks to show its evidence, as a finding does. A GPU
/// focus keeps that GPU's busy and overlap rows and the window-wide figures.
class EfficiencyDock : public ViewDock
{
    Q_OBJECT
public:
    explicit EfficiencyDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    void setScope(const ScopeFilter& scope) override;
    QTableView* view() const { return m_view; }
    EfficiencyModel* model() const { return m_model; }
    ScopeProxyModel* proxy() const { return m_proxy; }
    /// Emits evidenceRequested for the figure at `proxyIndex` (an index of view()'s model).
    void activate(const QModelIndex& proxyIndex);

private:
    AnalysisPtr m_analysis;
    EfficiencyModel* m_model;
    ScopeProxyModel* m_proxy;
    QTableView* m_view;
    QLabel* m_headline; ///< busy time per GPU
    QLabel* m_notes; ///< what the table cannot show (no communication kernels, no shapes), under it
};

} // namespace sl
