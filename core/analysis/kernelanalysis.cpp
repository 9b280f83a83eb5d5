// SPDX-License-Identifier: MIT
#include "core/analysis/kernelanalysis.h"

#include "core/analysis/occupancy.h"
#include "core/analysis/statistics.h"
#include "core/analysis/taxonomy.h"

#include <algorithm>
#include <cmath>

namespace sl {

namespace {
/// nsys stats' median (the mean of the two middle values on even counts) and sample standard
/// deviation of `d` (reordered), in ns, for the conformance with cuda_gpu_kern_sum.
void medianAndStddev(std::vector<qint64>& d, double mean, double* median, double* stddev)
{
    const size_t n = d.size();
    const auto mid = d.begin() + ptrdiff_t(n / 2);
    std::nth_element(d.begin(), mid, d.end());
    *median = n % 2 ? double(*mid) : (double(*std::max_element(d.begin(), mid)) + double(*mid)) / 2.0;
    double sq = 0;
    for (qint64 v : d)
        sq += (double(v) - mean) * (double(v) - mean);
    *stddev = n > 1 ? std::sqrt(sq / double(n - 1)) : 0.0;
}
} // namespace

void KernelAnalysis::run(const Taxonomy& taxonomy, AnalysisResult& r)
{
    const Trace& t = *r.trace;
    Summary s = summarize(t, r.kernelInWindow, [&](quint32 name) { return taxonomy.categorize(t.strings.at(name)); });
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
    for (const auto& ks : r.kernels)
        r.nameCategory[ks.name] = categoryIndex(ks.category), done[ks.name] = true;
    for (qsizetype i = 0; i < k.size(); ++i) {
        const quint32 name = k.name[size_t(i)];
        if (name < names && !done[name])
            r.nameCategory[name] = categoryIndex(taxonomy.categorize(t.strings.at(name))), done[name] = true;
    }
}

KernelAnalysis::Summary KernelAnalysis::summarize(const Trace& t, const std::vector<quint8>& include,
    const std::function<QString(quint32)>& categoryOf, const std::atomic<bool>* cancel)
{
    const auto& k = t.kernels;
    const quint32 names = t.strings.size();
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    Summary out;

    // Counting sort of included kernels by name: O(n), then each name's slice is sorted on its
    // own (durations are needed for the percentiles anyway).
    std::vector<quint32> count(size_t(names) + 1, 0);
    for (qsizetype i = 0; i < k.size(); ++i)
        if (include[size_t(i)])
            ++count[k.name[size_t(i)] + 1];
    for (size_t i = 1; i < count.size(); ++i)
        count[i] += count[i - 1];
    std::vector<quint32> byName(count.back());
    {
        std::vector<quint32> pos(count.begin(), count.end() - 1);
        for (qsizetype i = 0; i < k.size(); ++i)
            if (include[size_t(i)])
                byName[pos[k.name[size_t(i)]]++] = quint32(i);
    }
    if (cancelled())
        return {};

    // Per name: durations for the percentiles (two nth_element, not a sort: O(k) per name), and
    // launches per configuration in a dense counter indexed by configuration, reset through the
    // list of configurations the name touched.
    std::vector<qint64> durations;
    std::vector<quint32> configCount(size_t(t.configs.size()), 0);
    std::vector<quint32> touched;
    for (quint32 name = 0; name < names; ++name) {
        const quint32 lo = count[name], hi = count[name + 1];
        if (lo == hi)
            continue;
        KernelSummary s;
        s.name = name;
        s.shortName = k.shortName[byName[lo]];
        s.count = hi - lo;
        durations.clear();
        quint64 deviceMask = 0;
        touched.clear();
        for (quint32 j = lo; j < hi; ++j) {
            // A name's kernels are spread over the whole table: fetch the columns a few rows
            // ahead, the gather otherwise waits on a cache miss per kernel.
            if (j + 16 < hi) {
                const quint32 ahead = byName[j + 16];
                __builtin_prefetch(&k.start[ahead]);
                __builtin_prefetch(&k.end[ahead]);
                __builtin_prefetch(&k.config[ahead]);
            }
            const quint32 i = byName[j];
            const qint64 d = k.duration(i);
            durations.push_back(d);
            s.totalNs += d;
            deviceMask |= quint64(1) << std::min<quint16>(k.device[i], 63);
            if (configCount[k.config[i]]++ == 0)
                touched.push_back(k.config[i]);
        }
        const auto [mn, mx] = std::minmax_element(durations.begin(), durations.end());
        s.minNs = *mn;
        s.maxNs = *mx;
        s.meanNs = double(s.totalNs) / double(s.count);
        s.p90Ns = nearestRankUnsorted(durations, 90);
        s.p50Ns = nearestRankUnsorted(durations, 50);
        medianAndStddev(durations, s.meanNs, &s.medianNs, &s.stddevNs);
        for (int d = 0; d < 64; ++d)
            if (deviceMask & (quint64(1) << d))
                s.devices.append(d);
        s.category = categoryOf(name);
        // Most used configuration; ties go to the one seen first (the earliest launch).
        quint32 top = touched.front();
        for (quint32 c : touched)
            if (configCount[c] > configCount[top])
                top = c;
        for (quint32 c : touched)
            configCount[c] = 0;
        const int dev = s.devices.isEmpty() ? 0 : s.devices.front();
        if (const GpuInfo* gpu = t.gpu(dev))
            if (const auto occ = Occupancy::theoretical(t.configs.at(top), *gpu))
                s.occupancy = occ->occupancy;
        out.count += s.count;
        out.totalNs += s.totalNs;
        out.kernels.append(std::move(s));
        if ((name & 1023) == 0 && cancelled())
            return {};
    }
    for (auto& s : out.kernels)
        s.share = out.totalNs > 0 ? double(s.totalNs) / double(out.totalNs) : 0.0;
    std::sort(out.kernels.begin(), out.kernels.end(), [](const KernelSummary& a, const KernelSummary& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    return out;
}

} // namespace sl
