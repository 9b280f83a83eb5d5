// SPDX-License-Identifier: MIT
#include "core/analysis/design/gemmanalysis.h"

#include "core/analysis/analysisoptions.h"
#include "core/analysis/imports.h"
#include "core/analysis/rules/taxonomy.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace sl {

std::optional<std::pair<int, int>> GemmAnalysis::tileOf(const QString& kernelName)
{
    static const QRegularExpression kXmma(QStringLiteral(R"(tilesize(\d+)x(\d+)x\d+)"));
    // CUTLASS "_128x128_64x3_" and cuBLASLt "nvjet_tst_128x256_64x4_": the C tile, then K × stages.
    static const QRegularExpression kPair(QStringLiteral(R"(_(\d+)x(\d+)_(\d+)x(\d+)(?:_|$))"));
    auto m = kXmma.match(kernelName);
    if (!m.hasMatch())
        m = kPair.match(kernelName);
    if (!m.hasMatch())
        return std::nullopt;
    const int tm = m.captured(1).toInt(), tn = m.captured(2).toInt();
    if (tm <= 0 || tn <= 0)
        return std::nullopt;
    return std::make_pair(tm, tn);
}

bool GemmAnalysis::isSplitKReduction(const QString& kernelName)
{
    return kernelName.contains(QLatin1String("splitKreduce"), Qt::CaseInsensitive)
        || kernelName.contains(QLatin1String("splitk_reduce"), Qt::CaseInsensitive);
}

void GemmAnalysis::run(const AnalysisOptions& options, AnalysisResult& r, const Cancellation& cancel)
{
    if (!options.imports)
        return;
    if (!options.imports->cublasError.isEmpty())
        r.warnings << options.imports->cublasError;
    if (options.imports->cublas)
        match(*options.imports->cublas, r, cancel);
}

namespace {

using ThreadKey = std::pair<quint64, quint64>; // (pid, thread)

/// The trace's GEMM launches per launching (pid, tid), each list in launch-call order.
std::map<ThreadKey, std::vector<quint32>> traceLaunches(const AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto gemm = quint8(Taxonomy::categories().indexOf(QStringLiteral("gemm")));
    std::vector<qint8> isGemm(r.nameCategory.size(), -1); // per name: −1 unknown, 0 no, 1 yes
    std::map<ThreadKey, std::vector<quint32>> out;
    const auto& k = t.kernels;
    for (qsizetype j = 0; j < k.size(); ++j) {
        if (cancel.poll(j))
            return {};
        const auto i = size_t(j);
        const quint32 name = k.name[i];
        const qint32 api = k.api[i];
        if (name >= isGemm.size() || api < 0)
            continue;
        if (isGemm[name] < 0)
            isGemm[name] = r.nameCategory[name] == gemm && !GemmAnalysis::isSplitKReduction(t.strings.at(name));
        if (isGemm[name])
            out[{ t.api.pid[size_t(api)], t.api.tid[size_t(api)] }].push_back(quint32(i));
    }
    for (auto& [key, list] : out)
        std::stable_sort(list.begin(), list.end(),
            [&](quint32 a, quint32 b) { return t.api.start[size_t(k.api[a])] < t.api.start[size_t(k.api[b])]; });
    return out;
}

QString shapeKey(const GemmCall& c)
{
    return QStringLiteral("%1,%2,%3,%4,%5%6,%7,%8,%9,%10")
        .arg(c.m)
        .arg(c.n)
        .arg(c.k)
        .arg(c.batch)
        .arg(c.transA)
        .arg(c.transB)
        .arg(c.aType, c.bType, c.cType, c.computeType);
}

/// Which trace thread each log thread's calls belong to: the same pid (or the only process
/// with GEMM launches when the log's pid is not in the trace), the same thread id when the log
/// gives the OS thread id, else the unused threads in the order of their first launch.
std::map<ThreadKey, ThreadKey> pairThreads(const QVector<ThreadKey>& logThreads,
    const std::map<ThreadKey, std::vector<quint32>>& launches, const Trace& t, QStringList* notes)
{
    std::map<ThreadKey, ThreadKey> out;
    std::vector<ThreadKey> used;
    QVector<quint64> pids;
    for (const auto& [key, list] : launches)
        if (!pids.contains(key.first))
            pids << key.first;
    for (const ThreadKey& lt : logThreads) {
        quint64 pid = lt.first;
        if (!pids.contains(pid) && pids.size() == 1) {
            notes->append(GemmAnalysis::tr("The log's process %1 is not in the trace; its calls are matched with "
                                           "process %2, the only one that launches GEMMs.")
                              .arg(pid)
                              .arg(pids.front()));
            pid = pids.front();
        }
        std::vector<ThreadKey> candidates;
        for (const auto& [key, list] : launches)
            if (key.first == pid && std::find(used.begin(), used.end(), key) == used.end())
                candidates.push_back(key);
        if (candidates.empty())
            continue;
        auto chosen = std::find_if(
            candidates.begin(), candidates.end(), [&](const ThreadKey& k) { return k.second == lt.second; });
        if (chosen == candidates.end())
            chosen
                = std::min_element(candidates.begin(), candidates.end(), [&](const ThreadKey& a, const ThreadKey& b) {
                      return t.api.start[size_t(t.kernels.api[launches.at(a).front()])]
                          < t.api.start[size_t(t.kernels.api[launches.at(b).front()])];
                  });
        used.push_back(*chosen);
        out[lt] = *chosen;
    }
    return out;
}

/// Per shape and per kernel name, over the matched launches in the window. Kernels attributed to
/// NVTX operator shapes keep those FLOPs (EfficiencyStats) and are left out of the per-kernel ones.
void figures(AnalysisResult& r)
{
    GemmImport& g = r.design.gemm;
    const Trace& t = *r.trace;
    std::vector<quint8> nvtxFlops;
    if (r.efficiency.hasShapes()) {
        nvtxFlops.assign(size_t(t.kernels.size()), 0);
        for (const auto& [kernel, op] : r.efficiency.flopKernels)
            nvtxFlops[kernel] = 1;
    }
    std::vector<std::map<quint32, qint64>> nsByName(size_t(g.shapes.size()));
    QHash<quint32, qsizetype> byKernel;
    std::vector<std::pair<quint32, qint32>> inWindow;
    for (const auto& [kernel, shape] : g.matches) {
        if (!r.kernelInWindow[kernel])
            continue;
        inWindow.emplace_back(kernel, shape);
        GemmShape& s = g.shapes[shape];
        const qint64 d = t.kernels.duration(kernel);
        const quint32 name = t.kernels.name[kernel];
        ++s.launches, s.kernelNs += d, s.flops += s.call.flops();
        nsByName[size_t(shape)][name] += d;
        if (!nvtxFlops.empty() && nvtxFlops[kernel])
            continue;
        auto it = byKernel.constFind(name);
        if (it == byKernel.constEnd())
            it = byKernel.insert(name, g.byKernel.size()), g.byKernel.append(GemmKernelFlops { name, 0, 0, 0 });
        GemmKernelFlops& f = g.byKernel[*it];
        ++f.launches, f.kernelNs += d, f.flops += s.call.flops();
    }
    g.matches = std::move(inWindow);
    for (qsizetype i = 0; i < g.shapes.size(); ++i) {
        GemmShape& s = g.shapes[i];
        qint64 best = -1;
        for (const auto& [name, ns] : nsByName[size_t(i)])
            if (ns > best)
                best = ns, s.kernelName = name;
        if (s.kernelName >= 0)
            if (const auto tile = GemmAnalysis::tileOf(t.strings.at(quint32(s.kernelName))))
                s.tileM = tile->first, s.tileN = tile->second;
    }
    // By matched time; the matches follow their shapes to the new indices.
    std::vector<qint32> order(size_t(g.shapes.size()));
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = qint32(i);
    std::stable_sort(
        order.begin(), order.end(), [&](qint32 a, qint32 b) { return g.shapes[a].kernelNs > g.shapes[b].kernelNs; });
    std::vector<qint32> newIndex(order.size());
    QVector<GemmShape> sorted;
    for (size_t i = 0; i < order.size(); ++i) {
        newIndex[size_t(order[i])] = qint32(i);
        sorted.append(g.shapes[order[i]]);
    }
    g.shapes = std::move(sorted);
    for (auto& [kernel, shape] : g.matches)
        shape = newIndex[size_t(shape)];
    std::stable_sort(g.byKernel.begin(), g.byKernel.end(),
        [](const GemmKernelFlops& a, const GemmKernelFlops& b) { return a.kernelNs > b.kernelNs; });
}

} // namespace

