// SPDX-License-Identifier: MIT
#include "core/models/anatomytablemodel.h"

#include "core/analysis/counters/counterresult.h"
#include "core/analysis/design/anatomyrules.h"
#include "core/util/format.h"

#include <cmath>

namespace sl {

namespace {
const QString kUndefined = QStringLiteral("–");
} // namespace

AnatomyTableModel::AnatomyTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void AnatomyTableModel::setAnalysis(AnalysisPtr analysis)
{
    m_analysis = std::move(analysis);
    rebuild();
}

void AnatomyTableModel::rebuild()
{
    beginResetModel();
    m_cells = m_analysis ? m_analysis->design.anatomy.cells : QVector<AnatomyCell> {};
    m_phaseNs.clear();
    m_chart = ChartData {};
    m_chart.title = tr("Where the model spends the GPU");
    m_chart.valueAxisTitle = tr("Kernel time");
    m_chart.stacked = true;
    m_chartClasses.clear();
    m_chartPhases.clear();
    // Cells come in phase order, then class order (AnatomyStats): categories in first-seen order.
    QVector<int> classes;
    for (const AnatomyCell& c : m_cells) {
        m_phaseNs[c.phase] += c.kernelNs;
        if (!m_chartPhases.contains(c.phase)) {
            m_chartPhases.append(c.phase);
            m_chart.categories.append(m_analysis->phases[c.phase].phase);
        }
        if (!classes.contains(c.cls))
            classes.append(c.cls);
    }
    std::sort(classes.begin(), classes.end());
    for (int cls : classes) {
        ChartData::Series s;
        s.name = AnatomyRules::classLabel(cls);
        s.valuesNs.fill(0, m_chartPhases.size());
        for (const AnatomyCell& c : m_cells)
            if (c.cls == cls)
                s.valuesNs[m_chartPhases.indexOf(c.phase)] = c.kernelNs;
        m_chart.series.append(std::move(s));
        m_chartClasses.append(cls);
    }
    endResetModel();
}

int AnatomyTableModel::rowOfSegment(int category, int series) const
{
    if (category < 0 || category >= m_chartPhases.size() || series < 0 || series >= m_chartClasses.size())
        return -1;
    for (int row = 0; row < m_cells.size(); ++row)
        if (m_cells[row].phase == m_chartPhases[category] && m_cells[row].cls == m_chartClasses[series])
            return row;
    return -1;
}

QString AnatomyTableModel::formatFlops(double flops)
{
    static const char* const kPrefix[] = { "", "k", "M", "G", "T", "P" };
    int p = 0;
    while (p + 1 < int(std::size(kPrefix)) && std::abs(flops) >= 1000) {
        flops /= 1000;
        ++p;
    }
    return tr("%1 %2FLOP").arg(QString::number(flops, 'f', p == 0 ? 0 : 2), QLatin1String(kPrefix[p]));
}

QString AnatomyTableModel::boundText(const AnatomyCell& c) const
{
    for (BoundClass b : { BoundClass::Idle, BoundClass::MemoryBound, BoundClass::ComputeBound, BoundClass::LatencyBound,
             BoundClass::Unknown })
        if (boundClassKey(b) == c.bound)
            return boundClassLabel(b);
    return c.bound;
}

QString AnatomyTableModel::summary(int row) const
{
    if (row < 0 || row >= m_cells.size())
        return {};
    const AnatomyCell& c = m_cells[row];
    const qint64 phaseNs = m_phaseNs.value(c.phase);
    QString text
        = tr("%1 — %2: %3 (%4 of the phase's kernel time), %n kernel(s)", nullptr, int(c.kernels))
              .arg(m_analysis->phases[c.phase].phase, AnatomyRules::classLabel(c.cls), formatDuration(c.kernelNs),
                  formatPercent(phaseNs > 0 ? double(c.kernelNs) / double(phaseNs) : 0.0));
    const auto tflops = c.tflops();
    const auto mfu = c.mfu();
    text += QLatin1Char('\n');
    text += c.knownFlops()
        ? tr("FLOPs %1 over %2 of it: %3 TFLOP/s, MFU %4")
              .arg(formatFlops(c.flops), formatDuration(c.flopNs), QString::number(tflops.value_or(0), 'f', 1),
                  mfu ? formatPercent(*mfu) : kUndefined)
        : tr("FLOPs unknown (no PyTorch shape ranges or matched cuBLAS calls)");
    text += QLatin1Char('\n');
    text += c.boundSource.isEmpty() ? tr("Bound: %1").arg(boundText(c))
                                    : tr("Bound: %1 (from %2)").arg(boundText(c), c.boundSource);
    return text;
}

int AnatomyTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_cells.size()); }

int AnatomyTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AnatomyTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_cells.size())
        return {};
    const AnatomyCell& c = m_cells[index.row()];
    const auto column = Column(index.column());
    if (role == ClassRole)
        return c.cls;
    if (role == PhaseSlotRole)
        return c.phase;
    if (role == Qt::TextAlignmentRole)
        return column == Phase || column == Class || column == Bound ? QVariant()
                                                                     : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole)
        return summary(index.row());
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    auto optional = [sort](const std::optional<double>& v, const QString& text) {
        return sort ? QVariant(v.value_or(-1.0)) : QVariant(v ? text : kUndefined);
    };
    const qint64 phaseNs = m_phaseNs.value(c.phase);
    const double share = phaseNs > 0 ? double(c.kernelNs) / double(phaseNs) : 0.0;
    switch (column) {
    case Phase:
        // Sorting by phase keeps the phase order of the analysis (unattributed last), not the alphabet.
        return sort ? QVariant(c.phase) : QVariant(m_analysis->phases[c.phase].phase);
    case Class:
        return sort ? QVariant(c.cls) : QVariant(AnatomyRules::classLabel(c.cls));
    case Kernels:
        return sort ? QVariant(c.kernels) : QVariant(formatCount(c.kernels));
    case KernelTime:
        return sort ? QVariant(c.kernelNs) : QVariant(formatDuration(c.kernelNs));
    case PhaseShare:
        return sort ? QVariant(share) : QVariant(formatPercent(share));
    case Flops:
        return optional(c.knownFlops(), formatFlops(c.flops));
    case Tflops:
        return optional(c.tflops(), QString::number(c.tflops().value_or(0), 'f', 1));
    case Mfu:
        return optional(c.mfu(), formatPercent(c.mfu().value_or(0)));
    case Bound:
        return boundText(c);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant AnatomyTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool tip = role == Qt::ToolTipRole;
    switch (Column(section)) {
    case Phase:
        return tip ? tr("Phase of the phase map the kernels were launched in") : tr("Phase");
    case Class:
        return tip ? tr("Operator class (docs/analysis.md \"Model anatomy\")") : tr("Class");
    case Kernels:
        return tip ? tr("Kernels of the class in the phase") : tr("Kernels");
    case KernelTime:
        return tip ? tr("Σ duration of those kernels") : tr("Kernel time");
    case PhaseShare:
        return tip ? tr("Share of the phase's kernel time") : tr("Share of phase");
    case Flops:
        return tip ? tr("FLOPs of the kernels whose shapes are known (PyTorch shape ranges or matched cuBLAS calls)")
                   : tr("FLOPs");
    case Tflops:
        return tip ? tr("FLOPs ÷ the time of the kernels that have them") : tr("TFLOP/s");
    case Mfu:
        return tip ? tr("Achieved TFLOP/s ÷ the GPU's dense peak for the kernels' data type") : tr("MFU");
    case Bound:
        return tip ? tr("Hardware counters' bound class when sampled, else arithmetic intensity against the GPU's "
                        "ridge point")
                   : tr("Bound");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
