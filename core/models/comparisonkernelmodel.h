// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/comparisontablemodel.h"

namespace sl {

/// Comparison::kernels (the top matched groups): the kernel (short names, "a ↔ b" when the
/// traces name it differently), category, how it was matched, its time per unit in every trace
/// (total time when the unit is Total) and, for every trace but the baseline, the delta.
class ComparisonKernelModel : public ComparisonTableModel
{
    Q_OBJECT
public:
    enum FixedColumn { Kernel, Category, MatchedBy, FixedColumns };

    explicit ComparisonKernelModel(QObject* parent = nullptr);

    const KernelMatch* group(int row) const;
    /// Time of the group in `trace`: per unit, or total when the unit is Total; nullopt without units.
    std::optional<double> time(const KernelMatch& g, int trace) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString displayName(const KernelMatch& g) const;
    QString namesTooltip(const KernelMatch& g) const;
};

} // namespace sl
