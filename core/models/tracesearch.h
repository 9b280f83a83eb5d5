// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysiswindow.h"
#include "core/analysis/findings/finding.h"
#include "core/models/scopefilter.h"
#include "core/trace/trace.h"

#include <QCoreApplication>
#include <QFuture>

#include <functional>

namespace sl {

/// One name that matches a search, with its rows in the window.
struct SearchHit
{
    enum class Kind { Kernel, Nvtx, Api };
    Kind kind = Kind::Kernel;
    quint32 name = 0; ///< StringTable index (kernels: the demangled name)
    qint64 count = 0; ///< rows in the window
    qint64 totalNs = 0; ///< Σ their durations, ns
    std::vector<quint32> rows; ///< indices into the trace table of `kind`, in table (time) order

    static QString kindName(Kind k); ///< translated: "Kernel", "NVTX range", "API call"
    static QString tableOf(Kind k); ///< the export table: CUPTI_ACTIVITY_KIND_KERNEL, NVTX_EVENTS, ...
};

struct SearchResult
{
    QString query;
    QVector<SearchHit> hits; ///< kernels, then NVTX ranges, then API calls; each by total time, largest first
    qint64 matchedNames = 0; ///< distinct strings that contain the query (in any table or none)
};

/// Search of a trace by name (Ctrl+F): kernel names (demangled or short), NVTX range names and
/// CUDA API names that contain the query, case-insensitively, with their rows whose start lies
/// in the analysis window and the focus (ScopeFilter: kernels by process, GPU, stream and launching
/// thread; NVTX ranges and API calls by process and thread). The string table is scanned once (a few hundred thousand
/// strings at most), then every row's name id is a lookup in that bit vector: one linear pass per table, so millions of
/// rows take tens of milliseconds, on a worker thread.
class TraceSearch
{
    Q_DECLARE_TR_FUNCTIONS(TraceSearch)
public:
    /// Empty (after trimming) queries find nothing. `cancelled` is polled every 64 k rows;
    /// a cancelled search returns what it has so far.
    static SearchResult run(const Trace& trace, const AnalysisWindow& window, const QString& query,
        const std::function<bool()>& cancelled = {}, const ScopeFilter& scope = {});
    /// run() on the global thread pool; cancelling the future stops it.
    static QFuture<SearchResult> runAsync(
        TracePtr trace, const AnalysisWindow& window, const QString& query, const ScopeFilter& scope = {});
    /// Evidence for a hit of a search within `scope`: its rows, with the SQL that selects them in the export.
    static Evidence evidence(
        const Trace& trace, const AnalysisWindow& window, const SearchHit& hit, const ScopeFilter& scope = {});
};

} // namespace sl
