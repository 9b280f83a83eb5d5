// SPDX-License-Identifier: MIT
#include "core/report/comparisonmarkdownreport.h"

#include "core/compare/comparisondesignfigures.h"
#include "core/compare/comparisonformat.h"
#include "core/report/markdownreport.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace sl {

namespace {

QString label(const Comparison& c, int i) { return MarkdownReport::cell(scrubPaths(c.labels[i])); }

/// "| Figure | A (baseline) | B | Δ B | B / A |" for the figures of one section (and scope).
void figureTable(
    QTextStream& s, const Comparison& c, ComparisonFigure::Section section, const QString& scope, bool scopeColumn)
{
    const int n = c.traceCount(), b = c.baseline;
    const bool anatomy = section == ComparisonFigure::Section::Anatomy;
    const QString scopeHeader
        = anatomy ? ComparisonMarkdownReport::tr("Phase · class") : ComparisonMarkdownReport::tr("Category");
    s << "| " << (scopeColumn ? scopeHeader + QStringLiteral(" | ") : QString())
      << ComparisonMarkdownReport::tr("Figure");
    for (int i = 0; i < n; ++i)
        s << " | " << label(c, i) << (i == b ? ComparisonMarkdownReport::tr(" (baseline)") : QString());
    for (int i = 0; i < n; ++i)
        if (i != b)
            s << " | Δ " << label(c, i) << " | " << label(c, i) << " / " << label(c, b);
    s << " |\n|" << (scopeColumn ? "---|" : "") << "---|";
    for (int i = 0; i < n; ++i)
        s << "---:|";
    for (int i = 0; i < n - 1; ++i)
        s << "---:|---:|";
    s << "\n";
    for (const auto& f : c.figures) {
        if (f.section != section || (!scopeColumn && f.scope != scope))
            continue;
        const QString scopeText = anatomy ? ComparisonDesignFigures::anatomyScopeLabel(f.scope) : f.scope;
        s << "| " << (scopeColumn ? scopeText + QStringLiteral(" | ") : QString()) << f.label;
        for (int i = 0; i < n; ++i)
            s << " | " << ComparisonFormat::value(f.kind, f.values[i]);
        for (int i = 0; i < n; ++i)
            if (i != b)
                s << " | " << ComparisonFormat::delta(f.kind, c.delta(f, i)) << " | "
                  << ComparisonFormat::ratio(c.ratio(f, i));
        s << " |\n";
    }
    s << "\n";
}

/// The short name of the kernel whose demangled name is `name` (StringTable index).
QString shortName(const AnalysisResult& r, quint32 name)
{
    for (const auto& k : r.kernels)
        if (k.name == name)
            return r.trace->strings.at(k.shortName);
    return r.trace->strings.at(name);
}

QString evidenceText(const Evidence& e)
{
    if (e.table.isEmpty())
        return ComparisonMarkdownReport::tr("none");
    if (e.rowids.empty() && e.startNs >= 0)
        return ComparisonMarkdownReport::tr("GPU %1, %2 – %3")
            .arg(e.deviceId)
            .arg(formatDuration(e.startNs), formatDuration(e.endNs));
    // Not %n: it would drop formatCount's digit grouping ("12,345 rows").
    if (e.rowCount == 1)
        return ComparisonMarkdownReport::tr("1 row of %1").arg(e.table);
    return ComparisonMarkdownReport::tr("%1 rows of %2").arg(formatCount(e.rowCount), e.table);
}

QString outcomeText(GateVerdict::Outcome o)
{
    switch (o) {
    case GateVerdict::Outcome::Improvement:
        return ComparisonMarkdownReport::tr("improvement");
    case GateVerdict::Outcome::Unchanged:
        return ComparisonMarkdownReport::tr("unchanged");
    case GateVerdict::Outcome::Regression:
        return ComparisonMarkdownReport::tr("regression");
    case GateVerdict::Outcome::Inconclusive:
        return ComparisonMarkdownReport::tr("inconclusive");
    }
    return {};
}

/// "## Gate": the verdict first, then one line per compared trace.
void gateSection(QTextStream& s, const Comparison& c, const ComparisonGateResult& g)
{
    const QString figure = g.label.isEmpty() ? g.key : g.label;
    const QString scoped = g.scope.isEmpty() ? figure : QStringLiteral("%1 (%2)").arg(figure, g.scope);
    s << "## " << ComparisonMarkdownReport::tr("Gate: %1").arg(outcomeText(g.outcome())) << "\n\n"
      << ComparisonMarkdownReport::tr("Gated figure: %1 (`%2`), threshold ±%3 %4.")
             .arg(scoped, g.scope.isEmpty() ? g.key : g.key + QLatin1Char('@') + g.scope)
             .arg(g.thresholdPercent)
             .arg(g.kind == ComparisonFigure::Kind::Share ? ComparisonMarkdownReport::tr("percentage points")
                                                          : QStringLiteral("%"))
      << "\n\n";
    for (const auto& v : g.verdicts) {
        s << "- **" << label(c, v.trace) << "**: " << outcomeText(v.outcome);
        if (v.outcome == GateVerdict::Outcome::Inconclusive)
            s << " — " << MarkdownReport::cell(scrubPaths(v.reasonText));
        else {
            s << " — " << ComparisonFormat::value(g.kind, v.baselineValue) << " → "
              << ComparisonFormat::value(g.kind, v.value);
            if (v.changePercent)
                s << " (" << (*v.changePercent >= 0 ? "+" : "−") << QString::number(std::abs(*v.changePercent), 'f', 1)
                  << (g.kind == ComparisonFigure::Kind::Share ? " pp" : " %") << ")";
        }
        s << "\n";
    }
    s << "\n";
}

/// Title, baseline and unit, and the table of the compared traces.
void writeTraces(QTextStream& s, const Comparison& c)
{
    const int n = c.traceCount(), b = c.baseline;
    QStringList names;
    for (int i = 0; i < n; ++i)
        names << label(c, i);
    s << "# " << ComparisonMarkdownReport::tr("Sightline comparison: %1").arg(names.join(QStringLiteral(" vs ")))
      << "\n\n";
    const QString unit = ComparisonOptions::unitNoun(c.unit);
    if (c.unit == WorkUnit::Total)
        s << ComparisonMarkdownReport::tr(
            "Baseline: **%1**. Figures are totals over each trace's analysis window (no unit of work was "
            "given and not every trace has NVTX steps).")
                 .arg(label(c, b))
          << "\n\n";
    else
        s << ComparisonMarkdownReport::tr("Baseline: **%1**. \"Per %2\" figures divide by each trace's %2 count.")
                 .arg(label(c, b), unit)
          << (c.tokensFromRanges ? QLatin1Char(' ')
                         + ComparisonMarkdownReport::tr("The token counts are the generated tokens the traces' serving "
                                                        "steps name (no --tokens given).")
                                 : QString())
          << "\n\n";

    if (c.gate)
        gateSection(s, c, *c.gate);

    const bool perUnit = c.unit != WorkUnit::Total;
    s << "| " << ComparisonMarkdownReport::tr("Trace") << " | " << ComparisonMarkdownReport::tr("File") << " | "
      << ComparisonMarkdownReport::tr("Window") << " | " << ComparisonMarkdownReport::tr("Kernels") << " | "
      << ComparisonMarkdownReport::tr("Kernel time")
      << (perUnit ? QStringLiteral(" | ") + ComparisonMarkdownReport::tr("%1s").arg(unit) : QString()) << " |\n"
      << "|---|---|---:|---:|---:|" << (perUnit ? "---:|" : "") << "\n";
    for (int i = 0; i < n; ++i) {
        const AnalysisResult& r = *c.analyses[i];
        s << "| " << label(c, i) << " | " << MarkdownReport::cell(r.trace->info.fileName) << " | "
          << AnalysisWindow::kindName(r.window.kind) << ", " << formatDuration(r.window.lengthNs()) << " | "
          << formatCount(r.kernelCount) << " | " << formatDuration(r.kernelNs);
        if (perUnit)
            s << " | " << (c.units[i] > 0 ? formatCount(c.units[i]) : QStringLiteral("–"));
        s << " |\n";
    }
}

/// "What changed most", per compared trace when there are more than two.
void writeChanges(QTextStream& s, const Comparison& c)
{
    const int b = c.baseline;
    s << "\n## " << ComparisonMarkdownReport::tr("What changed most") << "\n\n";
    if (c.changes.isEmpty())
        s << ComparisonMarkdownReport::tr("No difference in GPU time per %1.").arg(ComparisonOptions::unitNoun(c.unit))
          << "\n\n";
    int rank = 0, lastTrace = -1;
    for (const auto& ch : c.changes) {
        if (ch.trace != lastTrace) {
            if (c.traceCount() > 2)
                s << "### " << ComparisonMarkdownReport::tr("%1 against %2").arg(label(c, ch.trace), label(c, b))
                  << "\n\n";
            lastTrace = ch.trace;
            rank = 0;
        }
        s << ++rank << ". " << MarkdownReport::cell(ch.title) << "  \n   "
          << ComparisonMarkdownReport::tr("Evidence: %1 in %2; %3 in %4 (SQL in comparison.json).")
                 .arg(
                     evidenceText(ch.baselineEvidence), label(c, b), evidenceText(ch.traceEvidence), label(c, ch.trace))
          << "\n";
    }
}

/// The matched kernel groups with their time (per unit) in each trace and the deltas.
void writeKernels(QTextStream& s, const Comparison& c)
{
    const int n = c.traceCount(), b = c.baseline;
    s << "## " << ComparisonMarkdownReport::tr("Top kernels") << "\n\n"
      << ComparisonMarkdownReport::tr(
             "%1 groups matched by identical name, %2 by category and normalised name, %3 in one trace only.")
             .arg(c.matchedByName)
             .arg(c.matchedByNormalised)
             .arg(c.unmatched)
      << "\n\n| # | " << ComparisonMarkdownReport::tr("Kernel") << " | " << ComparisonMarkdownReport::tr("Category")
      << " | " << ComparisonMarkdownReport::tr("Matched by");
    for (int i = 0; i < n; ++i)
        s << " | " << label(c, i);
    for (int i = 0; i < n; ++i)
        if (i != b)
            s << " | Δ " << label(c, i);
    s << " |\n|---:|---|---|---|";
    for (int i = 0; i < 2 * n - 1; ++i)
        s << "---:|";
    s << "\n";
    int rank = 0;
    for (const auto& g : c.kernels) {
        QStringList shown;
        for (int i = 0; i < n; ++i) {
            if (g.sides[i].names.isEmpty())
                continue;
            const QString name = scrubPaths(shortName(*c.analyses[i], g.sides[i].names.front()));
            if (!shown.contains(name))
                shown << name;
        }
        s << "| " << ++rank << " | `" << MarkdownReport::cell(shown.join(QStringLiteral(" ↔ "))) << "` | " << g.category
          << " | " << KernelMatch::methodName(g.method);
        auto time = [&](int i) -> std::optional<double> {
            return c.unit == WorkUnit::Total ? std::optional<double>(double(g.sides[i].totalNs)) : g.sides[i].perUnitNs;
        };
        for (int i = 0; i < n; ++i)
            s << " | " << ComparisonFormat::value(ComparisonFigure::Kind::DurationNs, time(i));
        for (int i = 0; i < n; ++i)
            if (i != b)
                s << " | "
                  << ComparisonFormat::delta(ComparisonFigure::Kind::DurationNs,
                         time(i) && time(b) ? std::optional<double>(*time(i) - *time(b)) : std::nullopt);
        s << " |\n";
    }
    s << "\n"
      << (c.unit == WorkUnit::Total
                 ? ComparisonMarkdownReport::tr("Kernel times are totals.")
                 : ComparisonMarkdownReport::tr("Kernel times are per %1.").arg(ComparisonOptions::unitNoun(c.unit)))
      << "\n\n";
}

/// Step-duration distributions per phase and trace, when any trace has steps.
void writeSteps(QTextStream& s, const Comparison& c)
{
    bool anySteps = false;
    for (const auto& per : c.stepDistributions)
        for (const auto& d : per)
            anySteps = anySteps || d.count > 0;
    if (!anySteps)
        return;
    s << "## " << ComparisonMarkdownReport::tr("Step durations") << "\n\n| " << ComparisonMarkdownReport::tr("Phase")
      << " | " << ComparisonMarkdownReport::tr("Trace") << " | " << ComparisonMarkdownReport::tr("Steps")
      << " | min | p25 | p50 | p75 | p90 | max |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (qsizetype p = 0; p < c.phases.size(); ++p)
        for (int i = 0; i < c.traceCount(); ++i) {
            const StepDistribution& d = c.stepDistributions[i][p];
            if (d.count == 0)
                continue;
            s << "| " << c.phases[p] << " | " << label(c, i) << " | " << formatCount(d.count) << " | "
              << formatDuration(d.minNs) << " | " << formatDuration(d.p25Ns) << " | " << formatDuration(d.p50Ns)
              << " | " << formatDuration(d.p75Ns) << " | " << formatDuration(d.p90Ns) << " | "
              << formatDuration(d.maxNs) << " |\n";
        }
    s << "\n";
}

QString scopeText(CounterScope::Kind kind, const QString& scope)
{
    return MarkdownReport::cell(scrubPaths(ComparisonCounters::scopeText(kind, scope)));
}

/// "| Scope | GPU | … |" header cells with one column per trace and a Δ column per compared trace.
void traceColumns(QTextStream& s, const Comparison& c, int fixedColumns)
{
    const int n = c.traceCount(), b = c.baseline;
    for (int i = 0; i < n; ++i)
        s << " | " << label(c, i) << (i == b ? ComparisonMarkdownReport::tr(" (baseline)") : QString());
    for (int i = 0; i < n; ++i)
        if (i != b)
            s << " | Δ " << label(c, i);
    s << " |\n|";
    for (int k = 0; k < fixedColumns; ++k)
        s << "---|";
    for (int i = 0; i < 2 * n - 1; ++i)
        s << "---:|";
    s << "\n";
}

/// The bound class of every scope and GPU slot per trace, "changed" where it differs from the baseline.
void writeBoundClasses(QTextStream& s, const Comparison& c)
{
    const ComparisonCounters& cc = c.counters;
    const int n = c.traceCount(), b = c.baseline;
    s << ComparisonMarkdownReport::tr("Bound class per scope (rule in docs/analysis.md, \"Hardware counters\"):")
      << "\n\n| " << ComparisonMarkdownReport::tr("Scope") << " | GPU";
    traceColumns(s, c, 2);
    for (const auto& row : cc.scopes) {
        s << "| " << scopeText(row.kind, row.scope) << " | " << cc.gpuLabel(row.gpu);
        for (int i = 0; i < n; ++i)
            s << " | " << (row.present[i] ? boundClassLabel(row.bound[i]) : QStringLiteral("–"));
        for (int i = 0; i < n; ++i)
            if (i != b)
                s << " | " << (row.changed[i] ? ComparisonMarkdownReport::tr("**changed**") : QStringLiteral("–"));
        s << " |\n";
    }
    s << "\n";
}

/// Every counter's busy-time mean (p90) per trace and the delta of the means.
void writeCounterTable(QTextStream& s, const Comparison& c)
{
    const ComparisonCounters& cc = c.counters;
    const int n = c.traceCount(), b = c.baseline;
    s << "| " << ComparisonMarkdownReport::tr("Scope") << " | GPU | " << ComparisonMarkdownReport::tr("Counter");
    traceColumns(s, c, 3);
    for (const auto& k : cc.counters) {
        const int only = k.onlyIn();
        s << "| " << scopeText(k.kind, k.scope) << " | " << cc.gpuLabel(k.gpu) << " | " << MarkdownReport::cell(k.name)
          << (k.nvml ? QStringLiteral(" (NVML)") : QString())
          << (only >= 0 && n > 1
                     ? QStringLiteral(" — ") + ComparisonMarkdownReport::tr("only in %1").arg(label(c, only))
                     : QString());
        for (int i = 0; i < n; ++i) {
            s << " | " << ComparisonFormat::counterValue(k.unit, k.busyMean[i]);
            if (k.busyP90[i])
                s << " (p90 " << ComparisonFormat::counterValue(k.unit, k.busyP90[i]) << ")";
        }
        for (int i = 0; i < n; ++i)
            if (i != b)
                s << " | "
                  << ComparisonFormat::counterDelta(
                         k.percent(), ComparisonCounters::delta(k.percent(), k.busyMean[b], k.busyMean[i]));
        s << " |\n";
    }
    s << "\n"
      << ComparisonMarkdownReport::tr("Time-weighted means (p90) over each scope's kernel time; Δ of the means in "
                                      "percentage points for % counters, relative otherwise.")
      << "\n\n";
}

/// Five rows per kernel group with Nsight Compute figures: its roofline position per trace.
void writeRoofline(QTextStream& s, const Comparison& c)
{
    using Measure = RooflineComparison::Measure;
    const int n = c.traceCount(), b = c.baseline;
    const QString labels[RooflineComparison::kMeasures] = { ComparisonMarkdownReport::tr("arithmetic intensity"),
        ComparisonMarkdownReport::tr("achieved FLOP/s"), ComparisonMarkdownReport::tr("% of roof"),
        ComparisonMarkdownReport::tr("DRAM throughput"), ComparisonMarkdownReport::tr("SM throughput") };
    s << "### " << ComparisonMarkdownReport::tr("Roofline positions (Nsight Compute)") << "\n\n| "
      << ComparisonMarkdownReport::tr("Kernel") << " | " << ComparisonMarkdownReport::tr("Figure");
    traceColumns(s, c, 2);
    for (const auto& r : c.counters.roofline) {
        QStringList shown;
        for (int i = 0; i < n; ++i)
            if (r.sides[i].present) {
                const QString name = scrubPaths(shortName(*c.analyses[i], r.sides[i].name));
                if (!shown.contains(name))
                    shown << name;
            }
        const QString kernel = QStringLiteral("`%1`").arg(MarkdownReport::cell(shown.join(QStringLiteral(" ↔ "))));
        for (int k = 0; k < RooflineComparison::kMeasures; ++k) {
            const Measure m = Measure(k);
            s << "| " << kernel << " | " << labels[k];
            for (int i = 0; i < n; ++i)
                s << " | "
                  << (r.sides[i].present ? ComparisonFormat::rooflineValue(m, RooflineComparison::value(r.sides[i], m))
                                         : ComparisonMarkdownReport::tr("no ncu data"));
            for (int i = 0; i < n; ++i)
                if (i != b)
                    s << " | "
                      << ComparisonFormat::counterDelta(
                             RooflineComparison::isPercent(m), RooflineComparison::delta(r.sides[b], r.sides[i], m));
            s << " |\n";
        }
    }
    s << "\n"
      << ComparisonMarkdownReport::tr("% of roof = achieved FLOP/s ÷ min(ceiling, intensity × DRAM roof) of "
                                      "the trace's GPU; the ceiling is the tensor-core one for kernels mostly on "
                                      "the tensor path, else FP32.")
      << "\n\n";
}

/// "## Hardware counters": bound class per scope and GPU, each counter's busy-time mean (p90)
/// per trace with deltas, then the roofline positions of kernels profiled with Nsight Compute.
void writeCounters(QTextStream& s, const Comparison& c)
{
    const ComparisonCounters& cc = c.counters;
    if (cc.isEmpty())
        return;
    s << "## " << ComparisonMarkdownReport::tr("Hardware counters") << "\n\n";
    if (!cc.scopes.isEmpty()) {
        s << (cc.perDevice
                ? ComparisonMarkdownReport::tr("GPUs pair by position (the k-th GPU with counters of each trace).")
                : ComparisonMarkdownReport::tr("The traces sampled different numbers of GPUs: figures are over all "
                                               "GPUs (means weighted by kernel time; no p90)."))
          << "\n\n";
        writeBoundClasses(s, c);
        writeCounterTable(s, c);
    }
    if (!cc.roofline.isEmpty())
        writeRoofline(s, c);
}

} // namespace

