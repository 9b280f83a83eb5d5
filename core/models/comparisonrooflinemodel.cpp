// SPDX-License-Identifier: MIT
#include "core/models/comparisonrooflinemodel.h"

#include "core/compare/comparisonformat.h"
#include "core/util/privacy.h"

namespace sl {

ComparisonRooflineModel::ComparisonRooflineModel(QObject* parent)
    : ComparisonTableModel(FixedColumns, 1, parent)
{
}

int ComparisonRooflineModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_comparison)
        return 0;
    return int(m_comparison->counters.roofline.size()) * RooflineComparison::kMeasures;
}

const RooflineComparison* ComparisonRooflineModel::kernel(int row) const
{
    const int k = row / RooflineComparison::kMeasures;
    if (!m_comparison || row < 0 || k >= m_comparison->counters.roofline.size())
        return nullptr;
    return &m_comparison->counters.roofline[k];
}

std::optional<double> ComparisonRooflineModel::delta(const RooflineComparison& r, Measure m, int trace) const
{
    return RooflineComparison::delta(r.sides[m_comparison->baseline], r.sides[trace], m);
}

QString ComparisonRooflineModel::kernelText(const RooflineComparison& r) const
{
    QStringList shown;
    for (int i = 0; i < m_comparison->traceCount(); ++i) {
        if (!r.sides[i].present)
            continue;
        const AnalysisResult& a = *m_comparison->analyses[i];
        QString name = a.trace->strings.at(r.sides[i].name);
        for (const auto& k : a.kernels)
            if (k.name == r.sides[i].name)
                name = a.trace->strings.at(k.shortName);
        name = scrubPaths(name);
        if (!shown.contains(name))
            shown << name;
    }
    return shown.join(QStringLiteral(" ↔ "));
}

QVariant ComparisonRooflineModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != DirectionRole && role != TraceRole
        && role != Qt::ToolTipRole && role != Qt::TextAlignmentRole)
        return {};
    const RooflineComparison* r = index.isValid() ? kernel(index.row()) : nullptr;
    if (!r)
        return {};
    const int column = index.column(), trace = columnTrace(column);
    const Measure m = measure(index.row());
    if (role == TraceRole)
        return trace;
    if (role == Qt::TextAlignmentRole)
        return column < FixedColumns ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == DirectionRole)
        return isDeltaColumn(column) && trace >= 0
            ? ComparisonCounters::direction(RooflineComparison::better(m), delta(*r, m, trace))
            : 0;
    if (column == Kernel)
        return role == Qt::ToolTipRole ? QVariant(tr("Double-click to show the profiled launches in every trace"))
                                       : QVariant(kernelText(*r));
    if (column == Figure) {
        switch (m) {
        case Measure::Intensity:
            return tr("Arithmetic intensity");
        case Measure::FlopsPerSecond:
            return tr("Achieved FLOP/s");
        case Measure::RoofPct:
            return role == Qt::ToolTipRole
                ? QVariant(tr("Achieved FLOP/s ÷ min(ceiling, intensity × DRAM roof) of the trace's GPU; the ceiling "
                              "is the tensor-core one for kernels mostly on the tensor path, else FP32"))
                : QVariant(tr("% of roof"));
        case Measure::DramPct:
            return tr("DRAM throughput");
        case Measure::SmPct:
            return tr("SM throughput");
        }
        return {};
    }
    if (trace < 0 || role == Qt::ToolTipRole)
        return {};
    if (isDeltaColumn(column)) {
        const auto d = delta(*r, m, trace);
        return role == SortRole ? (d ? QVariant(*d) : QVariant())
                                : QVariant(ComparisonFormat::counterDelta(RooflineComparison::isPercent(m), d));
    }
    const RooflineComparison::Side& s = r->sides[trace];
    const auto v = RooflineComparison::value(s, m);
    if (role == SortRole)
        return v ? QVariant(*v) : QVariant();
    if (!s.present)
        return tr("no ncu data");
    return ComparisonFormat::rooflineValue(m, v);
}

QVariant ComparisonRooflineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == Kernel)
        return tr("Kernel");
    if (section == Figure)
        return tr("Figure");
    const int trace = columnTrace(section);
    if (trace < 0)
        return {};
    if (isDeltaColumn(section))
        return tr("Δ %1").arg(m_comparison->labels[trace]);
    return trace == m_comparison->baseline ? tr("%1 (baseline)").arg(m_comparison->labels[trace])
                                           : m_comparison->labels[trace];
}

} // namespace sl
