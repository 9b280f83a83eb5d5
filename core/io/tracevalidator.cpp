// SPDX-License-Identifier: MIT
#include "core/io/tracevalidator.h"

#include "core/io/stringidresolver.h"
#include "core/trace/dataquality.h"
#include "core/trace/tablenames.h"
#include "core/trace/trace.h"

#include <algorithm>
#include <optional>

namespace sl {

namespace {

constexpr qint64 kHardLimitNs = TraceValidator::kHardLimitNs;

template <typename T> void keepRows(std::vector<T>& v, const std::vector<quint32>& keep)
{
    if (v.empty())
        return;
    std::vector<T> out;
    out.reserve(keep.size());
    for (quint32 i : keep)
        out.push_back(v[i]);
    v.swap(out);
}

void keepRows(RowidColumn& c, const std::vector<quint32>& keep)
{
    c.forEachPart([&keep](auto& part) { keepRows(part, keep); });
}

void keepRows(DurationColumn& c, const std::vector<quint32>& keep)
{
    c.reorder(keep, [&keep](std::vector<quint32>& part) { keepRows(part, keep); });
}

using Capture = TraceValidator::Capture;

/// Rows of one table that pass the time rules (indices in order), logging the others; empty
/// optional when every row passes (nothing to copy).
template <class Table>
std::optional<std::vector<quint32>> checkTimes(
    const Table& t, const Capture& c, const QString& table, DataQuality& quality)
{
    std::optional<std::vector<quint32>> keep;
    const auto& start = t.start;
    for (size_t i = 0; i < start.size(); ++i) {
        const auto bad = TraceValidator::timeRule(start[i], t.endOf(i), c);
        if (bad && !keep) {
            keep.emplace();
            keep->reserve(start.size());
            for (size_t j = 0; j < i; ++j)
                keep->push_back(quint32(j));
        }
        if (bad)
            quality.add(*bad, table, t.rowid[i]);
        else if (keep)
            keep->push_back(quint32(i));
    }
    return keep;
}

void keepOps(GpuOpColumns& t, const std::vector<quint32>& k)
{
    keepRows(t.rowid, k), keepRows(t.dur, k), keepRows(t.start, k), keepRows(t.device, k);
    keepRows(t.stream, k), keepRows(t.correlationId, k), keepRows(t.pid, k), keepRows(t.api, k);
}

/// The capture when the export does not state its length: the span of every plausible row
/// (end ≥ start, both within ±2^53 ns). Only the physically impossible is excluded without a
/// stated capture; a distant cluster of plausible rows (a warm-up seconds before the traffic)
/// is data and widens the span instead of being dropped.
std::optional<Capture> captureFromEvents(const Trace& t)
{
    qint64 first = kHardLimitNs, last = -kHardLimitNs;
    auto add = [&](const auto& table) {
        const auto& s = table.start;
        for (size_t i = 0; i < s.size(); ++i)
            if (const qint64 e = table.endOf(i); s[i] <= e && s[i] >= -kHardLimitNs && e <= kHardLimitNs)
                first = std::min(first, s[i]), last = std::max(last, e);
    };
    add(t.kernels), add(t.memcpy), add(t.memset), add(t.graphs), add(t.api), add(t.nvtx);
    if (first > last)
        return std::nullopt; // no plausible row
    return Capture { first, last };
}

} // namespace

std::optional<DataQuality::Rule> TraceValidator::timeRule(qint64 start, qint64 end, const Capture& c)
{
    if (end < start)
        return DataQuality::Rule::EndBeforeStart;
    const qint64 len = c.length();
    // first - len and last + len stay far inside qint64: the capture is within ±2^53.
    if (start < -kHardLimitNs || end > kHardLimitNs || start < c.first - len || end > c.last + len)
        return DataQuality::Rule::OutsideCapture;
    // Unsigned arithmetic: end - start of a row spanning 2^63 ns does not fit qint64.
    if (quint64(end) - quint64(start) > quint64(len))
        return DataQuality::Rule::LongerThanCapture;
    return std::nullopt;
}

bool TraceValidator::captureStated(qint64 captureDurationNs)
{
    return captureDurationNs > 0 && captureDurationNs <= kHardLimitNs;
}

Capture TraceValidator::capture(
    const Trace& trace, qint64 captureDurationNs, DataQuality& quality, std::optional<Capture> osRuntime)
{
    Capture c;
    if (captureStated(captureDurationNs)) {
        c.last = captureDurationNs; // event times are ns since the session start
        quality.captureSource = tables::kAnalysisDetails;
    } else {
        const std::optional<Capture> events = captureFromEvents(trace);
        if (events && osRuntime)
            c = { std::min(events->first, osRuntime->first), std::max(events->last, osRuntime->last) };
        else if (events || osRuntime)
            c = events ? *events : *osRuntime;
        quality.captureSource = QStringLiteral("events");
    }
    quality.captureStartNs = c.first;
    quality.captureEndNs = c.last;
    return c;
}

void TraceValidator::checkKernels(Trace& trace, StringIdResolver& ids, const Capture& c, DataQuality& quality)
{
    auto& k = trace.kernels;
    const QString kernelTable = tables::kKernel;
    // A row is counted once when its name, its short name or both are missing.
    for (size_t i = 0; i < k.name.size(); ++i) {
        bool missingName = false, missingShort = false;
        const quint32 raw = k.name[i];
        k.name[i] = ids.resolve(qint64(raw), trace.strings, &missingName);
        k.shortName[i]
            = k.shortName[i] == raw ? k.name[i] : ids.resolve(qint64(k.shortName[i]), trace.strings, &missingShort);
        if (missingName || missingShort)
            quality.add(DataQuality::Rule::MissingString, kernelTable, k.rowid[i]);
    }
    if (const auto keep = checkTimes(k, c, kernelTable, quality)) {
        keepOps(k, *keep);
        keepRows(k.name, *keep), keepRows(k.shortName, *keep), keepRows(k.config, *keep), keepRows(k.flags, *keep);
    }
}

void TraceValidator::checkOthers(
    Trace& trace, std::vector<quint8>& apiEventClass, const Capture& c, DataQuality& quality)
{
    auto& m = trace.memcpy;
    if (const auto keep = checkTimes(m, c, tables::kMemcpy, quality)) {
        keepOps(m, *keep);
        keepRows(m.bytes, *keep), keepRows(m.copyKind, *keep), keepRows(m.srcKind, *keep), keepRows(m.dstKind, *keep);
    }
    auto& ms = trace.memset;
    if (const auto keep = checkTimes(ms, c, tables::kMemset, quality))
        keepOps(ms, *keep), keepRows(ms.bytes, *keep);
    auto& g = trace.graphs;
    if (const auto keep = checkTimes(g, c, tables::kGraphTrace, quality))
        keepOps(g, *keep), keepRows(g.graphId, *keep);
    auto& a = trace.api;
    if (const auto keep = checkTimes(a, c, tables::kRuntime, quality)) {
        keepRows(a.rowid, *keep), keepRows(a.dur, *keep), keepRows(a.start, *keep), keepRows(a.correlationId, *keep);
        keepRows(a.pid, *keep), keepRows(a.tid, *keep), keepRows(a.name, *keep), keepRows(a.kind, *keep);
        keepRows(apiEventClass, *keep);
    }
    auto& n = trace.nvtx;
    if (const auto keep = checkTimes(n, c, tables::kNvtxEvents, quality)) {
        keepRows(n.rowid, *keep), keepRows(n.start, *keep), keepRows(n.end, *keep), keepRows(n.pid, *keep);
        keepRows(n.tid, *keep), keepRows(n.endTid, *keep), keepRows(n.name, *keep), keepRows(n.domain, *keep);
        keepRows(n.eventType, *keep);
    }
}

} // namespace sl
