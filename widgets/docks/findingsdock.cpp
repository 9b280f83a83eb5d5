// SPDX-License-Identifier: MIT
#include "widgets/docks/findingsdock.h"

#include "core/models/findingsmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
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
    m_view = new QTableView(content);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->resizeSection(FindingsModel::Title, 360);
    layout->addWidget(m_view, 1);

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
        bool hasSql = false;
        if (f)
            for (const Evidence& e : f->evidence)
                hasSql = hasSql || !e.sql.isEmpty();
        m_copySql->setEnabled(hasSql);
    });
}

void FindingsDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_model->setAnalysis(analysis);
    m_copySql->setEnabled(false);
}

int FindingsDock::currentFinding() const
{
    const QModelIndex i = m_view->currentIndex();
    return i.isValid() ? i.row() : -1;
}

void FindingsDock::copySql()
{
    const Finding* f = m_model->finding(currentFinding());
    if (!f)
        return;
    QStringList sql;
    for (const Evidence& e : f->evidence)
        if (!e.sql.isEmpty())
            sql << e.sql;
    QApplication::clipboard()->setText(sql.join(QLatin1Char('\n')));
}

} // namespace sl
