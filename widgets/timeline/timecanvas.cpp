// SPDX-License-Identifier: MIT
#include "widgets/timeline/timecanvas.h"

#include "core/timeline/timelinecache.h"
#include "widgets/categorypalette.h"
#include "widgets/guilogging.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timeviewport.h"

#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QtConcurrent/QtConcurrentMap>

#include <cmath>
#include <numeric>

namespace sl {

namespace {
constexpr int kRowGap = 1; ///< px left blank below each lane
constexpr int kDragThreshold = 3; ///< px of movement before a press becomes a drag
constexpr double kWheelZoom = 1.2; ///< zoom factor per wheel notch (120 units)
constexpr double kKeyZoom = 1.5;
constexpr double kPanShare = 0.1; ///< share of the visible span an arrow key or wheel notch pans
constexpr qint64 kBarUnits = 100'000'000; ///< resolution of the horizontal scroll bar over the capture
} // namespace

TimeCanvas::TimeCanvas(QWidget* parent)
    : QAbstractScrollArea(parent)
    , m_ownViewport(new TimeViewport(this))
    , m_viewport(m_ownViewport)
{
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent); // paintEvent covers every pixel
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    connect(m_ownViewport, &TimeViewport::rangeChanged, this, &TimeCanvas::onRangeChanged);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &TimeCanvas::onDataFinished);
    connect(&m_watcher, &QFutureWatcherBase::progressValueChanged, viewport(), qOverload<>(&QWidget::update));
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (m_syncingBar)
            return;
        const qint64 unit = std::max<qint64>(1, (m_viewport->limitEndNs() - m_viewport->limitStartNs()) / kBarUnits);
        const qint64 start = m_viewport->limitStartNs() + qint64(value) * unit;
        m_viewport->setRange(start, start + m_viewport->spanNs());
    });
}

TimeCanvas::~TimeCanvas() = default;

void TimeCanvas::setTimeViewport(TimeViewport* viewport)
{
    if (!viewport)
        viewport = m_ownViewport;
    if (viewport == m_viewport)
        return;
    if (m_viewport) // null when the shared one was destroyed
        disconnect(m_viewport, nullptr, this, nullptr);
    m_viewport = viewport;
    connect(m_viewport, &TimeViewport::rangeChanged, this, &TimeCanvas::onRangeChanged);
    if (m_viewport != m_ownViewport) // a shared viewport may go first: fall back to our own
        connect(m_viewport, &QObject::destroyed, this, [this] { setTimeViewport(nullptr); });
    if (m_analysis && m_analysis->trace)
        m_viewport->setLimits(m_analysis->trace->firstNs, m_analysis->trace->lastNs);
    onRangeChanged();
}

void TimeCanvas::setAnalysis(const AnalysisPtr& analysis)
{
    if (analysis == m_analysis)
        return;
    const bool sameTrace = m_analysis && analysis && m_analysis->trace == analysis->trace;
    m_analysis = analysis;
    if (!sameTrace)
        m_data = nullptr; // lanes of another trace; a re-analysis keeps them until the new ones arrive
    analysisChanged();
    if (m_analysis && m_analysis->trace)
        m_viewport->setLimits(m_analysis->trace->firstNs, m_analysis->trace->lastNs);
    m_retried = false;
    requestData(false);
    relayout();
}

void TimeCanvas::requestData(bool retry)
{
    ++m_requestId;
    if (!m_analysis)
        return;
    const QFuture<TimelineDataPtr> future = TimelineCache::shared().request(m_analysis);
    m_retried = m_retried || retry;
    if (future.isFinished() && !future.isCanceled() && future.resultCount() > 0) {
        // Cached: show it now rather than after a round trip through the event loop.
        m_data = future.result();
        relayout();
        qCDebug(lcGui) << objectName() << "lanes ready (built before the request)";
        emit dataReady();
        return;
    }
    m_watchedId = m_requestId;
    m_watcher.setFuture(future);
}

void TimeCanvas::onDataFinished()
{
    if (m_watchedId != m_requestId)
        return; // an older request; a newer one was answered or is pending
    const QFuture<TimelineDataPtr> future = m_watcher.future();
    if (future.isCanceled() || future.resultCount() == 0) {
        // Another request replaced this build (last request wins); ask once more for ours.
        if (m_analysis && !m_retried)
            requestData(true);
        return;
    }
    const TimelineDataPtr data = future.result();
    if (!data || !m_analysis || data->trace() != m_analysis->trace || data == m_data)
        return; // stale, or already shown (waitForData)
    m_data = data;
    relayout();
    qCDebug(lcGui) << objectName() << "lanes ready";
    emit dataReady();
}

