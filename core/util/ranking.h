// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// The one tie rule of every ranked table (docs/analysis.md "Ranking and ties"): the measure
/// descending, then the name in ascending code-unit order (QString::compare, case-sensitive,
/// locale-independent), so two rows with equal totals come out in the same order on every
/// machine and in every export, whatever order the names were interned in.
template <typename Measure> bool rankedBefore(Measure a, Measure b, const QString& nameA, const QString& nameB)
{
    if (a != b)
        return a > b;
    return QString::compare(nameA, nameB, Qt::CaseSensitive) < 0;
}

} // namespace sl
