// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/tracevalidator.h"

#include <QString>

#include <optional>

namespace sl {

class Schema;
class SqliteConnection;
struct DataQuality;

/// The OS runtime calls (OSRT_API). Sightline does not load them: they widen the full window,
/// and in an export that states no capture the capture the time rules use, by the span of the
/// calls that pass the data-quality time rules (docs/analysis.md "Window"). The calls that do
/// not pass are listed and counted like the loaded tables' rows, never left out silently (a 2021
/// export without ANALYSIS_DETAILS had 554 calls up to 33 s after its CUDA work dropped so).
class OsRuntimeCalls
{
public:
    struct Span
    {
        qint64 first = 0, last = 0; ///< earliest start, latest end (ns)
    };

    /// Reads nothing yet; an export without OSRT_API or its time columns has no calls.
    OsRuntimeCalls(const SqliteConnection& db, const Schema& schema);
    /// One aggregate scan: the span of the calls that pass the time rules against `capture`
    /// (null: the export states none, so only the physically impossible fails, as for every
    /// table) and how many fail. False on an SQL error (the calls then widen nothing).
    bool scan(const TraceValidator::Capture* capture);
    /// The passing calls' span; none when no call passed (or none was scanned).
    std::optional<Span> span() const { return m_span; }
    /// Logs each failing call (its rowid) in `quality` under the first rule it breaks against
    /// `capture`, the capture the other tables were checked against.
    void logFailures(const TraceValidator::Capture& capture, DataQuality& quality) const;

private:
    /// SQL true for a call that passes (never NULL: the type tests come first).
    QString passSql(const TraceValidator::Capture* capture) const;

    const SqliteConnection& m_db;
    bool m_present = false;
    QString m_pass; ///< the predicate of the last scan
    qint64 m_failing = 0;
    std::optional<Span> m_span;
};

} // namespace sl
