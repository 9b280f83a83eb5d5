// SPDX-License-Identifier: MIT
#pragma once

namespace sl {

struct AnalysisResult;

/// The load-time data-quality entries (Trace::dataQuality) as findings of their own kind
/// ("data-quality-<rule>"), after the ranked findings: one per rule, one Evidence per table
/// with the rows' rowids and the SQL that selects them. The rows are not in the trace (they
/// were left out), so the evidence has no trace rows, only the export's.
class DataQualityFindings
{
public:
    static void append(AnalysisResult& r);
};

} // namespace sl
