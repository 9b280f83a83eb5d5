// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

#include <optional>

namespace sl {

/// The unit of work every "per unit" figure of a comparison is divided by (docs/analysis.md,
/// "Comparison"). Dividing by work, not by capture length, is what makes a 0.3 s slice of one
/// server comparable with a 2 s slice of another.
enum class WorkUnit {
    Auto, ///< token when token counts are given, else request, else step when every trace has steps, else total
    Total, ///< no normalisation: figures over the whole analysis window
    Step, ///< top-level NVTX steps (a step no other step encloses)
    Request, ///< user-given request counts
    Token, ///< user-given generated-token counts
};

struct ComparisonOptions
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonOptions)
public:
    int baseline = 0; ///< index of the baseline trace
    QStringList labels; ///< one per trace; empty entries (or an empty list) use Comparator::shortLabels
    WorkUnit unit = WorkUnit::Auto;
    QVector<qint64> tokens; ///< generated tokens per trace (each > 0), or empty
    QVector<qint64> requests; ///< requests per trace (each > 0), or empty
    /// Model FLOPs per generated token (--model-flops-per-token F, or 2·P from --params P); 0 =
    /// not given. With token counts it gives each trace's model TFLOP/s and MFU (issue 9).
    double modelFlopsPerToken = 0;
    int topKernels = 20; ///< matched kernel groups kept (largest time per unit first)
    int topChanges = 10; ///< "what changed most" entries per compared trace
    /// CI gate (ComparisonGate): the change in percent beyond which the gated figure is a
    /// regression or an improvement; nullopt = no gate.
    std::optional<double> gatePercent;
    /// The gated figure, "key" or "key@scope" (a phase or category); empty = kernel time per unit
    /// of work (kernel_ns_per_unit, or kernel_ns when the unit is Total).
    QString gateFigure;

    static QString unitName(WorkUnit unit); ///< "auto", "total", "step", "request", "token"
    /// Translated singular noun for tables: "step", "token", ... ("window" for Total).
    static QString unitNoun(WorkUnit unit);
    static bool parseUnit(const QString& text, WorkUnit* unit);
    /// Parses "n,m,..." of positive integers (token or request counts); false with a message.
    static bool parseCounts(const QString& text, QVector<qint64>* counts, QString* error);
};

} // namespace sl
