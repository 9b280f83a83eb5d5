// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"
#include "core/io/tracecache.h"
#include "core/io/tracecachekey.h"
#include "core/timeline/timelinedata.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

namespace sl {

/// The analysis result cache (issue 20.2): the result of an export's analysis, stored beside
/// its trace cache file, so that a reopen shows the analysis without running Analyzer again. A
/// file is keyed by the export's TraceCacheKey (which holds Sightline's build and the UI
/// language) and the fingerprint of every analysis option that changes the result; it is a
/// 64-byte header (magic, format version, the key's digest, payload length and checksum) and
/// the ResultArchive bytes, then the TimelineArchive bytes of the views' lanes (a reopen neither
/// analyses nor summarises the lanes again). Read back, every index is checked against the trace; a stale,
/// damaged or foreign file is a miss and is removed. Files share the trace cache's folder, its
/// size cap and its least-recently-used eviction (TraceCache::evict), and its off switch.
/// Format: docs/cache-format.md.
class ResultCache
{
public:
    static constexpr quint32 kFormatVersion = 1;

    explicit ResultCache(QString dir, qint64 capBytes = TraceCache::kDefaultCapBytes);

    /// SHA-256 of every option the result depends on: the window kind, phase map, taxonomy, gap
    /// limit, math paths, GPU peaks, anatomy rules and the peak override. Nullopt for a window
    /// other than the full one (an open analyses the full window) and when the options import
    /// files (NVML, Nsight Compute, cuBLAS log): their results are never cached, since an import
    /// (an `ncu` conversion above all) cannot be identified cheaply and reliably.
    static std::optional<QByteArray> fingerprint(const AnalysisOptions& options);

    /// The file that holds (or would hold) the result of `key` analysed with `fingerprint`.
    QString fileFor(const TraceCacheKey& key, const QByteArray& fingerprint) const;
    /// The cached result for `trace` (loaded under `key`), or null (a miss: `why` says why for
    /// the log; a file that is damaged or does not fit the trace is removed). `checked` is called
    /// once the result is parsed and checked, with the timeline lanes stored beside it: when none
    /// were (null), before the result's NVTX groups are rebuilt, so that the lanes' build starts
    /// early (see ResultArchive::read); else after that rebuild, which overlaps the lanes' read.
    /// Without stored lanes, `checked` can thus run for a result that the rebuild then refuses
    /// (read returns null): the caller must drop whatever it started from it. When both the
    /// rebuild and the lanes fail, `why` gives the rebuild's reason.
    using Checked = std::function<void(const AnalysisResult&, const TimelineDataPtr& lanes)>;
    AnalysisPtr read(const TraceCacheKey& key, const QByteArray& fingerprint, const TracePtr& trace,
        QString* why = nullptr, const Checked& checked = {}) const;
    /// Writes `result` and the Timeline and NVTX views' lanes for it (TimelineCache's, else built
    /// now) atomically (QSaveFile), then evicts the folder down to the cap.
    bool write(const AnalysisResult& result, const TraceCacheKey& key, const QByteArray& fingerprint,
        QString* error = nullptr) const;

    /// write() on the result cache's own background thread (one write at a time).
    static void writeLater(AnalysisPtr result, const TraceCacheKey& key, const QByteArray& fingerprint,
        const QString& dir, qint64 capBytes);
    /// Blocks until every writeLater() has finished (tests, the benchmark).
    static void waitForWrites();

private:
    QString m_dir;
    qint64 m_cap;
};

} // namespace sl
