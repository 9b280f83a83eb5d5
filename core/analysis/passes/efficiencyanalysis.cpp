// SPDX-License-Identifier: MIT
#include "core/analysis/passes/efficiencyanalysis.h"

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/shapeop.h"
#include "core/analysis/rules/taxonomy.h"
#include "core/trace/nvtxthreadgroups.h"
#include "core/util/ranking.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace sl {

namespace {
using Segments = std::vector<std::pair<qint64, qint64>>;

/// Appends [s, e] to a union built from start-sorted intervals.
void addToUnion(Segments& u, qint64 s, qint64 e)
{
    if (u.empty() || s > u.back().second)
        u.emplace_back(s, e);
    else
        u.back().second = std::max(u.back().second, e);
}

qint64 lengthOf(const Segments& u)
{
    qint64 n = 0;
    for (const auto& [s, e] : u)
        n += e - s;
    return n;
}

/// Length of the intersection of two sorted, disjoint segment lists: one linear merge.
qint64 intersection(const Segments& a, const Segments& b)
{
    qint64 n = 0;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const qint64 lo = std::max(a[i].first, b[j].first), hi = std::min(a[i].second, b[j].second);
        if (hi > lo)
            n += hi - lo;
        (a[i].second < b[j].second) ? ++i : ++j;
    }
    return n;
}
/// Operator ranges (ShapeOp), parsed once per distinct range name.
class ShapeNames
{
public:
    explicit ShapeNames(const Trace& t)
        : m_trace(t)
    {
    }
    /// Index into shapes() of the operator `name` names, -1 when it is not a shape range.
    qint32 of(quint32 name)
    {
        auto it = m_ofName.find(name);
        if (it == m_ofName.end()) {
            auto s = ShapeOp::parse(m_trace.strings.at(name));
            qint32 idx = -1;
            if (s) {
                idx = qint32(m_shapes.size());
                m_shapes.push_back(std::move(*s));
            }
            it = m_ofName.emplace(name, idx).first;
        }
        return it->second;
    }
    const ShapeOp& at(qint32 index) const { return m_shapes[size_t(index)]; }
    bool empty() const { return m_shapes.empty(); }

private:
    const Trace& m_trace;
    std::unordered_map<quint32, qint32> m_ofName;
    std::vector<ShapeOp> m_shapes;
};

/// Nearest enclosing counted operator of every range (itself included; -1: none), by the NVTX
/// nesting rule (NvtxThreadGroups: same thread, starts and ends inside): parents come before
/// their children in each group. A kernel then belongs to the operator nearest its attributed
/// innermost range, so an aten::linear → aten::addmm nest counts addmm once and linear not at
/// all.
std::vector<qint32> operatorOfRange(const AnalysisResult& r, ShapeNames& shapes)
{
    const auto& n = r.trace->nvtx;
    std::vector<qint32> opOf(size_t(n.size()), -1);
    NvtxThreadGroups built;
    if (!r.nvtxThreads)
        built.build(n);
    const NvtxThreadGroups& threads = r.nvtxThreads ? *r.nvtxThreads : built;
    for (const auto& ranges : threads.ranges)
        for (quint32 rg : ranges) {
            const qint32 s = shapes.of(n.name[rg]);
            const qint32 up = threads.parent[rg];
            opOf[rg] = s >= 0 && shapes.at(s).counted ? qint32(rg) : (up < 0 ? -1 : opOf[size_t(up)]);
        }
    return opOf;
}

/// The kernels of one operator range: count, time, device, phase, and the math path of its
/// longest kernel with a known peak key (the dtype its MFU uses).
struct RangeAcc
{
    qint64 kernels = 0, ns = 0, longestNs = -1;
    QString peakKey;
    int device = -1, phase = -1;
};

