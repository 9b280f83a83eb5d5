// SPDX-License-Identifier: MIT
#include "core/models/ncukernelmodel.h"

#include "core/models/scopeproxymodel.h"
#include "core/util/format.h"

namespace sl {

namespace {
/// An optional figure: raw to sort by (−1 when absent), else with `decimals` or "–".
QVariant optional(const std::optional<double>& v, bool sort, char format = 'f', int decimals = 1, double scale = 1)
{
    if (sort)
        return v ? *v / scale : -1.0;
    return v ? QString::number(*v / scale, format, decimals) : QStringLiteral("–");
}
} // namespace

NcuKernelModel::NcuKernelModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void NcuKernelModel::setAnalysis(AnalysisPtr analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

int NcuKernelModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_analysis || !m_analysis->counters.ncu ? 0
                                                                        : int(m_analysis->counters.ncu->kernels.size());
}

int NcuKernelModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant NcuKernelModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const NcuKernelFigures& k = m_analysis->counters.ncu->kernels[index.row()];
    switch (role) {
    case KernelRole:
        return index.row();
    case ScopeProxyModel::DeviceRole:
        return qint64(k.deviceId);
    case SortRole:
        return cell(k, index.column(), true);
    case Qt::DisplayRole:
        return cell(k, index.column(), false);
    case Qt::ToolTipRole:
        return index.column() == Kernel ? cell(k, index.column(), false) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == Kernel ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                        : int(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant NcuKernelModel::cell(const NcuKernelFigures& k, int column, bool sort) const
{
    switch (column) {
    case Kernel:
        return m_analysis->trace->strings.at(k.name);
    case Launches:
        return sort ? QVariant(k.launches) : QVariant(QString::number(k.launches));
    case TraceTime:
        return sort ? QVariant(k.traceNs) : QVariant(formatDuration(k.traceNs));
    case AchievedOccupancy:
        return optional(k.achievedOccupancyPct, sort);
    case TheoreticalOccupancy:
        return optional(k.theoreticalOccupancyPct ? k.theoreticalOccupancyPct : k.sightlineOccupancyPct, sort);
    case Sm:
        return optional(k.smThroughputPct, sort);
    case Dram:
        return optional(k.dramThroughputPct, sort);
    case L1Hit:
        return optional(k.l1HitPct, sort);
    case L2Hit:
        return optional(k.l2HitPct, sort);
    case Tensor:
        return optional(k.tensorActivePct, sort);
    case Intensity:
        return optional(k.arithmeticIntensity, sort, 'g', 3);
    case Gflops:
        return optional(k.achievedFlopsPerSecond, sort, 'f', 1, 1e9);
    }
    return {};
}

QVariant NcuKernelModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Kernel:
        return tr("Kernel");
    case Launches:
        return tr("Launches");
    case TraceTime:
        return tr("Trace time");
    case AchievedOccupancy:
        return tr("Achieved occ. %");
    case TheoreticalOccupancy:
        return tr("Theoretical occ. %");
    case Sm:
        return tr("SM %");
    case Dram:
        return tr("DRAM %");
    case L1Hit:
        return tr("L1 hit %");
    case L2Hit:
        return tr("L2 hit %");
    case Tensor:
        return tr("Tensor %");
    case Intensity:
        return tr("FLOP/byte");
    case Gflops:
        return tr("GFLOP/s");
    }
    return {};
}

} // namespace sl
