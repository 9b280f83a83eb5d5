// SPDX-License-Identifier: MIT
#pragma once

#include "core/timeline/lanesummary.h"

#include <QImage>

#include <functional>
#include <vector>

class QPainter;
class QRect;

namespace sl {

/// Draws one lane from its LaneSummary: one pixel per column, coloured by the column's key and
/// lighter where the column is only partly busy, into an opaque image copied down the lane's
/// height and drawn with a single drawImage (a plain blit: a fill per column, or an alpha-blended
/// image, costs several times more). Keeps its scratch buffers between paints; GUI thread.
class LanePainter
{
public:
    /// Shades of a key from barely to fully busy; the lightest is 111 / 255 of the colour so that
    /// a lone short kernel still shows.
    static constexpr int kShades = 10;

    /// Paints [fromNs, fromNs + rect.width() × nsPerPixel) of `lane` into `rect` over `background`.
    void paint(QPainter& p, const QRect& rect, const LaneSummary& lane, qint64 fromNs, double nsPerPixel,
        QRgb background, const std::function<QRgb(quint8 key)>& color);
    /// The cells of the last paint, one per column (tests, tooltips of what was drawn).
    const std::vector<LaneCell>& cells() const { return m_cells; }

private:
    std::vector<LaneCell> m_cells;
    QImage m_image;
};

} // namespace sl
