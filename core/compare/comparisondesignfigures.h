// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QCoreApplication>

namespace sl {

/// The model-design figures of a comparison (issue 23; docs/analysis.md "Comparison"): per trace
/// the GPU time lost in partial last waves, the GPU memory peak and headroom, the TTFT p50/p90 of
/// the request ranges, and per phase and operator class of the model anatomy the kernel time,
/// FLOPs and MFU (Section::Anatomy, scope "<phase>/<class key>"). Two model variants side by side
/// read as "which dimension got cheaper". Appends to c.figures; reads only the analyses.
class ComparisonDesignFigures
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonDesignFigures)
public:
    static void build(Comparison& c);
    /// "prefill · QKV projection" for the scope "prefill/qkv_projection" (translated class label).
    static QString anatomyScopeLabel(const QString& scope);
};

} // namespace sl
