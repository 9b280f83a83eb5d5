// SPDX-License-Identifier: MIT
#include "core/models/tracesearch.h"

#include "core/analysis/findings/evidencebuilder.h"
#include "core/trace/tablenames.h"
#include "core/util/workerpool.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace sl {

namespace {

constexpr qsizetype kCancelStride = 1 << 16; ///< rows between two cancel checks

QString sqlString(const QString& s)
{
    QString q = s;
    q.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

/// Appends the hits of one table: rows whose name matches, grouped by name.
template <typename Table, typename NameOf>
void scan(SearchHit::Kind kind, const Table& table, const AnalysisWindow& window, const std::vector<char>& match,
    NameOf nameOf, const std::function<bool()>& cancelled, QVector<SearchHit>* out)
{
    const qsizetype rows = table.size();
    const auto& start = table.start;
    std::vector<int> slot(match.size(), -1); // name -> index in `hits`
    QVector<SearchHit> hits;
    for (qsizetype i = 0; i < rows; ++i) {
        if (i % kCancelStride == 0 && cancelled && cancelled())
            break;
        const auto at = size_t(i);
        const quint32 name = nameOf(at);
        if (name == UINT32_MAX || !window.contains(start[at]))
            continue;
        int& s = slot[name];
        if (s < 0) {
            s = int(hits.size());
            SearchHit h;
            h.kind = kind, h.name = name;
            hits.append(std::move(h));
        }
        SearchHit& h = hits[s];
        ++h.count;
        h.totalNs += table.duration(qsizetype(at));
        h.rows.push_back(quint32(i));
    }
    std::stable_sort(
        hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) { return a.totalNs > b.totalNs; });
    out->append(std::move(hits));
}

/// The focus as SQL conditions over the hit's table (" AND …", empty for everything), decoding
/// globalPid/globalTid as <Hardware:8><VM:8><pid:24><tid:24>; a kernel's thread is its launching
/// call's (same correlationId in the runtime table, within the process).
QString scopeSql(SearchHit::Kind kind, const ScopeFilter& scope)
{
    QString sql;
    const auto pidOf
        = [](const char* column) { return QStringLiteral("((%1 >> 24) & 16777215)").arg(QLatin1String(column)); };
    const auto tidOf = QStringLiteral("(globalTid & 16777215)");
    if (kind == SearchHit::Kind::Kernel) {
        if (scope.pid != ScopeFilter::kAny)
            sql += QStringLiteral(" AND %1 = %2").arg(pidOf("globalPid")).arg(scope.pid);
        if (scope.device != ScopeFilter::kAny)
            sql += QStringLiteral(" AND deviceId = %1").arg(scope.device);
        if (scope.stream != ScopeFilter::kAny)
            sql += QStringLiteral(" AND streamId = %1").arg(scope.stream);
        if (scope.tid != ScopeFilter::kAny)
            sql += QStringLiteral(" AND correlationId IN (SELECT correlationId FROM %1 WHERE %2 = %3 AND %4 = %5)")
                       .arg(SearchHit::tableOf(SearchHit::Kind::Api), pidOf("globalTid"))
                       .arg(scope.pid)
                       .arg(tidOf)
                       .arg(scope.tid);
        return sql;
    }
    if (scope.pid != ScopeFilter::kAny)
        sql += QStringLiteral(" AND %1 = %2").arg(pidOf("globalTid")).arg(scope.pid);
    if (scope.tid != ScopeFilter::kAny)
        sql += QStringLiteral(" AND %1 = %2").arg(tidOf).arg(scope.tid);
    return sql;
}

} // namespace

QString SearchHit::kindName(Kind k)
{
    switch (k) {
    case Kind::Kernel:
        return TraceSearch::tr("Kernel");
    case Kind::Nvtx:
        return TraceSearch::tr("NVTX range");
    case Kind::Api:
        return TraceSearch::tr("API call");
    }
    return {};
}

QString SearchHit::tableOf(Kind k)
{
    switch (k) {
    case Kind::Kernel:
        return tables::kKernel;
    case Kind::Nvtx:
        return tables::kNvtxEvents;
    case Kind::Api:
        return tables::kRuntime;
    }
    return {};
}

