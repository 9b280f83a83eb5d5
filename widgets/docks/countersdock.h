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

/// Hardware counters beside the timeline's answer (docs/analysis.md "Hardware counters"): per
/// GPU and per phase the time-weighted mean and p90 of each sampled counter (the export's GPU
/// metrics, imported NVML samples) and the bound class; the Nsight Compute kernels with achieved
/// vs theoretical occupancy, throughputs, hit rates, tensor activity, FLOPs and intensity; the
/// roofline. A click on a kernel (table or roofline point) shows its launches, as a finding does.
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

signals:
    void evidenceRequested(const QVector<Evidence>& evidence, const QString& title, const QString& detail);
    void importNcuRequested();
    void importNvmlRequested();

private:
    void rebuild();
    void activateKernel(int ncuKernel);

    AnalysisPtr m_analysis;
    QLabel* m_notes;
    QTabWidget* m_tabs;
    QStandardItemModel* m_scopes;
    QTreeView* m_scopeView;
    QStandardItemModel* m_ncu;
    QTreeView* m_ncuView;
    RooflineChart* m_roofline;
};

} // namespace sl
