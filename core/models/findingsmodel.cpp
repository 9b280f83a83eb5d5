// SPDX-License-Identifier: MIT
#include "core/models/findingsmodel.h"

#include "core/util/format.h"

namespace sl {

FindingsModel::FindingsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FindingsModel::setAnalysis(AnalysisPtr analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

const Finding* FindingsModel::finding(int row) const
{
    if (!m_analysis || row < 0 || row >= m_analysis->findings.size())
        return nullptr;
    return &m_analysis->findings[row];
}

int FindingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_analysis ? 0 : int(m_analysis->findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != SortRole && role != SeverityRole)
        return {};
    const Finding* f = index.isValid() ? finding(index.row()) : nullptr;
    if (!f)
        return {};
    if (role == Qt::ToolTipRole)
        return f->summary;
    if (role == SeverityRole)
        return int(f->severity);
    switch (Column(index.column())) {
    case Severity:
        return role == SortRole ? QVariant(int(f->severity)) : QVariant(severityLabel(f->severity));
    case Title:
        return f->title;
    case Metric:
        return f->metric;
    case Impact:
        if (role == SortRole)
            return f->impactNs;
        return f->impactNs > 0 ? QVariant(tr("%1 (%2)").arg(formatDuration(f->impactNs), formatPercent(f->impactShare)))
                               : QVariant();
    case ColumnCount:
        break;
    }
    return {};
}

QString FindingsModel::severityLabel(Finding::Severity s)
{
    // Finding::severityName is the report.json spelling and stays English; this is the shown one.
    switch (s) {
    case Finding::Severity::High:
        return tr("high");
    case Finding::Severity::Medium:
        return tr("medium");
    case Finding::Severity::Low:
        return tr("low");
    case Finding::Severity::Info:
        break;
    }
    return tr("info");
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Severity:
        return tr("Severity");
    case Title:
        return tr("Finding");
    case Metric:
        return tr("Metric");
    case Impact:
        return tr("Impact");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
