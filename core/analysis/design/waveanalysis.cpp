// SPDX-License-Identifier: MIT
#include "core/analysis/design/waveanalysis.h"

#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/passes/occupancy.h"
#include "core/analysis/rules/specrules.h"
#include "core/util/format.h"

#include <QStringList>

#include <algorithm>
#include <unordered_map>

namespace sl {

std::optional<WaveGeometry> WaveGeometry::of(qint64 ctas, int smCount, int ctasPerSm)
{
    if (ctas <= 0 || smCount <= 0 || ctasPerSm <= 0)
        return std::nullopt;
    WaveGeometry g;
    g.ctas = ctas;
    g.smCount = smCount;
    g.ctasPerSm = ctasPerSm;
    const qint64 resident = qint64(smCount) * ctasPerSm; // CTAs on the whole GPU at once
    g.waves = (ctas + resident - 1) / resident;
    g.efficiency = double(ctas) / double(g.waves * resident);
    return g;
}

std::optional<WaveGeometry> WaveAnalysis::geometry(const LaunchConfig& c, const GpuInfo& gpu)
{
    const auto occ = Occupancy::theoretical(c, gpu);
    if (!occ)
        return std::nullopt;
    return WaveGeometry::of(qint64(c.gridX) * c.gridY * c.gridZ, gpu.smCount, occ->activeBlocksPerSm);
}

namespace {

/// Per kernel name, while the kernels are read.
struct Accumulator
{
    quint32 name = 0;
    bool candidate = false; ///< gemm or attention: its tail launches are kept for the evidence
    qint64 launches = 0, totalNs = 0, knownLaunches = 0, knownNs = 0;
    double efficiencyNs = 0, tailNs = 0; ///< Σ duration · efficiency, Σ duration · (1 − efficiency)
    double multiWaveTailNs = 0; ///< the part of tailNs from launches of two waves or more
    std::vector<quint32> tail;
    // The run of launches with the same geometry key, added to the per-pair map when the key
    // changes: a name's launches mostly repeat one configuration, so the map is seldom touched.
    qint64 runKey = -1, runNs = 0;
};

bool isCandidate(const QString& category)
{
    return category == QLatin1String("gemm") || category == QLatin1String("attention");
}

/// The geometry of every (device, configuration) pair, indexed slot · configs + config, where
/// slot numbers the devices that ran kernels.
struct GeometryTable
{
    std::vector<int> slotOfDevice;
    std::vector<int> deviceOfSlot;
    std::vector<std::optional<WaveGeometry>> values;
    size_t configs = 0;

