// SPDX-License-Identifier: MIT
#pragma once

namespace sl {

struct AnalysisResult;

/// The load-time data-quality entries (Trace::dataQuality) as findings of their own kind
/// ("data-quality-<rule>"): one per rule, one Evidence per table with the rows' rowids and the
/// SQL that selects them. Impact 0 (no GPU time at stake); severity from the largest share of a
/// table's rows the rule touches (Finding::severityForShare), at least low (rows kept) or
/// medium (rows left out). Ranked with every other finding by Analyzer::analyze. The rows are not in the trace (they
/// were left out), so the evidence has no trace rows, only the export's.
class DataQualityFindings
{
public:
    static void append(AnalysisResult& r);
};

} // namespace sl
