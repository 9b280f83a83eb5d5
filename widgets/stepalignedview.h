// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QWidget>

namespace sl {

/// The step-aligned timeline: one lane per trace (and per process when a trace has several
/// ranks), where the k-th step of a phase of every lane starts at the same x. Slot k is as wide
/// as the longest k-th step on one ns-per-pixel scale, so a slower step shows as a longer bar
/// under its peers; inside each step the kernels of the process's GPUs are drawn coloured by
/// category (at most one rectangle per pixel column), whole-graph launches hatched. Wheel scrolls steps, Ctrl+wheel
/// zooms; clicking a step asks for its kernels. Reads the immutable traces on the GUI thread; only the visible steps
/// are walked.
class StepAlignedView : public QWidget
{
    Q_OBJECT
public:
    struct Lane
    {
        int trace = 0;
        quint32 pid = 0;
        QVector<int> steps; ///< indices into Comparison::breakdowns[trace].steps, start order
        QVector<quint16> devices; ///< GPUs of the process
        QString label;
    };

    explicit StepAlignedView(QWidget* parent = nullptr);

    /// Lines up the steps of Comparison::phases[phase]; resets the scroll and fits the zoom.
    void setComparison(const ComparisonPtr& comparison, int phase);
    int laneCount() const { return int(m_lanes.size()); }
    const Lane& lane(int i) const { return m_lanes[i]; }
    int stepCount() const; ///< the most steps any lane has
    int firstStep() const { return m_first; }
    void setFirstStep(int k);
    double nsPerPixel() const { return m_nsPerPx; }
    void setNsPerPixel(double ns);
    /// Where the k-th step of a lane is drawn (widget coordinates); empty when not visible.
    QRect stepRect(int lane, int k) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// `step` indexes Comparison::breakdowns[trace].steps.
    void stepActivated(int trace, int step);
    void firstStepChanged(int k);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Slot
    {
        int step;
        int x, width;
    };
    QVector<Slot> visibleSlots() const;
    int laneTop(int lane) const;
    /// Lane and step (k) under a point, {-1, -1} when none.
    std::pair<int, int> hit(const QPoint& p) const;
    const AlignedStep* stepOf(int lane, int k) const;
    void paintKernels(QPainter& p, const Lane& lane, const AlignedStep& s, const QRect& r) const;

    ComparisonPtr m_comparison;
    QVector<Lane> m_lanes;
    std::vector<std::vector<qint8>> m_categoryOfName; ///< per trace: StringTable index → category index
    int m_first = 0;
    double m_nsPerPx = 100;
};

} // namespace sl