/// RangeAcc per operator range (by range row) with in-window kernels.
std::unordered_map<quint32, RangeAcc> operatorKernels(const AnalysisResult& r, const std::vector<qint32>& opOf)
{
    const auto& k = r.trace->kernels;
    std::unordered_map<quint32, RangeAcc> acc;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const qint32 rg = r.kernelRange[size_t(i)];
        if (rg < 0 || opOf[size_t(rg)] < 0)
            continue;
        RangeAcc& a = acc[quint32(opOf[size_t(rg)])];
        const qint64 d = k.duration(i);
        if (a.kernels++ == 0)
            a.device = k.device[size_t(i)], a.phase = r.kernelPhase[size_t(i)];
        a.ns += d;
        const QString key = r.efficiency.mathOfName.value(k.name[size_t(i)]).peakKey();
        if (!key.isEmpty() && d > a.longestNs)
            a.longestNs = d, a.peakKey = key;
    }
    return acc;
}

/// Adds an operator range's kernels, `flops` and peak (TFLOP/s, when known) to figure `f`.
void addTo(FlopFigure& f, const RangeAcc& a, double flops, std::optional<double> peak)
{
    ++f.ranges;
    f.kernels += a.kernels;
    f.kernelNs += a.ns;
    f.flops += flops;
    if (peak) {
        f.peakWork += double(a.ns) * *peak;
        f.peakKnownNs += a.ns;
    }
    if (f.dtype.isEmpty() || f.dtype == a.peakKey)
        f.dtype = a.peakKey;
    else if (!a.peakKey.isEmpty())
        f.dtype = QStringLiteral("mixed");
}

/// The peak of an operator range's kernels: --peak-tflops, else its GPU's table entry for its
/// math path (the first entry used is the one the report names).
std::optional<double> peakOf(const AnalysisOptions& options, const Trace& t, EfficiencyStats& e, const RangeAcc& a)
{
    if (e.peakOverride)
        return e.peakOverride;
    const GpuInfo* gpu = t.gpu(a.device);
    const auto* entry = gpu ? options.peaks.find(gpu->name) : nullptr;
    if (!entry)
        return std::nullopt;
    if (e.peakModel.isEmpty())
        e.peakModel = entry->model, e.peakSource = entry->source;
    if (!a.peakKey.isEmpty() && entry->tflops.contains(a.peakKey))
        return entry->tflops.value(a.peakKey);
    return std::nullopt;
}

/// The FLOP figures of the window, per operator name (by FLOPs) and per phase.
void flopFigures(const AnalysisOptions& options, AnalysisResult& r, ShapeNames& shapes,
    const std::unordered_map<quint32, RangeAcc>& acc)
{
    const auto& n = r.trace->nvtx;
    EfficiencyStats& e = r.efficiency;
    const int unattributed = r.unattributedPhase();
    QHash<QString, FlopFigure> byOp;
    QVector<FlopFigure> byPhase(r.phases.size());
    e.flops.name = QStringLiteral("window");
    for (const auto& [rg, a] : acc) {
        const ShapeOp& op = shapes.at(shapes.of(n.name[rg]));
        if (!op.flops) {
            ++e.uncountedRanges;
            continue;
        }
        ++e.flopRanges;
        const std::optional<double> peak = peakOf(options, *r.trace, e, a);
        FlopFigure& fo = byOp[op.op];
        fo.name = op.op;
        addTo(fo, a, *op.flops, peak);
        const int slot = a.phase >= 0 ? a.phase : unattributed;
        if (slot >= 0 && slot < byPhase.size()) {
            byPhase[slot].name = r.phases[slot].phase;
            addTo(byPhase[slot], a, *op.flops, peak);
        }
        addTo(e.flops, a, *op.flops, peak);
    }
    for (const auto& f : std::as_const(byOp))
        e.flopsByOp.append(f);
    std::sort(e.flopsByOp.begin(), e.flopsByOp.end(),
        [](const FlopFigure& a, const FlopFigure& b) { return rankedBefore(a.flops, b.flops, a.name, b.name); });
    for (const auto& f : std::as_const(byPhase))
        if (f.ranges > 0)
            e.flopsByPhase.append(f);
}

