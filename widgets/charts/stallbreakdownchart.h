// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/ncureport.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QChart;
class QChartView;

namespace sl {

/// The warp stall breakdown of one Nsight Compute kernel: one horizontal bar per stall reason,
/// largest first, its length the reason's share (%) of all the kernel's stall figures (samples
/// or warp cycles per issued instruction, whichever ncu collected: shares read the same), labelled
/// in words (NcuStallReasons::label) and coloured by group (memory, issue and execution,
/// synchronisation). A tooltip gives the raw value. GUI thread only.
class StallBreakdownChart : public QWidget
{
    Q_OBJECT
public:
    explicit StallBreakdownChart(QWidget* parent = nullptr);

    /// Shows `stalls` (reason → value) of the kernel `name`; a note instead when it is empty.
    void setStalls(const QString& name, const QHash<QString, double>& stalls, NcuStallSource source);
    /// No kernel: the chart shows `message` as its title.
    void clear(const QString& message);

    /// What the chart on screen plots, read back from its bar sets and category axis, top bar
    /// first: the labels and each bar's share in percent (tests check the chart, not a copy).
    QStringList plottedCategories() const;
    QVector<double> plottedValues() const;
    /// The title the chart shows (kernel name or the note).
    QString title() const;

private:
    QChart* chart() const;
    QChartView* m_view;
    QStringList m_reasons; ///< plotted reasons, top first
    QHash<QString, double> m_stalls;
    NcuStallSource m_source = NcuStallSource::None;
};

} // namespace sl