    explicit GeometryTable(const Trace& t)
        : configs(size_t(t.configs.size()))
    {
        for (const auto& [device, kernels] : t.kernelsByDevice) {
            if (device >= slotOfDevice.size())
                slotOfDevice.resize(size_t(device) + 1, -1);
            slotOfDevice[device] = int(deviceOfSlot.size());
            deviceOfSlot.push_back(device);
            const GpuInfo* gpu = t.gpu(device);
            for (size_t c = 0; c < configs; ++c)
                values.push_back(gpu ? WaveAnalysis::geometry(t.configs.at(quint32(c)), *gpu) : std::nullopt);
        }
    }
    /// Index into `values` of a kernel's (device, configuration); −1 when the device is unknown.
    qint64 key(quint16 device, quint32 config) const
    {
        if (device >= slotOfDevice.size() || slotOfDevice[device] < 0 || config >= configs)
            return -1;
        return qint64(slotOfDevice[device]) * qint64(configs) + config;
    }
};

KernelWaves finish(const Trace& t, const AnalysisResult& r, Accumulator& a)
{
    KernelWaves w;
    w.name = a.name;
    w.shortName = a.name; // the summary's short name replaces it in publish()
    w.category = r.categoryOfName.value(a.name);
    w.launches = a.launches, w.totalNs = a.totalNs;
    w.knownLaunches = a.knownLaunches, w.knownNs = a.knownNs;
    if (a.knownNs > 0)
        w.waveEfficiency = a.efficiencyNs / double(a.knownNs);
    w.tailNs = qint64(a.tailNs + 0.5);
    w.multiWaveTailNs = qint64(a.multiWaveTailNs + 0.5);
    EvidenceBuilder::longestFirst(a.tail, t.kernels);
    w.tailLaunches = std::move(a.tail);
    std::vector<std::pair<int, quint32>> configs;
    for (quint32 i : w.tailLaunches)
        configs.emplace_back(t.kernels.device[i], t.kernels.config[i]);
    std::sort(configs.begin(), configs.end());
    configs.erase(std::unique(configs.begin(), configs.end()), configs.end());
    w.tailConfigs = std::move(configs);
    return w;
}

/// Sorts the names (largest tail first) into AnalysisResult::design with their short names.
void publish(AnalysisResult& r, QVector<KernelWaves> kernels)
{
    DesignStats& d = r.design;
    d.kernels = std::move(kernels);
    std::sort(d.kernels.begin(), d.kernels.end(), [](const KernelWaves& a, const KernelWaves& b) {
        if (a.tailNs != b.tailNs)
            return a.tailNs > b.tailNs;
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    d.indexOfName.clear();
    for (qsizetype i = 0; i < d.kernels.size(); ++i)
        d.indexOfName.insert(d.kernels[i].name, i);
    for (const KernelSummary& s : std::as_const(r.kernels))
        if (const auto it = d.indexOfName.constFind(s.name); it != d.indexOfName.constEnd())
            d.kernels[*it].shortName = s.shortName;
}

} // namespace

void WaveAnalysis::run(AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    const GeometryTable geo(t);
    std::vector<qint32> accOfName(size_t(t.strings.size()), -1);
    std::vector<Accumulator> accs;
    // GPU time per (name, device-configuration key), to name each kernel's dominant geometry.
    std::unordered_map<quint64, qint64> pairNs;
    for (qsizetype j = 0; j < k.size(); ++j) {
        if (cancel.poll(j))
            return;
        const auto i = size_t(j);
        if (!r.kernelInWindow[i] || k.name[i] >= accOfName.size())
            continue;
        qint32& slot = accOfName[k.name[i]];
        if (slot < 0) {
            slot = qint32(accs.size());
            accs.push_back({});
            accs.back().name = k.name[i];
            accs.back().candidate = isCandidate(r.categoryOfName.value(k.name[i]));
        }
        Accumulator& a = accs[size_t(slot)];
        const qint64 d = k.duration(i);
        ++a.launches, a.totalNs += d;
        const qint64 key = geo.key(k.device[i], k.config[i]);
        if (key < 0)
            continue;
        if (key != a.runKey) {
            if (a.runKey >= 0)
                pairNs[(quint64(a.name) << 32) | quint64(a.runKey)] += a.runNs;
            a.runKey = key, a.runNs = 0;
        }
        a.runNs += d;
        const auto& g = geo.values[size_t(key)];
        if (!g)
            continue;
        ++a.knownLaunches, a.knownNs += d;
        a.efficiencyNs += double(d) * g->efficiency;
        a.tailNs += double(d) * (1.0 - g->efficiency);
        if (g->waves < 2)
            continue;
        a.multiWaveTailNs += double(d) * (1.0 - g->efficiency);
        if (a.candidate && 1.0 - g->efficiency >= spec::kWaveTailShare)
            a.tail.push_back(quint32(i));
    }
    for (const Accumulator& a : accs)
        if (a.runKey >= 0)
            pairNs[(quint64(a.name) << 32) | quint64(a.runKey)] += a.runNs;
    // The dominant (device, configuration) of each name: the most GPU time, ties to the lower key.
    std::vector<std::pair<qint64, qint64>> top(accs.size(), { -1, -1 }); // (ns, key)
    std::vector<int> configCount(accs.size(), 0);
    for (const auto& [pair, ns] : pairNs) {
        const size_t a = size_t(accOfName[size_t(pair >> 32)]);
        const auto key = qint64(pair & 0xFFFFFFFFu);
        ++configCount[a];
        if (ns > top[a].first || (ns == top[a].first && key < top[a].second))
            top[a] = { ns, key };
    }
    QVector<KernelWaves> kernels;
    for (size_t a = 0; a < accs.size(); ++a) {
        KernelWaves w = finish(t, r, accs[a]);
        w.configs = configCount[a];
        if (top[a].second >= 0 && geo.values[size_t(top[a].second)])
            w.top = *geo.values[size_t(top[a].second)];
        kernels.append(std::move(w));
    }
    publish(r, std::move(kernels));
}

} // namespace sl