bool TimeCanvas::waitForData()
{
    // Twice at most: a build cancelled by another request is asked for once more.
    for (int attempt = 0; attempt < 2 && m_analysis && !m_data && m_watchedId == m_requestId; ++attempt) {
        m_watcher.waitForFinished();
        onDataFinished();
    }
    return isReady();
}

void TimeCanvas::setScope(const ScopeFilter& scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    relayout();
}

void TimeCanvas::relayout()
{
    m_rows = m_data && m_analysis ? buildRows() : std::vector<Row> {};
    m_contentHeight = m_rows.empty() ? 0 : m_rows.back().y + m_rows.back().height + 4;
    const int visible = std::max(0, viewport()->height() - kAxisHeight);
    verticalScrollBar()->setRange(0, std::max(0, m_contentHeight - visible));
    verticalScrollBar()->setPageStep(visible);
    verticalScrollBar()->setSingleStep(16);
    syncHorizontalBar();
    viewport()->update();
}

QRect TimeCanvas::dataRect() const
{
    const QRect r = viewport()->rect();
    return QRect(kLabelWidth, kAxisHeight, std::max(1, r.width() - kLabelWidth), std::max(0, r.height() - kAxisHeight));
}

double TimeCanvas::nsPerPixel() const { return double(m_viewport->spanNs()) / double(dataRect().width()); }

qint64 TimeCanvas::xToTime(int x) const
{
    return LaneSummary::columnEdge(m_viewport->startNs(), nsPerPixel(), x - kLabelWidth);
}

int TimeCanvas::timeToX(qint64 ns) const
{
    const double x = double(ns - m_viewport->startNs()) / nsPerPixel();
    return kLabelWidth + int(std::clamp(std::floor(x), -1e6, 1e6));
}

const TimeCanvas::Row* TimeCanvas::rowAt(int y) const
{
    if (y < kAxisHeight)
        return nullptr;
    const int contentY = y - kAxisHeight + verticalScrollBar()->value();
    const auto it
        = std::upper_bound(m_rows.begin(), m_rows.end(), contentY, [](int v, const Row& r) { return v < r.y; });
    if (it == m_rows.begin())
        return nullptr;
    const Row& row = *std::prev(it);
    return contentY < row.y + row.height ? &row : nullptr;
}

void TimeCanvas::onRangeChanged()
{
    syncHorizontalBar();
    viewport()->update();
}

void TimeCanvas::syncHorizontalBar()
{
    const qint64 limitSpan = m_viewport->limitEndNs() - m_viewport->limitStartNs();
    const qint64 unit = std::max<qint64>(1, limitSpan / kBarUnits);
    m_syncingBar = true;
    QScrollBar* bar = horizontalScrollBar();
    bar->setRange(0, int((limitSpan - m_viewport->spanNs()) / unit));
    bar->setPageStep(int(std::max<qint64>(1, m_viewport->spanNs() / unit)));
    bar->setSingleStep(std::max(1, bar->pageStep() / 10));
    bar->setValue(int((m_viewport->startNs() - m_viewport->limitStartNs()) / unit));
    m_syncingBar = false;
}

void TimeCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(viewport());
    const QRect all = viewport()->rect();
    if (!m_analysis || !m_data) {
        p.fillRect(all, palette().base());
        QString text = tr("Open a trace to see its timeline.");
        if (m_analysis)
            text = tr("Preparing the timeline… %1 %").arg(m_watcher.progressValue() / 10);
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(all, Qt::AlignCenter, text);
        return;
    }
    const std::vector<TimeAxis::Tick> ticks = TimeAxis::ticks(
        m_viewport->startNs(), m_viewport->endNs(), m_analysis->trace->firstNs, TimeAxis::step(nsPerPixel(), 90));
    const std::vector<VisibleRow> visible = visibleRows();
    prepareLanes(visible);
    p.save();
    p.setClipRect(QRect(0, kAxisHeight, all.width(), all.height() - kAxisHeight));
    paintRows(p, visible);
    paintDataOverlay(p, ticks);
    p.restore();
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(kLabelWidth - 1, 0, kLabelWidth - 1, all.height());
    paintAxis(p, ticks);
}

