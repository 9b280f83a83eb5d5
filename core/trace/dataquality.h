// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <vector>

namespace sl {

/// What the load-time checks found wrong in the export's rows (docs/analysis.md "Data
/// quality"). Each rule is checked once, at load; a row is counted under the first rule it
/// breaks, in the order of Rule. Rows of an excluding rule are left out of the trace's tables,
/// so no figure counts them; rows with an unknown string id are kept, named by a placeholder.
struct DataQuality
{
    enum class Rule {
        NullRequired, ///< NULL in a column the row cannot do without (start, end, device, stream, name)
        NotInteger, ///< text, blob or real where an integer belongs
        NotFinite, ///< a sampled value (GPU_METRICS.value) that is text, a blob, ±inf or beyond float range
        InvalidId, ///< device, stream or correlation id outside its range (0xFFFF is no device)
        InvalidGeometry, ///< grid or block dimension < 1, block > 1024 threads
        UnendedRange, ///< NVTX push/pop or start/end range with no end
        EndBeforeStart, ///< end < start
        OutsideCapture, ///< starts before or ends after the capture by more than its length
        LongerThanCapture, ///< lasts longer than the capture
        DuplicateCorrelation, ///< a second CUDA API call with a correlation id already used in its process
        MissingString, ///< a name id not in StringIds: kept, named "<missing string N>"
    };
    static constexpr int kRuleCount = int(Rule::MissingString) + 1;

    struct Entry
    {
        Rule rule = Rule::NullRequired;
        QString table; ///< export table
        qint64 count = 0; ///< rows that broke the rule
        std::vector<qint64> rowids; ///< the first kMaxListed of them (export rowids)
        QString sql; ///< selects exactly the `count` rows from the export
        bool excluded() const { return rule != Rule::MissingString; }
    };
    static constexpr size_t kMaxListed = 1000;

    std::vector<Entry> entries; ///< sorted by rule, then table, once the load is done

    /// The capture the time rules were checked against: [captureStartNs, captureEndNs], and
    /// where it came from ("ANALYSIS_DETAILS", "events" or empty when there were no events).
    qint64 captureStartNs = 0, captureEndNs = 0;
    QString captureSource;

    void add(Rule rule, const QString& table, qint64 rowid);
    /// Appends `other`'s entries (a reader thread's log) into this one.
    void merge(DataQuality&& other);
    /// Sorts the entries and fills in their SQL (`kernelNameColumn` as read by the loader).
    void finish(const QString& kernelNameColumn);
    qint64 excludedRows() const;
    qint64 count(Rule rule) const;
    bool isEmpty() const { return entries.empty(); }

    /// Stable key for report.json ("end_before_start", ...).
    static QString ruleKey(Rule rule);
    /// Translated one-line description of the rule.
    static QString ruleTitle(Rule rule);
};

} // namespace sl
