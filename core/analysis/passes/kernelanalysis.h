// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/util/cancellation.h"

#include <QVector>

#include <functional>
#include <vector>

namespace sl {

class Taxonomy;

/// Kernel totals and the per-name summary with nearest-rank percentiles, categories and the
/// theoretical occupancy of each name's most used launch configuration.
class KernelAnalysis
{
public:
    /// The summary of the kernels in the analysis window (AnalysisResult::kernels and totals).
    /// Returns early, with the summary incomplete, when `cancel` is set.
    static void run(const Taxonomy& taxonomy, AnalysisResult& r, const Cancellation& cancel = {});

    struct Summary
    {
        QVector<KernelSummary> kernels; ///< by total time descending; share of `totalNs`
        qint64 count = 0, totalNs = 0;
    };
    /// The same summary over the kernels `include` marks (one byte per kernel, non-zero =
    /// counted): the window, or a scope within it (Kernels dock). `categoryOf` names each
    /// kernel name's category. Blocking and thread-safe (reads the immutable trace only);
    /// returns an empty summary when `cancel` becomes true.
    static Summary summarize(const Trace& t, const std::vector<quint8>& include,
        const std::function<QString(quint32 name)>& categoryOf, const Cancellation& cancel = {});
};

} // namespace sl
