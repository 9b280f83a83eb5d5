// SPDX-License-Identifier: MIT
#include "widgets/docks/evidencedock.h"

#include "core/models/evidencerowsmodel.h"
#include "widgets/tablecopy.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace sl {

EvidenceDock::EvidenceDock(QWidget* parent)
    : QDockWidget(tr("Evidence"), parent)
    , m_model(new EvidenceRowsModel(this))
    , m_caption(new QLabel(this))
    , m_view(new QTableView(this))
    , m_copySql(new QPushButton(tr("Copy SQL"), this))
{
    setObjectName(QStringLiteral("dock.evidence"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_caption);

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->resizeSection(EvidenceRowsModel::Name, 320);
    TableCopy::install(m_view);
    layout->addWidget(m_view, 1);

    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    m_copySql->setToolTip(tr("Copy the SQL that selects these rows from the export, to re-run it in sqlite3"));
    m_copySql->setEnabled(false);
    buttons->addWidget(m_copySql);
    layout->addLayout(buttons);
    setWidget(content);

    connect(m_copySql, &QPushButton::clicked, this, &EvidenceDock::copySql);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& i) {
        emit zoomRequested(i.siblingAtColumn(0).data(EvidenceRowsModel::StartRole).toLongLong(),
            i.siblingAtColumn(0).data(EvidenceRowsModel::EndRole).toLongLong());
    });
    clear();
}

void EvidenceDock::clear()
{
    m_model->clear();
    m_caption->setText(tr("Click a finding to list the rows that prove it."));
    m_copySql->setEnabled(false);
}

void EvidenceDock::showFinding(const AnalysisPtr& analysis, int findingIndex)
{
    if (!analysis || findingIndex < 0 || findingIndex >= analysis->findings.size()) {
        clear();
        return;
    }
    const Finding& f = analysis->findings[findingIndex];
    showEvidence(analysis, f.evidence, f.title, f.summary);
}

void EvidenceDock::showEvidence(
    const AnalysisPtr& analysis, const QVector<Evidence>& evidence, const QString& title, const QString& detail)
{
    m_model->setEvidence(analysis, evidence);
    m_caption->setText(tr("%1 — %n evidence row(s). %2", nullptr, m_model->rowCount()).arg(title, detail));
    bool hasSql = false;
    for (const Evidence& e : m_model->evidence())
        hasSql = hasSql || !e.sql.isEmpty();
    m_copySql->setEnabled(hasSql);
    if (const int rows = m_model->rowCount(); rows > 0) {
        const QItemSelection all(m_model->index(0, 0), m_model->index(rows - 1, EvidenceRowsModel::ColumnCount - 1));
        m_view->selectionModel()->select(all, QItemSelectionModel::ClearAndSelect);
        m_view->scrollToTop();
    }
}

void EvidenceDock::copySql() const
{
    QStringList sql;
    for (const Evidence& e : m_model->evidence())
        if (!e.sql.isEmpty())
            sql << e.sql;
    if (!sql.isEmpty())
        QApplication::clipboard()->setText(sql.join(QLatin1Char('\n')));
}

} // namespace sl
