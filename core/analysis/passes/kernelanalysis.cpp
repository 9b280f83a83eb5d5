// SPDX-License-Identifier: MIT
#include "core/analysis/passes/kernelanalysis.h"

#include "core/analysis/passes/occupancy.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/taxonomy.h"
#include "core/util/ranking.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace sl {

namespace {
/// nsys stats' sample standard deviation of `d` (ns), for the conformance with
/// cuda_gpu_kern_sum. Summed in the order given (table order): the last bits then never depend
/// on how a selection reordered the values.
double sampleStddev(std::span<const qint64> d, double mean)
{
    double sq = 0;
    for (qint64 v : d)
        sq += (double(v) - mean) * (double(v) - mean);
    return d.size() > 1 ? std::sqrt(sq / double(d.size() - 1)) : 0.0;
}

/// nsys stats' median (the mean of the two middle values on even counts) of `d` as
/// nearestRankUnsorted(d, 50) left it: the value of rank ceil(n/2) in place, none after it
/// smaller. The median is that value for odd n, else its mean with the smallest value after it.
double medianAfterP50(std::span<const qint64> d)
{
    const size_t n = d.size();
    const size_t p50 = nearestRankOf(n, 50) - 1; // n / 2 for odd n, n / 2 − 1 for even n
    if (n % 2)
        return double(d[p50]);
    return (double(d[p50]) + double(*std::min_element(d.begin() + ptrdiff_t(p50 + 1), d.end()))) / 2.0;
}
} // namespace

void KernelAnalysis::run(const Taxonomy& taxonomy, AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    Summary s = summarize(
        t, r.kernelInWindow, [&](quint32 name) { return taxonomy.categorize(t.strings.at(name)); }, cancel);
    if (cancel.isCancelled())
        return;
    r.kernelCount = s.count;
    r.kernelNs = s.totalNs;
    for (const KernelSummary& k : std::as_const(s.kernels))
        r.categoryOfName.insert(k.name, k.category);
    r.kernels = std::move(s.kernels);

    // Categories of every kernel name, in the window or not: a name used only outside the
    // window is categorised here (one O(n) pass over kernels; distinct names are few). With every
    // kernel in the window, every kernel's name is in the summary and the pass is skipped.
    const QStringList categories = Taxonomy::categories();
    auto categoryIndex = [&](const QString& category) {
        const auto i = categories.indexOf(category);
        return i < 0 ? AnalysisResult::kNoCategory : quint8(i);
    };
    const quint32 names = t.strings.size();
    const auto& k = t.kernels;
    r.nameCategory.assign(size_t(names), AnalysisResult::kNoCategory);
    std::vector<bool> done(size_t(names), false);
    for (const auto& ks : r.kernels) {
        r.nameCategory[ks.name] = categoryIndex(ks.category);
        done[ks.name] = true;
    }
    const qsizetype outside = r.kernelCount < k.size() ? k.size() : 0; // kernels to walk
    for (qsizetype i = 0; i < outside; ++i) {
        if (cancel.poll(i))
            return;
        const quint32 name = k.name[size_t(i)];
        if (name < names && !done[name]) {
            r.nameCategory[name] = categoryIndex(taxonomy.categorize(t.strings.at(name)));
            done[name] = true;
        }
    }
}

