// SPDX-License-Identifier: MIT
#include "widgets/timeline/timelinepalette.h"

#include <iterator>

namespace sl {

QColor TimelinePalette::category(int index)
{
    // Taxonomy::categories() order: gemm, attention, norm, activation, elementwise, reduction,
    // communication, memory, sampling, moe, other.
    static const QRgb colors[] = { 0x4e79a7, 0xf28e2b, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xe15759, 0x9c755f,
        0xff9da7, 0x17becf, 0xbab0ac };
    return index >= 0 && index < int(std::size(colors)) ? QColor(colors[index]) : QColor(0xbab0ac);
}

QColor TimelinePalette::phase(int index)
{
    static const QRgb colors[] = { 0x3366cc, 0xdc3912, 0xff9900, 0x109618, 0x990099, 0x0099c6, 0xdd4477, 0x66aa00 };
    if (index < 0)
        return QColor(0xc8c8c8);
    return QColor(colors[index % int(std::size(colors))]);
}

QColor TimelinePalette::gap(IdleGap::Cause cause)
{
    switch (cause) {
    case IdleGap::HostWait:
        return QColor(0xf0a30a);
    case IdleGap::SyncWait:
        return QColor(0xd7263d);
    case IdleGap::Other:
        break;
    }
    return QColor(0xb9a6e0);
}

QColor TimelinePalette::copyKind(int kind)
{
    switch (kind) {
    case 1: // HtoD
        return QColor(0x2ca02c);
    case 2: // DtoH
        return QColor(0x8c564b);
    case 8: // DtoD
        return QColor(0x17becf);
    case 10: // PtoP
        return QColor(0xe377c2);
    default:
        return QColor(0x7f7f7f);
    }
}

QColor TimelinePalette::busy() { return QColor(0x4a5560); }
QColor TimelinePalette::highlight() { return QColor(0xff2bd6); }
QColor TimelinePalette::outsideWindow() { return QColor(120, 120, 120, 90); }
QColor TimelinePalette::selection() { return QColor(51, 153, 255, 70); }

} // namespace sl
