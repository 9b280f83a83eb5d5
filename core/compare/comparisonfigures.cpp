// SPDX-License-Identifier: MIT
#include "core/compare/comparisonfigures.h"

#include "core/analysis/passes/statistics.h"
#include "core/compare/comparisondesignfigures.h"

#include <cmath>
#include <functional>

namespace sl {

namespace {

using Value = std::optional<double>;
using Section = ComparisonFigure::Section;
using Kind = ComparisonFigure::Kind;
using Better = ComparisonFigure::Better;

class FigureList
{
public:
    explicit FigureList(Comparison& c)
        : m_c(c)
    {
    }
    void add(Section section, const QString& key, const QString& scope, const QString& label, Kind kind, Better better,
        const std::function<Value(int)>& value)
    {
        ComparisonFigure f;
        f.section = section;
        f.key = key;
        f.scope = scope;
        f.label = label;
        f.kind = kind;
        f.better = better;
        bool defined = false;
        for (int i = 0; i < m_c.traceCount(); ++i) {
            f.values.append(value(i));
            defined = defined || f.values.back();
        }
        // A figure no trace defines (step percentiles without steps) would only add a row of dashes.
        if (defined)
            m_c.figures.append(std::move(f));
    }
    /// ns per unit, truncated like kernel_ns_per_step; undefined without units.
    Value perUnit(qint64 ns, int trace) const
    {
        const std::optional<qint64> v = m_c.perUnitNs(ns, trace);
        return v ? Value(double(*v)) : std::nullopt;
    }
    bool normalised() const { return m_c.unit != WorkUnit::Total; }

private:
    Comparison& m_c;
};

Value percentile(std::vector<qint64> v, double p)
{
    if (v.empty())
        return std::nullopt;
    std::sort(v.begin(), v.end());
    return double(nearestRank(v, p));
}

/// The serving steps' figures (docs/analysis.md "Serving steps"), undefined for a trace whose
/// step names give no composition.
void servingFigures(Comparison& c, FigureList& figs)
{
    const auto& a = c.analyses;
    const Section T = Section::Trace;
    auto window
        = [&](int i) -> const ServingFigures* { return a[i]->serving.present() ? &a[i]->serving.window : nullptr; };
    auto count = [&](int i, std::optional<qint64> ServingFigures::*member) -> Value {
        const ServingFigures* f = window(i);
        return f && f->*member ? Value(double(*(f->*member))) : std::nullopt;
    };
    auto rate = [&](int i, std::optional<double> ServingFigures::*member) -> Value {
        const ServingFigures* f = window(i);
        return f && f->*member ? Value(*(f->*member)) : std::nullopt;
    };
    figs.add(T, QStringLiteral("generated_tokens"), {}, ComparisonFigures::tr("Generated tokens (step names)"),
        Kind::Count, Better::Neutral, [&](int i) { return count(i, &ServingFigures::generatedTokens); });
    figs.add(T, QStringLiteral("context_tokens"), {}, ComparisonFigures::tr("Context tokens (step names)"), Kind::Count,
        Better::Neutral, [&](int i) { return count(i, &ServingFigures::contextTokens); });
    figs.add(T, QStringLiteral("kernel_ns_per_generated_token"), {},
        ComparisonFigures::tr("Kernel time per generated token (decode steps)"), Kind::DurationNs, Better::Lower,
        [&](int i) { return count(i, &ServingFigures::kernelNsPerGeneratedToken); });
    figs.add(T, QStringLiteral("kernel_ns_per_context_token"), {},
        ComparisonFigures::tr("Kernel time per context token (prefill steps)"), Kind::DurationNs, Better::Lower,
        [&](int i) { return count(i, &ServingFigures::kernelNsPerContextToken); });
    figs.add(T, QStringLiteral("tpot_mean_ns"), {}, ComparisonFigures::tr("Time per output token (mean)"),
        Kind::DurationNs, Better::Lower, [&](int i) { return count(i, &ServingFigures::tpotMeanNs); });
    figs.add(T, QStringLiteral("tpot_p50_ns"), {}, ComparisonFigures::tr("Time per output token p50"), Kind::DurationNs,
        Better::Lower, [&](int i) -> Value {
            const ServingFigures* f = window(i);
            return f && f->tpot.count > 0 ? Value(double(f->tpot.p50Ns)) : std::nullopt;
        });
    figs.add(T, QStringLiteral("decode_step_p50_ns"), {}, ComparisonFigures::tr("Decode step p50"), Kind::DurationNs,
        Better::Lower, [&](int i) -> Value {
            const ServingFigures* f = window(i);
            const ServingDistribution* d = f ? &f->stepTime[StepComposition::Decode] : nullptr;
            return d && d->count > 0 ? Value(double(d->p50Ns)) : std::nullopt;
        });
    figs.add(T, QStringLiteral("decode_tokens_per_s"), {}, ComparisonFigures::tr("Decode throughput (tokens/s)"),
        Kind::PerSecond, Better::Higher, [&](int i) { return rate(i, &ServingFigures::decodeTokensPerS); });
    figs.add(T, QStringLiteral("prefill_tokens_per_s"), {}, ComparisonFigures::tr("Prefill throughput (tokens/s)"),
        Kind::PerSecond, Better::Higher, [&](int i) { return rate(i, &ServingFigures::prefillTokensPerS); });
}

void traceFigures(Comparison& c, FigureList& figs)
{
    const auto& a = c.analyses;
    const QString unit = ComparisonOptions::unitNoun(c.unit);
    auto idle = [&](int i, bool share) -> Value {
        qint64 idleNs = 0, span = 0;
        for (const auto& d : a[i]->devices) {
            idleNs += d.idleNs;
            span += d.lastNs - d.firstNs;
        }
        if (share)
            return span > 0 ? Value(double(idleNs) / double(span)) : std::nullopt;
        return double(idleNs);
    };
    auto blocking = [&](int i, bool count) {
        qint64 ns = 0, n = 0;
        for (const auto& s : a[i]->sync)
            if (s.blocking) {
                ns += s.totalNs;
                n += s.count;
            }
        return count ? n : ns;
    };
    const Section T = Section::Trace;
    figs.add(T, QStringLiteral("window_ns"), {}, ComparisonFigures::tr("Window length"), Kind::DurationNs,
        Better::Neutral, [&](int i) { return Value(double(a[i]->window.lengthNs())); });
    figs.add(T, QStringLiteral("steps"), {}, ComparisonFigures::tr("Steps (top-level)"), Kind::Count, Better::Neutral,
        [&](int i) { return Value(double(c.breakdowns[i].topLevelStepNs.size())); });
    figs.add(T, QStringLiteral("step_p50_ns"), {}, ComparisonFigures::tr("Step duration p50"), Kind::DurationNs,
        Better::Lower, [&](int i) { return percentile(c.breakdowns[i].topLevelStepNs, 50); });
    figs.add(T, QStringLiteral("step_p90_ns"), {}, ComparisonFigures::tr("Step duration p90"), Kind::DurationNs,
        Better::Lower, [&](int i) { return percentile(c.breakdowns[i].topLevelStepNs, 90); });
    if (figs.normalised())
        figs.add(T, QStringLiteral("throughput"), {}, ComparisonFigures::tr("Throughput (%1s per second)").arg(unit),
            Kind::PerSecond, Better::Higher, [&](int i) -> Value {
                const qint64 len = a[i]->window.lengthNs();
                return c.units[i] > 0 && len > 0 ? Value(double(c.units[i]) * 1e9 / double(len)) : std::nullopt;
            });
    if (figs.normalised())
        figs.add(T, QStringLiteral("wall_ns_per_unit"), {}, ComparisonFigures::tr("Wall time per %1").arg(unit),
            Kind::DurationNs, Better::Lower, [&](int i) { return figs.perUnit(a[i]->window.lengthNs(), i); });
    figs.add(T, QStringLiteral("kernel_count"), {}, ComparisonFigures::tr("Kernels"), Kind::Count, Better::Neutral,
        [&](int i) { return Value(double(a[i]->kernelCount)); });
    figs.add(T, QStringLiteral("kernel_ns"), {}, ComparisonFigures::tr("Kernel time"), Kind::DurationNs, Better::Lower,
        [&](int i) { return Value(double(a[i]->kernelNs)); });
    if (figs.normalised())
        figs.add(T, QStringLiteral("kernel_ns_per_unit"), {}, ComparisonFigures::tr("Kernel time per %1").arg(unit),
            Kind::DurationNs, Better::Lower, [&](int i) { return figs.perUnit(a[i]->kernelNs, i); });
    figs.add(T, QStringLiteral("idle_share"), {}, ComparisonFigures::tr("GPU idle share"), Kind::Share, Better::Lower,
        [&](int i) { return idle(i, true); });
    figs.add(T, QStringLiteral("idle_ns"), {}, ComparisonFigures::tr("GPU idle time (all GPUs)"), Kind::DurationNs,
        Better::Lower, [&](int i) { return idle(i, false); });
    if (figs.normalised())
        figs.add(T, QStringLiteral("idle_ns_per_unit"), {}, ComparisonFigures::tr("GPU idle time per %1").arg(unit),
            Kind::DurationNs, Better::Lower, [&](int i) { return figs.perUnit(qint64(*idle(i, false)), i); });
    figs.add(T, QStringLiteral("launch_rate"), {}, ComparisonFigures::tr("Launch rate per GPU"), Kind::PerSecond,
        Better::Neutral, [&](int i) -> Value {
            const auto& pd = a[i]->launches.perDevice;
            if (pd.isEmpty())
                return std::nullopt;
            double sum = 0;
            for (const auto& d : pd)
                sum += d.kernelsPerSecond;
            return sum / double(pd.size());
        });
    figs.add(T, QStringLiteral("blocking_sync_count"), {}, ComparisonFigures::tr("Blocking sync calls"), Kind::Count,
        Better::Lower, [&](int i) { return Value(double(blocking(i, true))); });
    figs.add(T, QStringLiteral("blocking_sync_ns"), {}, ComparisonFigures::tr("Blocking sync time"), Kind::DurationNs,
        Better::Lower, [&](int i) { return Value(double(blocking(i, false))); });
    if (figs.normalised())
        figs.add(T, QStringLiteral("blocking_sync_ns_per_unit"), {},
            ComparisonFigures::tr("Blocking sync time per %1").arg(unit), Kind::DurationNs, Better::Lower,
            [&](int i) { return figs.perUnit(blocking(i, false), i); });
    servingFigures(c, figs);
}

/// Issue 9 figures per trace, each with its delta: busy split, tensor-core share, SIMT GEMM time,
/// exposed communication, shape-derived TFLOP/s and MFU, and model TFLOP/s and MFU from the
/// user's FLOPs per token and token counts.
void efficiencyFigures(Comparison& c, FigureList& figs)
{
    const auto& a = c.analyses;
    const Section T = Section::Trace;
    auto busy = [&](int i, int part) -> Value {
        qint64 ns = 0, span = 0;
        for (const auto& b : a[i]->efficiency.busy) {
            ns += part == 0 ? b.busyNs : part == 1 ? b.computeBusyNs : b.copyBusyNs;
            span += b.spanNs;
        }
        return span > 0 ? Value(double(ns) / double(span)) : std::nullopt;
    };
    figs.add(T, QStringLiteral("busy_share"), {}, ComparisonFigures::tr("GPU busy share"), Kind::Share, Better::Higher,
        [&](int i) { return busy(i, 0); });
    figs.add(T, QStringLiteral("compute_busy_share"), {}, ComparisonFigures::tr("GPU compute-busy share"), Kind::Share,
        Better::Higher, [&](int i) { return busy(i, 1); });
    figs.add(T, QStringLiteral("copy_busy_share"), {}, ComparisonFigures::tr("GPU copy-busy share"), Kind::Share,
        Better::Lower, [&](int i) { return busy(i, 2); });
    figs.add(T, QStringLiteral("tensor_core_share"), {}, ComparisonFigures::tr("Kernel time on tensor cores"),
        Kind::Share, Better::Higher, [&](int i) -> Value {
            qint64 ns = 0;
            for (const auto& m : a[i]->efficiency.math)
                if (m.path.kind == MathPath::TensorCore)
                    ns += m.ns;
            return a[i]->kernelNs > 0 ? Value(double(ns) / double(a[i]->kernelNs)) : std::nullopt;
        });
    figs.add(T, QStringLiteral("gemm_simt_ns"), {}, ComparisonFigures::tr("GEMM time without tensor cores"),
        Kind::DurationNs, Better::Lower, [&](int i) { return Value(double(a[i]->efficiency.gemmSimtNs)); });
    // A trace without communication kernels communicates for 0 ns (the union of none), like
    // gemm_simt_ns without GEMMs: 0, not undefined, so that a gate or a delta against a trace
    // with communication has a value. Only the exposed share (0 ÷ 0) stays undefined.
    auto comm = [&](int i, bool exposed) -> Value {
        qint64 ns = 0;
        for (const auto& o : a[i]->efficiency.overlap)
            if (o.phase < 0)
                ns += exposed ? o.exposedNs() : o.commNs;
        return double(ns);
    };
    figs.add(T, QStringLiteral("comm_ns"), {}, ComparisonFigures::tr("Communication time (union per GPU)"),
        Kind::DurationNs, Better::Lower, [&](int i) { return comm(i, false); });
    figs.add(T, QStringLiteral("exposed_comm_ns"), {}, ComparisonFigures::tr("Exposed communication"), Kind::DurationNs,
        Better::Lower, [&](int i) { return comm(i, true); });
    figs.add(T, QStringLiteral("exposed_comm_share"), {}, ComparisonFigures::tr("Communication exposed"), Kind::Share,
        Better::Lower, [&](int i) -> Value {
            const Value all = comm(i, false), exposed = comm(i, true);
            return all && *all > 0 ? Value(*exposed / *all) : std::nullopt;
        });
    // Whole GFLOP/s (FLOPs per kernel ns), a rate: unit per_s like the other rates, the key
    // saying that the count per second is of GFLOPs.
    figs.add(T, QStringLiteral("achieved_gflops"), {}, ComparisonFigures::tr("Achieved GFLOP/s (from shapes)"),
        Kind::PerSecond, Better::Higher, [&](int i) -> Value {
            const auto& f = a[i]->efficiency.flops;
            return a[i]->efficiency.hasShapes() && f.kernelNs > 0 ? Value(std::floor(f.flops / double(f.kernelNs)))
                                                                  : std::nullopt;
        });
    figs.add(T, QStringLiteral("mfu"), {}, ComparisonFigures::tr("MFU (from shapes)"), Kind::Share, Better::Higher,
        [&](int i) -> Value { return a[i]->efficiency.hasShapes() ? a[i]->efficiency.flops.mfu() : std::nullopt; });
    // Model FLOPs = FLOPs per token × tokens, over the window and the GPUs that ran work.
    auto modelGflops = [&](int i) -> Value {
        const qint64 len = a[i]->window.lengthNs();
        const auto gpus = a[i]->efficiency.busy.size();
        if (c.modelFlopsPerToken <= 0 || i >= c.tokens.size() || c.tokens[i] <= 0 || len <= 0 || gpus == 0)
            return std::nullopt;
        return c.modelFlopsPerToken * double(c.tokens[i]) / double(len) / double(gpus);
    };
    figs.add(T, QStringLiteral("model_gflops_per_gpu"), {},
        ComparisonFigures::tr("Model GFLOP/s per GPU (FLOPs per token × tokens)"), Kind::PerSecond, Better::Higher,
        [&](int i) -> Value {
            const Value g = modelGflops(i);
            return g ? Value(std::floor(*g)) : std::nullopt;
        });
    figs.add(T, QStringLiteral("model_mfu"), {}, ComparisonFigures::tr("Model MFU"), Kind::Share, Better::Higher,
        [&](int i) -> Value {
            const Value g = modelGflops(i);
            const auto peak = a[i]->efficiency.modelPeakTflops;
            return g && peak && *peak > 0 ? Value(*g / 1e3 / *peak) : std::nullopt;
        });
}

void phaseFigures(Comparison& c, FigureList& figs)
{
    const auto& a = c.analyses;
    // A phase has its own steps ("per step" below): per-unit figures say which steps they divide by.
    const QString unit
        = c.unit == WorkUnit::Step ? ComparisonFigures::tr("top-level step") : ComparisonOptions::unitNoun(c.unit);
    const Section P = Section::Phase;
    for (const QString& phase : c.phases) {
        // A phase no trace has steps, kernels or blocking calls in only adds empty rows.
        bool used = false;
        for (int i = 0; i < c.traceCount(); ++i) {
            const int s = c.phaseSlot(i, phase);
            used = used
                || (s >= 0
                    && (a[i]->phases[s].steps > 0 || a[i]->phases[s].kernelNs > 0
                        || c.breakdowns[i].phases[s].blockingSyncCount > 0));
        }
        if (!used)
            continue;
        // Value of one phase slot of trace i, undefined where the trace has no such phase.
        auto with = [&](const std::function<Value(const PhaseStats&, const TraceBreakdown::Phase&, int)>& f) {
            return [&c, &a, phase, f](int i) -> Value {
                const int s = c.phaseSlot(i, phase);
                return s < 0 ? std::nullopt : f(a[i]->phases[s], c.breakdowns[i].phases[s], i);
            };
        };
        using PS = const PhaseStats&;
        using BP = const TraceBreakdown::Phase&;
        // Unattributed work has no steps by definition: no step count, wall time or step percentiles.
        const bool stepped = phase != c.phases.back();
        if (stepped)
            figs.add(P, QStringLiteral("steps"), phase, ComparisonFigures::tr("Steps"), Kind::Count, Better::Neutral,
                with([](PS p, BP, int) { return Value(double(p.steps)); }));
        figs.add(P, QStringLiteral("step_p50_ns"), phase, ComparisonFigures::tr("Step duration p50"), Kind::DurationNs,
            Better::Lower, with([](PS p, BP, int) { return percentile(p.stepNs, 50); }));
        figs.add(P, QStringLiteral("step_p90_ns"), phase, ComparisonFigures::tr("Step duration p90"), Kind::DurationNs,
            Better::Lower, with([](PS p, BP, int) { return percentile(p.stepNs, 90); }));
        if (stepped)
            figs.add(P, QStringLiteral("wall_ns"), phase, ComparisonFigures::tr("Wall time in steps"), Kind::DurationNs,
                Better::Neutral, with([](PS p, BP, int) { return Value(double(p.wallNs)); }));
        figs.add(P, QStringLiteral("kernel_ns"), phase, ComparisonFigures::tr("Kernel time"), Kind::DurationNs,
            Better::Lower, with([](PS p, BP, int) { return Value(double(p.kernelNs)); }));
        figs.add(P, QStringLiteral("kernel_ns_per_step"), phase, ComparisonFigures::tr("Kernel time per step"),
            Kind::DurationNs, Better::Lower,
            with([](PS p, BP, int) { return p.steps > 0 ? Value(double(p.kernelNsPerStep())) : std::nullopt; }));
        if (figs.normalised())
            figs.add(P, QStringLiteral("kernel_ns_per_unit"), phase,
                ComparisonFigures::tr("Kernel time per %1").arg(unit), Kind::DurationNs, Better::Lower,
                with([&figs](PS p, BP, int i) { return figs.perUnit(p.kernelNs, i); }));
        figs.add(P, QStringLiteral("idle_share"), phase, ComparisonFigures::tr("GPU idle share in steps"), Kind::Share,
            Better::Lower, with([](PS, BP b, int) {
                return b.stepDeviceNs > 0 ? Value(double(b.stepIdleNs) / double(b.stepDeviceNs)) : std::nullopt;
            }));
        figs.add(P, QStringLiteral("launch_rate"), phase, ComparisonFigures::tr("Launch rate in steps"),
            Kind::PerSecond, Better::Neutral, with([](PS p, BP, int) {
                return p.wallNs > 0 ? Value(double(p.kernelCount) * 1e9 / double(p.wallNs)) : std::nullopt;
            }));
        figs.add(P, QStringLiteral("blocking_sync_ns"), phase, ComparisonFigures::tr("Blocking sync time"),
            Kind::DurationNs, Better::Lower, with([](PS, BP b, int) { return Value(double(b.blockingSyncNs)); }));
        if (figs.normalised())
            figs.add(P, QStringLiteral("blocking_sync_ns_per_unit"), phase,
                ComparisonFigures::tr("Blocking sync time per %1").arg(unit), Kind::DurationNs, Better::Lower,
                with([&figs](PS, BP b, int i) { return figs.perUnit(b.blockingSyncNs, i); }));
    }
}

void categoryFigures(Comparison& c, FigureList& figs)
{
    const QString unit = ComparisonOptions::unitNoun(c.unit);
    for (qsizetype k = 0; k < c.categories.size(); ++k) {
        bool used = false;
        for (const auto& b : c.breakdowns)
            used = used || b.categoryNs[size_t(k)] > 0;
        if (!used)
            continue;
        const QString& cat = c.categories[k];
        auto ns = [&c, k](int i) { return c.breakdowns[i].categoryNs[size_t(k)]; };
        figs.add(Section::Category, QStringLiteral("category_ns"), cat, ComparisonFigures::tr("GPU time"),
            Kind::DurationNs, Better::Lower, [&](int i) { return Value(double(ns(i))); });
        if (figs.normalised())
            figs.add(Section::Category, QStringLiteral("category_ns_per_unit"), cat,
                ComparisonFigures::tr("GPU time per %1").arg(unit), Kind::DurationNs, Better::Lower,
                [&](int i) { return figs.perUnit(ns(i), i); });
        figs.add(Section::Category, QStringLiteral("category_share"), cat,
            ComparisonFigures::tr("Share of kernel time"), Kind::Share, Better::Neutral, [&](int i) -> Value {
                const qint64 total = c.analyses[i]->kernelNs;
                return total > 0 ? Value(double(ns(i)) / double(total)) : std::nullopt;
            });
    }
}

} // namespace

void ComparisonFigures::build(Comparison& c)
{
    FigureList figs(c);
    traceFigures(c, figs);
    efficiencyFigures(c, figs);
    phaseFigures(c, figs);
    categoryFigures(c, figs);
    ComparisonDesignFigures::build(c); // issue 23: waves, memory, requests, model anatomy
}

} // namespace sl
