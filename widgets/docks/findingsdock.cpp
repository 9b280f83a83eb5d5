// SPDX-License-Identifier: MIT
#include "widgets/docks/findingsdock.h"

#include "core/models/findingsmodel.h"
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
    : QDockWidget(tr("Findings"), parent)
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
    connect(m_view, &QTableView::clicked, this, [this](const QModelIndex& i) { emit evidenceActivated(i.row()); });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& i) { emit evidenceActivated(i.row()); });
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
    m_model->setAnalysis(analysis);
    m_copySql->setEnabled(false);
    showSummary(nullptr);
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
