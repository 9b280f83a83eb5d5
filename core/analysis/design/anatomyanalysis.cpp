// SPDX-License-Identifier: MIT
#include "core/analysis/design/anatomyanalysis.h"

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/shapeop.h"
#include "core/trace/nvtxthreadgroups.h"
#include "core/trace/trace.h"

#include <unordered_map>

namespace sl {

namespace {

/// FLOPs and minimum DRAM bytes of an in-window kernel where known (−1 unknown), looked up per
/// kernel: two arrays of doubles over all kernels cost 16 B per kernel at the analysis's peak,
/// nearly all of it "unknown" in a trace without shape ranges or a cuBLAS log.
class KernelWork
{
public:
    KernelWork(const AnalysisResult& r, const NvtxThreadGroups& threads)
        : m_r(r)
    {
        shapeOperators(threads);
        gemmCalls();
    }

    /// (FLOPs, bytes) of kernel i: a counted shape range's FLOPs split by duration, else its
    /// matched cuBLAS call's.
    std::pair<double, double> of(size_t i) const
    {
        const qint32 rg = m_r.kernelInWindow[i] && !m_opOf.empty() ? m_r.kernelRange[i] : -1;
        if (rg >= 0 && m_opOf[size_t(rg)] >= 0) {
            const auto op = quint32(m_opOf[size_t(rg)]);
            if (const auto f = m_opFlops.find(op); f != m_opFlops.end())
                return { shareOf(op, f->second, i), -1.0 };
        }
        if (const auto g = m_gemmOf.find(quint32(i)); g != m_gemmOf.end())
            return { g->second->flops(), gemmBytes(*g->second) };
        return { -1.0, -1.0 };
    }

private:
    void shapeOperators(const NvtxThreadGroups& threads);
    void gemmCalls();
    /// The share of operator `op`'s FLOPs that kernel i ran (by duration; zero-length kernels of a
    /// zero-length operator share equally).
    double shareOf(quint32 op, double flops, size_t i) const
    {
        const qint64 total = m_rangeNs.at(op);
        const qint64 d = m_r.trace->kernels.duration(qsizetype(i));
        return total > 0 ? flops * double(d) / double(total) : flops / double(m_rangeKernels.at(op));
    }
    /// A, B read and C written once: the minimum DRAM traffic (−1 unknown).
    static double gemmBytes(const GemmCall& c)
    {
        return c.elementBytes() > 0
            ? double(c.elementBytes()) * double(c.m * c.k + c.k * c.n + c.m * c.n) * double(c.batch)
            : -1.0;
    }

