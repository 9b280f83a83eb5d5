// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

#include <vector>

class QMenu;
class QToolButton;

namespace sl {

struct CounterSeries;

class LegendBar;
class TimeViewport;
class TimelineView;

/// The GPU timeline (TimelineView) with its legend. Share its TimeViewport with the NVTX dock
/// (`nvtx->setTimeViewport(timeline->timeViewport())`) so both scroll and zoom together.
class TimelineDock : public ViewDock
{
    Q_OBJECT
public:
    explicit TimelineDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    /// Hides devices, streams and lanes outside the scope.
    void setScope(const ScopeFilter& scope) override;
    /// Shares `viewport` (not owned); null goes back to the dock's own.
    void setTimeViewport(TimeViewport* viewport);
    TimeViewport* timeViewport() const;

    /// Shows [startNs, endNs] (ns, session timeline).
    void zoomTo(qint64 startNs, qint64 endNs);
    /// Marks evidence kernels (KernelTable indices) and zooms to them; empty clears.
    void highlightKernels(std::vector<quint32> kernelIndices);
    /// Marks [startNs, endNs] on a device's rows and zooms to it.
    void highlightRange(int deviceId, qint64 startNs, qint64 endNs);

    TimelineView* view() const { return m_view; }
    LegendBar* legend() const { return m_legend; }
    /// The Counters menu's button (hidden when the trace has no counters), for tests.
    QToolButton* countersButton() const { return m_countersButton; }
    /// Whether a counter is drawn before the user chooses: NVML samples, and the GPU metrics the
    /// analysis reads (SMs Active, SM Issue, Tensor Active, DRAM read/write, GPC clock, PCIe RX/TX).
    static bool shownByDefault(const CounterSeries& series);

signals:
    /// Shift+drag over the timeline: make [startNs, endNs] the analysis window.
    void windowRequested(qint64 startNs, qint64 endNs);

protected:
    void attached(ViewContext* context) override; ///< shares the context's time viewport

private:
    void rebuildCounterMenu();
    void applyCounterChoices();
    TimelineView* m_view;
    LegendBar* m_legend;
    QToolButton* m_countersButton;
    QMenu* m_countersMenu;
};

} // namespace sl
