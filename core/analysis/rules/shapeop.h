// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVector>

#include <optional>

namespace sl {

/// One PyTorch operator range written by torch.autograd.profiler.emit_nvtx(record_shapes=True),
/// e.g. "aten::addmm, seq = 12, op_id = 3, sizes = [[4096], [8, 4096], [4096, 11008]]"
/// (torch/csrc/profiler/util.cpp getNvtxStr: name, optional ", seq = N", optional
/// ", op_id = N", ", sizes = " + one [d0, d1, ...] per input ([] for a non-tensor input),
/// optional ", input_op_ids = ..."). The FLOP formulas are in docs/analysis.md "FLOPs".
struct ShapeOp
{
    QString op; ///< "aten::addmm"
    QVector<QVector<qint64>> sizes; ///< per input, its dimensions
    bool counted = false; ///< an operator whose FLOPs Sightline counts (mm, addmm, ...)
    std::optional<double> flops; ///< multiply-adds × 2; none when the shapes do not give them

    /// Parses a range name; nullopt when it is not an operator range with sizes.
    static std::optional<ShapeOp> parse(const QString& text);
    /// FLOPs of `op` (with or without the aten:: prefix) on `sizes`; nullopt when not derivable.
    static std::optional<double> flopsOf(
        const QString& op, const QVector<QVector<qint64>>& sizes, bool* counted = nullptr);
};

} // namespace sl