QString ComparisonMarkdownReport::build(const Comparison& c)
{
    QString md;
    QTextStream s(&md);
    writeTraces(s, c);
    writeChanges(s, c);
    s << "\n## " << tr("Whole trace") << "\n\n";
    figureTable(s, c, ComparisonFigure::Section::Trace, {}, false);
    for (const QString& phase : c.phases) {
        if (c.figureIndex(QStringLiteral("kernel_ns"), phase) < 0)
            continue;
        s << "## " << tr("Phase: %1").arg(phase) << "\n\n";
        figureTable(s, c, ComparisonFigure::Section::Phase, phase, false);
    }
    s << "## " << tr("Kernel categories") << "\n\n";
    figureTable(s, c, ComparisonFigure::Section::Category, {}, true);
    if (std::any_of(c.figures.cbegin(), c.figures.cend(),
            [](const ComparisonFigure& f) { return f.section == ComparisonFigure::Section::Anatomy; })) {
        s << "## " << tr("Model anatomy") << "\n\n";
        figureTable(s, c, ComparisonFigure::Section::Anatomy, {}, true);
    }
    writeKernels(s, c);
    writeSteps(s, c);
    writeCounters(s, c);
    if (!c.warnings.isEmpty()) {
        s << "## " << tr("Warnings") << "\n\n";
        for (const auto& w : c.warnings)
            s << "- " << scrubPaths(w) << "\n";
        s << "\n";
    }
    s << "---\n"
      << tr("Generated by Sightline %1. Δ is the trace minus the baseline; definitions in docs/analysis.md.")
             .arg(QStringLiteral(SIGHTLINE_VERSION))
      << "\n";
    return md;
}

} // namespace sl
