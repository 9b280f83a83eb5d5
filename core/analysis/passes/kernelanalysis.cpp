// SPDX-License-Identifier: MIT
#include "core/analysis/passes/kernelanalysis.h"

#include "core/analysis/passes/occupancy.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/taxonomy.h"
#include "core/util/ranking.h"

#include <algorithm>
#include <cmath>

namespace sl {

namespace {
/// nsys stats' sample standard deviation of `d` (ns), for the conformance with
/// cuda_gpu_kern_sum. Summed in the order given (table order): the last bits then never depend
/// on how a selection reordered the values.
double sampleStddev(const std::vector<qint64>& d, double mean)
{
    double sq = 0;
    for (qint64 v : d)
        sq += (double(v) - mean) * (double(v) - mean);
    return d.size() > 1 ? std::sqrt(sq / double(d.size() - 1)) : 0.0;
}

/// nsys stats' median (the mean of the two middle values on even counts) of `d` as
/// nearestRankUnsorted(d, 50) left it: the value of rank ceil(n/2) in place, none after it
/// smaller. The median is that value for odd n, else its mean with the smallest value after it.
double medianAfterP50(const std::vector<qint64>& d)
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
    // window is categorised here (one O(n) pass over kernels; distinct names are few).
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
    for (qsizetype i = 0; i < k.size(); ++i) {
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

/// Counts the included kernels of each name: `first[n] .. first[n + 1])` will be name n's
/// place in the order by name. False on a cancel.
bool countByName(
    const Trace& t, const std::vector<quint8>& include, const Cancellation& cancel, std::vector<quint32>& first)
{
    const auto& k = t.kernels;
    first.assign(size_t(t.strings.size()) + 1, 0);
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (cancel.poll(i))
            return false;
        if (include[size_t(i)])
            ++first[k.name[size_t(i)] + 1];
    }
    for (size_t i = 1; i < first.size(); ++i)
        first[i] += first[i - 1];
    return true;
}

/// The included kernels of names [lo, hi), by name and in table order within a name, into
/// `byName` (its first entry is name lo's first kernel): one counting-sort pass over the
/// table for the names of one batch. Branch-free: kernels are interleaved by name, so a test
/// per kernel mispredicts often; a kernel outside the batch (or excluded) is written to a
/// spare last slot instead, its cursor never advancing. False on a cancel.
bool gatherNames(const Trace& t, const std::vector<quint8>& include, const std::vector<quint32>& first, quint32 lo,
    quint32 hi, const Cancellation& cancel, std::vector<quint32>& byName)
{
    const auto& k = t.kernels;
    const quint32 base = first[lo], spare = first[hi] - base;
    const auto names = quint32(first.size() - 1);
    byName.resize(spare + 1);
    // Per name id (plus one for excluded kernels): the next slot, and 1 when it is in the batch.
    std::vector<quint32> cursor(size_t(names) + 1, spare);
    std::vector<quint8> inBatch(size_t(names) + 1, 0);
    for (quint32 n = lo; n < hi; ++n) {
        cursor[n] = first[n] - base;
        inBatch[n] = 1;
    }
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (cancel.poll(i))
            return false;
        const quint32 name = include[size_t(i)] ? k.name[size_t(i)] : names;
        byName[cursor[name]] = quint32(i);
        cursor[name] += inBatch[name];
    }
    byName.pop_back();
    return !cancel.isCancelled();
}

/// The summary of one name's kernels. Durations for the percentiles (two nth_element, not a
/// sort: O(k) per name), and launches per configuration in a dense counter indexed by
/// configuration, reset through the list of configurations the name touched; the buffers are
/// reused from name to name.
class NameSummarizer
{
public:
    explicit NameSummarizer(const Trace& t)
        : m_t(t)
        , m_configCount(size_t(t.configs.size()), 0)
    {
    }

