// SPDX-License-Identifier: MIT
#include "widgets/docks/iterationsdock.h"

#include "core/analysis/passes/iterationanalysis.h"
#include "core/models/iterationtablemodel.h"
#include "core/models/scopeproxymodel.h"
#include "widgets/itemactivation.h"
#include "widgets/tablesetup.h"

#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace sl {

IterationsDock::IterationsDock(QWidget* parent)
    : ViewDock(tr("Iterations"), parent)
    , m_headline(new QLabel(this))
    , m_model(new IterationTableModel(this))
    , m_proxy(new ScopeProxyModel(this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("dock.iterations"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(IterationTableModel::SortRole);
    m_table->setModel(m_proxy);
    TableSetup::apply(m_table);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // by GPU, as the analysis lists them
    layout->addWidget(m_table, 1);
    setWidget(content);
    ItemActivation::connect(m_table, [this](const QModelIndex& index) {
        const EvidenceRequest request = m_model->slowestEvidence(m_proxy->mapToSource(index).row());
        if (!request.evidence.isEmpty())
            emit evidenceRequested(request);
    });
    setAnalysis(nullptr);
}

void IterationsDock::setScope(const ScopeFilter& scope) { m_proxy->setScope(scope); }

QString IterationsDock::headline() const { return m_headline->text(); }

void IterationsDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_model->setAnalysis(analysis);
    if (!analysis)
        m_headline->setText(tr("No trace analysed."));
    else if (IterationAnalysis::hasSteps(*analysis))
        m_headline->setText(tr("The window has steps of its own (NVTX phases or serving steps): see the NVTX phases "
                               "and Serving views."));
    else if (analysis->iterations.empty())
        m_headline->setText(tr("No NVTX range names a step, and no GPU repeats a loop of kernels."));
    else
        m_headline->setText(tr("No NVTX range names a step: each GPU's loop is found from its kernels, an iteration "
                               "running from one launch of the anchor kernel to the next. Click a GPU for the "
                               "kernels of its slowest iteration."));
}

} // namespace sl