/// Each in-window kernel of a counted operator with FLOPs, with its operator's index in
/// flopsByOp (the evidence of the FLOP figures).
void flopKernels(AnalysisResult& r, ShapeNames& shapes, const std::vector<qint32>& opOf)
{
    const auto& n = r.trace->nvtx;
    const auto& k = r.trace->kernels;
    EfficiencyStats& e = r.efficiency;
    QHash<QString, quint16> opIndex;
    for (int i = 0; i < e.flopsByOp.size() && i < 0xFFFF; ++i)
        opIndex.insert(e.flopsByOp[i].name, quint16(i));
    for (qsizetype i = 0; i < k.size(); ++i) {
        const qint32 rg = r.kernelInWindow[size_t(i)] ? r.kernelRange[size_t(i)] : -1;
        if (rg < 0 || opOf[size_t(rg)] < 0)
            continue;
        const ShapeOp& op = shapes.at(shapes.of(n.name[size_t(opOf[size_t(rg)])]));
        if (op.flops && opIndex.contains(op.op))
            e.flopKernels.emplace_back(quint32(i), opIndex.value(op.op));
    }
}

/// One device's in-window kernels, communication apart from the rest (unions in ns, windows
/// clipped at the window's end).
struct DeviceKernels
{
    Segments comm;
    /// The union of the other kernels, clipped to `comm`: all that the overlap figures read. The
    /// whole union would hold a segment per kernel on a busy GPU (16 B per kernel at the
    /// analysis's peak) for the few places where communication runs.
    Segments otherOnComm;
    std::vector<Segments> commByPhase; ///< per phase slot; the last also takes kernels without a phase
    std::vector<qint64> kernelsByPhase; ///< communication kernels per phase slot
    std::vector<quint32> commKernels; ///< start-sorted
};

/// Appends the part of the segment [s, e] that lies on `comm` to `out`; `j` is the first
/// segment of `comm` that can still meet it (segments arrive start-sorted and disjoint).
void clipToComm(const Segments& comm, size_t& j, qint64 s, qint64 e, Segments& out)
{
    while (j < comm.size() && comm[j].second <= s)
        ++j;
    for (size_t m = j; m < comm.size() && comm[m].first < e; ++m) {
        const qint64 lo = std::max(s, comm[m].first), hi = std::min(e, comm[m].second);
        if (hi > lo)
            out.emplace_back(lo, hi);
    }
}

/// DeviceKernels::otherOnComm of the start-sorted kernels `list`: the union of those that are
/// not communication, one segment at a time, each clipped to `d.comm` once it is complete.
void clipOthersToComm(const AnalysisResult& r, const std::vector<quint32>& list, quint8 commIndex, DeviceKernels& d)
{
    const auto& k = r.trace->kernels;
    size_t j = 0;
    bool open = false;
    qint64 cs = 0, ce = 0; // the union's segment being built (ns)
    for (quint32 i : list) {
        if (!r.kernelInWindow[i] || r.nameInCategory(k.name[i], commIndex))
            continue;
        const qint64 s = k.start[i], en = std::min(k.endOf(i), r.window.endNs);
        if (open && s <= ce) {
            ce = std::max(ce, en);
            continue;
        }
        if (open)
            clipToComm(d.comm, j, cs, ce, d.otherOnComm);
        open = true;
        cs = s, ce = en;
    }
    if (open)
        clipToComm(d.comm, j, cs, ce, d.otherOnComm);
}