std::vector<TimeCanvas::VisibleRow> TimeCanvas::visibleRows() const
{
    const QRect data = dataRect();
    const int scroll = verticalScrollBar()->value();
    const int height = viewport()->height();
    std::vector<VisibleRow> visible;
    for (const Row& row : m_rows) {
        const int y = kAxisHeight + row.y - scroll;
        if (y + row.height < kAxisHeight)
            continue;
        if (y > height)
            break;
        visible.emplace_back(&row, QRect(data.left(), y, data.width(), row.height - kRowGap));
    }
    return visible;
}

void TimeCanvas::prepareLanes(const std::vector<VisibleRow>& visible)
{
    // The visible rows' lanes are rendered into images on the thread pool (summaries are
    // immutable, each painter owns its buffers), then drawn in order by paintRows.
    if (m_painters.size() < visible.size())
        m_painters.resize(visible.size());
    const QRgb background = palette().color(QPalette::Base).rgb();
    const qint64 from = m_viewport->startNs();
    const double npp = nsPerPixel();
    const auto prepare = [&](size_t i) {
        const auto& [row, band] = visible[i];
        if (row->lane < 0)
            return;
        const TimelineLane& lane = m_data->lane(row->lane);
        m_painters[i].prepare(band.size(), lane.summary, from, npp, background,
            [this, &lane](quint8 key) { return keyColor(lane, key).rgb(); });
    };
    std::vector<size_t> indices(visible.size());
    std::iota(indices.begin(), indices.end(), size_t(0));
    if (visible.size() >= 4)
        QtConcurrent::blockingMap(indices, prepare);
    else
        std::for_each(indices.begin(), indices.end(), prepare);
}

void TimeCanvas::paintRows(QPainter& p, const std::vector<VisibleRow>& visible) const
{
    const QRect all = viewport()->rect();
    const QRect data = dataRect();
    // Lanes are painted opaque: only what lies between and below them is filled here (the
    // viewport is WA_OpaquePaintEvent), so no pixel is written twice.
    const QBrush base = palette().base();
    p.fillRect(QRect(0, kAxisHeight, kLabelWidth, data.height()), base);
    int filledTo = kAxisHeight;
    const QColor text = palette().color(QPalette::Text);
    for (size_t i = 0; i < visible.size(); ++i) {
        const auto& [row, band] = visible[i];
        const int y = band.top();
        if (y > filledTo)
            p.fillRect(QRect(data.left(), filledTo, data.width(), y - filledTo), base);
        p.fillRect(QRect(data.left(), band.bottom() + 1, data.width(), kRowGap), base);
        filledTo = y + row->height;
        if (row->groupStart) {
            p.setPen(palette().color(QPalette::Mid));
            p.drawLine(0, y - 2, all.width(), y - 2);
        }
        if (row->lane >= 0)
            m_painters[i].draw(p, band.topLeft());
        else
            p.fillRect(band, base);
        paintRowOverlay(p, *row, band);
        if (!row->label.isEmpty()) {
            p.setPen(text);
            const QRect labelRect(4, y, kLabelWidth - 8, row->height);
            p.drawText(labelRect, Qt::AlignVCenter | Qt::AlignLeft,
                fontMetrics().elidedText(row->label, Qt::ElideRight, labelRect.width()));
        }
    }
    if (filledTo < all.height())
        p.fillRect(QRect(data.left(), filledTo, data.width(), all.height() - filledTo), base);
}

void TimeCanvas::paintDataOverlay(QPainter& p, const std::vector<TimeAxis::Tick>& ticks) const
{
    const QRect data = dataRect();
    const int bottom = viewport()->height();
    // Grid lines at the ticks, over the lanes (which are opaque).
    QColor grid = palette().color(QPalette::Text);
    grid.setAlpha(40);
    p.setPen(grid);
    for (const TimeAxis::Tick& t : ticks)
        p.drawLine(timeToX(t.ns), kAxisHeight, timeToX(t.ns), bottom);
    // Outside the analysis window, shaded.
    const AnalysisWindow& w = m_analysis->window;
    const int wx0 = std::clamp(timeToX(w.startNs), data.left(), data.right() + 1);
    const int wx1 = std::clamp(timeToX(w.endNs) + 1, data.left(), data.right() + 1);
    p.fillRect(QRect(data.left(), data.top(), wx0 - data.left(), data.height()), CategoryPalette::outsideWindow());
    p.fillRect(QRect(wx1, data.top(), data.right() + 1 - wx1, data.height()), CategoryPalette::outsideWindow());
    if (m_drag == Drag::Select) {
        const int x0 = std::min(m_selectX0, m_selectX1), x1 = std::max(m_selectX0, m_selectX1);
        p.fillRect(QRect(x0, data.top(), x1 - x0 + 1, data.height()), CategoryPalette::selection());
    }
}

