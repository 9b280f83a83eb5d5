// SPDX-License-Identifier: MIT
#pragma once

namespace sl {

struct ReportOptions
{
    int topKernels = 20; ///< kernels.top[] / Markdown table length (CSV has every name)
    int topGaps = 100; ///< idle_gaps[] length (every gap ≥ 500 ms is listed anyway)
    int topRanges = 50; ///< NVTX tables in JSON/Markdown (CSV has every name)
};

} // namespace sl
