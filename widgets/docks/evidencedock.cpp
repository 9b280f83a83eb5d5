// SPDX-License-Identifier: MIT
#include "widgets/docks/evidencedock.h"

#include "core/models/evidencerowsmodel.h"
#include "widgets/tablesetup.h"
#include "widgets/viewstate.h"

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
    : ViewDock(tr("Evidence"), parent)
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
    TableSetup::apply(m_view);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->resizeSection(EvidenceRowsModel::Name, 320);
    ViewState::registerHeader(m_view->horizontalHeader(), QStringLiteral("evidence"));
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

void EvidenceDock::showEvidence(
    const AnalysisPtr& analysis, const QVector<Evidence>& evidence, const QString& title, const QString& detail)
{
    m_model->setEvidence(analysis, evidence);
    m_caption->setText(tr("%1 — %n evidence row(s). %2", nullptr, m_model->rowCount()).arg(title, detail));
    m_copySql->setEnabled(!Evidence::joinedSql(m_model->evidence()).isEmpty());
    if (const int rows = m_model->rowCount(); rows > 0) {
        const QItemSelection all(m_model->index(0, 0), m_model->index(rows - 1, EvidenceRowsModel::ColumnCount - 1));
        m_view->selectionModel()->select(all, QItemSelectionModel::ClearAndSelect);
        m_view->scrollToTop();
    }
}

void EvidenceDock::copySql() const
{
    if (const QString sql = Evidence::joinedSql(m_model->evidence()); !sql.isEmpty())
        QApplication::clipboard()->setText(sql);
}

} // namespace sl