void TimeCanvas::paintAxis(QPainter& p, const std::vector<TimeAxis::Tick>& ticks) const
{
    const QRect all = viewport()->rect();
    p.fillRect(QRect(0, 0, all.width(), kAxisHeight), palette().window());
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, kAxisHeight - 1, all.width(), kAxisHeight - 1);
    p.setPen(palette().color(QPalette::WindowText));
    for (const TimeAxis::Tick& t : ticks) {
        const int x = timeToX(t.ns);
        p.drawLine(x, kAxisHeight - 5, x, kAxisHeight - 1);
        p.drawText(QRect(x + 3, 0, 120, kAxisHeight - 3), Qt::AlignLeft | Qt::AlignVCenter, t.label);
    }
    p.fillRect(QRect(0, 0, kLabelWidth - 1, kAxisHeight - 1), palette().window());
    p.drawText(
        QRect(4, 0, kLabelWidth - 8, kAxisHeight - 1), Qt::AlignLeft | Qt::AlignVCenter, tr("from capture start"));
}

void TimeCanvas::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    relayout();
}

void TimeCanvas::scrollContentsBy(int, int) { viewport()->update(); }

void TimeCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    const QRect data = dataRect();
    m_pressPos = event->position().toPoint();
    m_moved = false;
    if (event->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Select;
        m_selectX0 = m_selectX1 = std::clamp(m_pressPos.x(), data.left(), data.right());
    } else {
        m_drag = Drag::Pan;
        m_pressStartNs = m_viewport->startNs();
        m_pressScroll = verticalScrollBar()->value();
    }
}

void TimeCanvas::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    m_moved = m_moved || (pos - m_pressPos).manhattanLength() > kDragThreshold;
    if (m_drag == Drag::Select) {
        m_selectX1 = std::clamp(pos.x(), dataRect().left(), dataRect().right());
        viewport()->update();
    } else if (m_drag == Drag::Pan && m_moved) {
        const qint64 start = m_pressStartNs - qint64(std::llround(double(pos.x() - m_pressPos.x()) * nsPerPixel()));
        m_viewport->setRange(start, start + m_viewport->spanNs());
        verticalScrollBar()->setValue(m_pressScroll - (pos.y() - m_pressPos.y()));
    }
}

void TimeCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    const Drag drag = m_drag;
    m_drag = Drag::None;
    if (drag == Drag::Select) {
        m_selectX1 = std::clamp(event->position().toPoint().x(), dataRect().left(), dataRect().right());
        const int x0 = std::min(m_selectX0, m_selectX1), x1 = std::max(m_selectX0, m_selectX1);
        viewport()->update();
        if (x1 - x0 >= 2 && m_analysis)
            emit windowRequested(xToTime(x0), xToTime(x1));
    } else if (drag == Drag::Pan && !m_moved) {
        clicked(event->position().toPoint());
    }
}

void TimeCanvas::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        doubleClicked(event->position().toPoint());
}

void TimeCanvas::wheelEvent(QWheelEvent* event)
{
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y() / 2);
    } else if ((event->modifiers() & Qt::ShiftModifier) || delta.x() != 0) {
        // Horizontal scrolling (Shift+wheel, touchpads): pan, later to the right.
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        m_viewport->pan(-qint64(double(d) / 120.0 * kPanShare * double(m_viewport->spanNs())));
    } else if (delta.y() != 0) {
        m_viewport->zoom(std::pow(kWheelZoom, double(delta.y()) / 120.0), xToTime(int(event->position().x())));
    }
    event->accept();
}

void TimeCanvas::keyPressEvent(QKeyEvent* event)
{
    const qint64 centre = m_viewport->startNs() + m_viewport->spanNs() / 2;
    const auto panBy = qint64(kPanShare * double(m_viewport->spanNs()));
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        m_viewport->zoom(kKeyZoom, centre);
        break;
    case Qt::Key_Minus:
        m_viewport->zoom(1.0 / kKeyZoom, centre);
        break;
    case Qt::Key_Left:
        m_viewport->pan(-panBy);
        break;
    case Qt::Key_Right:
        m_viewport->pan(panBy);
        break;
    case Qt::Key_Home:
        m_viewport->fitAll();
        break;
    case Qt::Key_Escape:
        if (m_drag == Drag::Select) {
            m_drag = Drag::None;
            viewport()->update();
        }
        break;
    default:
        return QAbstractScrollArea::keyPressEvent(event); // Up/Down/PageUp/PageDown scroll the lanes
    }
    event->accept();
}

bool TimeCanvas::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace sl
