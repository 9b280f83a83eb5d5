// SPDX-License-Identifier: MIT
#include "widgets/docks/efficiencydock.h"

#include "core/models/efficiencymodel.h"
#include "core/models/scopeproxymodel.h"
#include "core/report/efficiencyreport.h"
#include "widgets/itemactivation.h"
#include "widgets/tablesetup.h"
#include "widgets/viewstate.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace sl {

EfficiencyDock::EfficiencyDock(QWidget* parent)
    : ViewDock(tr("Efficiency"), parent)
    , m_model(new EfficiencyModel(this))
    , m_proxy(new ScopeProxyModel(this))
    , m_view(new QTableView(this))
    , m_headline(new QLabel(this))
    , m_notes(new QLabel(this))
{
    setObjectName(QStringLiteral("dock.efficiency"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(EfficiencyModel::SortRole);
    m_view->setModel(m_proxy);
    TableSetup::apply(m_view);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the model's order: section by section
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->resizeSection(EfficiencyModel::Figure, 240);
    ViewState::registerHeader(m_view->horizontalHeader(), QStringLiteral("efficiency"));
    m_view->setToolTip(tr("Click a figure to see the rows behind it in the Evidence dock"));
    // Laptop screens (tst_laptoplayout): the dock's minimum height is a few table rows and the notes.
    m_view->setMinimumHeight(40);
    layout->addWidget(m_view, 1);
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(m_notes);
    setWidget(content);
    ItemActivation::connect(m_view, [this](const QModelIndex& index) { activate(index); });
    setAnalysis(nullptr);
}

void EfficiencyDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    m_model->setAnalysis(analysis);
    m_notes->clear();
    m_notes->setToolTip({});
    if (!analysis) {
        m_headline->setText(tr("No trace analysed."));
        return;
    }
    const EfficiencyStats& e = analysis->efficiency;
    QStringList lines;
    for (const auto& b : e.busy)
        lines << tr("GPU %1: %2").arg(b.deviceId).arg(EfficiencyReport::busyHeadline(b));
    if (lines.isEmpty())
        lines << tr("No GPU work in the window.");
    m_headline->setText(lines.join(QLatin1Char('\n')));
    // What the table cannot show as a figure, under it: the figures come first.
    QStringList notes;
    if (e.overlap.isEmpty())
        notes << tr("No communication kernels in the window.");
    if (!e.hasShapes())
        notes << EfficiencyReport::noShapesMessage();
    // The first sentence of each (laptop screens leave the table a few rows); all of it in the tooltip.
    QStringList first;
    for (const QString& n : notes)
        first << (n.contains(QLatin1String(". ")) ? n.section(QLatin1String(". "), 0, 0) + QLatin1Char('.') : n);
    m_notes->setText(first.join(QLatin1Char('\n')));
    m_notes->setToolTip(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
}

void EfficiencyDock::setScope(const ScopeFilter& scope) { m_proxy->setScope(scope); }

void EfficiencyDock::activate(const QModelIndex& proxyIndex)
{
    if (!m_analysis || !proxyIndex.isValid())
        return;
    const auto [kind, figure] = m_model->figure(m_proxy->mapToSource(proxyIndex).row());
    const Evidence e = EfficiencyAnalysis::evidenceOf(*m_analysis, kind, figure);
    if (e.table.isEmpty())
        return;
    const QModelIndex name = proxyIndex.siblingAtColumn(EfficiencyModel::Figure);
    emit evidenceRequested({ { e }, tr("Efficiency: %1").arg(name.data().toString()),
        name.siblingAtColumn(EfficiencyModel::Detail).data().toString(), nullptr, false });
}

} // namespace sl
