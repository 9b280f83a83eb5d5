// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractTableModel>

namespace sl {

/// AnalysisResult::findings, ranked as the analysis ranked them; the summary is the tooltip.
class FindingsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Severity, Title, Metric, Impact, ColumnCount };
    enum Role { SortRole = Qt::UserRole, SeverityRole }; ///< SeverityRole: int(Finding::Severity)

    explicit FindingsModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);
    const AnalysisPtr& analysis() const { return m_analysis; }
    const Finding* finding(int row) const;
    static QString severityLabel(Finding::Severity s); ///< translated

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    AnalysisPtr m_analysis;
};

} // namespace sl
