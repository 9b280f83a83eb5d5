// SPDX-License-Identifier: MIT
#include "widgets/docks/processesdock.h"

#include "core/models/processtreemodel.h"

#include <QHeaderView>
#include <QTreeView>

namespace sl {

ProcessesDock::ProcessesDock(QWidget* parent)
    : QDockWidget(tr("Processes"), parent)
    , m_model(new ProcessTreeModel(this))
    , m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("dock.processes"));
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->resizeSection(ProcessTreeModel::Name, 240);
    setWidget(m_view);
}

void ProcessesDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_model->setAnalysis(analysis);
    m_view->expandAll();
}

} // namespace sl
