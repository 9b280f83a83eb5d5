// SPDX-License-Identifier: MIT
#include "widgets/timeline/lanepainter.h"

#include <QPainter>

#include <array>

namespace sl {

void LanePainter::draw(QPainter& p, QPoint at) const
{
    if (!m_image.isNull())
        p.drawImage(at, m_image);
}

void LanePainter::prepare(QSize size, const LaneSummary& lane, qint64 fromNs, double nsPerPixel, QRgb background,
    const std::function<QRgb(quint8 key)>& color)
{
    if (size.width() <= 0 || size.height() <= 0) {
        m_image = QImage();
        return;
    }
    const QRect rect(QPoint(0, 0), size);
    lane.summarize(fromNs, nsPerPixel, rect.width(), m_cells, LaneSummary::Detail::Paint);
    if (m_image.size() != rect.size())
        m_image = QImage(rect.size(), QImage::Format_RGB32);
    auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(0));
    std::fill(line, line + rect.width(), background);
    // Colours are blended with the background here, once per key and shade.
    std::array<std::array<QRgb, kShades>, 256> shades;
    std::array<bool, 256> known {};
    const auto columns = int(m_cells.size());
    for (int x = 0; x < columns; ++x) {
        const LaneCell& c = m_cells[size_t(x)];
        if (c.count == 0 && c.busyNs == 0)
            continue;
        if (!known[c.key]) {
            const QRgb fg = color(c.key);
            for (int level = 0; level < kShades; ++level) {
                const int alpha = 111 + 16 * level;
                const auto mix = [alpha](int f, int b) { return (f * alpha + b * (255 - alpha)) / 255; };
                shades[c.key][size_t(level)] = qRgb(mix(qRed(fg), qRed(background)),
                    mix(qGreen(fg), qGreen(background)), mix(qBlue(fg), qBlue(background)));
            }
            known[c.key] = true;
        }
        const double share = std::min(1.0, double(c.busyNs) / nsPerPixel);
        line[x] = shades[c.key][size_t(share * (kShades - 1) + 0.5)];
    }
    // Where one event follows another without a gap, its first pixel is darker so that adjacent
    // kernels of one category stay apart once they are a few pixels wide.
    for (int x = 1; x + 1 < columns; ++x) {
        const LaneCell& c = m_cells[size_t(x)];
        const LaneCell& next = m_cells[size_t(x) + 1];
        if (c.count > 0 && m_cells[size_t(x) - 1].busyNs > 0 && next.count == 0 && next.busyNs > 0)
            line[x] = qRgb(qRed(line[x]) * 3 / 4, qGreen(line[x]) * 3 / 4, qBlue(line[x]) * 3 / 4);
    }
    for (int y = 1; y < rect.height(); ++y)
        std::copy(line, line + rect.width(), reinterpret_cast<QRgb*>(m_image.scanLine(y)));
}

} // namespace sl
