// SPDX-License-Identifier: MIT
#include "widgets/docks/processesdock.h"

#include "core/models/processtreemodel.h"
#include "widgets/viewstate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace sl {

ProcessesDock::ProcessesDock(QWidget* parent)
    : ViewDock(tr("Processes"), parent)
    , m_model(new ProcessTreeModel(this))
    , m_view(new QTreeView(this))
    , m_caption(new QLabel(this))
    , m_showAll(new QToolButton(this))
{
    setObjectName(QStringLiteral("dock.processes"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* bar = new QHBoxLayout;
    m_caption->setTextFormat(Qt::PlainText);
    bar->addWidget(m_caption, 1);
    m_showAll->setText(tr("Show all"));
    m_showAll->setToolTip(tr("Stop focusing the views on one process, thread, GPU or stream"));
    bar->addWidget(m_showAll);
    layout->addLayout(bar);

    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->header()->resizeSection(ProcessTreeModel::Name, 260);
    ViewState::registerHeader(m_view->header(), QStringLiteral("processes"));
    layout->addWidget(m_view, 1);
    setWidget(content);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &ProcessesDock::onCurrentChanged);
    connect(m_showAll, &QToolButton::clicked, this, [this] {
        m_view->selectionModel()->clearCurrentIndex();
        m_view->clearSelection();
        if (!m_scope.isAll()) {
            m_scope = {};
            updateCaption();
            emit scopeChanged(m_scope);
        }
    });
    updateCaption();
}

void ProcessesDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_model->setAnalysis(analysis);
    m_view->expandAll();
    setScope(m_scope); // keep the focus across re-analyses of the same trace
}

void ProcessesDock::setScope(const ScopeFilter& scope)
{
    m_scope = scope;
    const QSignalBlocker block(m_view->selectionModel());
    const QModelIndex idx = m_model->indexOf(scope);
    if (idx.isValid())
        m_view->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    else
        m_view->selectionModel()->clear();
    updateCaption();
}

void ProcessesDock::onCurrentChanged()
{
    const ScopeFilter scope = m_model->scopeOf(m_view->selectionModel()->currentIndex());
    if (scope == m_scope)
        return;
    m_scope = scope;
    updateCaption();
    emit scopeChanged(m_scope);
}

void ProcessesDock::updateCaption()
{
    m_caption->setText(m_scope.isAll() ? tr("Showing everything. Select a node to focus the views on it.")
                                       : tr("Focused on %1").arg(m_scope.label()));
    m_showAll->setEnabled(!m_scope.isAll());
}

} // namespace sl