/// Durations per collective (ns). A kernel's collective is found once per kernel name, in a
/// dense table by name: a hash of the collective's name per communication kernel was most of
/// the pass at a million NCCL kernels.
class CollectiveDurations
{
public:
    explicit CollectiveDurations(const Trace& t)
        : m_t(t)
        , m_slotOfName(size_t(t.strings.size()), kUnknown)
    {
    }
    void add(quint32 name, qint64 ns)
    {
        qint32& slot = m_slotOfName[name];
        if (slot == kUnknown) {
            const QString collective = EfficiencyAnalysis::collectiveOf(m_t.strings.at(name));
            auto it = m_slotOf.constFind(collective);
            if (it == m_slotOf.constEnd()) {
                it = m_slotOf.insert(collective, qint32(m_durations.size()));
                m_durations.emplace_back(collective, std::vector<qint64>());
            }
            slot = *it;
        }
        m_durations[size_t(slot)].second.push_back(ns);
    }
    /// (collective, durations) in first-seen order.
    std::vector<std::pair<QString, std::vector<qint64>>>& all() { return m_durations; }

private:
    static constexpr qint32 kUnknown = -1;
    const Trace& m_t;
    std::vector<qint32> m_slotOfName; ///< StringTable index → index into m_durations
    QHash<QString, qint32> m_slotOf;
    std::vector<std::pair<QString, std::vector<qint64>>> m_durations;
};

/// DeviceKernels of the start-sorted kernels `list` (`slotCount` phase slots); each
/// communication kernel's duration goes to its collective in `durations`.
DeviceKernels splitCommunication(
    const AnalysisResult& r, const std::vector<quint32>& list, int slotCount, CollectiveDurations& durations)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    const auto commIndex = quint8(Taxonomy::categories().indexOf(QStringLiteral("communication")));
    DeviceKernels d;
    d.commByPhase.resize(size_t(std::max(slotCount, 1)));
    d.kernelsByPhase.assign(d.commByPhase.size(), 0);
    for (quint32 i : list) {
        const quint32 name = k.name[i];
        if (!r.kernelInWindow[i] || !r.nameInCategory(name, commIndex))
            continue;
        const qint64 s = k.start[i], en = std::min(k.endOf(i), r.window.endNs);
        addToUnion(d.comm, s, en);
        const int ph = i < r.kernelPhase.size() ? r.kernelPhase[i] : -1;
        const size_t slot = ph >= 0 ? size_t(ph) : d.commByPhase.size() - 1;
        addToUnion(d.commByPhase[slot], s, en);
        ++d.kernelsByPhase[slot];
        d.commKernels.push_back(i);
        durations.add(name, en - s);
    }
    if (!d.commKernels.empty())
        clipOthersToComm(r, list, commIndex, d);
    return d;
}

/// Exposed ns of each communication kernel on its own: the part no other kernel covers, as
/// (exposed ns, kernel) into `exposedOf`. Kernels are start-sorted, so the first segment that can
/// cover one only moves forward.
void exposedTimes(const AnalysisResult& r, const DeviceKernels& d, std::vector<std::pair<qint64, quint32>>& exposedOf)
{
    const auto& k = r.trace->kernels;
    size_t j = 0;
    for (quint32 i : d.commKernels) {
        const qint64 s = k.start[i], en = std::min(k.endOf(i), r.window.endNs);
        while (j < d.otherOnComm.size() && d.otherOnComm[j].second <= s)
            ++j;
        qint64 covered = 0;
        for (size_t m = j; m < d.otherOnComm.size() && d.otherOnComm[m].first < en; ++m)
            covered += std::max<qint64>(0, std::min(en, d.otherOnComm[m].second) - std::max(s, d.otherOnComm[m].first));
        exposedOf.emplace_back((en - s) - covered, i);
    }
}

/// Count, total and percentiles per collective, by total time descending.
QVector<CollectiveStats> collectiveStats(CollectiveDurations& durations)
{
    QVector<CollectiveStats> out;
    for (auto& [collective, d] : durations.all()) {
        CollectiveStats c;
        c.collective = collective;
        c.count = qint64(d.size());
        for (qint64 x : d)
            c.totalNs += x;
        c.p50Ns = nearestRankUnsorted(d, 50);
        c.p90Ns = nearestRankAbove(d, 90, 50);
        out.append(c);
    }
    std::sort(out.begin(), out.end(), [](const CollectiveStats& a, const CollectiveStats& b) {
        return rankedBefore(a.totalNs, b.totalNs, a.collective, b.collective);
    });
    return out;
}

} // namespace

