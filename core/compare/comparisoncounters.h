// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/counters/counterresult.h"
#include "core/analysis/findings/finding.h"

#include <QCoreApplication>
#include <QString>
#include <QVector>

#include <algorithm>
#include <optional>

namespace sl {

/// Which direction of a counter's change is an improvement (docs/analysis.md, "Counters in the
/// comparison"); the same three values as ComparisonFigure::Better.
enum class CounterBetter { Lower, Higher, Neutral };

/// The bound class of one scope (window, phase, or any other scope CounterAnalysis gives) and GPU
/// slot in every trace. GPU slot k is the k-th GPU with counters of each trace (ascending device
/// id); slot −1 is "all GPUs", used when the traces' GPU counts differ.
struct CounterScopeComparison
{
    CounterScope::Kind kind = CounterScope::Kind::Window; ///< scopes match by kind and name
    QString scope; ///< "window", a phase name, or a step class
    int gpu = 0; ///< GPU slot, −1 = all GPUs
    QVector<bool> present; ///< per trace: it has this scope on this slot
    QVector<int> deviceIds; ///< per trace: the device id of the slot, −1 for all GPUs or when absent
    QVector<BoundClass> bound; ///< per trace (Unknown where absent)
    QVector<qint64> spanNs, kernelBusyNs; ///< per trace (ns; 0 where absent)
    /// Per trace: present here and in the baseline with a different class (false for the baseline).
    QVector<bool> changed;
    /// Per trace, set on the traces of a changed row and on the baseline when any trace changed:
    /// the phase's in-window kernels (ComparisonEvidence::phase), for "window" the device's time
    /// range; empty for other scopes.
    QVector<Evidence> evidence;
    bool anyChanged() const
    {
        return std::any_of(changed.begin(), changed.end(), [](bool b) { return b; });
    }
};

/// One counter of one scope and GPU slot in every trace: time-weighted mean and p90 over the
/// kernel-busy time of the scope (CounterFigure::busy).
struct CounterComparison
{
    CounterScope::Kind kind = CounterScope::Kind::Window;
    QString scope;
    int gpu = 0; ///< as in CounterScopeComparison
    QString name; ///< "SMs Active [Throughput %]"
    QString unit; ///< "%", "MHz", …
    bool nvml = false; ///< an imported NVML series rather than the export's GPU metrics
    CounterBetter better = CounterBetter::Neutral;
    QVector<bool> present; ///< per trace: the trace sampled this counter over this scope
    /// Per trace; nullopt where absent, without kernel time in the scope, or (p90) for all GPUs.
    QVector<std::optional<double>> busyMean, busyP90;

    bool percent() const { return unit == QLatin1String("%"); }
    /// The only trace that has the counter, or −1 when none or several do.
    int onlyIn() const;
};

/// Nsight Compute roofline position of one matched kernel group in every trace.
struct RooflineComparison
{
    struct Side
    {
        bool present = false; ///< the trace's side has Nsight Compute figures
        quint32 name = 0; ///< StringTable index: the side's largest kernel name with ncu figures
        int deviceId = -1;
        qint64 traceNs = 0; ///< that name's kernel time in the trace's window (ns)
        std::optional<double> arithmeticIntensity; ///< FLOP / DRAM byte
        std::optional<double> flopsPerSecond; ///< achieved FLOP/s
        std::optional<double> roofFlopsPerSecond; ///< NcuAnalysis::attainable: min(ceiling — tensor for tensor-path
                                                  ///< kernels, else FP32 —, intensity × DRAM roof) of its GPU
        std::optional<double> roofPct; ///< achieved ÷ roof × 100
        std::optional<double> dramPct, smPct; ///< DRAM and SM throughput, % of peak
    };
    /// The five figures compared per kernel, in table order.
    enum class Measure { Intensity, FlopsPerSecond, RoofPct, DramPct, SmPct };
    static constexpr int kMeasures = 5;
    static std::optional<double> value(const Side& s, Measure m);
    /// RoofPct, DramPct, SmPct: deltas in percentage points; the others relative.
    static bool isPercent(Measure m) { return m == Measure::RoofPct || m == Measure::DramPct || m == Measure::SmPct; }
    /// Higher is better for achieved FLOP/s, % of roof and SM throughput; intensity and DRAM are neutral.
    static CounterBetter better(Measure m)
    {
        return m == Measure::FlopsPerSecond || m == Measure::RoofPct || m == Measure::SmPct ? CounterBetter::Higher
                                                                                            : CounterBetter::Neutral;
    }
    /// The side's value against the baseline side's (ComparisonCounters::delta); nullopt when
    /// either side has no ncu data.
    static std::optional<double> delta(const Side& base, const Side& s, Measure m);

    QString key; ///< the kernel group's key (KernelMatch::key)
    QString category;
    QString matchedBy; ///< KernelMatch::methodName of the group: "name", "normalised", "unmatched"
    QVector<Side> sides; ///< one per trace
};

/// The hardware counters of a comparison (CounterComparator). Deltas: percentage points for
/// percent values (trace − baseline), relative for the others (trace ÷ baseline − 1).
struct ComparisonCounters
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonCounters)
public:
    /// True: GPUs pair by slot (every trace with counters has the same GPU count); false: one
    /// "all GPUs" slot per scope.
    bool perDevice = true;
    QVector<QVector<int>> devices; ///< per trace: device ids with counters, ascending
    QVector<CounterScopeComparison> scopes; ///< window, phases (comparison order), step classes; by slot
    QVector<CounterComparison> counters; ///< per scope and slot, by name (GPU metrics before NVML)
    QVector<RooflineComparison> roofline; ///< kernel groups with ncu figures in some trace, largest first

    bool isEmpty() const { return scopes.isEmpty() && roofline.isEmpty(); }
    /// How the scope is named in tables (scopeLabel): "window", the phase, "decode steps".
    static QString scopeText(CounterScope::Kind kind, const QString& scope);
    /// "GPU 0", "GPU 0 / 1" when the traces' ids at the slot differ, "all GPUs" for −1 (translated).
    QString gpuLabel(int gpu) const;
    /// The delta of `v` against `base`: v − base for percent values, v ÷ base − 1 otherwise
    /// (nullopt when either is undefined or, relative, the baseline is 0).
    static std::optional<double> delta(bool percent, const std::optional<double>& base, const std::optional<double>& v);
    /// +1 when the change is an improvement, −1 a regression, 0 neutral, equal or undefined.
    static int direction(CounterBetter better, const std::optional<double>& delta);
    static QString betterName(CounterBetter b); ///< "lower", "higher", "neutral"
    /// Which way is better for a sampled counter, by its name and unit (docs/analysis.md).
    static CounterBetter betterOf(const QString& name, const QString& unit);
};

} // namespace sl
