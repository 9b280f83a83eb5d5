// SPDX-License-Identifier: MIT
#pragma once

namespace sl {

struct AnalysisResult;
class Taxonomy;

/// Kernel totals and the per-name summary with nearest-rank percentiles, categories and the
/// theoretical occupancy of each name's most used launch configuration.
class KernelAnalysis
{
public:
    static void run(const Taxonomy& taxonomy, AnalysisResult& r);
};

} // namespace sl
