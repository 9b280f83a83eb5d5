// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/kernelinstancequery.h"
#include "core/util/jobslot.h"

#include <QAbstractTableModel>

#include <algorithm>
#include <atomic>
#include <memory>
#include <unordered_map>
#include <vector>

namespace sl {

/// Kernel launches: of one name, of every name ("all kernels"), or an explicit row list such as
/// a finding's evidence. Millions of rows: no proxy. The model owns a view permutation of
/// KernelTable indices (KernelInstanceQuery) and filters and sorts it itself with typed keys.
///
/// Work over more than asyncThreshold() rows (5 M kernels: a sort takes about a second) runs on
/// a worker thread: the model keeps showing the previous view, a generation token drops results
/// of superseded requests, and the result is applied on the GUI thread — a sort with
/// layoutChanged (persistent indexes, hence the selection, follow their kernels), anything else
/// with a reset. viewUpdated() says when the view matches every request made so far.
///
/// Views show it through a RowWindowModel: a QTableView's vertical header keeps 8 B of state per
/// row and fills it on a reset (5 M rows: 40 MB, over 100 ms of page faults on the GUI thread),
/// so no view ever sees all the rows at once.
class KernelInstanceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    using Column = KernelInstanceQuery::Column;
    using enum KernelInstanceQuery::Column;
    enum Role { SortRole = Qt::UserRole, KernelIndexRole };
    static constexpr qint64 kAllNames = -1;
    static constexpr qint64 kNoNames = -2; ///< empty view

    explicit KernelInstanceModel(QObject* parent = nullptr);
    ~KernelInstanceModel() override;

    /// Shows every kernel of the analysis window (kAllNames), none (kNoNames) or those named
    /// `nameId`. Keeps the filters, the scope and the sort.
    void setAnalysis(AnalysisPtr analysis, qint64 nameId = kAllNames);
    void setKernelName(qint64 nameId);
    /// Shows exactly these kernel indices (e.g. Evidence::rows), filters and scope aside. In
    /// start order, unless sorted, it is applied at once whatever its size (a linear pass).
    void setRows(std::vector<quint32> kernelIndices);
    /// Kernel names containing `text`, case-insensitive (empty: every name).
    void setNameFilter(const QString& text);
    void setDeviceFilter(qint64 deviceId); ///< −1: every device
    void setStreamFilter(qint64 streamId); ///< −1: every stream
    /// Only kernels in scope (ScopeFilter::acceptsKernel).
    void setScope(const ScopeFilter& scope);

    const AnalysisPtr& analysis() const { return m_query.analysis; }
    const KernelInstanceQuery& query() const { return m_query; }
    bool showsAllKernels() const { return m_query.base == KernelInstanceQuery::Base::All; }

    /// Requests over more base rows than this run on a worker thread (default 100 000).
    void setAsyncThreshold(qsizetype rows) { m_asyncThreshold = rows; }
    qsizetype asyncThreshold() const { return m_asyncThreshold; }
    /// A worker is computing a view.
    bool isBusy() const { return m_busy; }

    /// View row of a kernel index, −1 when not shown.
    int rowOfKernel(quint32 kernelIndex) const;
    /// Kernel index of a view row.
    quint32 kernelIndex(int row) const { return (*m_view)[size_t(row)]; }
    int sortColumn() const { return m_query.sortColumn; }
    Qt::SortOrder sortOrder() const { return m_query.sortOrder; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    void busyChanged(bool busy);
    /// A view was applied; when isBusy() is false it reflects every request made so far.
    void viewUpdated();

private:
    void update();
    void apply(const KernelInstanceQuery& query, KernelInstanceQuery::Result result);
    void cancelRunning();
    void setBusy(bool busy);
    QVariant cell(quint32 k, int column, bool sortRole) const;
    /// The rows of `kernels` in m_view (each is in it: a sort keeps the rows).
    std::unordered_map<quint32, qint32> newRows(const std::vector<quint32>& kernels, size_t kernelCount) const;

    KernelInstanceQuery m_query; ///< what was asked last
    KernelInstanceQuery m_shownQuery; ///< what m_view shows
    KernelInstanceQuery::Rows m_view;
    /// Base::All sorted by (m_cacheColumn, m_cacheOrder) for m_query.analysis; null when none.
    KernelInstanceQuery::Rows m_sortedBase;
    int m_cacheColumn = -1;
    Qt::SortOrder m_cacheOrder = Qt::AscendingOrder;
    JobSlot m_job { this }; ///< the running sort/filter: a newer request cancels it, only the newest applies
    qsizetype m_asyncThreshold = 100'000;
    bool m_busy = false;
};

} // namespace sl
