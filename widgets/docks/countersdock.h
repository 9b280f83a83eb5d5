// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QDockWidget>

class QLabel;
class QStandardItemModel;
class QTabWidget;
class QTreeView;

namespace sl {

class RooflineChart;
class StallBreakdownChart;

/// Hardware counters beside the timeline's answer (docs/analysis.md "Hardware counters"): per
/// GPU and per phase the time-weighted mean and p90 of each sampled counter (the export's GPU
/// metrics, imported NVML samples) and the bound class; the Nsight Compute kernels with achieved
/// vs theoretical occupancy, throughputs, hit rates, tensor activity, FLOPs and intensity; the
/// roofline. Stretches are the window, the phases and the serving step classes (a Kind column).
/// Selecting an Nsight Compute kernel shows its warp stall breakdown below the table; activating
/// it (table or roofline point) shows its launches, as a finding does.
/// Tens of rows at most: QStandardItemModels suffice.
class CountersDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit CountersDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis);
    QStandardItemModel* scopeModel() const { return m_scopes; }
    QStandardItemModel* ncuModel() const { return m_ncu; }
    RooflineChart* roofline() const { return m_roofline; }
    StallBreakdownChart* stallChart() const { return m_stallChart; }
    /// Selects row `row` of the Nsight Compute table (as a click does; the stall chart follows).
    void selectNcuRow(int row);

signals:
    void evidenceRequested(const QVector<Evidence>& evidence, const QString& title, const QString& detail);
    void importNcuRequested();
    void importNvmlRequested();

private:
    void rebuild();
    void activateKernel(int ncuKernel);
    void showStalls(int ncuKernel);

    AnalysisPtr m_analysis;
    QLabel* m_notes;
    QTabWidget* m_tabs;
    QStandardItemModel* m_scopes;
    QTreeView* m_scopeView;
    QStandardItemModel* m_ncu;
    QTreeView* m_ncuView;
    RooflineChart* m_roofline;
    StallBreakdownChart* m_stallChart;
};

} // namespace sl
