// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QPushButton;
class QTableView;

namespace sl {

class FindingsModel;

/// Ranked findings; activating one (a click, or Enter) asks to show its evidence.
class FindingsDock : public ViewDock
{
    Q_OBJECT
public:
    explicit FindingsDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    /// Hides the findings whose evidence lies wholly outside the focus (kernels, API calls or
    /// time ranges of other processes or GPUs); findings with no such rows stay.
    void setScope(const ScopeFilter& scope) override;
    QTableView* view() const { return m_view; }
    FindingsModel* model() const { return m_model; }
    int currentFinding() const;

    /// Emits evidenceRequested for finding `findingIndex` of the analysis shown.
    void requestEvidence(int findingIndex);

private:
    void applyScope();
    void copySql();
    void showSummary(const Finding* f);

    FindingsModel* m_model;
    QTableView* m_view;
    QPushButton* m_copySql;
    QLabel* m_summary;
    AnalysisPtr m_analysis;
    ScopeFilter m_scope;
};

} // namespace sl
