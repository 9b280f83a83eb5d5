// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

#include <array>

class QLabel;
class QTabWidget;
class QToolButton;

namespace sl {

class BarChartView;

/// Overview charts of the current analysis: GPU time by kernel category, busy and idle time per
/// device (idle split by cause) and wall and kernel time per phase (OverviewData), each
/// exportable to PNG, or all three in one image. A GPU focus keeps that GPU's bar in the device chart;
/// the categories and phases are the window's whole (their totals are not per GPU).
class OverviewDock : public ViewDock
{
    Q_OBJECT
public:
    enum Chart { Categories, Devices, Phases, ChartCount };

    explicit OverviewDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    void setScope(const ScopeFilter& scope) override;
    BarChartView* chart(Chart which) const { return m_charts[size_t(which)]; }
    QString headline() const;
    int currentChart() const;
    void setCurrentChart(Chart which);

    /// Writes chart `which` as PNG, or all three stacked in one image for ChartCount. Atomic
    /// (QSaveFile); on failure returns false with a translated message naming the file.
    bool exportPng(Chart which, const QString& path, QString* error) const;

signals:
    /// A line for the status bar: where an export went, or why it failed.
    void statusMessage(const QString& message);

private:
    void chooseFileAndExport(Chart which);

    AnalysisPtr m_analysis;
    ScopeFilter m_scope;
    QTabWidget* m_tabs;
    std::array<BarChartView*, ChartCount> m_charts {};
    QToolButton* m_export;
    QLabel* m_message;
    QLabel* m_headline; ///< busy split per GPU, math-path shares (EfficiencyReport::headline)
};

} // namespace sl
