// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QDockWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace sl {

class FindingsModel;

/// Ranked findings; activating one asks the window to show its evidence.
class FindingsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit FindingsDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis);
    QTableView* view() const { return m_view; }
    FindingsModel* model() const { return m_model; }
    int currentFinding() const;

signals:
    void evidenceActivated(int findingIndex);

private:
    void copySql();
    void showSummary(const Finding* f);

    FindingsModel* m_model;
    QTableView* m_view;
    QPushButton* m_copySql;
    QLabel* m_summary;
};

} // namespace sl
