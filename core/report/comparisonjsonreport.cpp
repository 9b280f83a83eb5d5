// SPDX-License-Identifier: MIT
#include "core/report/comparisonjsonreport.h"

#include "core/report/jsonreport.h"
#include "core/util/privacy.h"

#include <QJsonArray>

#include <cmath>

namespace sl {

namespace {

constexpr qsizetype kMaxNamesPerSide = 20;

/// Durations and counts are integers in the JSON, shares and rates doubles; null when undefined.
QJsonValue number(ComparisonFigure::Kind kind, const std::optional<double>& v)
{
    if (!v)
        return QJsonValue(QJsonValue::Null);
    if (kind == ComparisonFigure::Kind::DurationNs || kind == ComparisonFigure::Kind::Count
        || kind == ComparisonFigure::Kind::Bytes)
        return QJsonValue(qint64(std::llround(*v)));
    return QJsonValue(*v);
}

QJsonValue optionalNs(const std::optional<double>& v) { return number(ComparisonFigure::Kind::DurationNs, v); }

QJsonValue optionalRatio(const std::optional<double>& r) { return r ? QJsonValue(*r) : QJsonValue(QJsonValue::Null); }

QString betterName(ComparisonFigure::Better b)
{
    switch (b) {
    case ComparisonFigure::Better::Lower:
        return QStringLiteral("lower");
    case ComparisonFigure::Better::Higher:
        return QStringLiteral("higher");
    case ComparisonFigure::Better::Neutral:
        return QStringLiteral("neutral");
    }
    return {};
}

QJsonValue evidence(const Evidence& e)
{
    return e.table.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(JsonReport::evidenceToJson(e));
}

QJsonArray figures(const Comparison& c)
{
    QJsonArray out;
    for (const auto& f : c.figures) {
        QJsonArray values, deltas, ratios;
        for (int i = 0; i < c.traceCount(); ++i) {
            values.append(number(f.kind, f.values[i]));
            deltas.append(number(f.kind, c.delta(f, i)));
            ratios.append(optionalRatio(c.ratio(f, i)));
        }
        out.append(QJsonObject { { QStringLiteral("section"), ComparisonFigure::sectionName(f.section) },
            { QStringLiteral("key"), f.key }, { QStringLiteral("scope"), f.scope },
            { QStringLiteral("label"), f.label }, { QStringLiteral("unit"), ComparisonFigure::kindName(f.kind) },
            { QStringLiteral("better"), betterName(f.better) }, { QStringLiteral("values"), values },
            { QStringLiteral("deltas"), deltas }, { QStringLiteral("ratios"), ratios } });
    }
    return out;
}

QJsonObject kernels(const Comparison& c)
{
    QJsonArray top;
    const int b = c.baseline;
    for (const auto& g : c.kernels) {
        QJsonArray sides;
        for (int i = 0; i < c.traceCount(); ++i) {
            const auto& s = g.sides[i];
            const Trace& t = *c.analyses[i]->trace;
            QJsonArray names, shortNames;
            for (quint32 n : s.names.mid(0, kMaxNamesPerSide)) {
                names.append(scrubPaths(t.strings.at(n)));
                for (const auto& k : c.analyses[i]->kernels)
                    if (k.name == n) {
                        shortNames.append(scrubPaths(t.strings.at(k.shortName)));
                        break;
                    }
            }
            std::optional<double> delta, ratio;
            if (s.perUnitNs && g.sides[b].perUnitNs) {
                delta = *s.perUnitNs - *g.sides[b].perUnitNs;
                if (*g.sides[b].perUnitNs > 0)
                    ratio = *s.perUnitNs / *g.sides[b].perUnitNs;
            }
            sides.append(QJsonObject { { QStringLiteral("names"), names },
                { QStringLiteral("short_names"), shortNames }, { QStringLiteral("name_count"), s.names.size() },
                { QStringLiteral("count"), s.count }, { QStringLiteral("total_ns"), s.totalNs },
                { QStringLiteral("per_unit_ns"), optionalNs(s.perUnitNs) },
                { QStringLiteral("delta_per_unit_ns"), optionalNs(delta) },
                { QStringLiteral("ratio"), optionalRatio(ratio) } });
        }
        top.append(QJsonObject { { QStringLiteral("matched_by"), KernelMatch::methodName(g.method) },
            { QStringLiteral("key"), scrubPaths(g.key) }, { QStringLiteral("category"), g.category },
            { QStringLiteral("traces"), sides } });
    }
    return QJsonObject { { QStringLiteral("groups_matched_by_name"), c.matchedByName },
        { QStringLiteral("groups_matched_by_normalised_name"), c.matchedByNormalised },
        { QStringLiteral("unmatched_groups"), c.unmatched }, { QStringLiteral("top"), top } };
}

QJsonArray distributions(const Comparison& c)
{
    QJsonArray out;
    for (qsizetype p = 0; p < c.phases.size(); ++p) {
        QJsonArray traces;
        bool any = false;
        for (int i = 0; i < c.traceCount(); ++i) {
            const StepDistribution& d = c.stepDistributions[i][p];
            any = any || d.count > 0;
            traces.append(QJsonObject { { QStringLiteral("count"), d.count }, { QStringLiteral("min_ns"), d.minNs },
                { QStringLiteral("p25_ns"), d.p25Ns }, { QStringLiteral("p50_ns"), d.p50Ns },
                { QStringLiteral("p75_ns"), d.p75Ns }, { QStringLiteral("p90_ns"), d.p90Ns },
                { QStringLiteral("max_ns"), d.maxNs } });
        }
        if (any)
            out.append(QJsonObject { { QStringLiteral("phase"), c.phases[p] }, { QStringLiteral("traces"), traces } });
    }
    return out;
}

QJsonArray changes(const Comparison& c)
{
    QJsonArray out;
    for (const auto& ch : c.changes)
        out.append(QJsonObject { { QStringLiteral("trace"), ch.trace },
            { QStringLiteral("kind"), ComparisonChange::kindName(ch.kind) }, { QStringLiteral("subject"), ch.subject },
            { QStringLiteral("title"), ch.title },
            { QStringLiteral("baseline_per_unit_ns"), qint64(std::llround(ch.baselineValue)) },
            { QStringLiteral("per_unit_ns"), qint64(std::llround(ch.value)) },
            { QStringLiteral("delta_per_unit_ns"), qint64(std::llround(ch.deltaNs())) },
            { QStringLiteral("evidence"),
                QJsonObject { { QStringLiteral("baseline"), evidence(ch.baselineEvidence) },
                    { QStringLiteral("trace"), evidence(ch.traceEvidence) } } } });
    return out;
}

QJsonValue optionalNumber(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

QJsonValue gpuSlot(int gpu) { return gpu < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(gpu); }

/// `counters.scopes[]`: per scope and GPU slot, the bound class per trace with its changed flag.
QJsonArray counterScopes(const Comparison& c)
{
    const ComparisonCounters& cc = c.counters;
    const int n = c.traceCount();
    QJsonArray scopes;
    for (const auto& row : cc.scopes) {
        QJsonArray ids, bound, changed, span, busy, evidenceOf;
        for (int i = 0; i < n; ++i) {
            ids.append(
                row.present[i] && row.deviceIds[i] >= 0 ? QJsonValue(row.deviceIds[i]) : QJsonValue(QJsonValue::Null));
            bound.append(row.present[i] ? QJsonValue(boundClassKey(row.bound[i])) : QJsonValue(QJsonValue::Null));
            changed.append(row.changed[i]);
            span.append(row.present[i] ? QJsonValue(row.spanNs[i]) : QJsonValue(QJsonValue::Null));
            busy.append(row.present[i] ? QJsonValue(row.kernelBusyNs[i]) : QJsonValue(QJsonValue::Null));
            evidenceOf.append(evidence(row.evidence[i]));
        }
        scopes.append(QJsonObject { { QStringLiteral("kind"), scopeKindKey(row.kind) },
            { QStringLiteral("scope"), scrubPaths(row.scope) }, { QStringLiteral("gpu"), gpuSlot(row.gpu) },
            { QStringLiteral("device_ids"), ids }, { QStringLiteral("bound"), bound },
            { QStringLiteral("bound_changed"), changed }, { QStringLiteral("span_ns"), span },
            { QStringLiteral("kernel_busy_ns"), busy }, { QStringLiteral("evidence"), evidenceOf } });
    }
    return scopes;
}

/// `counters.counters[]`: every counter's busy-time mean and p90 per trace with deltas.
QJsonArray counterRows(const Comparison& c)
{
    const int n = c.traceCount(), b = c.baseline;
    QJsonArray rows;
    for (const auto& k : c.counters.counters) {
        QJsonArray present, mean, p90, meanDelta, p90Delta;
        for (int i = 0; i < n; ++i) {
            present.append(k.present[i]);
            mean.append(optionalNumber(k.busyMean[i]));
            p90.append(optionalNumber(k.busyP90[i]));
            meanDelta.append(optionalNumber(ComparisonCounters::delta(k.percent(), k.busyMean[b], k.busyMean[i])));
            p90Delta.append(optionalNumber(ComparisonCounters::delta(k.percent(), k.busyP90[b], k.busyP90[i])));
        }
        const int only = k.onlyIn();
        rows.append(QJsonObject { { QStringLiteral("kind"), scopeKindKey(k.kind) },
            { QStringLiteral("scope"), scrubPaths(k.scope) }, { QStringLiteral("gpu"), gpuSlot(k.gpu) },
            { QStringLiteral("name"), k.name }, { QStringLiteral("unit"), k.unit },
            { QStringLiteral("source"), k.nvml ? QStringLiteral("nvml") : QStringLiteral("gpu_metrics") },
            { QStringLiteral("delta"), k.percent() ? QStringLiteral("points") : QStringLiteral("relative") },
            { QStringLiteral("better"), ComparisonCounters::betterName(k.better) },
            { QStringLiteral("present"), present },
            { QStringLiteral("only_in"), only >= 0 ? QJsonValue(only) : QJsonValue(QJsonValue::Null) },
            { QStringLiteral("busy_mean"), mean }, { QStringLiteral("busy_p90"), p90 },
            { QStringLiteral("busy_mean_deltas"), meanDelta }, { QStringLiteral("busy_p90_deltas"), p90Delta } });
    }
    return rows;
}

/// `counters.roofline[]`: the roofline position of kernel groups with ncu figures, per trace.
/// One trace's roofline position of a kernel group: the figures and, keyed the same way, the
/// deltas to the baseline's side; {present: false} without ncu data.
QJsonObject rooflineSide(const Comparison& c, const RooflineComparison& r, int i)
{
    using M = RooflineComparison::Measure;
    const RooflineComparison::Side& s = r.sides[i];
    if (!s.present)
        return QJsonObject { { QStringLiteral("present"), false } };
    const Trace& t = *c.analyses[i]->trace;
    QString shortName;
    for (const auto& k : c.analyses[i]->kernels)
        if (k.name == s.name)
            shortName = t.strings.at(k.shortName);
    const std::pair<QString, M> measures[] = { { QStringLiteral("arithmetic_intensity"), M::Intensity },
        { QStringLiteral("achieved_flops_per_s"), M::FlopsPerSecond }, { QStringLiteral("roof_pct"), M::RoofPct },
        { QStringLiteral("dram_throughput_pct"), M::DramPct }, { QStringLiteral("sm_throughput_pct"), M::SmPct } };
    QJsonObject out { { QStringLiteral("present"), true }, { QStringLiteral("name"), scrubPaths(t.strings.at(s.name)) },
        { QStringLiteral("short_name"), scrubPaths(shortName) }, { QStringLiteral("device_id"), s.deviceId },
        { QStringLiteral("trace_ns"), s.traceNs },
        { QStringLiteral("roof_flops_per_s"), optionalNumber(s.roofFlopsPerSecond) } };
    QJsonObject deltas;
    for (const auto& [key, m] : measures) {
        out.insert(key, optionalNumber(RooflineComparison::value(s, m)));
        deltas.insert(key, optionalNumber(RooflineComparison::delta(r.sides[c.baseline], s, m)));
    }
    out.insert(QStringLiteral("deltas"), deltas);
    return out;
}

/// `counters.roofline[]`: the roofline position of kernel groups with ncu figures, per trace.
QJsonArray rooflinePositions(const Comparison& c)
{
    QJsonArray roofline;
    for (const auto& r : c.counters.roofline) {
        QJsonArray sides;
        for (int i = 0; i < c.traceCount(); ++i)
            sides.append(rooflineSide(c, r, i));
        roofline.append(
            QJsonObject { { QStringLiteral("matched_by"), r.matchedBy }, { QStringLiteral("key"), scrubPaths(r.key) },
                { QStringLiteral("category"), r.category }, { QStringLiteral("traces"), sides } });
    }
    return roofline;
}

/// The `counters` object: per scope and GPU slot the bound class and every counter's busy-time
/// mean and p90 per trace with deltas; the roofline position of kernel groups with ncu figures.
QJsonObject counters(const Comparison& c)
{
    QJsonArray devices;
    for (const auto& d : c.counters.devices) {
        QJsonArray ids;
        for (int id : d)
            ids.append(id);
        devices.append(ids);
    }
    return QJsonObject { { QStringLiteral("gpu_pairing"),
                             c.counters.perDevice ? QStringLiteral("slot") : QStringLiteral("all") },
        { QStringLiteral("devices"), devices }, { QStringLiteral("scopes"), counterScopes(c) },
        { QStringLiteral("counters"), counterRows(c) }, { QStringLiteral("roofline"), rooflinePositions(c) } };
}

QJsonObject gate(const Comparison& c, const ComparisonGateResult& g)
{
    // A figure missing from the comparison has no label and no unit (g.kind is only a default).
    const bool found = c.figureIndex(g.key, g.scope) >= 0;
    QJsonArray verdicts;
    for (const auto& v : g.verdicts) {
        auto value = [&](const std::optional<double>& x) { return number(g.kind, x); };
        verdicts.append(QJsonObject { { QStringLiteral("trace"), v.trace },
            { QStringLiteral("label"), scrubPaths(c.labels[v.trace]) },
            { QStringLiteral("verdict"), GateVerdict::outcomeName(v.outcome) },
            { QStringLiteral("reason"),
                v.reason == GateVerdict::Reason::None ? QJsonValue(QJsonValue::Null)
                                                      : QJsonValue(GateVerdict::reasonName(v.reason)) },
            { QStringLiteral("reason_text"), scrubPaths(v.reasonText) },
            { QStringLiteral("baseline_value"), value(v.baselineValue) }, { QStringLiteral("value"), value(v.value) },
            { QStringLiteral("change_pct"), optionalRatio(v.changePercent) } });
    }
    return QJsonObject { { QStringLiteral("verdict"), GateVerdict::outcomeName(g.outcome()) },
        { QStringLiteral("threshold_pct"), g.thresholdPercent }, { QStringLiteral("figure"), g.key },
        { QStringLiteral("scope"), g.scope }, { QStringLiteral("label"), g.label },
        { QStringLiteral("unit"), found ? ComparisonFigure::kindName(g.kind) : QString() },
        { QStringLiteral("traces"), verdicts } };
}

} // namespace

QJsonObject ComparisonJsonReport::build(const Comparison& c)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("sightline.comparison"));
    root.insert(QStringLiteral("format_version"), kFormatVersion);
    root.insert(QStringLiteral("tool"),
        QJsonObject { { QStringLiteral("name"), QStringLiteral("sightline") },
            { QStringLiteral("version"), QStringLiteral(SIGHTLINE_VERSION) } });
    root.insert(QStringLiteral("baseline"), c.baseline);
    root.insert(QStringLiteral("unit"), ComparisonOptions::unitName(c.unit));
    // Where the token counts of unit "token" come from: the serving steps' names or --tokens.
    root.insert(QStringLiteral("units_source"),
        c.unit != WorkUnit::Token ? QStringLiteral("analysis")
            : c.tokensFromRanges  ? QStringLiteral("ranges")
                                  : QStringLiteral("user"));
    QJsonArray traces;
    for (int i = 0; i < c.traceCount(); ++i) {
        const AnalysisResult& r = *c.analyses[i];
        traces.append(QJsonObject { { QStringLiteral("label"), scrubPaths(c.labels[i]) },
            { QStringLiteral("file"), r.trace->info.fileName }, { QStringLiteral("sha256"), r.trace->sha256() },
            { QStringLiteral("nsys_version"), r.trace->info.nsysVersion },
            { QStringLiteral("window"),
                QJsonObject { { QStringLiteral("start_ns"), r.window.startNs },
                    { QStringLiteral("end_ns"), r.window.endNs },
                    { QStringLiteral("kind"), AnalysisWindow::kindName(r.window.kind) } } },
            { QStringLiteral("units"), c.units[i] > 0 ? QJsonValue(c.units[i]) : QJsonValue(QJsonValue::Null) } });
    }
    root.insert(QStringLiteral("traces"), traces);
    root.insert(QStringLiteral("phases"), QJsonArray::fromStringList(c.phases));
    root.insert(QStringLiteral("figures"), figures(c));
    root.insert(QStringLiteral("kernels"), kernels(c));
    root.insert(QStringLiteral("step_distributions"), distributions(c));
    root.insert(QStringLiteral("changes"), changes(c));
    root.insert(QStringLiteral("counters"), counters(c));
    root.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(c.warnings));
    if (c.gate)
        root.insert(QStringLiteral("gate"), gate(c, *c.gate));
    return root;
}

} // namespace sl
