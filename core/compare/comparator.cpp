// SPDX-License-Identifier: MIT
#include "core/compare/comparator.h"

#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/taxonomy.h"
#include "core/compare/changeranker.h"
#include "core/compare/comparisonfigures.h"
#include "core/compare/comparisongate.h"
#include "core/compare/countercomparator.h"
#include "core/compare/kernelmatcher.h"
#include "core/util/format.h"
#include "core/util/logging.h"
#include "core/util/workerpool.h"

#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace sl {

namespace {

StepDistribution distribution(std::vector<qint64> v)
{
    StepDistribution d;
    if (v.empty())
        return d;
    std::sort(v.begin(), v.end());
    d.count = qint64(v.size());
    d.minNs = v.front();
    d.maxNs = v.back();
    d.p25Ns = nearestRank(v, 25);
    d.p50Ns = nearestRank(v, 50);
    d.p75Ns = nearestRank(v, 75);
    d.p90Ns = nearestRank(v, 90);
    return d;
}

bool isSeparator(QChar ch)
{
    return ch == QLatin1Char('-') || ch == QLatin1Char('_') || ch == QLatin1Char('.') || ch == QLatin1Char(' ');
}

/// Length of the longest common prefix of every name that ends right after a separator, so that a
/// cut never splits a word ("run1" against "run12" keeps both whole).
qsizetype commonPrefix(const QStringList& names)
{
    qsizetype n = names.front().size();
    for (const QString& s : names) {
        qsizetype i = 0;
        while (i < n && i < s.size() && s[i] == names.front()[i])
            ++i;
        n = i;
    }
    for (;; --n) {
        const bool everywhere = std::all_of(
            names.begin(), names.end(), [n](const QString& s) { return n == 0 || isSeparator(s[n - 1]); });
        if (everywhere)
            return n;
    }
}

QString reversed(const QString& s)
{
    QString r = s;
    std::reverse(r.begin(), r.end());
    return r;
}

/// The distinguishing middle of each name (common prefix and suffix removed at word boundaries);
/// empty strings when there is none.
QStringList middles(const QStringList& names, bool stripPrefix)
{
    QStringList rev;
    for (const QString& s : names)
        rev << reversed(s);
    const qsizetype pre = stripPrefix ? commonPrefix(names) : 0;
    const qsizetype suf = commonPrefix(rev);
    QStringList out;
    for (const QString& s : names) {
        QString m = s.mid(pre, std::max<qsizetype>(0, s.size() - pre - suf));
        while (!m.isEmpty() && isSeparator(m.front()))
            m.remove(0, 1);
        while (!m.isEmpty() && isSeparator(m.back()))
            m.chop(1);
        out << m;
    }
    return out;
}

bool usable(const QStringList& labels)
{
    for (qsizetype i = 0; i < labels.size(); ++i)
        if (labels[i].isEmpty() || labels.indexOf(labels[i]) != i)
            return false;
    return true;
}

} // namespace

QStringList Comparator::shortLabels(const QStringList& fileNames)
{
    if (fileNames.size() < 2)
        return fileNames;
    // "x-before-2026.2.sqlite", "x-after-2026.2.sqlite" -> "before", "after"; when that leaves a
    // name empty or two alike ("run.sqlite", "run-2.sqlite"), keep the common prefix ("run",
    // "run-2"); failing that, the file names.
    for (bool stripPrefix : { true, false }) {
        const QStringList m = middles(fileNames, stripPrefix);
        if (usable(m))
            return m;
    }
    return fileNames;
}

QStringList Comparator::labelsFor(const QStringList& fileNames, const QStringList& given)
{
    const QStringList shortNames = shortLabels(fileNames);
    QStringList labels;
    for (qsizetype i = 0; i < fileNames.size(); ++i) {
        QString l = i < given.size() ? given[i].trimmed() : QString();
        if (l.isEmpty())
            l = shortNames[i];
        // Two exports often share a file name (report.sqlite): keep the columns apart.
        const QString base = l;
        for (int n = 2; labels.contains(l); ++n)
            l = QStringLiteral("%1 (%2)").arg(base).arg(n);
        labels << l;
    }
    return labels;
}

QStringList Comparator::labelsFor(const QVector<AnalysisPtr>& analyses, const QStringList& given)
{
    QStringList fileNames;
    for (const auto& a : analyses)
        fileNames << a->trace->info.fileName;
    return labelsFor(fileNames, given);
}

