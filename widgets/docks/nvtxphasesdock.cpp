// SPDX-License-Identifier: MIT
#include "widgets/docks/nvtxphasesdock.h"

#include "core/models/phasetablemodel.h"
#include "widgets/categorypalette.h"
#include "widgets/timeline/legendbar.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/viewcontext.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sl {

NvtxPhasesDock::NvtxPhasesDock(QWidget* parent)
    : ViewDock(tr("NVTX phases"), parent)
    , m_view(new NvtxView(this))
    , m_legend(new LegendBar(this))
    , m_model(new PhaseTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("dock.nvtx"));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(splitter);
    auto* layout = new QVBoxLayout(left);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PhaseTableModel::SortRole);
    m_table->setParent(splitter);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // phase-map order until the user sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents); // a handful of rows
    splitter->addWidget(left);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    setWidget(splitter);

    connect(m_view, &NvtxView::windowRequested, this, &NvtxPhasesDock::windowRequested);
}

void NvtxPhasesDock::attached(ViewContext* context) { setTimeViewport(context->viewport()); }

void NvtxPhasesDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_view->setAnalysis(analysis);
    m_model->setAnalysis(analysis);
    QVector<LegendBar::Entry> entries;
    if (analysis)
        for (int i = 0; i < analysis->mappedPhaseCount(); ++i)
            entries.append({ CategoryPalette::phase(analysis->phases[i].phase), analysis->phases[i].phase });
    entries.append({ CategoryPalette::phase(QString()), tr("no phase") });
    m_legend->setEntries(entries);
}

void NvtxPhasesDock::setScope(const ScopeFilter& scope)
{
    m_view->setScope(scope);
    m_model->setScope(scope);
}

void NvtxPhasesDock::setTimeViewport(TimeViewport* viewport) { m_view->setTimeViewport(viewport); }
TimeViewport* NvtxPhasesDock::timeViewport() const { return m_view->timeViewport(); }

} // namespace sl
