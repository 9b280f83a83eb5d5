// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <algorithm>

namespace sl {

/// What one bar chart shows: a handful of categories (bars) and one or more series (bar sets),
/// values in ns. Built in core from an analysis (aggregated, never per event), drawn in
/// widgets/charts/. Plain data, cheap to copy.
struct ChartData
{
    struct Series
    {
        QString name; ///< legend label, translated
        QVector<qint64> valuesNs; ///< one value per category, ns
        bool idle = false; ///< the series measures idle time (drawn in muted tones)
        /// What the series is, for the one palette (widgets' CategoryPalette::forKey): "compute",
        /// "copy", "idle:<IdleGap::causeName>", "phase:<name>", "category:<name>", "trace:<index>";
        /// empty: coloured by position.
        QString paletteKey {};
    };

    QString title; ///< translated
    QString valueAxisTitle; ///< translated, without the unit (the view appends it)
    QStringList categories; ///< bar labels, top to bottom
    QVector<Series> series;
    bool stacked = false; ///< series stacked into one bar (parts of a whole) or side by side

    bool isEmpty() const { return categories.isEmpty() || series.isEmpty(); }
    /// The longest bar in ns: the sum over series when stacked, else the largest value. Picks the axis unit.
    qint64 maxBarNs() const
    {
        qint64 best = 0;
        for (qsizetype c = 0; c < categories.size(); ++c) {
            qint64 bar = 0;
            for (const Series& s : series) {
                const qint64 v = c < s.valuesNs.size() ? s.valuesNs[c] : 0;
                bar = stacked ? bar + v : std::max(bar, v);
            }
            best = std::max(best, bar);
        }
        return best;
    }
};

} // namespace sl
