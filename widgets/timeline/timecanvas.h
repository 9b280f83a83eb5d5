// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/scopefilter.h"
#include "core/timeline/timelinedata.h"
#include "widgets/timeline/lanepainter.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timeviewport.h"

#include <QAbstractScrollArea>
#include <QFutureWatcher>
#include <QPointer>

#include <vector>

namespace sl {

/// The part the Timeline and NVTX views share: lanes of TimelineData painted from their
/// level-of-detail summaries (one cell per pixel column per lane), a time axis relative to the
/// capture start, the analysis window shaded outside, and the interaction — wheel zooms around
/// the cursor, drag or Shift+wheel pans, Shift+drag selects a range to analyse, + / − / arrows /
/// Home from the keyboard. Rows scroll vertically; the axis and the label column stay put.
///
/// The data comes from TimelineCache (built on a worker, shared with other views); until it
/// arrives the view says so. Subclasses list the rows and say what a pixel means.
class TimeCanvas : public QAbstractScrollArea
{
    Q_OBJECT
public:
    static constexpr int kLabelWidth = 150;
    static constexpr int kAxisHeight = 22;

    explicit TimeCanvas(QWidget* parent = nullptr);
    ~TimeCanvas() override;

    /// Shares `viewport` with other views (not owned); null goes back to a private one.
    void setTimeViewport(TimeViewport* viewport);
    TimeViewport* timeViewport() const { return m_viewport; }

    void setAnalysis(const AnalysisPtr& analysis);
    const AnalysisPtr& analysis() const { return m_analysis; }
    /// The lanes; null until built for the current analysis' trace.
    const TimelineDataPtr& data() const { return m_data; }
    bool isReady() const { return m_data != nullptr; }
    /// Blocks until the lanes for the current analysis are built and shown; returns isReady().
    /// For benchmarks and tests: a view never waits on its own.
    bool waitForData();
    void setScope(const ScopeFilter& scope);
    const ScopeFilter& scope() const { return m_scope; }

    /// The time area in viewport coordinates (right of the labels, below the axis).
    QRect dataRect() const;
    double nsPerPixel() const;
    /// Start of the pixel column at viewport x, ns (the columns the summaries are cut into).
    qint64 xToTime(int x) const;
    int timeToX(qint64 ns) const;
    /// Text of the tooltip at a viewport position (empty: none).
    virtual QString toolTipAt(const QPoint& pos) const = 0;

    /// One painted row: a lane of data(), at y (content coordinates, before scrolling).
    struct Row
    {
        int lane = -1;
        int y = 0, height = 0;
        QString label; ///< drawn in the label column (empty: none)
        bool groupStart = false; ///< first row of a device or thread: a separator is drawn above
        /// A counter row (lane −1): index into the view's counter series (TimelineView::counterSeries).
        int counter = -1;
    };
    const std::vector<Row>& rows() const { return m_rows; }
    /// Height in px of the axis and every row: what the canvas needs to show all lanes unscrolled.
    int contentHeight() const { return m_rows.empty() ? 0 : kAxisHeight + m_contentHeight; }
    /// The row at viewport y, or null.
    const Row* rowAt(int y) const;

signals:
    /// Shift+drag: the user asks for [startNs, endNs] to become the analysis window.
    void windowRequested(qint64 startNs, qint64 endNs);
    /// The lanes for the current analysis have arrived (or were cached).
    void dataReady();

protected:
    /// Lays out m_rows for data(), the analysis and the scope; called whenever one changes.
    virtual std::vector<Row> buildRows() const = 0;
    /// Colour of a lane's key (category, copy kind, phase, …). Called from pool threads while
    /// the lanes of a paint are prepared in parallel: it must not touch mutable state.
    virtual QColor keyColor(const TimelineLane& lane, quint8 key) const = 0;
    /// Called after the lanes of a row are painted (gaps, highlights).
    virtual void paintRowOverlay(QPainter&, const Row&, const QRect&) const { }
    virtual void analysisChanged() { }
    virtual void clicked(const QPoint&) { }
    virtual void doubleClicked(const QPoint&) { }
    void relayout();

    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void requestData(bool retry);
    void onDataFinished();
    void onRangeChanged();
    void syncHorizontalBar();
    void paintAxis(QPainter& p, const std::vector<TimeAxis::Tick>& ticks) const;
    /// A row on screen and the band its lanes take (viewport coordinates).
    using VisibleRow = std::pair<const Row*, QRect>;
    std::vector<VisibleRow> visibleRows() const;
    void prepareLanes(const std::vector<VisibleRow>& visible); ///< on the thread pool
    void paintRows(QPainter& p, const std::vector<VisibleRow>& visible) const;
    /// Grid lines, the shade outside the analysis window and the Shift+drag selection.
    void paintDataOverlay(QPainter& p, const std::vector<TimeAxis::Tick>& ticks) const;

    TimeViewport* m_ownViewport;
    QPointer<TimeViewport> m_viewport;
    AnalysisPtr m_analysis;
    TimelineDataPtr m_data;
    ScopeFilter m_scope;
    std::vector<Row> m_rows;
    int m_contentHeight = 0;
    QFutureWatcher<TimelineDataPtr> m_watcher;
    quint64 m_requestId = 0, m_watchedId = 0; ///< answers to older requests are dropped
    bool m_retried = false;
    bool m_syncingBar = false;

    enum class Drag { None, Pan, Select };
    Drag m_drag = Drag::None;
    QPoint m_pressPos;
    qint64 m_pressStartNs = 0;
    int m_pressScroll = 0;
    bool m_moved = false;
    int m_selectX0 = 0, m_selectX1 = 0;
    std::vector<LanePainter> m_painters; ///< one per visible row, buffers kept between paints
};

} // namespace sl
