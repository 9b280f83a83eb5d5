// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace sl {

class AnatomyChart;
class AnatomyTableModel;

/// "Where the model spends the GPU" (docs/analysis.md "Model anatomy"): a stacked bar per phase,
/// operator classes stacked by kernel time (tooltip: FLOPs, TFLOP/s, MFU, bound class), and the
/// table of every phase and class below it (sortable, Copy as TSV). Its figures are per phase and
/// operator class over every GPU, so the focus does not change them.
class AnatomyDock : public ViewDock
{
    Q_OBJECT
public:
    explicit AnatomyDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    void setScope(const ScopeFilter&) override { }
    AnatomyTableModel* model() const { return m_model; } ///< for tests
    QTableView* table() const { return m_table; } ///< for tests
    AnatomyChart* chart() const { return m_chart; } ///< for tests
    QString headline() const; ///< for tests

private:
    QLabel* m_headline;
    AnatomyTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    AnatomyChart* m_chart;
};

} // namespace sl
