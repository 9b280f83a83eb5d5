// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QString>

namespace sl {

/// Fixed colours for kernel categories, phases and traces, so a category has the same colour in
/// the comparison's bar charts, the step-aligned view and any later chart.
class CategoryPalette
{
public:
    static QColor category(const QString& category);
    static QColor phase(const QString& phase);
    static QColor trace(int index);
};

} // namespace sl