namespace {

/// What one walk over the table tells of each name before its durations are gathered.
struct NameIndex
{
    /// `first[n] .. first[n + 1])`: name n's included kernels in the order by name.
    std::vector<quint32> first;
    std::vector<quint32> firstRow; ///< per name: its first included kernel (its short name)
    std::vector<quint64> devices; ///< per name: bit d set when it ran on device d (held to 63)
};

/// Counts the included kernels of each name, and notes each one's first row and devices. False
/// on a cancel.
bool indexNames(const Trace& t, const std::vector<quint8>& include, const Cancellation& cancel, NameIndex& index)
{
    const auto& k = t.kernels;
    const auto names = size_t(t.strings.size());
    index.first.assign(names + 1, 0);
    index.firstRow.assign(names, 0);
    index.devices.assign(names, 0);
    // Raw pointers in registers (see gatherNames).
    const quint8* const inc = include.data();
    const quint32* const nameOf = k.name.data();
    const quint16* const deviceOf = k.device.data();
    quint32 *const count = index.first.data() + 1, *const firstRow = index.firstRow.data();
    quint64* const devices = index.devices.data();
    for (size_t i = 0, n = size_t(k.size()); i < n; ++i) {
        if (cancel.poll(qint64(i)))
            return false;
        if (!inc[i])
            continue;
        const quint32 name = nameOf[i];
        if (count[name]++ == 0)
            firstRow[name] = quint32(i);
        devices[name] |= quint64(1) << std::min<quint16>(deviceOf[i], 63);
    }
    for (size_t i = 1; i < index.first.size(); ++i)
        index.first[i] += index.first[i - 1];
    return true;
}

/// The durations (ns) and launch configurations of the included kernels of names [lo, hi), by
/// name and in table order within a name (entry 0 is name lo's first kernel): one counting-sort
/// walk over the table for the names of one batch. The columns are read in order and the values
/// written to a few places at a time: gathered through a list of kernel indices instead, each
/// name's walk touched a cache line of the duration column per kernel, every line of it once
/// per name. Branch-free: kernels are interleaved by name, so a test per kernel mispredicts
/// often; a kernel outside the batch (or excluded) is written to a spare last slot instead, its
/// cursor never advancing. False on a cancel.
bool gatherNames(const Trace& t, const std::vector<quint8>& include, const std::vector<quint32>& first, quint32 lo,
    quint32 hi, const Cancellation& cancel, std::vector<qint64>& durations, std::vector<quint32>& configs)
{
    const auto& k = t.kernels;
    const quint32 base = first[lo], spare = first[hi] - base;
    const auto names = quint32(first.size() - 1);
    durations.resize(spare + 1);
    configs.resize(spare + 1);
    // Per name id (plus one for excluded kernels): the next slot, and 1 when it is in the batch.
    std::vector<quint32> cursor(size_t(names) + 1, spare);
    std::vector<quint8> inBatch(size_t(names) + 1, 0);
    for (quint32 n = lo; n < hi; ++n) {
        cursor[n] = first[n] - base;
        inBatch[n] = 1;
    }
    // Raw pointers in registers: the loop's calls (the cancel poll, a long duration's lookup)
    // could change anything, so through the vectors each data pointer was reloaded per kernel.
    const quint8* const inc = include.data();
    const quint32 *const nameOf = k.name.data(), *const configOf = k.config.data(), *const ns = k.dur.data();
    const quint8* const counted = inBatch.data();
    quint32* const next = cursor.data();
    qint64* const d = durations.data();
    quint32* const c = configs.data();
    for (size_t i = 0, n = size_t(k.size()); i < n; ++i) {
        if (cancel.poll(qint64(i)))
            return false;
        const quint32 name = inc[i] ? nameOf[i] : names;
        const quint32 slot = next[name];
        d[slot] = Q_LIKELY(ns[i] != DurationColumn::kLong) ? qint64(ns[i]) : k.duration(qsizetype(i));
        c[slot] = configOf[i];
        next[name] += counted[name];
    }
    durations.pop_back();
    configs.pop_back();
    return !cancel.isCancelled();
}

/// The summary of one name's kernels. Percentiles by two nth_element, not a sort (O(k) per
/// name), and launches per configuration in a dense counter indexed by configuration, reset
/// through the list of configurations the name touched (reused from name to name).
class NameSummarizer
{
public:
    explicit NameSummarizer(const Trace& t)
        : m_t(t)
        , m_configCount(size_t(t.configs.size()), 0)
    {
    }

