// SPDX-License-Identifier: MIT
#include "widgets/docks/efficiencydock.h"

#include "core/report/efficiencyreport.h"
#include "core/util/format.h"

#include <QHeaderView>
#include <QLabel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace sl {

namespace {
constexpr int kKindRole = Qt::UserRole + 1; ///< int(EfficiencyAnalysis::Figure) + 1; 0 = header
constexpr int kIndexRole = Qt::UserRole + 2; ///< index into the figure's EfficiencyStats list

QString pct(qint64 part, qint64 whole) { return formatPercent(double(part) / double(std::max<qint64>(1, whole))); }
} // namespace

EfficiencyDock::EfficiencyDock(QWidget* parent)
    : QDockWidget(tr("Efficiency"), parent)
    , m_model(new QStandardItemModel(this))
    , m_view(new QTreeView(this))
    , m_headline(new QLabel(this))
{
    setObjectName(QStringLiteral("dock.efficiency"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setToolTip(tr("Click a figure to see the rows behind it in the Evidence dock"));
    layout->addWidget(m_view, 1);
    setWidget(content);
    connect(m_view, &QTreeView::clicked, this, &EfficiencyDock::activate);
    connect(m_view, &QTreeView::activated, this, &EfficiencyDock::activate);
    setAnalysis(nullptr);
}

void EfficiencyDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    rebuild();
}

bool EfficiencyDock::figureOf(const QModelIndex& index, EfficiencyAnalysis::Figure* kind, int* figure)
{
    const QModelIndex first = index.siblingAtColumn(0);
    const int k = first.data(kKindRole).toInt();
    if (k <= 0)
        return false;
    *kind = EfficiencyAnalysis::Figure(k - 1);
    *figure = first.data(kIndexRole).toInt();
    return true;
}

namespace {
QStandardItem* section(QStandardItemModel* model, const QString& title)
{
    auto* item = new QStandardItem(title);
    QFont f = item->font();
    f.setBold(true);
    item->setFont(f);
    model->appendRow(item);
    return item;
}

/// A figure's row under `parent`: its cells, which figure it stands for (figureOf) in the first.
void add(QStandardItem* parent, EfficiencyAnalysis::Figure kind, int index, const QStringList& cells)
{
    QList<QStandardItem*> row;
    for (const QString& c : cells)
        row << new QStandardItem(c);
    row.front()->setData(int(kind) + 1, kKindRole);
    row.front()->setData(index, kIndexRole);
    for (int i = 1; i < row.size(); ++i)
        row[i]->setTextAlignment(i < 4 ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
    parent->appendRow(row);
}
} // namespace

void EfficiencyDock::rebuild()
{
    m_model->clear();
    m_model->setHorizontalHeaderLabels({ tr("Figure"), tr("Count"), tr("Time"), tr("Share"), tr("Detail") });
    if (!m_analysis) {
        m_headline->setText(tr("No trace analysed."));
        return;
    }
    const AnalysisResult& r = *m_analysis;
    QStringList headline;
    for (const auto& b : r.efficiency.busy)
        headline << tr("GPU %1: %2").arg(b.deviceId).arg(EfficiencyReport::busyHeadline(b));
    m_headline->setText(headline.isEmpty() ? tr("No GPU work in the window.") : headline.join(QLatin1Char('\n')));
    addMathAndBusy(r);
    addCommunication(r);
    addFlops(r);
    m_view->expandAll();
    m_view->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
}

void EfficiencyDock::addMathAndBusy(const AnalysisResult& r)
{
    using F = EfficiencyAnalysis::Figure;
    const EfficiencyStats& e = r.efficiency;
    QStandardItem* math = section(m_model, tr("Math path"));
    for (int i = 0; i < e.math.size(); ++i) {
        const auto& m = e.math[i];
        add(math, F::MathPath, i,
            { m.path.label(), formatCount(m.count), formatDuration(m.ns), pct(m.ns, r.kernelNs),
                m.gemmNs > 0 ? tr("GEMM %1").arg(formatDuration(m.gemmNs)) : QString() });
    }
    QStandardItem* busy = section(m_model, tr("Busy time"));
    for (int i = 0; i < e.busy.size(); ++i) {
        const auto& b = e.busy[i];
        add(busy, F::Busy, i,
            { tr("GPU %1").arg(b.deviceId), QString(), formatDuration(b.busyNs), pct(b.busyNs, b.spanNs),
                tr("compute %1, copies %2, copies only %3")
                    .arg(pct(b.computeBusyNs, b.spanNs), pct(b.copyBusyNs, b.spanNs), formatDuration(b.copyOnlyNs)) });
    }
}

void EfficiencyDock::addCommunication(const AnalysisResult& r)
{
    using F = EfficiencyAnalysis::Figure;
    const EfficiencyStats& e = r.efficiency;
    QStandardItem* comm = section(m_model, tr("Communication overlap"));
    if (e.overlap.isEmpty())
        comm->appendRow(new QStandardItem(tr("No communication kernels in the window.")));
    for (int i = 0; i < e.overlap.size(); ++i) {
        const auto& o = e.overlap[i];
        add(comm, F::Overlap, i,
            { tr("GPU %1, %2").arg(o.deviceId).arg(EfficiencyReport::phaseName(r, o.phase)), formatCount(o.kernels),
                formatDuration(o.commNs), tr("%1 exposed").arg(pct(o.exposedNs(), o.commNs)),
                tr("overlapped %1, exposed %2").arg(formatDuration(o.overlappedNs), formatDuration(o.exposedNs())) });
    }
    for (int i = 0; i < e.collectives.size(); ++i) {
        const auto& c = e.collectives[i];
        add(comm, F::Collective, i,
            { c.collective, formatCount(c.count), formatDuration(c.totalNs), QString(),
                tr("p50 %1, p90 %2").arg(formatDuration(c.p50Ns), formatDuration(c.p90Ns)) });
    }
}

void EfficiencyDock::addFlops(const AnalysisResult& r)
{
    using F = EfficiencyAnalysis::Figure;
    const EfficiencyStats& e = r.efficiency;
    QStandardItem* flops = section(m_model, tr("FLOPs and MFU"));
    if (!e.hasShapes()) {
        auto* note = new QStandardItem(EfficiencyReport::noShapesMessage());
        note->setToolTip(note->text());
        flops->appendRow(note);
    }
    auto flopCells = [&](const QString& name, const FlopFigure& f) {
        return QStringList { name, formatCount(f.ranges), formatDuration(f.kernelNs),
            tr("%1 TFLOP/s").arg(f.tflops(), 0, 'f', 2), tr("MFU %1").arg(EfficiencyReport::mfuText(r, f)) };
    };
    for (int i = 0; i < e.flopsByPhase.size(); ++i)
        add(flops, F::FlopPhase, i, flopCells(tr("phase %1").arg(e.flopsByPhase[i].name), e.flopsByPhase[i]));
    for (int i = 0; i < e.flopsByOp.size(); ++i)
        add(flops, F::FlopOp, i, flopCells(e.flopsByOp[i].name, e.flopsByOp[i]));
}

void EfficiencyDock::activate(const QModelIndex& index)
{
    EfficiencyAnalysis::Figure kind;
    int figure = -1;
    if (!m_analysis || !figureOf(index, &kind, &figure))
        return;
    const Evidence e = EfficiencyAnalysis::evidenceOf(*m_analysis, kind, figure);
    if (e.table.isEmpty())
        return;
    const QModelIndex first = index.siblingAtColumn(0);
    emit evidenceRequested(
        { e }, tr("Efficiency: %1").arg(first.data().toString()), first.siblingAtColumn(4).data().toString());
}

} // namespace sl
