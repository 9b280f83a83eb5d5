// SPDX-License-Identifier: MIT
#include "widgets/docks/findingsdock.h"

#include "core/models/findingsmodel.h"
#include "core/trace/tablenames.h"
#include "widgets/itemactivation.h"
#include "widgets/severitydelegate.h"
#include "widgets/viewstate.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sl {

FindingsDock::FindingsDock(QWidget* parent)
    : ViewDock(tr("Findings"), parent)
    , m_model(new FindingsModel(this))
{
    setObjectName(QStringLiteral("dock.findings"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* splitter = new QSplitter(Qt::Vertical, content);
    m_view = new QTableView(splitter);
    m_view->setModel(m_model);
    ViewState::registerHeader(m_view->horizontalHeader(), QStringLiteral("findings"));
    m_view->setItemDelegateForColumn(FindingsModel::Severity, new SeverityDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->resizeSection(FindingsModel::Severity, 80);
    m_view->horizontalHeader()->resizeSection(FindingsModel::Title, 360);
    // The summary quotes the trace's own numbers: it is the finding, so it gets room to be read.
    m_summary = new QLabel(splitter);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText); // kernel names hold '<' and '>'
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary->setMargin(4);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);

    auto* buttons = new QHBoxLayout;
    m_copySql = new QPushButton(tr("Copy SQL"), content);
    m_copySql->setToolTip(tr("Copy the SQL that selects the finding's evidence rows from the export"));
    m_copySql->setEnabled(false);
    buttons->addStretch(1);
    buttons->addWidget(m_copySql);
    layout->addLayout(buttons);
    setWidget(content);

    connect(m_copySql, &QPushButton::clicked, this, &FindingsDock::copySql);
    ItemActivation::connect(m_view, [this](const QModelIndex& i) { requestEvidence(i.row()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        const Finding* f = m_model->finding(currentFinding());
        m_copySql->setEnabled(f && !Evidence::joinedSql(f->evidence).isEmpty());
        showSummary(f);
    });
    showSummary(nullptr);
}

void FindingsDock::showSummary(const Finding* f)
{
    if (!f) {
        m_summary->setText(
            m_model->rowCount() > 0 ? tr("Click a finding to read it and to see its evidence.") : tr("No findings."));
        return;
    }
    m_summary->setText(
        tr("%1 (%2, %3)\n\n%4").arg(f->title, FindingsModel::severityLabel(f->severity), f->metric, f->summary));
}

void FindingsDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    m_model->setAnalysis(analysis);
    m_copySql->setEnabled(false);
    showSummary(nullptr);
    applyScope();
}

void FindingsDock::setScope(const ScopeFilter& scope)
{
    m_scope = scope;
    applyScope();
}

namespace {
/// Whether `e` has rows or a device range inside `scope`; nullopt when it names nothing the
/// scope can judge (tables other than kernels and API calls, no device).
std::optional<bool> evidenceInScope(const Trace& t, const Evidence& e, const ScopeFilter& scope)
{
    if (e.table == tables::kKernel && !e.rows.empty())
        return std::any_of(e.rows.cbegin(), e.rows.cend(),
            [&](quint32 k) { return k < t.kernels.size() && scope.acceptsKernel(t, k); });
    if (e.table == tables::kRuntime && !e.rows.empty())
        return std::any_of(e.rows.cbegin(), e.rows.cend(),
            [&](quint32 a) { return a < t.api.size() && scope.acceptsThread(t.api.pid[a], t.api.tid[a]); });
    if (e.deviceId >= 0 && scope.device != ScopeFilter::kAny)
        return e.deviceId == scope.device;
    return std::nullopt;
}
} // namespace

void FindingsDock::applyScope()
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const Finding* f = m_model->finding(row);
        bool judged = false, inside = false;
        for (const Evidence& e : f ? f->evidence : QVector<Evidence> {})
            if (const std::optional<bool> in = evidenceInScope(*m_analysis->trace, e, m_scope)) {
                judged = true;
                inside = inside || *in;
            }
        m_view->setRowHidden(row, m_scope.isAll() ? false : judged && !inside);
    }
}

void FindingsDock::requestEvidence(int findingIndex)
{
    if (const Finding* f = m_model->finding(findingIndex))
        emit evidenceRequested({ f->evidence, f->title, f->summary, nullptr, false });
}

int FindingsDock::currentFinding() const
{
    const QModelIndex i = m_view->currentIndex();
    return i.isValid() ? i.row() : -1;
}

void FindingsDock::copySql()
{
    if (const Finding* f = m_model->finding(currentFinding()))
        QApplication::clipboard()->setText(Evidence::joinedSql(f->evidence));
}

} // namespace sl