    const AnalysisResult& m_r;
    std::vector<qint32> m_opOf; ///< per NVTX range: the counted operator range it lies in (−1 none)
    std::unordered_map<quint32, double> m_opFlops; ///< counted operator range → its FLOPs, where known
    std::unordered_map<quint32, qint64> m_rangeNs, m_rangeKernels; ///< per operator: kernel ns and count
    std::unordered_map<quint32, const GemmCall*> m_gemmOf; ///< kernel → its matched cuBLAS call
};

/// FLOPs of the kernels under PyTorch shape ranges: each counted operator range's FLOPs split
/// over its kernels by their duration (the same nesting rule as EfficiencyAnalysis: a kernel
/// belongs to the counted operator nearest its attributed range).
void KernelWork::shapeOperators(const NvtxThreadGroups& threads)
{
    const Trace& t = *m_r.trace;
    const auto& n = t.nvtx;
    const auto& k = t.kernels;
    std::unordered_map<quint32, std::optional<ShapeOp>> parsed;
    auto shapeOf = [&](quint32 name) -> const std::optional<ShapeOp>& {
        auto it = parsed.find(name);
        if (it == parsed.end())
            it = parsed.emplace(name, ShapeOp::parse(t.strings.at(name))).first;
        return it->second;
    };
    std::vector<qint32> opOf(size_t(n.size()), -1);
    bool any = false;
    for (const auto& ranges : threads.ranges)
        for (quint32 rg : ranges) {
            const auto& s = shapeOf(n.name[rg]);
            const qint32 up = threads.parent[rg];
            opOf[rg] = s && s->counted ? qint32(rg) : (up < 0 ? -1 : opOf[size_t(up)]);
            if (s && s->counted && s->flops)
                m_opFlops.emplace(rg, *s->flops), any = true;
        }
    if (!any)
        return; // no operator with FLOPs: no kernel takes a share
    m_opOf = std::move(opOf);
    for (qsizetype i = 0; i < k.size(); ++i) {
        const qint32 rg = m_r.kernelInWindow[size_t(i)] ? m_r.kernelRange[size_t(i)] : -1;
        if (rg >= 0 && m_opOf[size_t(rg)] >= 0) {
            m_rangeNs[quint32(m_opOf[size_t(rg)])] += k.duration(i);
            ++m_rangeKernels[quint32(m_opOf[size_t(rg)])];
        }
    }
}

/// The launches matched to a cuBLAS/cuBLASLt call: the first match with a known shape counts.
void KernelWork::gemmCalls()
{
    const GemmImport& g = m_r.design.gemm;
    for (const auto& [kernel, shape] : g.matches)
        if (shape >= 0 && shape < g.shapes.size())
            m_gemmOf.emplace(kernel, &g.shapes[shape].call);
}

/// Operator class of every in-window kernel (AnatomyRules' order: kernel name, NVTX, category).
std::vector<qint8> classify(const AnalysisOptions& options, const AnalysisResult& r, const NvtxThreadGroups& threads)
{
    const Trace& t = *r.trace;
    const auto& n = t.nvtx;
    const auto& k = t.kernels;
    const AnatomyRules& rules = options.anatomy;
    std::unordered_map<quint32, int> byRangeName;
    std::vector<qint32> rangeClass(size_t(n.size()), -1); // innermost matching enclosing range's class
    for (const auto& ranges : threads.ranges)
        for (quint32 rg : ranges) {
            auto it = byRangeName.find(n.name[rg]);
            if (it == byRangeName.end())
                it = byRangeName.emplace(n.name[rg], rules.byNvtx(t.strings.at(n.name[rg]))).first;
            const qint32 up = threads.parent[rg];
            rangeClass[rg] = it->second >= 0 ? it->second : (up < 0 ? -1 : rangeClass[size_t(up)]);
        }
    const int other = int(AnatomyRules::classes().size()) - 1;
    // Per distinct name, once: the class its name gives, and the one its category gives (a
    // lookup by category per kernel was a string search among the classes, 5 % of the analysis).
    // In a dense table by name: a hash lookup per kernel was a third of the pass.
    constexpr int kUnknown = -2; // not looked up yet (a rule that gives no class says −1)
    struct NameClass
    {
        int byName = kUnknown, byCategory = kUnknown;
    };
    std::vector<NameClass> classOfName(size_t(t.strings.size()));
    std::vector<qint8> cls(size_t(k.size()), -1);
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const quint32 name = k.name[size_t(i)];
        NameClass& nc = classOfName[name];
        if (nc.byName == kUnknown)
            nc = { rules.byKernel(t.strings.at(name)), rules.byCategory(r.categoryOfName.value(name)) };
        int c = nc.byName;
        const qint32 rg = r.kernelRange[size_t(i)];
        if (c < 0 && rg >= 0)
            c = rangeClass[size_t(rg)];
        if (c < 0)
            c = nc.byCategory;
        cls[size_t(i)] = qint8(c < 0 ? other : c);
    }
    return cls;
}

/// The counters' bound class of a phase: the sampled device with the most kernel time in it.
QString counterBound(const AnalysisResult& r, int phase)
{
    const CounterScope* best = nullptr;
    for (const CounterScope& s : r.counters.scopes)
        if (s.kind == CounterScope::Kind::Phase && s.scope == r.phases[phase].phase && s.bound != BoundClass::Unknown
            && s.bound != BoundClass::Idle && (!best || s.kernelBusyNs > best->kernelBusyNs))
            best = &s;
    return best ? boundClassKey(best->bound) : QString();
}

/// Arithmetic intensity against the ridge point when FLOPs, bytes, peak and bandwidth are known
/// for all the cell's FLOP kernels, else the phase's counters, else unknown.
void boundOf(const AnalysisResult& r, AnatomyCell& c, bool unattributed)
{
    if (c.flopNs > 0 && c.bytesNs == c.flopNs && c.bytes > 0 && c.peakKnownNs == c.flopNs
        && c.bandwidthKnownNs == c.flopNs && c.bandwidthWork > 0) {
        const double intensity = c.flops / c.bytes; // FLOP/byte
        const double ridge = c.peakWork / c.bandwidthWork; // TFLOP/s ÷ TB/s = FLOP/byte
        c.bound = intensity >= ridge ? QStringLiteral("compute-bound") : QStringLiteral("memory-bound");
        c.boundSource = QStringLiteral("intensity");
        return;
    }
    const QString counters = unattributed ? QString() : counterBound(r, c.phase);
    c.bound = counters.isEmpty() ? QStringLiteral("unknown") : counters;
    c.boundSource = counters.isEmpty() ? QString() : QStringLiteral("counters");
}

} // namespace

