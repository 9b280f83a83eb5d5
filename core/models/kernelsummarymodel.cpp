// SPDX-License-Identifier: MIT
#include "core/models/kernelsummarymodel.h"

#include "core/util/format.h"

namespace sl {

KernelSummaryModel::KernelSummaryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelSummaryModel::setAnalysis(AnalysisPtr analysis)
{
    QVector<KernelSummary> rows = analysis ? analysis->kernels : QVector<KernelSummary>();
    setSummaries(std::move(analysis), std::move(rows));
}

void KernelSummaryModel::setSummaries(AnalysisPtr analysis, QVector<KernelSummary> rows)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    m_rows = m_analysis ? std::move(rows) : QVector<KernelSummary>();
    endResetModel();
}

const KernelSummary* KernelSummaryModel::summary(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return nullptr;
    return &m_rows[row];
}

int KernelSummaryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int KernelSummaryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

static QString devicesText(const QVector<int>& devices)
{
    QStringList parts;
    parts.reserve(devices.size());
    for (int d : devices)
        parts << QString::number(d);
    return parts.join(QStringLiteral(", "));
}

QVariant KernelSummaryModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole && role != Qt::TextAlignmentRole
        && role != NameIdRole)
        return {};
    const KernelSummary* k = index.isValid() ? summary(index.row()) : nullptr;
    if (!k)
        return {};
    if (role == NameIdRole)
        return k->name;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name || index.column() == Category || index.column() == Devices
                || index.column() == Math
            ? QVariant()
            : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const QString& name = m_analysis->trace->strings.at(k->name);
    if (role == Qt::ToolTipRole) {
        if (index.column() == Name)
            return name;
        if (index.column() >= Ctas)
            return tr("Of the launch configuration with the most GPU time; wave efficiency and tail over the whole "
                      "analysis window (tail = time lost in partial last waves).");
        return {};
    }
    const bool sort = role == SortRole;
    switch (Column(index.column())) {
    case Name:
        return name;
    case Category:
        return k->category;
    case Count:
        return sort ? QVariant(k->count) : QVariant(formatCount(k->count));
    case Total:
        return sort ? QVariant(k->totalNs) : QVariant(formatDuration(k->totalNs));
    case Mean:
        return sort ? QVariant(k->meanNs) : QVariant(formatDuration(qint64(k->meanNs + 0.5)));
    case P50:
        return sort ? QVariant(k->p50Ns) : QVariant(formatDuration(k->p50Ns));
    case P90:
        return sort ? QVariant(k->p90Ns) : QVariant(formatDuration(k->p90Ns));
    case Share:
        return sort ? QVariant(k->share) : QVariant(formatPercent(k->share));
    case Devices:
        return devicesText(k->devices);
    case Occupancy:
        if (sort)
            return k->occupancy ? *k->occupancy : -1.0;
        return k->occupancy ? QVariant(formatPercent(*k->occupancy, 0)) : QVariant();
    case Math: // tensor core / SIMT and the data type, from the kernel name (docs/analysis.md "Math path")
        return m_analysis->efficiency.mathOfName.value(k->name).label();
    case Ctas:
    case CtasPerSm:
    case Waves:
    case WaveEfficiency:
    case Tail:
        return wavesData(*k, Column(index.column()), sort);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant KernelSummaryModel::wavesData(const KernelSummary& k, Column column, bool sort) const
{
    const KernelWaves* w = m_analysis->design.wavesOf(k.name);
    const bool known = w && w->top.ctas > 0;
    switch (column) {
    case Ctas:
        return known ? (sort ? QVariant(w->top.ctas) : QVariant(formatCount(w->top.ctas)))
                     : (sort ? QVariant(qint64(-1)) : QVariant());
    case CtasPerSm:
        return known ? QVariant(w->top.ctasPerSm) : (sort ? QVariant(-1) : QVariant());
    case Waves:
        return known ? (sort ? QVariant(w->top.waves) : QVariant(formatCount(w->top.waves)))
                     : (sort ? QVariant(qint64(-1)) : QVariant());
    case WaveEfficiency:
        if (!w || !w->waveEfficiency)
            return sort ? QVariant(-1.0) : QVariant();
        return sort ? QVariant(*w->waveEfficiency) : QVariant(formatPercent(*w->waveEfficiency));
    case Tail:
        if (!w)
            return sort ? QVariant(qint64(-1)) : QVariant();
        return sort ? QVariant(w->tailNs) : QVariant(formatDuration(w->tailNs));
    default:
        return {};
    }
}

QVariant KernelSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Name:
        return tr("Kernel");
    case Category:
        return tr("Category");
    case Count:
        return tr("Count");
    case Total:
        return tr("Total");
    case Mean:
        return tr("Mean");
    case P50:
        return tr("p50");
    case P90:
        return tr("p90");
    case Share:
        return tr("Share");
    case Devices:
        return tr("Devices");
    case Occupancy:
        return tr("Occupancy");
    case Math:
        return tr("Math");
    case Ctas:
        return tr("CTAs");
    case CtasPerSm:
        return tr("CTAs/SM");
    case Waves:
        return tr("Waves");
    case WaveEfficiency:
        return tr("Wave eff.");
    case Tail:
        return tr("Tail");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
