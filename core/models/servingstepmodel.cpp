// SPDX-License-Identifier: MIT
#include "core/models/servingstepmodel.h"

#include "core/models/scopeproxymodel.h"
#include "core/report/servingreport.h"
#include "core/util/format.h"

namespace sl {

ServingStepModel::ServingStepModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ServingStepModel::setAnalysis(AnalysisPtr analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

int ServingStepModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_analysis ? 0 : int(m_analysis->serving.steps.size());
}

int ServingStepModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ServingStepModel::data(const QModelIndex& index, int role) const
{
    if (!m_analysis || !index.isValid() || index.row() >= rowCount())
        return {};
    const ServingSteps& s = m_analysis->serving.steps;
    const qsizetype i = index.row();
    const auto k = size_t(i);
    if (role == StepRole)
        return qint64(i);
    if (role == ScopeProxyModel::PidRole)
        return qint64(s.pid[k]);
    if (role == ScopeProxyModel::DeviceRole)
        return qint64(s.device[k]);
    const double duration = double(std::max<qint64>(1, s.duration(i)));
    const double hostShare = double(s.hostNs[k]) / duration;
    if (role == SortRole) {
        switch (index.column()) {
        case Pid:
            return qint64(s.pid[k]);
        case Gpu:
            return int(s.device[k]);
        case Class:
            return int(s.cls[k]);
        case Composition:
            // Batch size first (generation requests), then context tokens.
            return qint64(std::max(0, s.genReqs[k])) * 10'000'000 + std::max(0, s.ctxTokens[k]);
        case Start:
            return s.start[k];
        case Duration:
            return s.duration(i);
        case GpuBusy:
            return s.busyNs[k];
        case GpuIdle:
            return s.idleNs(i);
        case HostShare:
            return hostShare;
        case Kernels:
            return qint64(s.kernelCount[k]);
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Class || index.column() == Composition ? QVariant()
                                                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Composition)
        return m_analysis->trace->strings.at(m_analysis->trace->nvtx.name[s.range[k]]);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Pid:
        return qint64(s.pid[k]);
    case Gpu:
        return s.device[k] >= 0 ? QVariant(int(s.device[k])) : QVariant(QStringLiteral("—"));
    case Class:
        return StepComposition::className(StepComposition::Class(s.cls[k]));
    case Composition:
        return ServingReport::composition(s, i);
    case Start:
        return formatDuration(s.start[k] - m_analysis->window.startNs);
    case Duration:
        return formatDuration(s.duration(i));
    case GpuBusy:
        return formatDuration(s.busyNs[k]);
    case GpuIdle:
        return formatDuration(s.idleNs(i));
    case HostShare:
        return formatPercent(hostShare);
    case Kernels:
        return formatCount(s.kernelCount[k]);
    default:
        return {};
    }
}

QVariant ServingStepModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == Composition)
        return tr("Context requests(tokens) + generation requests(tokens), from the step's NVTX name; ? = not given");
    if (role == Qt::ToolTipRole && section == HostShare)
        return tr("Time in host ranges (input preparation, scheduling, bookkeeping) inside the step");
    if (role == Qt::ToolTipRole && section == Start)
        return tr("Start after the beginning of the analysis window");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Pid:
        return tr("PID");
    case Gpu:
        return tr("GPU");
    case Class:
        return tr("Class");
    case Composition:
        return tr("Composition");
    case Start:
        return tr("Start");
    case Duration:
        return tr("Time");
    case GpuBusy:
        return tr("GPU busy");
    case GpuIdle:
        return tr("GPU idle");
    case HostShare:
        return tr("Host share");
    case Kernels:
        return tr("Kernels");
    default:
        return {};
    }
}

} // namespace sl
