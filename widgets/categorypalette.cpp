// SPDX-License-Identifier: MIT
#include "widgets/categorypalette.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/taxonomy.h"

#include <iterator>

namespace sl {

namespace {
constexpr QRgb kGrey = 0xbab0ac;
constexpr QRgb kNeutral = 0xc8c8c8;
} // namespace

QColor CategoryPalette::category(int index)
{
    // Taxonomy::categories() order: gemm, attention, norm, activation, elementwise, reduction,
    // communication, memory, sampling, moe, other (grey, so it recedes).
    static const QRgb colors[]
        = { 0x4e79a7, 0xf28e2b, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xe15759, 0x9c755f, 0xff9da7, 0x17becf, kGrey };
    return index >= 0 && index < int(std::size(colors)) ? QColor(colors[index]) : QColor(kGrey);
}

QColor CategoryPalette::category(const QString& category)
{
    static const QStringList names = Taxonomy::categories();
    return CategoryPalette::category(int(names.indexOf(category)));
}

QColor CategoryPalette::phase(const QString& phase)
{
    if (phase == QLatin1String("prefill"))
        return QColor(0x3366cc);
    if (phase == QLatin1String("decode"))
        return QColor(0xdc3912);
    if (phase == QLatin1String("sampling"))
        return QColor(0x109618);
    if (phase.isEmpty() || phase == PhaseStats::unattributedName())
        return QColor(kNeutral);
    return QColor::fromHsv(int(qHash(phase) % 360), 140, 210);
}

QColor CategoryPalette::idle(IdleGap::Cause cause)
{
    switch (cause) {
    case IdleGap::HostWait:
        return QColor(0xf0a30a);
    case IdleGap::SyncWait:
        return QColor(0xd7263d);
    case IdleGap::ProfilerOverhead:
        return QColor(0x6c7a89); // slate: the profiler's, not the workload's
    case IdleGap::Other:
        break;
    }
    return QColor(0xb9a6e0);
}

QColor CategoryPalette::severity(Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::High:
        return QColor(0xd9483b);
    case Finding::Severity::Medium:
        return QColor(0xe8a202);
    case Finding::Severity::Low:
        return QColor(0x4a86c8);
    case Finding::Severity::Info:
        break;
    }
    return QColor(0x9e9e9e);
}

QColor CategoryPalette::trace(int index)
{
    static const QRgb colors[] = { 0x4477aa, 0xee6677, 0x228833, 0xccbb44, 0x66ccee, 0xaa3377, 0xbbbbbb, 0x000000 };
    return QColor(colors[std::max(0, index) % int(std::size(colors))]);
}

QColor CategoryPalette::copyKind(int kind)
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

QColor CategoryPalette::busy() { return QColor(0x4a5560); }
QColor CategoryPalette::copyOnly() { return QColor(0x2ca02c); }
QColor CategoryPalette::highlight() { return QColor(0xff2bd6); }
QColor CategoryPalette::outsideWindow() { return QColor(120, 120, 120, 90); }
QColor CategoryPalette::selection() { return QColor(51, 153, 255, 70); }

QColor CategoryPalette::better() { return QColor(0x1a7f37); }
QColor CategoryPalette::worse() { return QColor(0xcf222e); }

QColor CategoryPalette::series(int position, bool idle)
{
    static const QRgb busy[] = { 0x3d7ebf, 0x8dbbe8, 0x5aa469, 0xa5d69b };
    static const QRgb waiting[] = { 0xf0a35e, 0xe07b7b, 0xbdbdbd };
    const int p = std::max(0, position);
    return QColor(idle ? waiting[p % int(std::size(waiting))] : busy[p % int(std::size(busy))]);
}

QColor CategoryPalette::forKey(const QString& key)
{
    if (key == QLatin1String("compute"))
        return busy();
    if (key == QLatin1String("copy"))
        return copyOnly();
    const qsizetype colon = key.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return {};
    const QStringView kind = QStringView(key).left(colon);
    const QString name = key.mid(colon + 1);
    if (kind == QLatin1String("idle")) {
        for (const IdleGap::Cause c :
            { IdleGap::HostWait, IdleGap::SyncWait, IdleGap::Other, IdleGap::ProfilerOverhead })
            if (IdleGap::causeName(c) == name)
                return idle(c);
        return {};
    }
    if (kind == QLatin1String("phase"))
        return phase(name);
    if (kind == QLatin1String("category"))
        return category(name);
    if (kind == QLatin1String("trace"))
        return trace(name.toInt());
    return {};
}

QColor CategoryPalette::counter(bool nvml)
{
    // Muted, so the counter lanes read as context under the kernel lanes.
    return nvml ? QColor(0x8c6bb1) : QColor(0x2a9d8f);
}

} // namespace sl
