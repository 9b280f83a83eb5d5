// SPDX-License-Identifier: MIT
#include "widgets/docks/anatomydock.h"

#include "core/models/anatomytablemodel.h"
#include "core/util/format.h"
#include "widgets/charts/anatomychart.h"
#include "widgets/tablesetup.h"

#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sl {

AnatomyDock::AnatomyDock(QWidget* parent)
    : ViewDock(tr("Model anatomy"), parent)
    , m_headline(new QLabel(this))
    , m_model(new AnatomyTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_chart(new AnatomyChart(this))
{
    setObjectName(QStringLiteral("dock.anatomy"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);

    m_chart->setModel(m_model);
    m_chart->setToolTip(tr("Hover a segment for its FLOPs, TFLOP/s, MFU and bound class"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(AnatomyTableModel::SortRole);
    m_table->setModel(m_proxy);
    TableSetup::apply(m_table);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the analysis' order: phase, then class

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    setWidget(content);
    // Raised from behind another dock's tab: the chart is drawn before its first frame.
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            m_chart->updateIfVisible();
    });
    setAnalysis(nullptr);
}

QString AnatomyDock::headline() const { return m_headline->text(); }

void AnatomyDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_model->setAnalysis(analysis);
    if (!analysis) {
        m_headline->setText(tr("No trace analysed."));
        return;
    }
    qint64 ns = 0, flopNs = 0;
    for (const AnatomyCell& c : analysis->design.anatomy.cells) {
        ns += c.kernelNs;
        flopNs += c.flopNs;
    }
    if (ns <= 0) {
        m_headline->setText(tr("No kernels in the window."));
        return;
    }
    // Where the FLOPs come from decides how much of the view is more than time: say how much.
    m_headline->setText(tr("Kernel time per phase and operator class. FLOPs known for %1 of it (PyTorch shape "
                           "ranges or an imported cuBLAS log); TFLOP/s and MFU are over that part.")
                            .arg(formatPercent(double(flopNs) / double(ns))));
}

} // namespace sl
