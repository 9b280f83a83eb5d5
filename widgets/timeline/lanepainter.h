// SPDX-License-Identifier: MIT
#pragma once

#include "core/timeline/lanesummary.h"

#include <QImage>

#include <functional>
#include <vector>

class QPainter;

namespace sl {

/// Draws one lane from its LaneSummary: one pixel per column, coloured by the column's key and
/// lighter where the column is only partly busy, into an opaque image copied down the lane's
/// height and drawn with a single drawImage (a plain blit: a fill per column, or an alpha-blended
/// image, costs several times more). Keeps its scratch buffers between paints.
///
/// prepare() touches nothing but the painter's own buffers and the (immutable) summary, so the
/// lanes of one paint can be prepared on several threads, then drawn on the GUI thread.
class LanePainter
{
public:
    /// Shades of a key from barely to fully busy; the lightest is 111 / 255 of the colour so that
    /// a lone short kernel still shows.
    static constexpr int kShades = 10;

    /// Renders [fromNs, fromNs + size.width() × nsPerPixel) of `lane` over `background` into the
    /// painter's image. Any thread; `color` must be safe to call from it.
    void prepare(QSize size, const LaneSummary& lane, qint64 fromNs, double nsPerPixel, QRgb background,
        const std::function<QRgb(quint8 key)>& color);
    /// Draws the prepared image with its top-left corner at `at`. GUI thread.
    void draw(QPainter& p, QPoint at) const;
    /// The cells of the last prepare(), one per column.
    const std::vector<LaneCell>& cells() const { return m_cells; }

private:
    std::vector<LaneCell> m_cells;
    QImage m_image;
};

} // namespace sl