void AnatomyAnalysis::run(const AnalysisOptions& options, AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    r.design.anatomy = {};
    if (r.phases.isEmpty() || r.kernelInWindow.size() != size_t(k.size()))
        return;
    NvtxThreadGroups built;
    if (!r.nvtxThreads)
        built.build(t.nvtx);
    const NvtxThreadGroups& threads = r.nvtxThreads ? *r.nvtxThreads : built;
    const KernelWork work(r, threads);
    if (cancel.isCancelled())
        return;
    const std::vector<qint8> cls = classify(options, r, threads);
    if (cancel.isCancelled())
        return;

    const int classes = int(AnatomyRules::classes().size());
    const int unattributed = r.unattributedPhase();
    QVector<AnatomyCell> grid(r.phases.size() * classes);
    std::unordered_map<int, std::optional<double>> bandwidthOfDevice;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (cls[size_t(i)] < 0)
            continue;
        const int phase = r.kernelPhase[size_t(i)] >= 0 ? r.kernelPhase[size_t(i)] : unattributed;
        AnatomyCell& c = grid[phase * classes + cls[size_t(i)]];
        const qint64 d = k.duration(i);
        ++c.kernels;
        c.kernelNs += d;
        const auto [flops, bytes] = work.of(size_t(i));
        if (flops < 0)
            continue;
        ++c.flopKernels;
        c.flopNs += d;
        c.flops += flops;
        const int device = k.device[size_t(i)];
        const GpuInfo* gpu = t.gpu(device);
        std::optional<double> peak = r.efficiency.peakOverride;
        const QString key = r.efficiency.mathOfName.value(k.name[size_t(i)]).peakKey();
        if (!peak && gpu && !key.isEmpty())
            if (const auto* entry = options.peaks.find(gpu->name); entry && entry->tflops.contains(key))
                peak = entry->tflops.value(key);
        if (peak)
            c.peakWork += double(d) * *peak, c.peakKnownNs += d;
        if (bytes >= 0)
            c.bytes += bytes, c.bytesNs += d;
        auto bw = bandwidthOfDevice.find(device);
        if (bw == bandwidthOfDevice.end())
            bw = bandwidthOfDevice.emplace(device, gpu ? options.anatomy.bandwidthTbps(gpu->name) : std::nullopt).first;
        if (bw->second)
            c.bandwidthWork += double(d) * *bw->second, c.bandwidthKnownNs += d;
    }
    for (int p = 0; p < r.phases.size(); ++p)
        for (int c = 0; c < classes; ++c) {
            AnatomyCell cell = grid[p * classes + c];
            if (cell.kernels == 0)
                continue;
            cell.phase = p;
            cell.cls = c;
            boundOf(r, cell, p == unattributed);
            r.design.anatomy.cells.append(cell);
        }
}

} // namespace sl
