// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QDockWidget>
#include <QTimer>

#include <vector>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace sl {

class KernelInstanceModel;
class KernelSummaryModel;

/// Kernel names (summary, filterable) above the launches of the selected name.
class KernelsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit KernelsDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis);
    /// Shows exactly these kernels (KernelTable indices) in the instance table and selects them.
    void showKernels(const std::vector<quint32>& kernelIndices, const QString& caption);

    QTableView* summaryView() const { return m_summaryView; }
    QTableView* instanceView() const { return m_instanceView; }
    KernelInstanceModel* instanceModel() const { return m_instances; }
    QSortFilterProxyModel* summaryProxy() const { return m_proxy; }
    QLineEdit* filterEdit() const { return m_filter; }

private:
    void onSummarySelectionChanged();
    static void copySelection(QTableView* view);

    KernelSummaryModel* m_summary;
    QSortFilterProxyModel* m_proxy;
    KernelInstanceModel* m_instances;
    QLineEdit* m_filter;
    QTimer m_filterTimer;
    QTableView* m_summaryView;
    QTableView* m_instanceView;
    QLabel* m_instanceCaption;
};

} // namespace sl
