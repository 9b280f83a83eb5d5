// SPDX-License-Identifier: MIT
#include "widgets/timeline/nvtxview.h"

#include "core/util/format.h"
#include "widgets/categorypalette.h"
#include "widgets/timeline/timeviewport.h"

namespace sl {

NvtxView::NvtxView(QWidget* parent)
    : TimeCanvas(parent)
{
    setObjectName(QStringLiteral("nvtxView"));
}

std::vector<TimeCanvas::Row> NvtxView::buildRows() const
{
    std::vector<Row> rows;
    const Trace& t = *data()->trace();
    int y = 2;
    for (const TimelineData::Thread& th : data()->threads()) {
        if (!scope().acceptsThread(th.pid, th.tid))
            continue;
        const QString name = t.threadName(th.pid, th.tid);
        const QString label = name.isEmpty() ? tr("thread %1 (%2)").arg(th.tid).arg(th.pid)
                                             : tr("%1 (%2/%3)").arg(name).arg(th.pid).arg(th.tid);
        for (size_t depth = 0; depth < th.depths.size(); ++depth) {
            rows.push_back({ th.depths[depth], y, kDepthHeight, depth == 0 ? label : QString(), depth == 0 && y > 2 });
            y += kDepthHeight;
        }
        y += 4;
    }
    return rows;
}

QColor NvtxView::keyColor(const TimelineLane&, quint8 key) const
{
    // Keys are phase indices of this analysis; the palette colours phases by name.
    const QStringList& names = data() ? data()->keys().phaseNames : QStringList();
    return CategoryPalette::phase(key < names.size() ? names[key] : QString());
}

QString NvtxView::phaseName(quint8 key) const
{
    const QStringList& names = data() ? data()->keys().phaseNames : QStringList();
    return key < names.size() ? names[key] : tr("no phase");
}

LaneSummary::Hit NvtxView::hitAt(const QPoint& pos, int* lane, qint64* fromNs, qint64* toNs) const
{
    *lane = -1;
    const Row* row = rowAt(pos.y());
    if (!row || !data() || pos.x() < dataRect().left())
        return {};
    *lane = row->lane;
    *fromNs = xToTime(pos.x());
    *toNs = std::max(xToTime(pos.x() + 1), *fromNs + 1);
    return data()->lane(row->lane).summary.hit(*fromNs, *toNs);
}

qint64 NvtxView::rangeAt(const QPoint& pos) const
{
    int lane;
    qint64 from, to;
    const LaneSummary::Hit h = hitAt(pos, &lane, &from, &to);
    return lane >= 0 && h.event >= 0 ? qint64(data()->lane(lane).summary.row(h.event)) : -1;
}

QString NvtxView::toolTipAt(const QPoint& pos) const
{
    int lane;
    qint64 from = 0, to = 0;
    const LaneSummary::Hit h = hitAt(pos, &lane, &from, &to);
    if (lane < 0 || (h.cell.count == 0 && h.cell.busyNs == 0))
        return {};
    const Trace& t = *analysis()->trace;
    const TimelineLane& l = data()->lane(lane);
    if (h.event >= 0) {
        const quint32 r = l.summary.row(h.event);
        return tr("<b>%1</b><br>Phase: %2<br>Start: %3 after the capture start<br>Duration: %4<br>Depth %5, "
                  "thread %6 of process %7")
            .arg(t.strings.at(t.nvtx.name[r]).toHtmlEscaped(), phaseName(data()->keys().rangeKey[r]),
                formatDuration(t.nvtx.start[r] - t.firstNs), formatDuration(t.nvtx.duration(r)))
            .arg(l.depth)
            .arg(l.tid)
            .arg(l.pid);
    }
    return tr("%n range(s) start in this pixel (%1 at %2)<br>Covered: %3<br>Mostly: %4", nullptr, int(h.cell.count))
        .arg(formatDuration(to - from), formatDuration(from - t.firstNs),
            formatPercent(double(h.cell.busyNs) / double(to - from)), phaseName(h.cell.key));
}

void NvtxView::doubleClicked(const QPoint& pos)
{
    const qint64 r = rangeAt(pos);
    if (r < 0)
        return;
    const NvtxTable& n = analysis()->trace->nvtx;
    const qint64 margin = std::max<qint64>(n.duration(r) / 10, 50);
    timeViewport()->setRange(n.start[size_t(r)] - margin, n.end[size_t(r)] + margin);
}

} // namespace sl