QString EfficiencyAnalysis::collectiveOf(const QString& name)
{
    // Order matters: "ReduceScatter" contains "Reduce", vLLM's custom all-reduce is not NCCL.
    static const std::pair<const char*, QStringList> kRules[] = {
        { "CustomAllReduce",
            { QStringLiteral("cross_device_reduce"), QStringLiteral("custom_all_reduce"), QStringLiteral("custom_ar"),
                QStringLiteral("one_shot_all_reduce"), QStringLiteral("two_shot_all_reduce") } },
        { "ReduceScatter", { QStringLiteral("reducescatter"), QStringLiteral("reduce_scatter") } },
        { "AllReduce", { QStringLiteral("allreduce"), QStringLiteral("all_reduce") } },
        { "AllGather", { QStringLiteral("allgather"), QStringLiteral("all_gather") } },
        { "AllToAll", { QStringLiteral("alltoall"), QStringLiteral("all_to_all") } },
        { "SendRecv",
            { QStringLiteral("sendrecv"), QStringLiteral("send_recv"), QStringLiteral("ncclDevKernel_Send"),
                QStringLiteral("ncclDevKernel_Recv"), QStringLiteral("ncclKernel_Send"),
                QStringLiteral("ncclKernel_Recv") } },
        { "Broadcast", { QStringLiteral("broadcast"), QStringLiteral("bcast") } },
    };
    for (const auto& [collective, patterns] : kRules)
        for (const auto& p : patterns)
            if (name.contains(p, Qt::CaseInsensitive))
                return QLatin1String(collective);
    return QStringLiteral("Other");
}

void EfficiencyAnalysis::run(const AnalysisOptions& options, AnalysisResult& r, const Cancellation& cancel)
{
    if (cancel.isCancelled())
        return;
    r.efficiency.peakOverride = options.peakTflops;
    mathPaths(options, r);
    if (options.peakTflops) {
        r.efficiency.modelPeakTflops = options.peakTflops;
    } else if (const GpuInfo* gpu = r.devices.isEmpty() ? nullptr : r.trace->gpu(r.devices.front().deviceId)) {
        if (const auto* entry = options.peaks.find(gpu->name))
            for (const auto& m : std::as_const(r.efficiency.math)) {
                const QString key = m.path.peakKey();
                if (!key.isEmpty() && entry->tflops.contains(key)) {
                    r.efficiency.modelPeakTflops = entry->tflops.value(key);
                    r.efficiency.modelPeakKey = key;
                    break;
                }
            }
    }
    if (cancel.isCancelled())
        return;
    busySplit(r);
    if (cancel.isCancelled())
        return;
    overlap(r);
    if (cancel.isCancelled())
        return;
    flops(options, r);
}

void EfficiencyAnalysis::mathPaths(const AnalysisOptions& options, AnalysisResult& r)
{
    EfficiencyStats& e = r.efficiency;
    const Trace& t = *r.trace;
    // Per distinct name (a few hundred at most), from the kernel summary: no pass over kernels.
    std::map<QPair<int, QString>, MathPathShare> byPath;
    for (const KernelSummary& ks : std::as_const(r.kernels)) {
        const MathPath m = options.mathPaths.classify(t.strings.at(ks.name));
        e.mathOfName.insert(ks.name, m);
        MathPathShare& s = byPath[{ int(m.kind), m.dtype }];
        s.path = m;
        s.count += ks.count, s.ns += ks.totalNs;
        if (ks.category == QLatin1String("gemm")) {
            s.gemmCount += ks.count, s.gemmNs += ks.totalNs;
            e.gemmNs += ks.totalNs;
            if (m.kind == MathPath::Simt)
                e.gemmSimtNs += ks.totalNs, e.gemmSimtCount += ks.count;
        }
    }
    for (auto& [key, s] : byPath)
        e.math.append(s);
    std::sort(e.math.begin(), e.math.end(), [](const MathPathShare& a, const MathPathShare& b) {
        return rankedBefore(a.ns, b.ns, a.path.label(), b.path.label());
    });
}

