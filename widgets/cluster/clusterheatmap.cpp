// SPDX-License-Identifier: MIT
#include "widgets/cluster/clusterheatmap.h"

#include "core/util/format.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace sl {

namespace {

constexpr int kLabelWidth = 56; // px for "rank N"
constexpr int kAxisHeight = 18; // px for the time labels

/// The colour of a bin from its shares: compute blue, communication orange, idle light grey.
QColor mix(double compute, double comm, double idle)
{
    const double total = std::max(1e-9, compute + comm + idle);
    const auto channel = [&](int c, int m, int i) { return int((c * compute + m * comm + i * idle) / total); };
    return QColor(channel(0x3b, 0xe8, 0xe4), channel(0x7d, 0x83, 0xe4), channel(0xd8, 0x3a, 0xe4));
}

} // namespace

ClusterHeatmap::ClusterHeatmap(QWidget* parent)
    : QWidget(parent)
{
    setMinimumHeight(120);
    setToolTip(tr("Compute (blue), communication (orange) and idle (grey) per rank over the clock-aligned run. "
                  "Click a rank to open its export."));
}

void ClusterHeatmap::setRows(std::vector<Row> rows)
{
    m_rows = std::move(rows);
    m_first = 0;
    m_last = 1;
    bool any = false;
    for (const Row& r : m_rows) {
        const qint64 end = r.startNs + r.binNs * qint64(r.compute.size());
        m_first = any ? std::min(m_first, r.startNs) : r.startNs;
        m_last = any ? std::max(m_last, end) : end;
        any = true;
    }
    m_last = std::max(m_last, m_first + 1);
    m_cache = QImage();
    update();
}

int ClusterHeatmap::rowAt(int y) const
{
    if (m_rows.empty() || y < kAxisHeight)
        return -1;
    const double h = double(height() - kAxisHeight) / double(m_rows.size());
    const int i = int((y - kAxisHeight) / h);
    return i < int(m_rows.size()) ? i : -1;
}

void ClusterHeatmap::paintEvent(QPaintEvent*)
{
    // Rows × bins cells (16 k at 64 ranks) are drawn once per size and data; repaints (another
    // window passing over, a splitter moved elsewhere) copy the image.
    const qreal dpr = devicePixelRatioF();
    if (m_cache.isNull() || m_cache.size() != size() * dpr) {
        m_cache = QImage(size() * dpr, QImage::Format_ARGB32_Premultiplied);
        m_cache.setDevicePixelRatio(dpr);
        QPainter cache(&m_cache);
        paintCells(cache);
    }
    QPainter p(this);
    p.drawImage(0, 0, m_cache);
}

void ClusterHeatmap::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        m_cache = QImage();
    QWidget::changeEvent(event);
}

void ClusterHeatmap::paintCells(QPainter& p) const
{
    p.setFont(font());
    p.fillRect(rect(), palette().base());
    if (m_rows.empty())
        return;
    const double w = std::max(1, width() - kLabelWidth), span = double(m_last - m_first);
    const double h = double(height() - kAxisHeight) / double(m_rows.size());
    p.setPen(palette().text().color());
    p.drawText(QRect(kLabelWidth, 0, int(w), kAxisHeight), Qt::AlignLeft | Qt::AlignVCenter, formatDuration(0));
    p.drawText(QRect(kLabelWidth, 0, int(w), kAxisHeight), Qt::AlignRight | Qt::AlignVCenter,
        formatDuration(m_last - m_first));
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const Row& r = m_rows[i];
        const int y = kAxisHeight + int(double(i) * h), rowH = std::max(1, int(double(i + 1) * h) - int(double(i) * h));
        if (h >= 10)
            p.drawText(
                QRect(0, y, kLabelWidth - 4, rowH), Qt::AlignRight | Qt::AlignVCenter, tr("rank %1").arg(r.rank));
        for (size_t b = 0; b < r.compute.size(); ++b) {
            const qint64 t = r.startNs + r.binNs * qint64(b);
            const int x0 = kLabelWidth + int(double(t - m_first) / span * w);
            const int x1 = kLabelWidth + int(double(t + r.binNs - m_first) / span * w);
            p.fillRect(QRect(x0, y, std::max(1, x1 - x0), rowH),
                mix(double(r.compute[b]), double(r.comm[b]), double(r.idle[b])));
        }
    }
}

void ClusterHeatmap::mousePressEvent(QMouseEvent* event)
{
    const int i = rowAt(int(event->position().y()));
    if (i >= 0)
        emit rankClicked(m_rows[size_t(i)].rank);
}

SkewHistogram::SkewHistogram(QWidget* parent)
    : QWidget(parent)
{
    setMinimumHeight(100);
    setToolTip(tr("Arrival skew (last − first arrival) of the matched collectives."));
}

void SkewHistogram::setSkews(std::vector<qint64> skewsNs)
{
    constexpr int kBuckets = 24;
    m_buckets.assign(kBuckets, 0);
    const auto [lo, hi] = std::minmax_element(skewsNs.begin(), skewsNs.end());
    m_min = skewsNs.empty() ? 0 : *lo;
    m_max = skewsNs.empty() ? 0 : *hi;
    // Buckets span [min, max]: skews cluster well away from 0 when one rank is late every time.
    const qint64 width = m_max - m_min + 1;
    for (qint64 s : skewsNs)
        ++m_buckets[size_t(std::min<qint64>(kBuckets - 1, (s - m_min) * kBuckets / width))];
    update();
}

void SkewHistogram::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const int most = m_buckets.empty() ? 0 : *std::max_element(m_buckets.begin(), m_buckets.end());
    if (most == 0)
        return;
    const int axis = fontMetrics().height() + 2, plotH = height() - axis;
    const double bw = double(width()) / double(m_buckets.size());
    for (size_t i = 0; i < m_buckets.size(); ++i) {
        const int bh = int(double(plotH - 4) * m_buckets[i] / most);
        p.fillRect(QRectF(double(i) * bw + 1, plotH - bh, bw - 2, bh), QColor(0xe8, 0x83, 0x3a));
    }
    p.setPen(palette().text().color());
    p.drawText(QRect(0, plotH, width(), axis), Qt::AlignLeft, formatDuration(m_min));
    p.drawText(QRect(0, plotH, width(), axis), Qt::AlignRight, formatDuration(m_max));
    p.drawText(QRect(0, plotH, width(), axis), Qt::AlignHCenter, tr("arrival skew"));
}

} // namespace sl