bool Comparator::validate(int n, const ComparisonOptions& o, QString* error)
{
    if (n < kMinTraces || n > kMaxTraces) {
        *error = tr("A comparison needs %1 to %2 traces; %3 given.").arg(kMinTraces).arg(kMaxTraces).arg(n);
        return false;
    }
    if (o.baseline < 0 || o.baseline >= n) {
        *error = tr("The baseline must be one of the %1 traces (1 to %1); %2 given.").arg(n).arg(o.baseline + 1);
        return false;
    }
    auto sized = [&](qsizetype size, const QString& what) {
        if (size == 0 || size == n)
            return true;
        *error = tr("%1 needs one value per trace: %2 given for %3 traces.").arg(what).arg(size).arg(n);
        return false;
    };
    if (!sized(o.labels.size(), tr("Labels")) || !sized(o.tokens.size(), tr("Token counts"))
        || !sized(o.requests.size(), tr("Request counts")))
        return false;
    for (const auto* counts : { &o.tokens, &o.requests })
        for (qint64 v : *counts)
            if (v <= 0) {
                *error = tr("Token and request counts must be positive.");
                return false;
            }
    if (o.gatePercent && !(*o.gatePercent >= 0 && std::isfinite(*o.gatePercent))) {
        *error = tr("The gate threshold must be a percentage of 0 or more.");
        return false;
    }
    if (o.unit == WorkUnit::Token && o.tokens.isEmpty()) {
        *error = tr("Normalising per token needs the token count of every trace.");
        return false;
    }
    if (o.unit == WorkUnit::Request && o.requests.isEmpty()) {
        *error = tr("Normalising per request needs the request count of every trace.");
        return false;
    }
    return true;
}

qint64 Comparator::rangeTokens(const AnalysisResult& a) { return a.serving.window.generatedTokens.value_or(0); }

WorkUnit Comparator::resolveUnit(
    const QVector<TraceBreakdown>& breakdowns, const ComparisonOptions& o, const QVector<AnalysisPtr>& analyses)
{
    if (o.unit != WorkUnit::Auto)
        return o.unit;
    if (!o.tokens.isEmpty())
        return WorkUnit::Token;
    if (!o.requests.isEmpty())
        return WorkUnit::Request;
    const bool rangeTokens = !analyses.isEmpty()
        && std::all_of(analyses.begin(), analyses.end(),
            [](const AnalysisPtr& a) { return a && Comparator::rangeTokens(*a) > 0; });
    if (rangeTokens)
        return WorkUnit::Token;
    for (const auto& b : breakdowns)
        if (b.topLevelStepNs.empty())
            return WorkUnit::Total;
    return WorkUnit::Step;
}

namespace {

/// Work units per trace for the resolved unit (steps, requests, tokens, or 1 for totals).
void resolveUnits(Comparison& c, const ComparisonOptions& o)
{
    for (int i = 0; i < c.traceCount(); ++i) {
        switch (c.unit) {
        case WorkUnit::Auto:
        case WorkUnit::Total:
            c.units.append(1);
            break;
        case WorkUnit::Step:
            c.units.append(qint64(c.breakdowns[i].topLevelStepNs.size()));
            if (c.units.back() == 0)
                c.warnings
                    << Comparator::tr("%1 has no NVTX steps: its per-step figures are undefined.").arg(c.labels[i]);
            break;
        case WorkUnit::Request:
            c.units.append(o.requests[i]);
            break;
        case WorkUnit::Token:
            // Counts typed by the user win; otherwise the serving steps' generated tokens.
            c.units.append(o.tokens.isEmpty() ? Comparator::rangeTokens(*c.analyses[i]) : o.tokens[i]);
            c.tokensFromRanges = o.tokens.isEmpty();
            break;
        }
    }
}

/// The union of the traces' phase names in first-seen order, the unattributed slot last.
void collectPhases(Comparison& c)
{
    for (const auto& a : c.analyses)
        for (int p = 0; p < a->mappedPhaseCount(); ++p)
            if (!c.phases.contains(a->phases[p].phase))
                c.phases << a->phases[p].phase;
    c.phases << PhaseStats::unattributedName();
}

/// Whole-graph tracing records one row per graph launch and none for the kernels inside, so
/// kernel figures of such a trace leave the graphs' work out; say so rather than show a win.
void warnWholeGraphs(Comparison& c)
{
    auto wholeGraphs = [](const AnalysisResult& r) { return r.graphMode == GraphMode::Graph && r.graphLaunches > 0; };
    const auto graphTraces
        = std::count_if(c.analyses.begin(), c.analyses.end(), [&](const AnalysisPtr& a) { return wholeGraphs(*a); });
    if (graphTraces == 0 || graphTraces == c.traceCount())
        return;
    for (int i = 0; i < c.traceCount(); ++i)
        if (wholeGraphs(*c.analyses[i]))
            c.warnings << Comparator::tr(
                "%1 traced CUDA graphs as whole graphs (graph launches: %2, %3): the kernels inside them are "
                "not in its kernel figures, which are therefore not comparable with traces that record "
                "every kernel.")
                              .arg(c.labels[i])
                              .arg(c.analyses[i]->graphLaunches)
                              .arg(formatDuration(c.analyses[i]->graphNs));
}

/// Step-duration distribution per trace and phase (empty where the trace lacks the phase).
void stepDistributions(Comparison& c)
{
    c.stepDistributions.resize(c.traceCount());
    for (int i = 0; i < c.traceCount(); ++i)
        for (const QString& phase : c.phases) {
            const int s = c.phaseSlot(i, phase);
            c.stepDistributions[i].append(s >= 0 ? distribution(c.analyses[i]->phases[s].stepNs) : StepDistribution {});
        }
}

/// Matched kernel groups with their per-unit time, counted by method into `c`, largest first
/// (the largest per-unit time of any side, then the key). Empty on a cancel.
QVector<KernelMatch> matchKernels(Comparison& c, const Cancellation& cancel)
{
    QVector<KernelMatch> groups = KernelMatcher::match(c.analyses, cancel);
    for (auto& g : groups) {
        for (int i = 0; i < c.traceCount(); ++i)
            if (const std::optional<qint64> v = c.perUnitNs(g.sides[i].totalNs, i))
                g.sides[i].perUnitNs = double(*v);
        c.matchedByName += g.method == KernelMatch::Method::Name;
        c.matchedByNormalised += g.method == KernelMatch::Method::Normalised;
        c.unmatched += g.method == KernelMatch::Method::Unmatched;
    }
    auto weight = [](const KernelMatch& g) {
        double w = 0;
        for (const auto& s : g.sides)
            w = std::max(w, s.perUnitNs.value_or(double(s.totalNs)));
        return w;
    };
    std::stable_sort(groups.begin(), groups.end(), [&](const KernelMatch& x, const KernelMatch& y) {
        const double wx = weight(x), wy = weight(y);
        return wx != wy ? wx > wy : x.key < y.key;
    });
    return groups;
}

} // namespace

