// SPDX-License-Identifier: MIT
#include "widgets/categorypalette.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/taxonomy.h"

namespace sl {

QColor CategoryPalette::category(const QString& category)
{
    // Taxonomy::categories() order; "other" is grey so it recedes.
    static const QColor colors[] = { QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
        QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2),
        QColor(0x17, 0xbe, 0xcf), QColor(0xbc, 0xbd, 0x22), QColor(0x39, 0x3b, 0x79), QColor(0x9e, 0x9e, 0x9e) };
    static const QStringList names = Taxonomy::categories();
    const auto i = names.indexOf(category);
    return i >= 0 && i < qsizetype(std::size(colors)) ? colors[i] : QColor(0x9e, 0x9e, 0x9e);
}

QColor CategoryPalette::phase(const QString& phase)
{
    if (phase == QLatin1String("prefill"))
        return QColor(0x4c, 0x72, 0xb0);
    if (phase == QLatin1String("decode"))
        return QColor(0xdd, 0x84, 0x52);
    if (phase == QLatin1String("sampling"))
        return QColor(0x55, 0xa8, 0x68);
    if (phase == PhaseStats::unattributedName())
        return QColor(0xb0, 0xb0, 0xb0);
    return QColor::fromHsv(int(qHash(phase) % 360), 120, 200);
}

QColor CategoryPalette::trace(int index)
{
    static const QColor colors[]
        = { QColor(0x44, 0x77, 0xaa), QColor(0xee, 0x66, 0x77), QColor(0x22, 0x88, 0x33), QColor(0xcc, 0xbb, 0x44),
              QColor(0x66, 0xcc, 0xee), QColor(0xaa, 0x33, 0x77), QColor(0xbb, 0xbb, 0xbb), QColor(0x00, 0x00, 0x00) };
    return colors[std::max(0, index) % int(std::size(colors))];
}

} // namespace sl
