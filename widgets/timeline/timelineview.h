// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/counterseries.h"
#include "widgets/timeline/timecanvas.h"

#include <QSet>

#include <functional>
#include <map>

namespace sl {

/// The GPU timeline: per device a busy/idle band with the analysis' idle gaps coloured by cause,
/// one lane per stream with kernels coloured by taxonomy category, then graph, copy and memset
/// lanes. Evidence can be marked (kernels, or a time range on one device). Hover a pixel for
/// what it holds; click a kernel to activate it; double-click to zoom onto it.
class TimelineView : public TimeCanvas
{
    Q_OBJECT
public:
    static constexpr int kBusyHeight = 18;
    static constexpr int kLaneHeight = 16;
    static constexpr int kCopyHeight = 12;
    static constexpr int kCounterHeight = 14;

    explicit TimelineView(QWidget* parent = nullptr);

    /// Shows [startNs, endNs] (ns, session timeline).
    void zoomTo(qint64 startNs, qint64 endNs);
    /// Marks these kernels (KernelTable indices) and zooms to them; an empty list clears the marks.
    void highlightKernels(std::vector<quint32> kernelIndices);
    /// Marks [startNs, endNs] on `deviceId`'s rows and zooms to it.
    void highlightRange(int deviceId, qint64 startNs, qint64 endNs);
    void clearHighlights();

    /// The kernel (KernelTable index) drawn alone at a viewport position, or -1 (nothing there,
    /// another lane, or a merged pixel of many kernels).
    qint64 kernelAt(const QPoint& pos) const;
    QString toolTipAt(const QPoint& pos) const override;
    /// Every counter series the rows may show: the export's GPU metrics, then imported NVML samples.
    const QVector<const CounterSeries*>& counterSeries() const { return m_counters; }
    /// Counter names whose rows are not drawn (the Timeline dock's Counters menu); every GPU's
    /// series of that name. Rebuilds the rows.
    void setHiddenCounters(const QSet<QString>& names);
    const QSet<QString>& hiddenCounters() const { return m_hiddenCounters; }
    /// Translated name of an idle-gap cause, for tooltips and the legend.
    static QString causeLabel(IdleGap::Cause cause);

signals:
    void kernelActivated(quint32 kernelIndex);

protected:
    std::vector<Row> buildRows() const override;
    QColor keyColor(const TimelineLane& lane, quint8 key) const override;
    void paintRowOverlay(QPainter& p, const Row& row, const QRect& rect) const override;
    void analysisChanged() override;
    void clicked(const QPoint& pos) override;
    void doubleClicked(const QPoint& pos) override;

private:
    struct Hit
    {
        int lane = -1;
        LaneSummary::Hit hit;
        qint64 fromNs = 0, toNs = 0;
    };
    Hit hitAt(const QPoint& pos) const;
    /// Counter rows: each pixel column is the mean of the samples in it (CounterSeries::meanBetween,
    /// two binary searches), drawn as a bar scaled to 100 % or to the series' maximum.
    void paintCounter(QPainter& p, const Row& row, const QRect& rect) const;
    QString counterToolTip(const Row& row, const QPoint& pos) const;
    void rebuildKernelMarks();
    const IdleGap* gapAt(int deviceId, qint64 fromNs, qint64 toNs) const;
    QString kernelToolTip(quint32 kernel) const;
    QString offset(qint64 ns) const; ///< time from the capture start, readable
    /// Intervals sorted by start with the running maximum end, so a paint finds the visible ones
    /// by binary search and merges them per pixel column.
    struct Marks
    {
        std::vector<qint64> start, end, maxEnd;
        std::vector<quint8> tag; ///< optional: a merged pixel takes the tag of its longest mark
        void add(qint64 s, qint64 e, int t = -1);
        void finish(); ///< sorts by start and computes maxEnd
    };
    /// At most one fill per pixel column (per band, for two bands).
    void paintMarks(
        const Marks& marks, const QRect& rect, const std::function<void(const QRect&, int tag)>& fill) const;

    std::map<int, std::vector<IdleGap>> m_gaps; ///< per device, by start
    QVector<const CounterSeries*> m_counters; ///< counter rows' series: GPU metrics, then imported NVML
    QSet<QString> m_hiddenCounters;
    QVector<double>
        m_counterTop; ///< per m_counters entry: the value drawn at full row height (100 for %, else its maximum)
    std::map<int, Marks> m_gapMarks; ///< per device, tagged by cause
    std::map<int, Marks> m_kernelMarks; ///< per lane
    std::vector<quint32> m_highlighted; ///< applied once the lanes exist
    int m_rangeDevice = -1;
    qint64 m_rangeStart = 0, m_rangeEnd = 0;
};

} // namespace sl
