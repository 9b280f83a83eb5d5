// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace sl {

/// One GPU's kernels in start order, as iteration detection reads them (columns, one entry per
/// kernel): start (ns), idle before it (its start − the latest end of the GPU's earlier kernels,
/// 0 when they still run; ns) and its name (any id that is equal for equal names).
struct KernelSequence
{
    std::vector<qint64> startNs;
    std::vector<qint64> idleBeforeNs;
    std::vector<qint64> name;

    /// Appends the next kernel (start, end in ns).
    void append(qint64 start, qint64 end, qint64 nameId)
    {
        idleBeforeNs.push_back(startNs.empty() ? 0 : std::max<qint64>(0, start - m_latestEndNs));
        startNs.push_back(start);
        name.push_back(nameId);
        m_latestEndNs = startNs.size() == 1 ? end : std::max(m_latestEndNs, end);
    }

private:
    qint64 m_latestEndNs = 0;
};

/// The iterations of a GPU's work without NVTX ranges (docs/analysis.md, "Iterations without
/// NVTX"): a serving or training loop launches the same kernels each iteration, so the kernels
/// that run once per iteration share one count. The count most kernel names share (within one:
/// a capture cuts an iteration) is the iteration count; of its names, the one after the longest
/// idle (median) opens each iteration — the host's work between iterations.
class IterationDetector
{
public:
    struct Result
    {
        bool found = false;
        qint64 anchorName = -1; ///< the name id of the kernel that opens each iteration
        int names = 0; ///< kernel names that run once per iteration (the count's score)
        /// Starts of the anchor kernels (ns): iteration k is [boundsNs[k], boundsNs[k + 1]), so
        /// there are boundsNs.size() − 1 complete iterations.
        std::vector<qint64> boundsNs;
        /// Kernels whose start lies in each iteration.
        std::vector<qint64> kernels;
        /// Share of the iterations with the median kernel count (1: every one launched as many).
        double regularity = 0;
    };

    /// The fewest anchors detection needs: two complete iterations.
    static constexpr size_t kMinAnchors = 3;

    static Result detect(const KernelSequence& gpu);
};

} // namespace sl
