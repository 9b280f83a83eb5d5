// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/rules/specrules.h"

#include <QString>
#include <QVector>

#include <vector>

namespace sl {

/// The rows that prove a finding: a table and its rowids, or a device and time range, and the
/// SQL that selects exactly those rows from the export (to re-run in sqlite3).
struct Evidence
{
    QString table; ///< export table name, e.g. CUPTI_ACTIVITY_KIND_KERNEL
    std::vector<qint64> rowids; ///< capped at kMaxRowids (the SQL selects them all)
    qint64 rowCount = 0; ///< how many rows the SQL selects
    qint64 startNs = -1, endNs = -1; ///< time range, -1 when not applicable
    int deviceId = -1;
    QString sql;
    /// The rule that chose the rows, as SQL over `table` ("SELECT rowid FROM table WHERE rule"),
    /// also when `sql` lists their rowids (up to kMaxRowids): the tests run it against the rows
    /// on every fixture and real export, not only where an item has over 1000 rows. Empty where
    /// the rows have no rule in SQL.
    QString ruleSql;
    /// Row indices into the Trace table that `table` was loaded into, for the GUI (not exported).
    std::vector<quint32> rows;

    static constexpr qsizetype kMaxRowids = 1000;

    /// The SQL of every item that has some, one statement per line (empty when none has SQL):
    /// what "Copy SQL" puts on the clipboard.
    static QString joinedSql(const QVector<Evidence>& evidence);
};

struct AnalysisWindow;

/// One finding of any producer (FindingsEngine's rules, serving, efficiency, counters, Nsight
/// Compute, data quality). Every producer sets the impact through setImpact() and the severity
/// through severityForShare() (at most raised to a floor its rule states), and appends to
/// AnalysisResult::findings; Analyzer::analyze ranks them all once, at the end.
struct Finding
{
    enum class Severity { Info, Low, Medium, High };
    QString id; ///< stable identifier, e.g. "dominant-kernel"
    Severity severity = Severity::Info;
    QString title; ///< translated
    QString summary; ///< translated, quotes the trace's own numbers
    QString metric; ///< the headline number as text
    qint64 impactNs = 0; ///< GPU time at stake (ranking key)
    double impactShare = 0; ///< impactNs / window length
    QVector<Evidence> evidence;

    static QString severityName(Severity s);
    /// The one severity of a share at stake (spec §4, specrules.h): ≥ kSeverityHighShare high,
    /// ≥ kSeverityMediumShare medium, ≥ kSeverityLowShare low, else info.
    static constexpr Severity severityForShare(double share)
    {
        return share >= spec::kSeverityHighShare  ? Severity::High
            : share >= spec::kSeverityMediumShare ? Severity::Medium
            : share >= spec::kSeverityLowShare    ? Severity::Low
                                                  : Severity::Info;
    }
    /// impactNs = `ns` and impactShare = `ns` ÷ the window's length (0 for an empty window).
    void setImpact(qint64 ns, const AnalysisWindow& window);
    /// The one ranking of findings: GPU time at stake, then severity (stable). Called once, by
    /// Analyzer::analyze, after every producer has appended its findings.
    static void rank(QVector<Finding>& findings);
};

} // namespace sl
