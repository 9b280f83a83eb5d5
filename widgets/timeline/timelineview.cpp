// SPDX-License-Identifier: MIT
#include "widgets/timeline/timelineview.h"

#include "core/analysis/rules/taxonomy.h"
#include "core/util/format.h"
#include "widgets/categorypalette.h"
#include "widgets/timeline/timeviewport.h"

#include <QPainter>

#include <algorithm>
#include <numeric>

namespace sl {

namespace {
constexpr int kMergeScan = 64; ///< marks looked at to pick a merged pixel's tag

bool acceptsPids(const ScopeFilter& scope, const std::vector<quint32>& pids)
{
    return scope.pid == ScopeFilter::kAny || std::binary_search(pids.begin(), pids.end(), quint32(scope.pid));
}

QString elided(const QString& s, int chars)
{
    return s.size() <= chars ? s : s.left(chars / 2) + QStringLiteral("…") + s.right(chars / 2);
}
} // namespace

void TimelineView::Marks::add(qint64 s, qint64 e, int t)
{
    start.push_back(s), end.push_back(std::max(s, e));
    if (t >= 0)
        tag.push_back(quint8(t));
}

void TimelineView::Marks::finish()
{
    std::vector<size_t> order(start.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [this](size_t a, size_t b) { return start[a] < start[b]; });
    auto permute = [&order](auto& v) {
        auto copy = v;
        for (size_t i = 0; i < order.size(); ++i)
            v[i] = copy[order[i]];
    };
    permute(start), permute(end);
    if (!tag.empty())
        permute(tag);
    maxEnd.resize(end.size());
    qint64 m = std::numeric_limits<qint64>::min();
    for (size_t i = 0; i < end.size(); ++i)
        maxEnd[i] = m = std::max(m, end[i]);
}

TimelineView::TimelineView(QWidget* parent)
    : TimeCanvas(parent)
{
    setObjectName(QStringLiteral("timelineView"));
    connect(this, &TimeCanvas::dataReady, this, &TimelineView::rebuildKernelMarks);
}

void TimelineView::analysisChanged()
{
    m_gaps.clear();
    m_gapMarks.clear();
    m_kernelMarks.clear();
    m_highlighted.clear();
    m_rangeDevice = -1;
    m_counters.clear();
    m_counterTop.clear();
    if (!analysis())
        return;
    // Counter rows index this list; built once per analysis, not per paint. So is each row's
    // scale: a maximum over a 10 kHz series is a pass over hundreds of thousands of samples.
    for (const CounterSeries& c : analysis()->trace->counters.series)
        m_counters << &c;
    for (const CounterSeries& c : analysis()->counters.imported.series)
        m_counters << &c;
    for (const CounterSeries* c : std::as_const(m_counters))
        m_counterTop << (c->isPercent() || c->v.empty()
                ? 100.0
                : std::max(1e-9, double(*std::max_element(c->v.begin(), c->v.end()))));
    for (const IdleGap& g : analysis()->gaps) {
        m_gaps[g.deviceId].push_back(g);
        m_gapMarks[g.deviceId].add(g.startNs, g.endNs, int(g.cause));
    }
    for (auto& [device, gaps] : m_gaps)
        std::sort(gaps.begin(), gaps.end(), [](const IdleGap& a, const IdleGap& b) { return a.startNs < b.startNs; });
    for (auto& [device, marks] : m_gapMarks)
        marks.finish();
}

void TimelineView::setHiddenCounters(const QSet<QString>& names)
{
    if (names == m_hiddenCounters)
        return;
    m_hiddenCounters = names;
    relayout();
}

std::vector<TimeCanvas::Row> TimelineView::buildRows() const
{
    std::vector<Row> rows;
    const ScopeFilter& s = scope();
    const Trace& t = *data()->trace();
    int y = 2;
    auto add = [&](int lane, int height, const QString& label, bool group) {
        rows.push_back({ lane, y, height, label, group });
        y += height;
    };
    for (const TimelineData::Device& d : data()->devices()) {
        if (!s.acceptsLane(d.deviceId, ScopeFilter::kAny) || !acceptsPids(s, data()->lane(d.busy).pids))
            continue;
        const GpuInfo* gpu = t.gpu(d.deviceId);
        add(d.busy, kBusyHeight,
            gpu && !gpu->name.isEmpty() ? tr("GPU %1 · %2").arg(d.deviceId).arg(gpu->name)
                                        : tr("GPU %1").arg(d.deviceId),
            !rows.empty());
        for (const int lane : d.kernels) {
            const TimelineLane& l = data()->lane(lane);
            if (s.acceptsLane(d.deviceId, l.stream) && acceptsPids(s, l.pids))
                add(lane, kLaneHeight, tr("stream %1").arg(l.stream), false);
        }
        // Graph, copy and memset lanes gather every stream: a stream scope hides them.
        if (s.stream != ScopeFilter::kAny)
            continue;
        const std::pair<int, QString> extra[]
            = { { d.graphs, tr("graphs") }, { d.memcpy, tr("copies") }, { d.memset, tr("memsets") } };
        for (const auto& [lane, label] : extra)
            if (lane >= 0 && acceptsPids(s, data()->lane(lane).pids))
                add(lane, kCopyHeight, label, false);
        // Hardware counters of this GPU (GPU metrics of the export, NVML samples), one row each.
        const QVector<const CounterSeries*>& counters = m_counters;
        for (qsizetype i = 0; i < counters.size(); ++i) {
            if (counters[i]->deviceId != d.deviceId || m_hiddenCounters.contains(counters[i]->name))
                continue;
            rows.push_back({ -1, y, kCounterHeight, counters[i]->name, false, int(i) });
            y += kCounterHeight;
        }
        y += 4;
    }
    return rows;
}

QColor TimelineView::keyColor(const TimelineLane& lane, quint8 key) const
{
    switch (lane.kind) {
    case TimelineLane::Kind::Kernels:
        return CategoryPalette::category(key == LaneSummary::kNoKey ? -1 : key);
    case TimelineLane::Kind::Memcpy:
        return CategoryPalette::copyKind(key);
    default:
        return CategoryPalette::busy();
    }
}

void TimelineView::paintMarks(
    const Marks& marks, const QRect& rect, const std::function<void(const QRect&, int tag)>& fill) const
{
    const qint64 viewStart = xToTime(rect.left()), viewEnd = xToTime(rect.right() + 1);
    const auto n = marks.start.size();
    size_t i = size_t(std::upper_bound(marks.maxEnd.begin(), marks.maxEnd.end(), viewStart) - marks.maxEnd.begin());
    int lastX = rect.left() - 1;
    while (i < n && marks.start[i] < viewEnd) {
        const int xs = std::max(rect.left(), timeToX(marks.start[i]));
        // Every mark starting before the next column joins this one: one fill per column.
        const qint64 next = xToTime(xs + 1);
        size_t j = size_t(
            std::lower_bound(marks.start.begin() + qsizetype(i) + 1, marks.start.end(), next) - marks.start.begin());
        j = std::max(j, i + 1);
        const int xe = std::min(rect.right(), std::max(xs, timeToX(marks.maxEnd[j - 1] - 1)));
        const int x0 = std::max(xs, lastX + 1);
        if (xe >= x0) {
            int tag = -1;
            if (!marks.tag.empty()) {
                size_t longest = i;
                for (size_t k = i; k < j && k < i + kMergeScan; ++k)
                    if (marks.end[k] - marks.start[k] > marks.end[longest] - marks.start[longest])
                        longest = k;
                tag = marks.tag[longest];
            }
            fill(QRect(x0, rect.top(), xe - x0 + 1, rect.height()), tag);
            lastX = xe;
        }
        i = j;
    }
}

void TimelineView::paintCounter(QPainter& p, const Row& row, const QRect& rect) const
{
    const QVector<const CounterSeries*>& counters = m_counters;
    if (row.counter < 0 || row.counter >= counters.size())
        return;
    const CounterSeries& c = *counters[row.counter];
    if (c.v.empty() || c.prefix.size() != c.v.size() + 1 || row.counter >= m_counterTop.size())
        return;
    const double top = m_counterTop[row.counter];
    // Level of detail: each pixel column shows the mean of the samples whose timestamps fall in
    // it (prefix sums: O(1) per column, as CounterSeries::meanBetween), or, zoomed in closer than
    // the sampling period, the sample whose period covers it. The columns are walked left to
    // right, each one's first sample being the previous one's end, found by a galloping search
    // from there (O(log samples in the column), near in memory): a frame's cost is bounded by
    // the width at any zoom. Neighbouring columns of equal height merge into one rectangle and
    // the lane is drawn in one drawRects call, not a fillRect per column (a quarter of the CPU
    // time on a 1 M-kernel export with 2.2 M samples, docs/benchmarks.md).
    const auto& t = c.t;
    const int bottom = rect.bottom() + 1;
    QVector<QRect> bars;
    bars.reserve(rect.width());
    const auto add = [&](int x, int h) {
        if (h <= 0)
            return;
        if (!bars.isEmpty() && bars.back().right() == x - 1 && bars.back().height() == h)
            bars.back().setRight(x);
        else
            bars << QRect(x, bottom - h, 1, h);
    };
    const QPainter::RenderHints hints = p.renderHints();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(Qt::NoPen);
    p.setBrush(CategoryPalette::counter(c.source == CounterSeries::Source::Nvml));
    auto i0 = size_t(std::lower_bound(t.begin(), t.end(), xToTime(rect.left())) - t.begin());
    for (int x = rect.left(); x <= rect.right(); ++x) {
        const qint64 from = xToTime(x), to = xToTime(x + 1);
        size_t step = 1, lo = i0;
        while (lo + step < t.size() && t[lo + step] < to) {
            lo += step;
            step *= 2;
        }
        const auto last = t.begin() + qsizetype(std::min(t.size(), lo + step));
        const auto i1 = size_t(std::lower_bound(t.begin() + qsizetype(lo), last, to) - t.begin());
        std::optional<double> v;
        if (i1 > i0)
            v = (c.prefix[i1] - c.prefix[i0]) / double(i1 - i0);
        else if (i0 < t.size() && c.periodStart(qsizetype(i0)) <= from)
            v = double(c.v[i0]);
        i0 = i1;
        if (v && *v > 0) // a positive mean keeps at least one pixel
            add(x, std::clamp(int(std::lround(*v / top * rect.height())), 1, rect.height()));
    }
    p.drawRects(bars);
    p.setRenderHints(hints);
}

QString TimelineView::counterToolTip(const Row& row, const QPoint& pos) const
{
    const QVector<const CounterSeries*>& counters = m_counters;
    if (row.counter < 0 || row.counter >= counters.size())
        return {};
    const CounterSeries& c = *counters[row.counter];
    const std::optional<double> v = c.meanBetween(xToTime(pos.x()), xToTime(pos.x() + 1));
    if (!v)
        return tr("%1<br>No sample here").arg(c.name.toHtmlEscaped());
    return tr("<b>%1</b> on GPU %2: %3 %4<br>Mean of the samples in this pixel (%5 at %6)")
        .arg(c.name.toHtmlEscaped())
        .arg(c.deviceId)
        .arg(*v, 0, 'f', 1)
        .arg(c.unit.toHtmlEscaped(), formatDuration(xToTime(pos.x() + 1) - xToTime(pos.x())), offset(xToTime(pos.x())));
}

void TimelineView::paintRowOverlay(QPainter& p, const Row& row, const QRect& rect) const
{
    if (row.lane < 0) {
        paintCounter(p, row, rect);
        return;
    }
    const TimelineLane& lane = data()->lane(row.lane);
    if (lane.kind == TimelineLane::Kind::DeviceBusy) {
        const auto it = m_gapMarks.find(lane.device);
        if (it != m_gapMarks.end())
            paintMarks(it->second, rect.adjusted(0, 3, 0, -3),
                [&p](const QRect& r, int tag) { p.fillRect(r, CategoryPalette::idle(IdleGap::Cause(tag))); });
    } else if (lane.kind == TimelineLane::Kind::Kernels) {
        const auto it = m_kernelMarks.find(row.lane);
        if (it != m_kernelMarks.end())
            paintMarks(it->second, rect, [&p](const QRect& r, int) {
                p.fillRect(QRect(r.left(), r.top(), r.width(), 3), CategoryPalette::highlight());
                p.fillRect(QRect(r.left(), r.bottom() - 2, r.width(), 3), CategoryPalette::highlight());
            });
    }
    if (m_rangeDevice == lane.device && m_rangeDevice >= 0) {
        const int x0 = std::max(rect.left(), timeToX(m_rangeStart));
        const int x1 = std::min(rect.right(), std::max(x0, timeToX(m_rangeEnd)));
        if (x1 >= x0) {
            QColor c = CategoryPalette::highlight();
            c.setAlpha(60);
            p.fillRect(QRect(x0, rect.top(), x1 - x0 + 1, rect.height()), c);
        }
    }
}

void TimelineView::zoomTo(qint64 startNs, qint64 endNs) { timeViewport()->setRange(startNs, endNs); }

void TimelineView::highlightKernels(std::vector<quint32> kernelIndices)
{
    m_highlighted = std::move(kernelIndices);
    rebuildKernelMarks();
    if (!analysis() || m_highlighted.empty())
        return;
    const KernelTable& k = analysis()->trace->kernels;
    qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
    for (const quint32 i : m_highlighted)
        if (i < quint32(k.size()))
            lo = std::min(lo, k.start[i]), hi = std::max(hi, k.endOf(i));
    if (lo <= hi) {
        const qint64 margin = std::max<qint64>((hi - lo) / 20, 1000);
        zoomTo(lo - margin, hi + margin);
    }
}

void TimelineView::rebuildKernelMarks()
{
    // Also called when the lanes arrive: marks set before the lanes were built still show.
    m_kernelMarks.clear();
    if (analysis() && data()) {
        const KernelTable& k = analysis()->trace->kernels;
        for (const quint32 i : m_highlighted)
            if (i < quint32(k.size()))
                if (const int lane = data()->kernelLane(k.device[i], k.stream[i]); lane >= 0)
                    m_kernelMarks[lane].add(k.start[i], k.endOf(i));
        for (auto& [lane, marks] : m_kernelMarks)
            marks.finish();
    }
    viewport()->update();
}

void TimelineView::highlightRange(int deviceId, qint64 startNs, qint64 endNs)
{
    m_rangeDevice = deviceId;
    m_rangeStart = std::min(startNs, endNs);
    m_rangeEnd = std::max(startNs, endNs);
    const qint64 margin = std::max<qint64>((m_rangeEnd - m_rangeStart) / 10, 1000);
    zoomTo(m_rangeStart - margin, m_rangeEnd + margin);
    viewport()->update();
}

void TimelineView::clearHighlights()
{
    m_highlighted.clear();
    m_kernelMarks.clear();
    m_rangeDevice = -1;
    viewport()->update();
}

TimelineView::Hit TimelineView::hitAt(const QPoint& pos) const
{
    Hit h;
    const Row* row = rowAt(pos.y());
    if (!row || row->lane < 0 || !data() || pos.x() < dataRect().left())
        return h;
    h.lane = row->lane;
    const LaneSummary& s = data()->lane(row->lane).summary;
    h.fromNs = xToTime(pos.x());
    h.toNs = std::max(xToTime(pos.x() + 1), h.fromNs + 1);
    h.hit = s.hit(h.fromNs, h.toNs);
    if (h.hit.event < 0 && h.hit.cell.count == 0 && h.hit.cell.busyNs == 0) {
        // Nothing under the pointer: a kernel narrower than a pixel two pixels away still counts.
        const LaneSummary::Hit near = s.hit(xToTime(pos.x() - 2), xToTime(pos.x() + 3));
        if (near.event >= 0)
            h.hit.event = near.event;
    }
    return h;
}

qint64 TimelineView::kernelAt(const QPoint& pos) const
{
    const Hit h = hitAt(pos);
    if (h.lane < 0 || h.hit.event < 0 || data()->lane(h.lane).kind != TimelineLane::Kind::Kernels)
        return -1;
    return data()->lane(h.lane).summary.row(h.hit.event);
}

const IdleGap* TimelineView::gapAt(int deviceId, qint64 fromNs, qint64 toNs) const
{
    const auto it = m_gaps.find(deviceId);
    if (it == m_gaps.end())
        return nullptr;
    const auto& gaps = it->second;
    // Gaps of a device do not overlap: the candidate is the last one starting before toNs.
    auto g = std::lower_bound(
        gaps.begin(), gaps.end(), toNs, [](const IdleGap& gap, qint64 t) { return gap.startNs < t; });
    if (g == gaps.begin())
        return nullptr;
    --g;
    return g->endNs > fromNs ? &*g : nullptr;
}

QString TimelineView::offset(qint64 ns) const { return formatDuration(ns - analysis()->trace->firstNs); }

QString TimelineView::kernelToolTip(quint32 kernel) const
{
    const Trace& t = *analysis()->trace;
    const KernelTable& k = t.kernels;
    const quint32 name = k.name[kernel];
    const quint8 category
        = name < data()->keys().kernelKeyOfName.size() ? data()->keys().kernelKeyOfName[name] : LaneSummary::kNoKey;
    const QStringList categories = Taxonomy::categories();
    QString text = t.strings.at(k.shortNameOf(kernel)).toHtmlEscaped();
    text = QStringLiteral("<b>%1</b>").arg(text);
    if (k.shortNameOf(kernel) != name)
        text += QStringLiteral("<br>") + elided(t.strings.at(name), 160).toHtmlEscaped();
    text += QStringLiteral("<br>")
        + tr("Category: %1").arg(category < categories.size() ? categories[category] : tr("unknown"))
        + QStringLiteral("<br>") + tr("Start: %1 after the capture start").arg(offset(k.start[kernel]))
        + QStringLiteral("<br>") + tr("Duration: %1").arg(formatDuration(k.duration(kernel))) + QStringLiteral("<br>")
        + tr("GPU %1, stream %2").arg(k.device[kernel]).arg(k.stream[kernel]);
    return text;
}

QString TimelineView::toolTipAt(const QPoint& pos) const
{
    if (const Row* row = rowAt(pos.y()); row && row->lane < 0)
        return counterToolTip(*row, pos);
    const Hit h = hitAt(pos);
    if (h.lane < 0)
        return {};
    const TimelineLane& lane = data()->lane(h.lane);
    const Trace& t = *analysis()->trace;
    const LaneCell& c = h.hit.cell;
    const QString share = formatPercent(double(c.busyNs) / double(std::max<qint64>(1, h.toNs - h.fromNs)));
    switch (lane.kind) {
    case TimelineLane::Kind::DeviceBusy:
        if (const IdleGap* g = gapAt(lane.device, h.fromNs, h.toNs))
            return tr("<b>Idle gap</b> of %1<br>Cause: %2<br>From %3 to %4 after the capture start")
                .arg(formatDuration(g->durationNs()), causeLabel(g->cause), offset(g->startNs), offset(g->endNs));
        return tr("GPU %1 busy %2 of this pixel (%3 at %4)")
            .arg(lane.device)
            .arg(share, formatDuration(h.toNs - h.fromNs), offset(h.fromNs));
    case TimelineLane::Kind::Kernels:
        if (h.hit.event >= 0)
            return kernelToolTip(lane.summary.row(h.hit.event));
        if (c.count == 0 && c.busyNs == 0)
            return {};
        return tr("%n kernel(s) start in this pixel (%1 at %2)<br>Busy: %3<br>Mostly: %4", nullptr, int(c.count))
            .arg(formatDuration(h.toNs - h.fromNs), offset(h.fromNs), share,
                c.key < Taxonomy::categories().size() ? Taxonomy::categories()[c.key] : tr("unknown"));
    case TimelineLane::Kind::Memcpy:
        if (h.hit.event >= 0) {
            const quint32 r = lane.summary.row(h.hit.event);
            return tr("<b>Copy %1</b>, %2<br>Start: %3 after the capture start<br>Duration: %4")
                .arg(Trace::memcpyKindLabel(t.memcpy.copyKind[r]), formatBytes(t.memcpy.bytes[r]),
                    offset(t.memcpy.start[r]), formatDuration(t.memcpy.duration(r)));
        }
        break;
    case TimelineLane::Kind::Memset:
    case TimelineLane::Kind::Graphs:
        if (h.hit.event >= 0) {
            const quint32 r = lane.summary.row(h.hit.event);
            const GpuOpColumns& ops
                = lane.kind == TimelineLane::Kind::Memset ? static_cast<const GpuOpColumns&>(t.memset) : t.graphs;
            return tr("<b>%1</b><br>Start: %2 after the capture start<br>Duration: %3")
                .arg(lane.kind == TimelineLane::Kind::Memset ? tr("Memset") : tr("Graph launch"), offset(ops.start[r]),
                    formatDuration(ops.duration(r)));
        }
        break;
    case TimelineLane::Kind::Nvtx:
        break;
    }
    if (c.count == 0 && c.busyNs == 0)
        return {};
    return tr("%n operation(s) start in this pixel (%1 at %2)<br>Busy: %3", nullptr, int(c.count))
        .arg(formatDuration(h.toNs - h.fromNs), offset(h.fromNs), share);
}

QString TimelineView::causeLabel(IdleGap::Cause cause)
{
    switch (cause) {
    case IdleGap::HostWait:
        return tr("host wait (the launch came late)");
    case IdleGap::SyncWait:
        return tr("sync wait (a blocking call was waiting)");
    case IdleGap::ProfilerOverhead:
        return tr("profiler (CUPTI flush)");
    case IdleGap::Other:
        break;
    }
    return tr("other");
}

void TimelineView::clicked(const QPoint& pos)
{
    if (const qint64 k = kernelAt(pos); k >= 0)
        emit kernelActivated(quint32(k));
}

void TimelineView::doubleClicked(const QPoint& pos)
{
    const Hit h = hitAt(pos);
    if (h.lane < 0 || h.hit.event < 0)
        return;
    const LaneSummary& s = data()->lane(h.lane).summary;
    const qint64 start = s.startOf(h.hit.event), end = s.endOf(h.hit.event);
    const qint64 margin = std::max<qint64>((end - start) / 4, 50);
    zoomTo(start - margin, end + margin);
}

} // namespace sl
