// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "widgets/docks/viewdock.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollBar;
class QTabWidget;
class QTableView;

namespace sl {

class CategoryBarChart;
class ComparisonChangeModel;
class ComparisonCounterModel;
class ComparisonFigureModel;
class ComparisonKernelModel;
class ComparisonRooflineModel;
class PhaseStackChart;
class StepAlignedView;
class StepDistributionChart;

/// Side-by-side comparison of 2–8 analysed traces against a baseline (docs/analysis.md,
/// "Comparison"): the figures with deltas coloured by direction, the matched kernels, what
/// changed most, bar charts per category and phase, step-duration distributions, the
/// step-aligned view and the hardware counters (bound class, busy-time counters, roofline positions). The comparison
/// runs on the thread pool (stale results are dropped) and exports comparison.md/json off the GUI thread. Its evidence
/// requests name the compared trace they belong to (EvidenceRequest::analysis), which the window makes current.
/// It compares every analysed trace (ComparisonRoster, setAnalyses), so the current analysis and the focus do not
/// change it.
class ComparisonDock : public ViewDock
{
    Q_OBJECT
public:
    explicit ComparisonDock(QWidget* parent = nullptr);

    /// The traces to compare (finished analyses) and their labels (Comparator::labelsFor: the given
    /// ones, else file names, numbered when repeated). The first
    /// is the baseline until the user picks another; fewer than two clears the dock.
    void setAnalyses(const QVector<AnalysisPtr>& analyses, const QStringList& labels = {});
    const ComparisonPtr& comparison() const { return m_comparison; }
    void setAnalysis(const AnalysisPtr&) override { } ///< compares the roster's traces, not the current one
    void setScope(const ScopeFilter&) override { } ///< whole traces against each other
    /// Writes DIR/comparison.md and DIR/comparison.json on the thread pool; exportFinished reports.
    void exportTo(const QString& dir);

    ComparisonFigureModel* figureModel() const { return m_figures; }
    ComparisonKernelModel* kernelModel() const { return m_kernels; }
    ComparisonChangeModel* changeModel() const { return m_changes; }
    ComparisonCounterModel* counterModel() const { return m_counters; }
    ComparisonRooflineModel* rooflineModel() const { return m_roofline; }
    QTableView* counterView() const { return m_counterView; }
    QTableView* rooflineView() const { return m_rooflineView; }
    QTableView* figureView() const { return m_figureView; }
    QTableView* kernelView() const { return m_kernelView; }
    QTableView* changeView() const { return m_changeView; }
    QComboBox* baselineBox() const { return m_baseline; }
    QComboBox* unitBox() const { return m_unit; }
    QLineEdit* countsEdit() const { return m_counts; }
    QLineEdit* flopsPerTokenEdit() const { return m_flopsPerToken; }
    QComboBox* phaseBox() const { return m_phase; }
    QLabel* statusLabel() const { return m_status; }
    StepAlignedView* stepView() const { return m_stepView; }
    /// What the charts show (categories, phases, boxes), so tests need no Qt Charts headers.
    int categoryChartGroups() const;
    int phaseChartSegments() const;
    int stepChartBoxes() const;
    CategoryBarChart* categoryChart() const { return m_categoryChart; }
    PhaseStackChart* phaseChart() const { return m_phaseChart; }

signals:
    /// A new comparison is shown (after setAnalyses or a change of baseline, unit or counts).
    void comparisonChanged();
    void exportFinished(bool ok, const QString& message);

private:
    QWidget* buildControls();
    QWidget* buildStepsTab();
    QWidget* buildCountersTab();
    void openCounterRow(int row);
    void openRooflineRow(int row);
    void recompute();
    void showComparison(const ComparisonPtr& comparison);
    void showPhase(int comboIndex);
    void openChange(int row, bool baseline, bool trace);
    void openKernelGroup(int row);
    void emitEvidence(int trace, const Evidence& e);
    void chooseExportFolder();

    QVector<AnalysisPtr> m_analyses;
    QStringList m_labels;
    ComparisonPtr m_comparison;
    quint64 m_generation = 0;

    ComparisonFigureModel* m_figures;
    ComparisonKernelModel* m_kernels;
    ComparisonChangeModel* m_changes;
    ComparisonCounterModel* m_counters;
    ComparisonRooflineModel* m_roofline;
    QTableView* m_counterView = nullptr;
    QTableView* m_rooflineView = nullptr;
    QLabel* m_countersNote = nullptr;
    QComboBox* m_baseline = nullptr;
    QComboBox* m_unit = nullptr;
    QLineEdit* m_counts = nullptr;
    QLineEdit* m_flopsPerToken = nullptr; ///< model FLOPs per token, or "P params" (issue 9)
    QPushButton* m_export = nullptr;
    QLabel* m_status = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_figureView = nullptr;
    QTableView* m_kernelView = nullptr;
    QTableView* m_changeView = nullptr;
    QPushButton* m_openBaseline = nullptr;
    QPushButton* m_openTrace = nullptr;
    CategoryBarChart* m_categoryChart = nullptr;
    PhaseStackChart* m_phaseChart = nullptr;
    StepDistributionChart* m_stepChart = nullptr;
    QComboBox* m_phase = nullptr;
    StepAlignedView* m_stepView = nullptr;
    QScrollBar* m_stepScroll = nullptr;
};

} // namespace sl