void GemmAnalysis::match(const CublasLog& log, AnalysisResult& r, const Cancellation& cancel)
{
    GemmImport& g = r.design.gemm;
    const Trace& t = *r.trace;
    g = GemmImport {};
    g.present = true;
    g.fileName = log.fileName;
    g.notes = log.notes;
    g.calls = log.calls.size();
    const auto launches = traceLaunches(r, cancel);
    if (cancel.isCancelled())
        return;
    for (const auto& [key, list] : launches)
        g.gemmLaunches += qint64(list.size());

    // Shapes, and the log's threads in order of appearance with their calls.
    QHash<QString, qint32> shapeOf;
    QVector<ThreadKey> logThreads;
    std::map<ThreadKey, std::vector<int>> callsOf;
    std::vector<qint32> shapeOfCall(size_t(log.calls.size()));
    for (int c = 0; c < log.calls.size(); ++c) {
        const GemmCall& call = log.calls[c];
        const QString key = shapeKey(call);
        auto it = shapeOf.constFind(key);
        if (it == shapeOf.constEnd()) {
            it = shapeOf.insert(key, qint32(g.shapes.size()));
            g.shapes.append(GemmShape { call, 0, 0, 0, 0, -1, call.tileM, call.tileN });
        }
        ++g.shapes[*it].calls;
        shapeOfCall[size_t(c)] = *it;
        const ThreadKey lt { call.pid, call.thread };
        if (!callsOf.count(lt))
            logThreads << lt;
        callsOf[lt].push_back(c);
    }

    // Pair threads and match in order.
    const auto paired = pairThreads(logThreads, launches, t, &g.notes);
    for (const ThreadKey& lt : logThreads) {
        const auto& calls = callsOf[lt];
        const auto p = paired.find(lt);
        const std::vector<quint32> none;
        const auto& list = p == paired.end() ? none : launches.at(p->second);
        const size_t n = std::min(calls.size(), list.size());
        for (size_t i = 0; i < n; ++i)
            g.matches.emplace_back(list[i], shapeOfCall[size_t(calls[i])]);
        g.matched += qint64(n);
        if (calls.size() != list.size())
            g.notes << tr("Log process %1 thread %2: %3 GEMM calls, %4 GEMM launches in the trace on its thread; "
                          "the first %5 matched in order.")
                           .arg(lt.first)
                           .arg(lt.second)
                           .arg(calls.size())
                           .arg(list.size())
                           .arg(n);
    }
    std::sort(g.matches.begin(), g.matches.end());
    figures(r);
    g.notes << tr("%1 of %2 GEMM calls matched to the trace's %3 GEMM launches (by process, thread and order).")
                   .arg(g.matched)
                   .arg(g.calls)
                   .arg(g.gemmLaunches);
}

} // namespace sl
