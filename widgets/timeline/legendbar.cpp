// SPDX-License-Identifier: MIT
#include "widgets/timeline/legendbar.h"

#include <QPainter>

namespace sl {

namespace {
constexpr int kSwatch = 10;
constexpr int kSpacing = 12; ///< between entries
constexpr int kMargin = 4;
} // namespace

LegendBar::LegendBar(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void LegendBar::setEntries(QVector<Entry> entries)
{
    m_entries = std::move(entries);
    updateGeometry();
    update();
}

int LegendBar::layoutEntries(int width, QVector<QPoint>* positions) const
{
    const QFontMetrics fm = fontMetrics();
    const int line = std::max(fm.height(), kSwatch) + 2;
    int x = kMargin, y = kMargin;
    for (const Entry& e : m_entries) {
        const int w = kSwatch + 4 + fm.horizontalAdvance(e.label);
        if (x > kMargin && x + w > width - kMargin)
            x = kMargin, y += line;
        if (positions)
            positions->append(QPoint(x, y));
        x += w + kSpacing;
    }
    return m_entries.isEmpty() ? 0 : y + line + kMargin;
}

int LegendBar::heightForWidth(int width) const { return layoutEntries(width, nullptr); }

QSize LegendBar::sizeHint() const { return QSize(400, heightForWidth(std::max(width(), 400))); }

// The minimum height is the one at a laptop-wide dock (1200 px: two rows), not at 100 px,
// where every entry takes a row and the legend alone would ask for a third of a 768-px screen;
// the layout still gives it heightForWidth() of its real width.
QSize LegendBar::minimumSizeHint() const { return QSize(100, heightForWidth(std::max(width(), 1200))); }

void LegendBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    QVector<QPoint> positions;
    layoutEntries(width(), &positions);
    const QFontMetrics fm = fontMetrics();
    const int line = std::max(fm.height(), kSwatch) + 2;
    p.setPen(palette().color(QPalette::WindowText));
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        const QPoint at = positions[i];
        p.fillRect(QRect(at.x(), at.y() + (line - kSwatch) / 2, kSwatch, kSwatch), m_entries[i].color);
        p.drawText(
            QRect(at.x() + kSwatch + 4, at.y(), width(), line), Qt::AlignLeft | Qt::AlignVCenter, m_entries[i].label);
    }
}

} // namespace sl
