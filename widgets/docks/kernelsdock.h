// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/jobslot.h"
#include "widgets/docks/viewdock.h"

#include <QTimer>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace sl {

class KernelInstanceModel;
class KernelSummaryModel;
class WindowedTable;

/// Kernel names (summary, filterable) above a table of launches: of the selected name, of every
/// kernel ("All kernels", filterable by name, GPU and stream, millions of rows), or of a
/// finding's evidence. Follows the scope (process, thread, GPU, stream): the launches shown are
/// those in scope and the summary is recomputed for the scope on a worker thread.
class KernelsDock : public ViewDock
{
    Q_OBJECT
public:
    explicit KernelsDock(QWidget* parent = nullptr);
    ~KernelsDock() override;

    /// Shows `analysis` within the current scope.
    void setAnalysis(const AnalysisPtr& analysis) override;
    /// Focuses both tables on `scope` (a default ScopeFilter: everything).
    void setScope(const ScopeFilter& scope) override;
    const ScopeFilter& scope() const { return m_scope; }
    /// Shows exactly these kernels (KernelTable indices) in the instance table and selects them.
    void showKernels(const std::vector<quint32>& kernelIndices, const QString& caption);
    /// Every kernel of the window in the instance table (filtered by name, GPU, stream, scope)
    /// instead of the selected name's.
    void setShowAllKernels(bool all);
    bool showsAllKernels() const;
    /// The name filter of both tables, at once (typing in filterEdit() applies it after 300 ms).
    void applyNameFilter(const QString& text);
    /// A scoped summary is being computed on a worker thread.
    bool isSummaryBusy() const { return m_summaryJob.isBusy(); }

    QTableView* summaryView() const { return m_summaryView; }
    /// The launches' view: its model is a RowWindowModel over instanceModel().
    QTableView* instanceView() const { return m_instanceView; }
    WindowedTable* instanceTable() const { return m_instanceTable; }
    KernelInstanceModel* instanceModel() const { return m_instances; }
    KernelSummaryModel* summaryModel() const { return m_summary; }
    QSortFilterProxyModel* summaryProxy() const { return m_proxy; }
    QLineEdit* filterEdit() const { return m_filter; }
    QComboBox* deviceFilter() const { return m_device; }
    QComboBox* streamFilter() const { return m_stream; }

signals:
    /// The summary table shows the current analysis and scope.
    void summaryUpdated();

private:
    /// The launches' caption, busy note, filters and table (below the summary).
    QWidget* buildInstancePane(QWidget* parent);
    void connectControls();
    void onSummarySelectionChanged();
    void updateSummary();
    void fillDeviceFilter();
    void fillStreamFilter();
    void updateCaption();

    KernelSummaryModel* m_summary;
    QSortFilterProxyModel* m_proxy;
    KernelInstanceModel* m_instances;
    QLineEdit* m_filter;
    QTimer m_filterTimer;
    QTableView* m_summaryView;
    WindowedTable* m_instanceTable;
    QTableView* m_instanceView; ///< m_instanceTable's
    QLabel* m_instanceCaption;
    QLabel* m_busy;
    QCheckBox* m_all;
    QComboBox* m_device;
    QComboBox* m_stream;
    AnalysisPtr m_analysis;
    ScopeFilter m_scope;
    QString m_rowsCaption; ///< caption of explicit rows (showKernels)
    bool m_selectAllOnUpdate = false; ///< select every row once the instance view is applied
    JobSlot m_summaryJob { this }; ///< the focused summary being computed; a newer focus cancels it
};

} // namespace sl
