// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/analysis/efficiencyanalysis.h"

#include <QDockWidget>

class QLabel;
class QStandardItemModel;
class QTreeView;

namespace sl {

/// How well the GPUs are used while busy (docs/analysis.md "Efficiency"): math paths, busy time
/// split into compute and copies, compute/communication overlap per GPU and phase, collectives,
/// and FLOPs, TFLOP/s and MFU per phase and operator. Clicking a figure asks the window to show
/// its evidence, as a finding does. A handful of rows: a QStandardItemModel suffices.
class EfficiencyDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit EfficiencyDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis);
    QTreeView* view() const { return m_view; }
    QStandardItemModel* model() const { return m_model; }
    /// Which figure a row stands for (kind, index); false for section headers.
    static bool figureOf(const QModelIndex& index, EfficiencyAnalysis::Figure* kind, int* figure);

signals:
    void evidenceRequested(const QVector<Evidence>& evidence, const QString& title, const QString& detail);

private:
    void rebuild();
    void addMathAndBusy(const AnalysisResult& r);
    void addCommunication(const AnalysisResult& r);
    void addFlops(const AnalysisResult& r);
    void activate(const QModelIndex& index);

    AnalysisPtr m_analysis;
    QStandardItemModel* m_model;
    QTreeView* m_view;
    QLabel* m_headline;
};

} // namespace sl
