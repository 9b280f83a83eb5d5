// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/analysis/findings/finding.h"

#include <QColor>
#include <QString>

namespace sl {

/// The one palette of every view: kernel categories, phases, idle causes, severities, traces,
/// copy kinds and the marks of the time views. The timeline, the NVTX view, the Overview and
/// Comparison charts, the step-aligned view and the Findings table all take their colours from
/// here, so "attention" or "idle: other" looks the same wherever it is drawn (tst_palette checks).
class CategoryPalette
{
public:
    /// Taxonomy::categories() entries; "other" and unknown names grey.
    static QColor category(const QString& category);
    /// By Taxonomy::categories() index (the timeline's lane keys); grey when out of range.
    static QColor category(int index);
    /// prefill, decode and sampling fixed; "unattributed" and empty (no phase) neutral grey;
    /// a user phase a colour derived from its name, so it keeps it across traces.
    static QColor phase(const QString& phase);
    static QColor idle(IdleGap::Cause cause);
    static QColor severity(Finding::Severity severity);
    static QColor trace(int index);
    static QColor copyKind(int kind); ///< ENUM_CUDA_MEMCPY_OPER id
    static QColor busy(); ///< device busy band, graph/memset lanes, compute time
    static QColor counter(bool nvml); ///< hardware-counter lanes (GPU metrics; NVML samples)
    static QColor copyOnly(); ///< device time busy with copies only
    static QColor highlight(); ///< evidence kernels and ranges
    static QColor outsideWindow(); ///< shade over time outside the analysis window
    static QColor selection(); ///< range being selected (Shift+drag)
    static QColor better(); ///< a comparison delta that is an improvement
    static QColor worse(); ///< a comparison delta that is a regression
    /// A chart series that says nothing about what it is, by its position among the busy (blues,
    /// greens) or idle (warm, grey) series of its chart, so "work vs. waiting" reads at a glance.
    static QColor series(int position, bool idle);

    /// The colour of a chart series by its ChartData::Series::paletteKey ("compute", "copy",
    /// "idle:<IdleGap::causeName>", "phase:<name>", "category:<name>", "trace:<index>"); an
    /// invalid colour for an empty or unknown key (the chart then picks one by position).
    static QColor forKey(const QString& key);
};

} // namespace sl