SearchResult TraceSearch::run(const Trace& t, const AnalysisWindow& window, const QString& query,
    const std::function<bool()>& cancelled, const ScopeFilter& scope)
{
    SearchResult r;
    r.query = query.trimmed();
    if (r.query.isEmpty())
        return r;
    // One pass over the strings: which ids contain the query.
    const quint32 n = t.strings.size();
    std::vector<char> match(n, 0);
    for (quint32 i = 0; i < n; ++i)
        if (t.strings.at(i).contains(r.query, Qt::CaseInsensitive)) {
            match[i] = 1;
            ++r.matchedNames;
        }
    if (r.matchedNames == 0)
        return r;
    // Ids read from the file are checked against the table size before indexing `match`.
    auto matches = [&](quint32 id) { return id < n && match[id]; };
    const auto& k = t.kernels;
    scan(
        SearchHit::Kind::Kernel, k, window, match,
        [&](size_t i) {
            return (matches(k.name[i]) || matches(k.shortNameOf(i))) && scope.acceptsKernel(t, quint32(i)) ? k.name[i]
                                                                                                           : UINT32_MAX;
        },
        cancelled, &r.hits);
    const auto& v = t.nvtx;
    scan(
        SearchHit::Kind::Nvtx, v, window, match,
        [&](size_t i) {
            return matches(v.name[i]) && scope.acceptsThread(v.pid[i], v.tid[i]) ? v.name[i] : UINT32_MAX;
        },
        cancelled, &r.hits);
    const auto& a = t.api;
    scan(
        SearchHit::Kind::Api, a, window, match,
        [&](size_t i) {
            return matches(a.name[i]) && scope.acceptsThread(a.pid[i], a.tid[i]) ? a.name[i] : UINT32_MAX;
        },
        cancelled, &r.hits);
    return r;
}

QFuture<SearchResult> TraceSearch::runAsync(
    TracePtr trace, const AnalysisWindow& window, const QString& query, const ScopeFilter& scope)
{
    return QtConcurrent::run(workerPool(), [trace, window, query, scope](QPromise<SearchResult>& promise) {
        SearchResult r = run(
            *trace, window, query, [&promise] { return promise.isCanceled(); }, scope);
        if (!promise.isCanceled())
            promise.addResult(std::move(r));
    });
}

Evidence TraceSearch::evidence(
    const Trace& t, const AnalysisWindow& window, const SearchHit& hit, const ScopeFilter& scope)
{
    const QString inWindow
        = QStringLiteral("start BETWEEN %1 AND %2").arg(window.startNs).arg(window.endNs) + scopeSql(hit.kind, scope);
    const QString& name = t.strings.at(hit.name);
    // Names the export keeps in StringIds are matched by their ids (a 2026 export's ids are
    // sparse: not Sightline's indices), inline NVTX text by value.
    const QString ids = EvidenceBuilder::stringIdList(t.strings, { hit.name });
    QString predicate;
    switch (hit.kind) {
    case SearchHit::Kind::Kernel:
        predicate = QStringLiteral("%1 IN (%2) AND %3").arg(t.info.kernelNameColumn, ids, inWindow);
        return EvidenceBuilder::rows(SearchHit::tableOf(hit.kind), t.kernels.rowid, hit.rows, predicate);
    case SearchHit::Kind::Nvtx:
        // An interned name (beyond StringIds' dense ids) may be inline text too: the loader
        // interns both by value.
        predicate = hit.name < t.strings.nsysCount()
            ? QStringLiteral("textId IN (%1) AND %2").arg(ids, inWindow)
            : QStringLiteral("(textId IN (%1) OR text = %2) AND %3").arg(ids, sqlString(name), inWindow);
        return EvidenceBuilder::rows(SearchHit::tableOf(hit.kind), t.nvtx.rowid, hit.rows, predicate);
    case SearchHit::Kind::Api:
        predicate = QStringLiteral("nameId IN (%1) AND %2").arg(ids, inWindow);
        return EvidenceBuilder::apiRows(t, hit.rows, predicate);
    }
    return {};
}

} // namespace sl
