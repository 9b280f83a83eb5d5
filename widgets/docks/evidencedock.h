// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QPushButton;
class QTableView;

namespace sl {

class EvidenceRowsModel;

/// The evidence of the finding last clicked: every row that proves it, whatever export table
/// it comes from (API calls, copies, graph launches, kernels) and its time ranges, with the
/// SQL that selects them from the export. Another analysis empties it; the focus does not
/// change it: it shows exactly the rows that were asked for (the request already chose them).
class EvidenceDock : public ViewDock
{
    Q_OBJECT
public:
    explicit EvidenceDock(QWidget* parent = nullptr);

    /// Shows any evidence of `analysis`'s trace under a caption (e.g. a comparison's link into it).
    void showEvidence(
        const AnalysisPtr& analysis, const QVector<Evidence>& evidence, const QString& title, const QString& detail);
    void clear();
    void setAnalysis(const AnalysisPtr&) override { clear(); }
    void setScope(const ScopeFilter&) override { }

    QTableView* view() const { return m_view; }
    EvidenceRowsModel* model() const { return m_model; }

signals:
    /// The user double-clicked a row: show [startNs, endNs] on the timeline.
    void zoomRequested(qint64 startNs, qint64 endNs);

private:
    void copySql() const;

    EvidenceRowsModel* m_model;
    QLabel* m_caption;
    QTableView* m_view;
    QPushButton* m_copySql;
};

} // namespace sl
