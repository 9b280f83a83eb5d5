// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <memory>

namespace sl {

/// The bytes of an AnalysisResult in the result cache (ResultCache, docs/cache-format.md): every
/// field of the result and of every struct it holds, in declaration order, through one field list
/// per struct that both directions walk (a field cannot be written and not read). Per-kernel and
/// per-range vectors of numbers are raw arrays; everything else a QDataStream (Qt 6.4 format).
/// The trace is not stored (the reader gets it) and `nvtxThreads` is rebuilt from it on read
/// (NvtxThreadGroups::build, a pure function of the trace's NVTX table).
class ResultArchive
{
public:
    /// Bumped with every change of a field list: an older file is then refused, not misread.
    static constexpr quint32 kVersion = 7;

    static QByteArray write(const AnalysisResult& result);
    /// The result `bytes` hold, for `trace`; null with `why` (untranslated: logged, never shown)
    /// when they do not parse to the end or an index read back does not fit the trace (the
    /// kernel, NVTX, API, string and other table sizes). `checked` is called with the result once
    /// it is parsed and checked, before `nvtxThreads` is rebuilt: the timeline's lanes, which need
    /// only the colour keys, can start from there (TraceSession).
    static std::shared_ptr<AnalysisResult> read(const QByteArray& bytes, const TracePtr& trace, QString* why,
        const std::function<void(const AnalysisResult&)>& checked = {});
    /// Whether every index of `result` fits `trace` (read() checks it; exposed for tests).
    static bool fitsTrace(const AnalysisResult& result, const Trace& trace, QString* why);
};

} // namespace sl