    /// Name `name`, whose kernels are `kernels[0 .. n)` (indices into the kernel table).
    KernelSummary summarize(quint32 name, const quint32* kernels, quint32 n)
    {
        const auto& k = m_t.kernels;
        KernelSummary s;
        s.name = name;
        s.shortName = k.shortNameOf(kernels[0]);
        s.count = n;
        m_durations.clear();
        m_touched.clear();
        quint64 deviceMask = 0;
        for (quint32 j = 0; j < n; ++j) {
            // A name's kernels are spread over the whole table: fetch the columns a few rows
            // ahead, the gather otherwise waits on a cache miss per kernel.
            if (j + 16 < n) {
                const quint32 ahead = kernels[j + 16];
                k.dur.prefetch(ahead); // the start is read only for a row in the side table
                __builtin_prefetch(&k.config[ahead]);
            }
            const quint32 i = kernels[j];
            const qint64 d = k.duration(i);
            m_durations.push_back(d);
            s.totalNs += d;
            deviceMask |= quint64(1) << std::min<quint16>(k.device[i], 63);
            if (m_configCount[k.config[i]]++ == 0)
                m_touched.push_back(k.config[i]);
        }
        const auto [mn, mx] = std::minmax_element(m_durations.begin(), m_durations.end());
        s.minNs = *mn;
        s.maxNs = *mx;
        s.meanNs = double(s.totalNs) / double(s.count);
        s.stddevNs = sampleStddev(m_durations, s.meanNs);
        // One full selection (p50), the median from what it left in place, then a selection of
        // the upper part only (p90).
        s.p50Ns = nearestRankUnsorted(m_durations, 50);
        s.medianNs = medianAfterP50(m_durations);
        s.p90Ns = nearestRankAbove(m_durations, 90, 50);
        for (int d = 0; d < 64; ++d)
            if (deviceMask & (quint64(1) << d))
                s.devices.append(d);
        s.occupancy = occupancyOfTopConfig(s.devices.isEmpty() ? 0 : s.devices.front());
        return s;
    }

private:
    /// Occupancy of the most used configuration (ties: the one seen first, i.e. the earliest
    /// launch) on `device`; resets the configuration counters.
    std::optional<double> occupancyOfTopConfig(int device)
    {
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
    std::vector<qint64> m_durations;
    std::vector<quint32> m_configCount;
    std::vector<quint32> m_touched;
};

} // namespace

KernelAnalysis::Summary KernelAnalysis::summarize(const Trace& t, const std::vector<quint8>& include,
    const std::function<QString(quint32)>& categoryOf, const Cancellation& cancel)
{
    std::vector<quint32> first, byName;
    if (!countByName(t, include, cancel, first))
        return {};
    // The names in batches of about a quarter of the kernels (a name is never split): a
    // kernel index per included kernel held at once was 4 B per kernel at the analysis' peak,
    // beside the NVTX sweep's lists (issue 20); four more reads of the name column cost little.
    const quint32 names = quint32(first.size() - 1);
    const quint32 batchKernels = std::max<quint32>(first.back() / 4, 1);
    Summary out;
    NameSummarizer summarizer(t);
    qint64 polled = 0;
    for (quint32 lo = 0; lo < names;) {
        quint32 hi = lo + 1;
        while (hi < names && first[hi + 1] - first[lo] <= batchKernels)
            ++hi;
        if (first[hi] > first[lo] && !gatherNames(t, include, first, lo, hi, cancel, byName))
            return {};
        for (quint32 name = lo; name < hi; ++name) {
            const quint32 from = first[name] - first[lo], n = first[name + 1] - first[name];
            if (n == 0)
                continue;
            KernelSummary s = summarizer.summarize(name, byName.data() + from, n);
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
        lo = hi;
    }
    for (auto& s : out.kernels)
        s.share = out.totalNs > 0 ? double(s.totalNs) / double(out.totalNs) : 0.0;
    std::sort(out.kernels.begin(), out.kernels.end(), [&](const KernelSummary& a, const KernelSummary& b) {
        return rankedBefore(a.totalNs, b.totalNs, t.strings.at(a.name), t.strings.at(b.name));
    });
    return out;
}

} // namespace sl
