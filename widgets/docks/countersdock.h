// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QTabWidget;
class QTableView;

namespace sl {

class CounterScopeModel;
class NcuKernelModel;
class RooflineChart;
class ScopeProxyModel;
class StallBreakdownChart;

/// Hardware counters beside the timeline's answer (docs/analysis.md "Hardware counters"): per
/// GPU and per phase the time-weighted mean and p90 of each sampled counter (the export's GPU
/// metrics, imported NVML samples) and the bound class; the Nsight Compute kernels with achieved
/// vs theoretical occupancy, throughputs, hit rates, tensor activity, FLOPs and intensity; the
/// roofline. Stretches are the window, the phases and the serving step classes (a Kind column).
/// Selecting an Nsight Compute kernel shows its warp stall breakdown below the table; activating
/// it (a click or Enter in the table, a click on a roofline point) shows its launches, as a
/// finding does. Both tables are core models (CounterScopeModel, NcuKernelModel): numeric sort,
/// Copy as TSV. A GPU focus keeps that GPU's rows and shows its roofline.
class CountersDock : public ViewDock
{
    Q_OBJECT
public:
    explicit CountersDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    void setScope(const ScopeFilter& scope) override;
    CounterScopeModel* scopeModel() const { return m_scopes; }
    NcuKernelModel* ncuModel() const { return m_ncu; }
    QTableView* scopeView() const { return m_scopeView; }
    QTableView* ncuView() const { return m_ncuView; }
    RooflineChart* roofline() const { return m_roofline; }
    StallBreakdownChart* stallChart() const { return m_stallChart; }
    /// Selects row `row` of the Nsight Compute table as shown (as a click does; the stall chart follows).
    void selectNcuRow(int row);

signals:
    void importNcuRequested();
    void importNvmlRequested();

private:
    QWidget* buildCornerButtons();
    QWidget* buildPhasePage();
    QWidget* buildNcuPage();
    void connectViews();
    void rebuild();
    int kernelAt(const QModelIndex& ncuIndex) const; ///< index into ncu->kernels, or -1
    void activateKernel(int ncuKernel);
    void showStalls(int ncuKernel);

    AnalysisPtr m_analysis;
    QLabel* m_notes;
    QTabWidget* m_tabs;
    CounterScopeModel* m_scopes;
    ScopeProxyModel* m_scopeProxy;
    QTableView* m_scopeView;
    NcuKernelModel* m_ncu;
    ScopeProxyModel* m_ncuProxy;
    QTableView* m_ncuView;
    RooflineChart* m_roofline;
    StallBreakdownChart* m_stallChart;
};

} // namespace sl