ComparisonPtr Comparator::compare(
    const QVector<AnalysisPtr>& analyses, const ComparisonOptions& o, const Cancellation& cancel)
{
    QString error;
    if (!validate(int(analyses.size()), o, &error)) {
        // Callers validate first and show the message; a null result alone would not say why.
        qCWarning(lcAnalysis) << "comparison not started:" << error;
        return nullptr;
    }
    for (const auto& a : analyses)
        if (!a || !a->trace) {
            qCWarning(lcAnalysis) << "comparison not started: an analysis is missing";
            return nullptr;
        }
    auto c = std::make_shared<Comparison>();
    const int n = int(analyses.size());
    c->analyses = analyses;
    QStringList files;
    for (const auto& a : analyses)
        files << a->trace->info.fileName;
    c->labels = labelsFor(files, o.labels);
    c->baseline = o.baseline;
    c->categories = Taxonomy::categories();

    // One breakdown per trace, side by side: each is a few linear passes over its own trace.
    c->breakdowns.resize(n);
    QVector<QFuture<void>> jobs;
    for (int i = 0; i < n; ++i)
        jobs.append(QtConcurrent::run(workerPool(),
            [&c, &analyses, &cancel, i] { c->breakdowns[i] = TraceBreakdown::compute(*analyses[i], cancel); }));
    for (auto& j : jobs)
        j.waitForFinished();
    if (cancel.isCancelled())
        return nullptr;

    c->unit = resolveUnit(c->breakdowns, o, analyses);
    resolveUnits(*c, o);
    collectPhases(*c);
    warnWholeGraphs(*c);

    for (int i = 0; i < n; ++i)
        c->tokens.append(i < o.tokens.size() ? o.tokens[i] : 0);
    c->modelFlopsPerToken = o.modelFlopsPerToken;
    ComparisonFigures::build(*c);
    stepDistributions(*c);
    const QVector<KernelMatch> groups = matchKernels(*c, cancel);
    if (cancel.isCancelled())
        return nullptr;
    c->kernels = groups.mid(0, std::max(0, o.topKernels));
    CounterComparator::build(*c, groups, cancel);
    if (cancel.isCancelled())
        return nullptr;
    ChangeRanker::rank(*c, groups, o.topChanges, cancel);
    if (cancel.isCancelled())
        return nullptr;
    ComparisonGate::apply(*c, o);
    return c;
}

QFuture<ComparisonPtr> Comparator::compareAsync(const QVector<AnalysisPtr>& analyses, const ComparisonOptions& options)
{
    return QtConcurrent::run(workerPool(), [analyses, options](QPromise<ComparisonPtr>& promise) {
        // Invalid input gives a null result; a cancelled future gets none (it would drop it).
        ComparisonPtr c = compare(analyses, options, Cancellation::of(promise));
        if (!promise.isCanceled())
            promise.addResult(std::move(c));
    });
}

} // namespace sl
