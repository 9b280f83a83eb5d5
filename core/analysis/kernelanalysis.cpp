// SPDX-License-Identifier: MIT
#include "core/analysis/kernelanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/occupancy.h"
#include "core/analysis/statistics.h"
#include "core/analysis/taxonomy.h"

#include <algorithm>
#include <unordered_map>

namespace sl {

void KernelAnalysis::run(const Taxonomy& taxonomy, AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    const quint32 names = t.strings.size();

    // Counting sort of in-window kernels by name: O(n), then each name's slice is sorted on
    // its own (durations are needed for the percentiles anyway).
    std::vector<quint32> count(size_t(names) + 1, 0);
    for (qsizetype i = 0; i < k.size(); ++i)
        if (r.kernelInWindow[size_t(i)])
            ++count[k.name[size_t(i)] + 1];
    for (size_t i = 1; i < count.size(); ++i)
        count[i] += count[i - 1];
    std::vector<quint32> byName(count.back());
    {
        std::vector<quint32> pos(count.begin(), count.end() - 1);
        for (qsizetype i = 0; i < k.size(); ++i)
            if (r.kernelInWindow[size_t(i)])
                byName[pos[k.name[size_t(i)]]++] = quint32(i);
    }

    std::vector<qint64> durations;
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
        std::unordered_map<quint32, qint64> configUse;
        for (quint32 j = lo; j < hi; ++j) {
            const quint32 i = byName[j];
            durations.push_back(k.duration(i));
            deviceMask |= quint64(1) << std::min<quint16>(k.device[i], 63);
            ++configUse[k.config[i]];
        }
        std::sort(durations.begin(), durations.end());
        for (qint64 d : durations)
            s.totalNs += d;
        s.minNs = durations.front();
        s.maxNs = durations.back();
        s.meanNs = double(s.totalNs) / double(s.count);
        s.p50Ns = nearestRank(durations, 50);
        s.p90Ns = nearestRank(durations, 90);
        for (int d = 0; d < 64; ++d)
            if (deviceMask & (quint64(1) << d))
                s.devices.append(d);
        s.category = taxonomy.categorize(t.strings.at(name));
        const auto top = std::max_element(configUse.begin(), configUse.end(),
                                          [](const auto& a, const auto& b) { return a.second < b.second; });
        const int dev = s.devices.isEmpty() ? 0 : s.devices.front();
        if (const GpuInfo* gpu = t.gpu(dev))
            if (const auto occ = Occupancy::theoretical(t.configs.at(top->first), *gpu))
                s.occupancy = occ->occupancy;
        r.kernelCount += s.count;
        r.kernelNs += s.totalNs;
        r.categoryOfName.insert(name, s.category);
        r.kernels.append(std::move(s));
    }
    // Categories of every kernel name, in the window or not: a name used only outside the
    // window is categorised here (one O(n) pass over kernels; distinct names are few).
    const QStringList categories = Taxonomy::categories();
    auto categoryIndex = [&](const QString& category) {
        const auto i = categories.indexOf(category);
        return i < 0 ? AnalysisResult::kNoCategory : quint8(i);
    };
    r.nameCategory.assign(size_t(names), AnalysisResult::kNoCategory);
    std::vector<bool> done(size_t(names), false);
    for (const auto& s : r.kernels)
        r.nameCategory[s.name] = categoryIndex(s.category), done[s.name] = true;
    for (qsizetype i = 0; i < k.size(); ++i) {
        const quint32 name = k.name[size_t(i)];
        if (name < names && !done[name])
            r.nameCategory[name] = categoryIndex(taxonomy.categorize(t.strings.at(name))), done[name] = true;
    }
    for (auto& s : r.kernels)
        s.share = r.kernelNs > 0 ? double(s.totalNs) / double(r.kernelNs) : 0.0;
    std::sort(r.kernels.begin(), r.kernels.end(), [](const KernelSummary& a, const KernelSummary& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
}

} // namespace sl
