// SPDX-License-Identifier: MIT
#include "core/compare/countercomparator.h"

#include "core/analysis/counters/counteranalysis.h"
#include "core/analysis/counters/ncuanalysis.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/compare/comparisonevidence.h"

#include <QHash>

#include <algorithm>
#include <map>

namespace sl {

namespace {

using ScopeKey = std::pair<CounterScope::Kind, QString>;

/// The scopes of trace `i` on GPU slot `gpu`: the one on the slot's device, or (gpu −1) every device's.
QVector<const CounterScope*> scopesOf(const Comparison& c, int i, const ScopeKey& key, int gpu)
{
    QVector<const CounterScope*> out;
    const QVector<int>& devices = c.counters.devices[i];
    if (gpu >= devices.size())
        return out;
    for (const CounterScope& s : c.analyses[i]->counters.scopes)
        if (s.kind == key.first && s.scope == key.second && (gpu < 0 || s.deviceId == devices[gpu]))
            out.append(&s);
    return out;
}

/// Scopes in comparison order, matched by kind and name (a phase and a step class may share a
/// name): the window, the comparison's phases in its order, then step classes (and any other
/// scope) in first-seen order over the traces.
QVector<ScopeKey> scopeKeys(const Comparison& c)
{
    QVector<ScopeKey> seen;
    for (const auto& a : c.analyses)
        for (const CounterScope& s : a->counters.scopes)
            if (!seen.contains(ScopeKey { s.kind, s.scope }))
                seen.append({ s.kind, s.scope });
    QVector<ScopeKey> out;
    for (const ScopeKey& k : seen)
        if (k.first == CounterScope::Kind::Window && !out.contains(k))
            out.append(k);
    for (const QString& p : c.phases)
        if (seen.contains(ScopeKey { CounterScope::Kind::Phase, p }))
            out.append({ CounterScope::Kind::Phase, p });
    for (const ScopeKey& k : seen)
        if (!out.contains(k))
            out.append(k);
    return out;
}

/// The bound class over several devices' stretches: the classification rule applied to the
/// kernel-time-weighted DRAM and compute means and the summed busy share.
BoundClass boundOver(const QVector<const CounterScope*>& scopes)
{
    if (scopes.size() == 1)
        return scopes.front()->bound;
    qint64 span = 0, busy = 0;
    double dram = 0, compute = 0, dramWeight = 0, computeWeight = 0;
    bool anyFigures = false;
    for (const CounterScope* s : scopes) {
        span += s->spanNs;
        busy += s->kernelBusyNs;
        anyFigures = anyFigures || !s->figures.isEmpty();
        if (s->dramPct >= 0) {
            dram += s->dramPct * double(s->kernelBusyNs);
            dramWeight += double(s->kernelBusyNs);
        }
        if (s->computePct >= 0) {
            compute += s->computePct * double(s->kernelBusyNs);
            computeWeight += double(s->kernelBusyNs);
        }
    }
    if (!anyFigures)
        return BoundClass::Unknown;
    return CounterAnalysis::classify(dramWeight > 0 ? dram / dramWeight : -1,
        computeWeight > 0 ? compute / computeWeight : -1, span > 0 ? double(busy) / double(span) : 0);
}

/// The rows behind a scope of trace `i`: a phase's in-window kernels, the window's time range on
/// the slot's GPU (every in-window kernel for all GPUs); nothing for step classes.
Evidence scopeEvidence(const Comparison& c, int i, const CounterScopeComparison& row)
{
    const AnalysisResult& r = *c.analyses[i];
    if (row.kind == CounterScope::Kind::Window && row.gpu >= 0)
        return EvidenceBuilder::timeRange(r, row.deviceIds[i], r.window.startNs, r.window.endNs);
    if (row.kind == CounterScope::Kind::Window) { // all GPUs: every in-window kernel
        QVector<quint32> names;
        for (const auto& k : r.kernels)
            names.append(k.name);
        return ComparisonEvidence::kernels(r, names);
    }
    if (const int slot = c.phaseSlot(i, row.scope); row.kind == CounterScope::Kind::Phase && slot >= 0)
        return ComparisonEvidence::phase(r, slot);
    return {};
}

using CounterRows = std::map<std::pair<bool, QString>, CounterComparison>;

/// Trace `i`'s side of one scope and slot: presence, device, class and times into `row`, and each
/// counter's busy mean and p90 into `counters` (keyed by source and name).
void addTrace(const Comparison& c, int i, CounterScopeComparison& row, CounterRows& counters)
{
    const int n = c.traceCount();
    const QVector<const CounterScope*> here = scopesOf(c, i, { row.kind, row.scope }, row.gpu);
    row.present << !here.isEmpty();
    row.deviceIds << (row.gpu >= 0 && !here.isEmpty() ? here.front()->deviceId : -1);
    row.bound << (here.isEmpty() ? BoundClass::Unknown : boundOver(here));
    qint64 span = 0, busy = 0;
    for (const CounterScope* s : here) {
        span += s->spanNs;
        busy += s->kernelBusyNs;
    }
    row.spanNs << span;
    row.kernelBusyNs << busy;
    // Over several GPUs: the mean weighted by each GPU's covered busy time; p90 is not a
    // function of per-GPU summaries, so it stays undefined.
    std::map<std::pair<bool, QString>, std::pair<double, qint64>> sums;
    for (const CounterScope* s : here)
        for (const CounterFigure& f : s->figures) {
            CounterComparison& cc = counters[{ f.nvml, f.name }];
            if (cc.present.isEmpty()) {
                cc.kind = row.kind;
                cc.scope = row.scope;
                cc.gpu = row.gpu;
                cc.name = f.name;
                cc.unit = f.unit;
                cc.nvml = f.nvml;
                cc.better = ComparisonCounters::betterOf(f.name, f.unit);
                cc.present.fill(false, n);
                cc.busyMean.resize(n);
                cc.busyP90.resize(n);
            }
            cc.present[i] = true;
            if (!f.busy.valid())
                continue;
            if (here.size() == 1) {
                cc.busyMean[i] = f.busy.mean;
                cc.busyP90[i] = f.busy.p90;
                continue;
            }
            auto& [sum, covered] = sums[{ f.nvml, f.name }];
            sum += f.busy.mean * double(f.busy.coveredNs);
            covered += f.busy.coveredNs;
            cc.busyMean[i] = sum / double(covered);
        }
}

/// The changed flags against the baseline, and the evidence of a changed row in the baseline and
/// in every trace whose class changed.
void markChanges(const Comparison& c, CounterScopeComparison& row)
{
    const int n = c.traceCount(), b = c.baseline;
    row.changed.fill(false, n);
    for (int i = 0; i < n; ++i)
        row.changed[i] = i != b && row.present[i] && row.present[b] && row.bound[i] != row.bound[b];
    row.evidence.resize(n);
    if (row.anyChanged())
        for (int i = 0; i < n; ++i)
            if (i == b || row.changed[i])
                row.evidence[i] = scopeEvidence(c, i, row);
}

void compareScopes(Comparison& c, const Cancellation& cancel)
{
    ComparisonCounters& out = c.counters;
    // GPU slots: 0 … the most GPUs any trace has, or the one "all GPUs" slot −1.
    QVector<int> gpus;
    if (out.perDevice) {
        for (const auto& d : out.devices)
            while (gpus.size() < d.size())
                gpus << int(gpus.size());
    } else {
        gpus << -1;
    }
    for (const ScopeKey& key : scopeKeys(c)) {
        for (int gpu : gpus) {
            if (cancel.isCancelled())
                return;
            CounterScopeComparison row;
            row.kind = key.first;
            row.scope = key.second;
            row.gpu = gpu;
            CounterRows counters;
            for (int i = 0; i < c.traceCount(); ++i)
                addTrace(c, i, row, counters);
            if (!row.present.contains(true))
                continue;
            markChanges(c, row);
            out.scopes.append(std::move(row));
            // std::map orders GPU metrics (nvml = false) before NVML, each by name.
            for (auto& [key, cc] : counters)
                out.counters.append(std::move(cc));
        }
    }
}

void compareRoofline(Comparison& c, const QVector<KernelMatch>& groups, const Cancellation& cancel)
{
    const int n = c.traceCount();
    QVector<QHash<quint32, const NcuKernelFigures*>> byName(n);
    bool any = false;
    for (int i = 0; i < n; ++i)
        if (const auto& ncu = c.analyses[i]->counters.ncu) {
            for (const NcuKernelFigures& k : ncu->kernels)
                byName[i].insert(k.name, &k);
            any = any || !ncu->kernels.isEmpty();
        }
    if (!any)
        return;
    for (qsizetype g = 0; g < groups.size(); ++g) {
        if (cancel.poll(g))
            return;
        const KernelMatch& m = groups[g];
        RooflineComparison row;
        row.key = m.key;
        row.category = m.category;
        row.matchedBy = KernelMatch::methodName(m.method);
        row.sides.resize(n);
        bool withNcu = false;
        for (int i = 0; i < n; ++i) {
            // The side's names are largest first: its position is that of its largest profiled name.
            const NcuKernelFigures* k = nullptr;
            for (quint32 name : m.sides[i].names)
                if ((k = byName[i].value(name, nullptr)))
                    break;
            if (!k)
                continue;
            withNcu = true;
            RooflineComparison::Side& s = row.sides[i];
            s.present = true;
            s.name = k->name;
            s.deviceId = k->deviceId;
            s.traceNs = k->traceNs;
            s.arithmeticIntensity = k->arithmeticIntensity;
            s.flopsPerSecond = k->achievedFlopsPerSecond;
            s.dramPct = k->dramThroughputPct;
            s.smPct = k->smThroughputPct;
            for (const Roofline& roof : c.analyses[i]->counters.ncu->roofs)
                if (roof.deviceId == k->deviceId && k->arithmeticIntensity) {
                    const double top = NcuAnalysis::attainable(
                        roof, *k->arithmeticIntensity, k->onTensorPath() ? k->tensorType : QString());
                    if (top > 0) {
                        s.roofFlopsPerSecond = top;
                        if (k->achievedFlopsPerSecond)
                            s.roofPct = *k->achievedFlopsPerSecond / top * 100;
                    }
                }
        }
        if (withNcu)
            c.counters.roofline.append(std::move(row));
    }
}

} // namespace

void CounterComparator::build(Comparison& c, const QVector<KernelMatch>& groups, const Cancellation& cancel)
{
    ComparisonCounters& out = c.counters;
    out = {};
    const int n = c.traceCount();
    out.devices.resize(n);
    for (int i = 0; i < n; ++i) {
        for (const CounterScope& s : c.analyses[i]->counters.scopes)
            if (!out.devices[i].contains(s.deviceId))
                out.devices[i].append(s.deviceId);
        std::sort(out.devices[i].begin(), out.devices[i].end());
    }
    // GPUs pair by position when every trace with counters has as many; else one "all GPUs" row.
    qsizetype count = -1;
    for (const auto& d : out.devices) {
        if (d.isEmpty())
            continue;
        if (count >= 0 && d.size() != count)
            out.perDevice = false;
        count = d.size();
    }
    compareScopes(c, cancel);
    compareRoofline(c, groups, cancel);
}

} // namespace sl