void EfficiencyAnalysis::busySplit(AnalysisResult& r)
{
    const Trace& t = *r.trace;
    // Copies per device in the window, ends clipped to it like DeviceAnalysis does: one pass over
    // both tables, then a sort per device (the two tables interleave in time).
    std::map<int, Segments> copiesOf;
    for (const GpuOpColumns* ops :
        { static_cast<const GpuOpColumns*>(&t.memcpy), static_cast<const GpuOpColumns*>(&t.memset) })
        for (qsizetype i = 0; i < ops->size(); ++i)
            if (r.window.contains(ops->start[size_t(i)]))
                copiesOf[ops->device[size_t(i)]].emplace_back(
                    ops->start[size_t(i)], std::min(ops->endOf(size_t(i)), r.window.endNs));
    for (const DeviceStats& d : std::as_const(r.devices)) {
        Segments& copies = copiesOf[d.deviceId];
        std::sort(copies.begin(), copies.end());
        Segments u;
        for (const auto& [s, en] : copies)
            addToUnion(u, s, en);
        BusySplit b;
        b.deviceId = d.deviceId;
        b.busyNs = d.busyNs;
        b.computeBusyNs = d.computeBusyNs;
        b.copyBusyNs = lengthOf(u);
        b.copyOnlyNs = d.busyNs - d.computeBusyNs;
        b.spanNs = d.lastNs - d.firstNs;
        r.efficiency.busy.append(b);
    }
}

void EfficiencyAnalysis::overlap(AnalysisResult& r)
{
    EfficiencyStats& e = r.efficiency;
    const int slotCount = int(r.phases.size()); // the last phase is "unattributed"
    std::vector<std::pair<qint64, quint32>> exposedOf; // (exposed ns, kernel) of every communication kernel
    CollectiveDurations durations(*r.trace);
    QVector<CommOverlap> perPhase;
    for (const auto& [device, list] : r.trace->kernelsByDevice) {
        const DeviceKernels d = splitCommunication(r, list, slotCount, durations);
        if (d.commKernels.empty())
            continue;
        CommOverlap o;
        o.deviceId = device;
        o.kernels = qint64(d.commKernels.size());
        o.commNs = lengthOf(d.comm);
        o.overlappedNs = intersection(d.comm, d.otherOnComm);
        e.overlap.append(o);
        for (size_t p = 0; p < d.commByPhase.size(); ++p) {
            if (d.commByPhase[p].empty())
                continue;
            CommOverlap po;
            po.deviceId = device;
            po.phase = int(p);
            po.kernels = d.kernelsByPhase[p];
            po.commNs = lengthOf(d.commByPhase[p]);
            po.overlappedNs = intersection(d.commByPhase[p], d.otherOnComm);
            perPhase.append(po);
        }
        exposedTimes(r, d, exposedOf);
    }
    e.overlap += perPhase;
    std::sort(exposedOf.begin(), exposedOf.end(),
        [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    e.commKernels.reserve(exposedOf.size());
    for (const auto& [ns, i] : exposedOf)
        e.commKernels.push_back(i);
    e.collectives += collectiveStats(durations);
}

void EfficiencyAnalysis::flops(const AnalysisOptions& options, AnalysisResult& r)
{
    const auto& n = r.trace->nvtx;
    // Operator ranges, parsed once per distinct name. Most traces have none: then nothing below runs.
    ShapeNames shapes(*r.trace);
    for (qsizetype i = 0; i < n.size(); ++i)
        if (shapes.of(n.name[size_t(i)]) >= 0 && r.window.contains(n.start[size_t(i)]))
            ++r.efficiency.shapeRanges;
    if (shapes.empty())
        return;
    const std::vector<qint32> opOf = operatorOfRange(r, shapes);
    flopFigures(options, r, shapes, operatorKernels(r, opOf));
    flopKernels(r, shapes, opOf);
}

} // namespace sl
