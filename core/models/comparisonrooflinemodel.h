// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/comparisontablemodel.h"

namespace sl {

/// Comparison::counters.roofline as a table: five rows per kernel group with Nsight Compute
/// figures (arithmetic intensity, achieved FLOP/s, % of the roof, DRAM and SM throughput). Columns:
/// kernel, figure, the value in every trace ("no ncu data" where the trace's side has none), then
/// for every trace but the baseline its delta (relative for intensity and FLOP/s, percentage
/// points for percentages). DirectionRole colours deltas: higher FLOP/s, % of roof and SM
/// throughput are better; intensity and DRAM throughput are neutral.
class ComparisonRooflineModel : public ComparisonTableModel
{
    Q_OBJECT
public:
    enum FixedColumn { Kernel, Figure, FixedColumns };
    using Measure = RooflineComparison::Measure;

    explicit ComparisonRooflineModel(QObject* parent = nullptr);

    const RooflineComparison* kernel(int row) const;
    Measure measure(int row) const { return Measure(row % RooflineComparison::kMeasures); }
    /// The delta of `trace`'s side to the baseline's side.
    std::optional<double> delta(const RooflineComparison& r, Measure m, int trace) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString kernelText(const RooflineComparison& r) const;
};

} // namespace sl
