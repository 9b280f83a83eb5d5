// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <deque>
#include <limits>
#include <vector>

namespace sl {

/// One GPU's kernels in start order, as iteration detection reads them: 16 B per kernel, in
/// blocks (a 5 M-kernel GPU grows without copying or doubling a 80 MB vector).
class KernelSequence
{
public:
    struct Kernel
    {
        qint64 startNs;
        /// Its name: any id equal for equal names (a StringIds id); −1 for an id outside
        /// [0, 2^31) (a damaged export's), which all count as one name.
        qint32 name;
        /// Its start − the latest end of the GPU's earlier kernels, 0 when they still run (ns),
        /// held at 2^32 − 1 (4.3 s: only medians of it are compared).
        quint32 idleBeforeNs;
    };

    /// Appends the GPU's next kernel (start, end in ns; `nameId` as read).
    void append(qint64 start, qint64 end, qint64 nameId)
    {
        const qint64 idle = m_kernels.empty() ? 0 : std::max<qint64>(0, start - m_latestEndNs);
        const qint32 name = nameId >= 0 && nameId <= std::numeric_limits<qint32>::max() ? qint32(nameId) : -1;
        m_kernels.push_back({ start, name, quint32(std::min<qint64>(idle, std::numeric_limits<quint32>::max())) });
        m_latestEndNs = m_kernels.size() == 1 ? end : std::max(m_latestEndNs, end);
    }
    const std::deque<Kernel>& kernels() const { return m_kernels; }

private:
    std::deque<Kernel> m_kernels;
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
