// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QSortFilterProxyModel;
class QTableView;

namespace sl {

class LegendBar;
class NvtxView;
class PhaseTableModel;
class TimeViewport;

/// NVTX ranges per thread coloured by phase (NvtxView, on the timeline's time axis) beside the
/// per-phase totals (PhaseTableModel).
class NvtxPhasesDock : public ViewDock
{
    Q_OBJECT
public:
    explicit NvtxPhasesDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    /// Hides threads outside the scope; a process scope shows that process' phase figures.
    void setScope(const ScopeFilter& scope) override;
    /// Shares `viewport` (not owned) with the Timeline dock; null goes back to the dock's own.
    void setTimeViewport(TimeViewport* viewport);
    TimeViewport* timeViewport() const;

    NvtxView* view() const { return m_view; }
    QTableView* phaseTable() const { return m_table; }
    PhaseTableModel* phaseModel() const { return m_model; }
    LegendBar* legend() const { return m_legend; }

signals:
    /// Shift+drag over the ranges: make [startNs, endNs] the analysis window.
    void windowRequested(qint64 startNs, qint64 endNs);

protected:
    void attached(ViewContext* context) override; ///< shares the context's time viewport

private:
    NvtxView* m_view;
    LegendBar* m_legend;
    PhaseTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
};

} // namespace sl