    /// Name `name`: its kernels' durations `d[0 .. n)` (ns, table order; reordered here) and
    /// configurations `configs[0 .. n)`.
    KernelSummary summarize(quint32 name, const NameIndex& index, qint64* d, const quint32* configs, quint32 n)
    {
        KernelSummary s;
        s.name = name;
        s.shortName = m_t.kernels.shortNameOf(index.firstRow[name]);
        s.count = n;
        const std::span<qint64> durations(d, n);
        qint64 mn = d[0], mx = d[0];
        for (const qint64 v : durations) {
            s.totalNs += v;
            mn = std::min(mn, v);
            mx = std::max(mx, v);
        }
        s.minNs = mn;
        s.maxNs = mx;
        s.meanNs = double(s.totalNs) / double(s.count);
        s.stddevNs = sampleStddev(durations, s.meanNs);
        // One full selection (p50), the median from what it left in place, then a selection of
        // the upper part only (p90).
        s.p50Ns = nearestRankUnsorted(durations, 50);
        s.medianNs = medianAfterP50(durations);
        s.p90Ns = nearestRankAbove(durations, 90, 50);
        for (int dev = 0; dev < 64; ++dev)
            if (index.devices[name] & (quint64(1) << dev))
                s.devices.append(dev);
        s.occupancy = occupancyOfTopConfig(configs, n, s.devices.isEmpty() ? 0 : s.devices.front());
        return s;
    }

private:
    /// Occupancy of the most used configuration (ties: the one seen first, i.e. the earliest
    /// launch) on `device`; leaves the configuration counters at zero.
    std::optional<double> occupancyOfTopConfig(const quint32* configs, quint32 n, int device)
    {
        m_touched.clear();
        for (quint32 j = 0; j < n; ++j)
            if (m_configCount[configs[j]]++ == 0)
                m_touched.push_back(configs[j]);
        quint32 top = m_touched.front();
        for (quint32 c : m_touched)
            if (m_configCount[c] > m_configCount[top])
                top = c;
        for (quint32 c : m_touched)
            m_configCount[c] = 0;
        if (const GpuInfo* gpu = m_t.gpu(device))
            if (const auto occ = Occupancy::theoretical(m_t.configs.at(top), *gpu))
                return occ->occupancy;
        return std::nullopt;
    }

    const Trace& m_t;
    std::vector<quint32> m_configCount;
    std::vector<quint32> m_touched;
};

} // namespace

KernelAnalysis::Summary KernelAnalysis::summarize(const Trace& t, const std::vector<quint8>& include,
    const std::function<QString(quint32)>& categoryOf, const Cancellation& cancel)
{
    NameIndex index;
    if (!indexNames(t, include, cancel, index))
        return {};
    // The names in batches of about a quarter of the kernels (a name is never split): every
    // included kernel's duration and configuration held at once would be 12 B per kernel at the
    // analysis' peak, beside the NVTX sweep's lists (issue 20); four more reads of the columns
    // cost little.
    const std::vector<quint32>& first = index.first;
    const quint32 names = quint32(first.size() - 1);
    const quint32 batchKernels = std::max<quint32>(first.back() / 4, 1);
    // Batch boundaries first, so that the buffers are sized once for the largest batch: grown
    // batch by batch, each growth copied the last batch's values into fresh pages.
    std::vector<quint32> bounds { 0 };
    quint32 largest = 0;
    for (quint32 lo = 0; lo < names;) {
        quint32 hi = lo + 1;
        while (hi < names && first[hi + 1] - first[lo] <= batchKernels)
            ++hi;
        largest = std::max(largest, first[hi] - first[lo]);
        bounds.push_back(lo = hi);
    }
    Summary out;
    NameSummarizer summarizer(t);
    std::vector<qint64> durations;
    std::vector<quint32> configs;
    durations.reserve(size_t(largest) + 1);
    configs.reserve(size_t(largest) + 1);
    qint64 polled = 0;
    for (size_t b = 1; b < bounds.size(); ++b) {
        const quint32 lo = bounds[b - 1], hi = bounds[b];
        if (first[hi] > first[lo] && !gatherNames(t, include, first, lo, hi, cancel, durations, configs))
            return {};
        for (quint32 name = lo; name < hi; ++name) {
            const quint32 from = first[name] - first[lo], n = first[name + 1] - first[name];
            if (n == 0)
                continue;
            KernelSummary s = summarizer.summarize(name, index, durations.data() + from, configs.data() + from, n);
            s.category = categoryOf(name);
            out.count += s.count;
            out.totalNs += s.totalNs;
            out.kernels.append(std::move(s));
            // Names are polled by the kernels they cover: a name of millions of launches costs
            // as much as millions of names of one.
            polled += n;
            if (polled >= Cancellation::kPollInterval) {
                polled = 0;
                if (cancel.isCancelled())
                    return {};
            }
        }
    }
    for (auto& s : out.kernels)
        s.share = out.totalNs > 0 ? double(s.totalNs) / double(out.totalNs) : 0.0;
    std::sort(out.kernels.begin(), out.kernels.end(), [&](const KernelSummary& a, const KernelSummary& b) {
        return rankedBefore(a.totalNs, b.totalNs, t.strings.at(a.name), t.strings.at(b.name));
    });
    return out;
}

} // namespace sl
