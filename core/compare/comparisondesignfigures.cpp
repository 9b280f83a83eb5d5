// SPDX-License-Identifier: MIT
#include "core/compare/comparisondesignfigures.h"

#include "core/analysis/design/anatomyrules.h"

#include <algorithm>
#include <functional>

namespace sl {

namespace {

using Value = std::optional<double>;
using Section = ComparisonFigure::Section;
using Kind = ComparisonFigure::Kind;
using Better = ComparisonFigure::Better;

/// Appends a figure with its value in every trace, unless no trace defines it.
void add(Comparison& c, Section section, const QString& key, const QString& scope, const QString& label, Kind kind,
    Better better, const std::function<Value(const AnalysisResult&)>& value)
{
    ComparisonFigure f { section, key, scope, label, kind, better, {} };
    bool defined = false;
    for (const AnalysisPtr& a : c.analyses) {
        f.values.append(value(*a));
        defined = defined || f.values.back();
    }
    if (defined)
        c.figures.append(std::move(f));
}

/// Σ of the tails behind full waves (KernelWaves::multiWaveTailNs); undefined when no launch's
/// geometry is known (no SM count or launch configuration).
Value waveTailNs(const AnalysisResult& r)
{
    qint64 tail = 0, known = 0;
    for (const KernelWaves& k : r.design.kernels) {
        tail += k.multiWaveTailNs;
        known += k.knownLaunches;
    }
    return known > 0 ? Value(double(tail)) : std::nullopt;
}

void traceFigures(Comparison& c)
{
    const Section S = Section::Trace;
    add(c, S, QStringLiteral("wave_tail_ns"), {}, ComparisonDesignFigures::tr("GPU time in partial last waves"),
        Kind::DurationNs, Better::Lower, waveTailNs);
    add(c, S, QStringLiteral("wave_tail_share"), {}, ComparisonDesignFigures::tr("Kernel time in partial last waves"),
        Kind::Share, Better::Lower, [](const AnalysisResult& r) -> Value {
            const Value tail = waveTailNs(r);
            return tail && r.kernelNs > 0 ? Value(*tail / double(r.kernelNs)) : std::nullopt;
        });
    add(c, S, QStringLiteral("memory_peak_bytes"), {}, ComparisonDesignFigures::tr("GPU memory peak (largest GPU)"),
        Kind::Bytes, Better::Lower, [](const AnalysisResult& r) -> Value {
            if (r.memory.devices.isEmpty())
                return std::nullopt;
            qint64 peak = 0;
            for (const MemoryDeviceStats& d : r.memory.devices)
                peak = std::max(peak, d.peakBytes);
            return double(peak);
        });
    add(c, S, QStringLiteral("memory_headroom_bytes"), {},
        ComparisonDesignFigures::tr("GPU memory headroom (smallest GPU)"), Kind::Bytes, Better::Higher,
        [](const AnalysisResult& r) -> Value {
            std::optional<qint64> least;
            for (const MemoryDeviceStats& d : r.memory.devices)
                if (d.headroomBytes)
                    least = least ? std::min(*least, *d.headroomBytes) : *d.headroomBytes;
            return least ? Value(double(*least)) : std::nullopt;
        });
    add(c, S, QStringLiteral("ttft_p50_ns"), {}, ComparisonDesignFigures::tr("Time to first token p50"),
        Kind::DurationNs, Better::Lower, [](const AnalysisResult& r) -> Value {
            const auto& t = r.serving.requests.ttft;
            return t.count > 0 ? Value(double(t.p50Ns)) : std::nullopt;
        });
    add(c, S, QStringLiteral("ttft_p90_ns"), {}, ComparisonDesignFigures::tr("Time to first token p90"),
        Kind::DurationNs, Better::Lower, [](const AnalysisResult& r) -> Value {
            const auto& t = r.serving.requests.ttft;
            return t.count > 0 ? Value(double(t.p90Ns)) : std::nullopt;
        });
}

/// The anatomy cell of (phase name, class) in `r`, or null.
const AnatomyCell* cellOf(const AnalysisResult& r, const QString& phase, int cls)
{
    for (const AnatomyCell& x : r.design.anatomy.cells)
        if (x.cls == cls && r.phases[x.phase].phase == phase)
            return &x;
    return nullptr;
}

void anatomyFigures(Comparison& c)
{
    const QStringList classes = AnatomyRules::classes();
    for (const QString& phase : c.phases)
        for (int cls = 0; cls < classes.size(); ++cls) {
            const bool any = std::any_of(c.analyses.cbegin(), c.analyses.cend(),
                [&](const AnalysisPtr& a) { return cellOf(*a, phase, cls) != nullptr; });
            if (!any)
                continue;
            const QString scope = phase + QLatin1Char('/') + classes[cls];
            // A trace without kernels of the class in the phase spent no time there: 0, not undefined.
            add(c, Section::Anatomy, QStringLiteral("anatomy_kernel_ns"), scope,
                ComparisonDesignFigures::tr("Kernel time"), Kind::DurationNs, Better::Lower,
                [&](const AnalysisResult& r) {
                    const AnatomyCell* x = cellOf(r, phase, cls);
                    return Value(x ? double(x->kernelNs) : 0.0);
                });
            add(c, Section::Anatomy, QStringLiteral("anatomy_flops"), scope,
                ComparisonDesignFigures::tr("FLOPs (known part)"), Kind::Count, Better::Neutral,
                [&](const AnalysisResult& r) -> Value {
                    const AnatomyCell* x = cellOf(r, phase, cls);
                    return x ? x->knownFlops() : std::nullopt;
                });
            add(c, Section::Anatomy, QStringLiteral("anatomy_mfu"), scope, ComparisonDesignFigures::tr("MFU"),
                Kind::Share, Better::Higher, [&](const AnalysisResult& r) -> Value {
                    const AnatomyCell* x = cellOf(r, phase, cls);
                    return x ? x->mfu() : std::nullopt;
                });
        }
}

} // namespace

void ComparisonDesignFigures::build(Comparison& c)
{
    traceFigures(c);
    anatomyFigures(c);
}

QString ComparisonDesignFigures::anatomyScopeLabel(const QString& scope)
{
    const qsizetype slash = scope.lastIndexOf(QLatin1Char('/'));
    if (slash < 0)
        return scope;
    const int cls = int(AnatomyRules::classes().indexOf(scope.mid(slash + 1)));
    const QString label = cls >= 0 ? AnatomyRules::classLabel(cls) : scope.mid(slash + 1);
    return scope.left(slash) + QStringLiteral(" · ") + label;
}

} // namespace sl
