// SPDX-License-Identifier: MIT
#include "widgets/docks/searchdock.h"

#include "core/models/searchresultmodel.h"
#include "core/util/format.h"
#include "widgets/itemactivation.h"
#include "widgets/tablesetup.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace sl {

namespace {
constexpr int kDebounceMs = 150; ///< typing pause before a search starts
}

SearchDock::SearchDock(QWidget* parent)
    : ViewDock(tr("Search"), parent)
    , m_edit(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_view(new QTableView(this))
    , m_model(new SearchResultModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("dock.search"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_edit->setPlaceholderText(tr("Kernel, NVTX range or API name (Ctrl+F)"));
    m_edit->setClearButtonEnabled(true);
    layout->addWidget(m_edit);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(SearchResultModel::SortRole);
    m_view->setModel(m_proxy);
    TableSetup::apply(m_view);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(SearchResultModel::Kind, Qt::AscendingOrder);
    m_view->horizontalHeader()->setSectionResizeMode(SearchResultModel::Name, QHeaderView::Stretch);
    layout->addWidget(m_view, 1);
    setWidget(content);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(m_edit, &QLineEdit::textChanged, this, [this] { m_debounce.start(); });
    connect(m_edit, &QLineEdit::returnPressed, this, [this] {
        // Enter jumps to the first result (after the pending search, if one is under way).
        if (m_debounce.isActive()) {
            m_debounce.stop();
            start();
        }
        if (!m_pending && m_proxy->rowCount() > 0)
            m_view->selectRow(0);
    });
    connect(&m_debounce, &QTimer::timeout, this, &SearchDock::start);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { activate(current); });
    // Selecting a row shows it; Enter shows the current one again (a double-click is no second request).
    ItemActivation::connect(
        m_view, [this](const QModelIndex& index) { activate(index); }, ItemActivation::Trigger::KeyOnly);
    m_status->setText(tr("Type to search the current trace and window."));
}

SearchDock::~SearchDock()
{
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void SearchDock::setAnalysis(const AnalysisPtr& analysis)
{
    if (analysis == m_analysis)
        return;
    m_analysis = analysis;
    m_model->clear();
    start();
}

void SearchDock::setScope(const ScopeFilter& scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    start();
}

void SearchDock::focusSearch()
{
    show();
    raise();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void SearchDock::start()
{
    ++m_token;
    m_watcher.cancel();
    m_pending = false;
    const QString query = m_edit->text().trimmed();
    if (!m_analysis || query.isEmpty()) {
        m_model->clear();
        m_status->setText(m_analysis ? tr("Type to search the current trace and window.") : tr("No trace open."));
        return;
    }
    m_status->setText(tr("Searching for “%1”…").arg(query));
    const quint64 token = m_token;
    // The watcher follows the newest future only; an abandoned one finishes on its own.
    disconnect(m_finished);
    m_finished = connect(&m_watcher, &QFutureWatcherBase::finished, this, [this, token] {
        if (token != m_token)
            return;
        m_pending = false;
        finished();
    });
    m_pending = true;
    m_watcher.setFuture(TraceSearch::runAsync(m_analysis->trace, m_analysis->window, query, m_scope));
}

void SearchDock::finished()
{
    const QFuture<SearchResult> f = m_watcher.future();
    if (f.isCanceled() || f.resultCount() == 0 || !m_analysis)
        return;
    SearchResult r = f.result();
    qint64 rows = 0;
    for (const auto& h : r.hits)
        rows += h.count;
    const QString query = r.query;
    const int names = int(r.hits.size());
    m_model->setResult(m_analysis->trace, std::move(r));
    m_status->setText(names == 0
            ? tr("Nothing named “%1” in this window.").arg(query)
            : tr("%n name(s) with “%1”, %2 rows in this window.", nullptr, names).arg(query, formatCount(rows)));
}

void SearchDock::activate(const QModelIndex& proxyIndex)
{
    const SearchHit* h = proxyIndex.isValid() ? m_model->hit(m_proxy->mapToSource(proxyIndex).row()) : nullptr;
    if (!h || !m_analysis)
        return;
    const QString name = m_analysis->trace->strings.at(h->name);
    emit evidenceRequested({ { TraceSearch::evidence(*m_analysis->trace, m_analysis->window, *h, m_scope) },
        tr("%1 “%2”").arg(SearchHit::kindName(h->kind), name), {}, nullptr, false });
}

} // namespace sl
