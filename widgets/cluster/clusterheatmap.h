// SPDX-License-Identifier: MIT
#pragma once

#include <QImage>
#include <QWidget>

#include <vector>

class QPainter;

namespace sl {

/// Rank × time heatmap of a cluster run: one row per rank, each of its digest's time bins drawn
/// at its place on the common (clock-aligned) timeline, coloured by the mix of compute
/// (blue), communication (orange) and idle (grey). A click on a row emits rankClicked.
class ClusterHeatmap : public QWidget
{
    Q_OBJECT
public:
    struct Row
    {
        int rank = 0;
        qint64 startNs = 0; ///< start of the first bin on the common timeline
        qint64 binNs = 1;
        std::vector<qint64> compute, comm, idle; ///< per bin, summed over the rank's GPUs (ns)
    };
    explicit ClusterHeatmap(QWidget* parent = nullptr);
    void setRows(std::vector<Row> rows);
    QSize sizeHint() const override { return { 640, 320 }; }

signals:
    void rankClicked(int rank);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int rowAt(int y) const;
    /// Draws the axis, the rank labels and every cell at the widget's size.
    void paintCells(QPainter& p) const;
    std::vector<Row> m_rows;
    QImage m_cache; ///< the cells as last drawn; null when the rows, size or palette changed
    qint64 m_first = 0, m_last = 1; ///< the timeline shown (ns)
};

/// Distribution of the arrival skews of the matched collectives: a bar per bucket.
class SkewHistogram : public QWidget
{
    Q_OBJECT
public:
    explicit SkewHistogram(QWidget* parent = nullptr);
    void setSkews(std::vector<qint64> skewsNs);
    QSize sizeHint() const override { return { 320, 160 }; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<int> m_buckets;
    qint64 m_min = 0, m_max = 0; ///< range of the buckets (ns)
};

} // namespace sl
