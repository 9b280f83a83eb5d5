// SPDX-License-Identifier: MIT
#include "core/models/tracesearch.h"

#include "core/analysis/evidencebuilder.h"

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
template <typename NameOf>
void scan(SearchHit::Kind kind, qsizetype rows, const std::vector<qint64>& start, const std::vector<qint64>& end,
    const AnalysisWindow& window, const std::vector<char>& match, NameOf nameOf, const std::function<bool()>& cancelled,
    QVector<SearchHit>* out)
{
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
        h.totalNs += end[at] - start[at];
        h.rows.push_back(quint32(i));
    }
    std::stable_sort(
        hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) { return a.totalNs > b.totalNs; });
    out->append(std::move(hits));
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
        return QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
    case Kind::Nvtx:
        return QStringLiteral("NVTX_EVENTS");
    case Kind::Api:
        return QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME");
    }
    return {};
}

SearchResult TraceSearch::run(
    const Trace& t, const AnalysisWindow& window, const QString& query, const std::function<bool()>& cancelled)
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
        SearchHit::Kind::Kernel, k.size(), k.start, k.end, window, match,
        [&](size_t i) { return matches(k.name[i]) || matches(k.shortName[i]) ? k.name[i] : UINT32_MAX; }, cancelled,
        &r.hits);
    const auto& v = t.nvtx;
    scan(
        SearchHit::Kind::Nvtx, v.size(), v.start, v.end, window, match,
        [&](size_t i) { return matches(v.name[i]) ? v.name[i] : UINT32_MAX; }, cancelled, &r.hits);
    const auto& a = t.api;
    scan(
        SearchHit::Kind::Api, a.size(), a.start, a.end, window, match,
        [&](size_t i) { return matches(a.name[i]) ? a.name[i] : UINT32_MAX; }, cancelled, &r.hits);
    return r;
}

QFuture<SearchResult> TraceSearch::runAsync(TracePtr trace, const AnalysisWindow& window, const QString& query)
{
    return QtConcurrent::run([trace, window, query](QPromise<SearchResult>& promise) {
        SearchResult r = run(*trace, window, query, [&promise] { return promise.isCanceled(); });
        if (!promise.isCanceled())
            promise.addResult(std::move(r));
    });
}

Evidence TraceSearch::evidence(const Trace& t, const AnalysisWindow& window, const SearchHit& hit)
{
    const QString inWindow = QStringLiteral("start BETWEEN %1 AND %2").arg(window.startNs).arg(window.endNs);
    const QString& name = t.strings.at(hit.name);
    // Names the export keeps in StringIds are matched by id, inline NVTX text by value.
    const bool interned = hit.name < t.strings.nsysCount();
    QString predicate;
    switch (hit.kind) {
    case SearchHit::Kind::Kernel:
        predicate = QStringLiteral("demangledName = %1 AND %2").arg(hit.name).arg(inWindow);
        return EvidenceBuilder::rows(SearchHit::tableOf(hit.kind), t.kernels.rowid, hit.rows, predicate);
    case SearchHit::Kind::Nvtx:
        predicate = interned ? QStringLiteral("textId = %1 AND %2").arg(hit.name).arg(inWindow)
                             : QStringLiteral("text = %1 AND %2").arg(sqlString(name), inWindow);
        return EvidenceBuilder::rows(SearchHit::tableOf(hit.kind), t.nvtx.rowid, hit.rows, predicate);
    case SearchHit::Kind::Api:
        predicate = QStringLiteral("nameId = %1 AND %2").arg(hit.name).arg(inWindow);
        return EvidenceBuilder::rows(SearchHit::tableOf(hit.kind), t.api.rowid, hit.rows, predicate);
    }
    return {};
}

} // namespace sl
