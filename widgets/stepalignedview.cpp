// SPDX-License-Identifier: MIT
#include "widgets/stepalignedview.h"

#include "core/analysis/rules/taxonomy.h"
#include "core/util/format.h"
#include "widgets/categorypalette.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <map>

namespace sl {

namespace {
constexpr int kLabelWidth = 160;
constexpr int kHeader = 18;
constexpr int kLaneHeight = 26;
constexpr int kLaneGap = 4;
constexpr int kSlotGap = 8;
constexpr int kMinSlot = 4;
constexpr int kMaxProcessesPerTrace = 4;
} // namespace

StepAlignedView::StepAlignedView(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::WheelFocus);
}

void StepAlignedView::setComparison(const ComparisonPtr& c, int phase)
{
    m_comparison = c;
    m_lanes.clear();
    m_categoryOfName.clear();
    m_first = 0;
    if (c && phase >= 0 && phase < c->phases.size()) {
        const QStringList categories = Taxonomy::categories();
        for (int i = 0; i < c->traceCount(); ++i) {
            const AnalysisResult& r = *c->analyses[i];
            std::vector<qint8> cat(r.trace->strings.size(), qint8(categories.size() - 1));
            for (const auto& k : r.kernels)
                cat[k.name] = qint8(std::max<qsizetype>(0, categories.indexOf(k.category)));
            m_categoryOfName.push_back(std::move(cat));

            const int slot = c->phaseSlot(i, c->phases[phase]);
            std::map<quint32, QVector<int>> byPid;
            const auto& steps = c->breakdowns[i].steps;
            for (qsizetype s = 0; s < steps.size(); ++s)
                if (slot >= 0 && steps[s].phase == slot)
                    byPid[steps[s].pid].append(int(s));
            // Ranks with the most steps first; a trace with many ranks shows a few, not all.
            std::vector<std::pair<quint32, QVector<int>>> pids(byPid.begin(), byPid.end());
            std::stable_sort(pids.begin(), pids.end(),
                [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
            if (pids.size() > size_t(kMaxProcessesPerTrace))
                pids.resize(kMaxProcessesPerTrace);
            for (auto& [pid, idx] : pids) {
                Lane lane;
                lane.trace = i, lane.pid = pid, lane.steps = std::move(idx);
                for (const auto& p : r.processes)
                    if (p.pid == pid)
                        for (int d : p.devices)
                            lane.devices.append(quint16(d));
                lane.label = pids.size() > 1 ? tr("%1 · pid %2").arg(c->labels[i]).arg(pid) : c->labels[i];
                m_lanes.append(lane);
            }
        }
    }
    // Fit: the median of the first columns' widths at about 160 px.
    std::vector<qint64> widths;
    for (int k = 0; k < std::min(16, stepCount()); ++k) {
        qint64 w = 0;
        for (int l = 0; l < laneCount(); ++l)
            if (const AlignedStep* s = stepOf(l, k))
                w = std::max(w, s->endNs - s->startNs);
        widths.push_back(w);
    }
    std::sort(widths.begin(), widths.end());
    m_nsPerPx = widths.empty() ? 100.0 : std::max(1.0, double(widths[widths.size() / 2]) / 160.0);
    updateGeometry();
    update();
    emit firstStepChanged(m_first);
}

int StepAlignedView::stepCount() const
{
    int n = 0;
    for (const auto& l : m_lanes)
        n = std::max(n, int(l.steps.size()));
    return n;
}

void StepAlignedView::setFirstStep(int k)
{
    k = std::clamp(k, 0, std::max(0, stepCount() - 1));
    if (k == m_first)
        return;
    m_first = k;
    update();
    emit firstStepChanged(k);
}

void StepAlignedView::setNsPerPixel(double ns)
{
    m_nsPerPx = std::max(0.01, ns);
    update();
}

const AlignedStep* StepAlignedView::stepOf(int lane, int k) const
{
    if (lane < 0 || lane >= m_lanes.size() || k < 0 || k >= m_lanes[lane].steps.size())
        return nullptr;
    const Lane& l = m_lanes[lane];
    return &m_comparison->breakdowns[l.trace].steps[l.steps[k]];
}

QVector<StepAlignedView::Slot> StepAlignedView::visibleSlots() const
{
    QVector<Slot> columns;
    const int steps = stepCount();
    int x = kLabelWidth;
    for (int k = m_first; k < steps && x < width(); ++k) {
        qint64 longest = 0;
        for (int l = 0; l < laneCount(); ++l)
            if (const AlignedStep* s = stepOf(l, k))
                longest = std::max(longest, s->endNs - s->startNs);
        const int w = std::max(kMinSlot, int(double(longest) / m_nsPerPx));
        columns.append({ k, x, w });
        x += w + kSlotGap;
    }
    return columns;
}

int StepAlignedView::laneTop(int lane) const { return kHeader + lane * (kLaneHeight + kLaneGap); }

QRect StepAlignedView::stepRect(int lane, int k) const
{
    const AlignedStep* s = stepOf(lane, k);
    if (!s)
        return {};
    for (const Slot& slot : visibleSlots())
        if (slot.step == k)
            return QRect(
                slot.x, laneTop(lane), std::max(2, int(double(s->endNs - s->startNs) / m_nsPerPx)), kLaneHeight);
    return {};
}

std::pair<int, int> StepAlignedView::hit(const QPoint& p) const
{
    for (int l = 0; l < laneCount(); ++l) {
        if (p.y() < laneTop(l) || p.y() >= laneTop(l) + kLaneHeight)
            continue;
        for (const Slot& slot : visibleSlots())
            if (p.x() >= slot.x && p.x() < slot.x + slot.width && stepOf(l, slot.step))
                return { l, slot.step };
    }
    return { -1, -1 };
}

QSize StepAlignedView::sizeHint() const { return QSize(720, laneTop(std::max(1, laneCount())) + 8); }

QSize StepAlignedView::minimumSizeHint() const { return QSize(kLabelWidth + 100, laneTop(1) + 8); }

void StepAlignedView::paintKernels(QPainter& p, const Lane& lane, const AlignedStep& s, const QRect& r) const
{
    const Trace& t = *m_comparison->analyses[lane.trace]->trace;
    const auto& cat = m_categoryOfName[size_t(lane.trace)];
    static const QStringList categories = Taxonomy::categories();
    const int rows = std::max(1, int(lane.devices.size()));
    const int rowHeight = std::max(2, (r.height() - 4) / rows);
    for (int d = 0; d < lane.devices.size(); ++d) {
        const int y = r.top() + 2 + d * rowHeight;
        // Whole-graph launches have no kernel rows: draw the launch itself, hatched.
        auto g = std::lower_bound(t.graphs.start.begin(), t.graphs.start.end(), s.startNs);
        for (auto i = size_t(g - t.graphs.start.begin()); i < t.graphs.start.size() && t.graphs.start[i] <= s.endNs;
             ++i) {
            if (t.graphs.device[i] != lane.devices[d])
                continue;
            const int x0 = r.left() + int(double(t.graphs.start[i] - s.startNs) / m_nsPerPx);
            const int x1
                = std::min(r.right() + 1, r.left() + int(std::ceil(double(t.graphs.endOf(i) - s.startNs) / m_nsPerPx)));
            p.fillRect(QRect(x0, y, std::max(1, x1 - x0), rowHeight - 1), QBrush(Qt::darkGray, Qt::Dense4Pattern));
        }
        const auto it = t.kernelsByDevice.find(lane.devices[d]);
        if (it == t.kernelsByDevice.end())
            continue;
        const auto& idx = it->second;
        auto k = std::lower_bound(
            idx.begin(), idx.end(), s.startNs, [&](quint32 i, qint64 at) { return t.kernels.start[i] < at; });
        int drawnTo = r.left(); // pixel columns left of this are painted: one rectangle per column at most
        for (; k != idx.end() && t.kernels.start[*k] <= s.endNs; ++k) {
            const double x0 = double(r.left()) + double(t.kernels.start[*k] - s.startNs) / m_nsPerPx;
            const double x1 = double(r.left()) + double(t.kernels.endOf(*k) - s.startNs) / m_nsPerPx;
            int px0 = std::max(drawnTo, int(x0));
            const int px1 = std::min(r.right() + 1, std::max(int(x0) + 1, int(std::ceil(x1))));
            if (px1 <= px0)
                continue;
            p.fillRect(QRect(px0, y, px1 - px0, rowHeight - 1),
                CategoryPalette::category(categories.value(cat[t.kernels.name[*k]])));
            drawnTo = px1;
            if (drawnTo > r.right())
                break;
        }
    }
}

void StepAlignedView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_lanes.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No NVTX steps of this phase in the compared traces."));
        return;
    }
    const QVector<Slot> columns = visibleSlots();
    p.setPen(palette().color(QPalette::Text));
    const QFontMetrics fm = fontMetrics();
    for (const Slot& slot : columns)
        if (slot.width >= fm.horizontalAdvance(QStringLiteral("0000")))
            p.drawText(QRect(slot.x, 0, slot.width, kHeader), Qt::AlignLeft | Qt::AlignVCenter,
                QString::number(slot.step + 1));
    for (int l = 0; l < laneCount(); ++l) {
        const Lane& lane = m_lanes[l];
        const int top = laneTop(l);
        p.setPen(CategoryPalette::trace(lane.trace));
        p.drawText(QRect(4, top, kLabelWidth - 8, kLaneHeight), Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(lane.label, Qt::ElideMiddle, kLabelWidth - 8));
        for (const Slot& slot : columns) {
            const AlignedStep* s = stepOf(l, slot.step);
            if (!s)
                continue;
            const QRect r = stepRect(l, slot.step).intersected(QRect(slot.x, top, width() - slot.x, kLaneHeight));
            p.fillRect(r, palette().color(QPalette::AlternateBase));
            paintKernels(p, lane, *s, r);
            p.setPen(palette().color(QPalette::Mid));
            p.drawRect(r.adjusted(0, 0, -1, -1));
        }
    }
}

void StepAlignedView::wheelEvent(QWheelEvent* event)
{
    const int notches = event->angleDelta().y() / 120;
    if (notches == 0)
        return;
    if (event->modifiers() & Qt::ControlModifier)
        setNsPerPixel(m_nsPerPx * std::pow(1.25, -notches));
    else
        setFirstStep(m_first - notches);
    event->accept();
}

void StepAlignedView::mousePressEvent(QMouseEvent* event)
{
    const auto [lane, k] = hit(event->position().toPoint());
    if (lane < 0 || event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    emit stepActivated(m_lanes[lane].trace, m_lanes[lane].steps[k]);
}

bool StepAlignedView::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const auto [lane, k] = hit(help->pos());
    const AlignedStep* s = stepOf(lane, k);
    if (!s) {
        QToolTip::hideText();
        return true;
    }
    QToolTip::showText(help->globalPos(),
        tr("%1, step %2: %3 (starts at %4). Click to show its kernels.")
            .arg(m_lanes[lane].label)
            .arg(k + 1)
            .arg(formatDuration(s->endNs - s->startNs), formatDuration(s->startNs)),
        this);
    return true;
}

} // namespace sl
