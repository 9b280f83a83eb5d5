// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/tracesearch.h"
#include "widgets/docks/viewdock.h"

#include <QFutureWatcher>
#include <QTimer>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace sl {

class SearchResultModel;

/// Search (Ctrl+F): kernel, NVTX range and API names of the current trace and window that
/// contain the typed text, as the user types. The search runs off the GUI thread (TraceSearch);
/// a newer query or trace cancels the running one. Selecting a result asks the main window to
/// select its rows in the Kernels or Evidence dock and to mark them on the timeline.
class SearchDock : public ViewDock
{
    Q_OBJECT
public:
    explicit SearchDock(QWidget* parent = nullptr);
    ~SearchDock() override;

    /// The trace and window searched; null clears the results.
    void setAnalysis(const AnalysisPtr& analysis) override;
    /// Searches the rows of the focused process, thread, GPU or stream only (a new search).
    void setScope(const ScopeFilter& scope) override;
    /// Shows and raises the dock and puts the cursor in the search field (Ctrl+F).
    void focusSearch();

    QLineEdit* searchEdit() const { return m_edit; }
    QTableView* view() const { return m_view; }
    SearchResultModel* model() const { return m_model; }
    /// A search is typed but not started, or started and its result not shown yet.
    bool isSearching() const { return m_pending || m_debounce.isActive(); }

private:
    void start();
    void finished();
    void activate(const QModelIndex& proxyIndex);

    AnalysisPtr m_analysis;
    ScopeFilter m_scope;
    QLineEdit* m_edit;
    QLabel* m_status;
    QTableView* m_view;
    SearchResultModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTimer m_debounce;
    QFutureWatcher<SearchResult> m_watcher;
    QMetaObject::Connection m_finished;
    bool m_pending = false;
    quint64 m_token = 0; ///< bumped per search: a late result of an older one is dropped
};

} // namespace sl
