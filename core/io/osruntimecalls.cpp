// SPDX-License-Identifier: MIT
#include "core/io/osruntimecalls.h"

#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"
#include "core/trace/dataquality.h"
#include "core/trace/tablenames.h"

namespace sl {

OsRuntimeCalls::OsRuntimeCalls(const SqliteConnection& db, const Schema& schema)
    : m_db(db)
    , m_present(schema.hasTable(tables::kOsrtApi) && schema.hasColumn(tables::kOsrtApi, QStringLiteral("start"))
          && schema.hasColumn(tables::kOsrtApi, QStringLiteral("end")))
{
}

QString OsRuntimeCalls::passSql(const TraceValidator::Capture* capture) const
{
    // TraceValidator::timeRule as SQL; typeof first so that a NULL or text cell makes it false.
    qint64 lo = -TraceValidator::kHardLimitNs, hi = TraceValidator::kHardLimitNs;
    QString longest;
    if (capture) {
        const qint64 len = capture->length();
        lo = std::max(lo, capture->first - len);
        hi = std::min(hi, capture->last + len);
        longest = QStringLiteral(" AND \"end\" - start <= %1").arg(len);
    }
    return QStringLiteral("(typeof(start) = 'integer' AND typeof(\"end\") = 'integer' AND \"end\" >= start AND "
                          "start >= %1 AND \"end\" <= %2%3)")
        .arg(lo)
        .arg(hi)
        .arg(longest);
}

bool OsRuntimeCalls::scan(const TraceValidator::Capture* capture)
{
    m_span.reset();
    m_failing = 0;
    if (!m_present)
        return true;
    m_pass = passSql(capture);
    // The predicate once a row (the WHERE), and the table's row count, which SQLite answers
    // from the b-tree's pages without decoding a row.
    SqliteStatement st(m_db,
        QStringLiteral("SELECT MIN(start), MAX(\"end\"), COUNT(*), (SELECT COUNT(*) FROM %2) FROM %2 WHERE %1")
            .arg(m_pass, tables::kOsrtApi));
    if (!st.next())
        return false;
    m_failing = st.int64(3) - st.int64(2);
    if (st.int64(2) > 0)
        m_span = Span { st.int64(0), st.int64(1) };
    return true;
}

void OsRuntimeCalls::logFailures(const TraceValidator::Capture& capture, DataQuality& quality) const
{
    if (m_failing == 0)
        return;
    using Rule = DataQuality::Rule;
    SqliteStatement st(m_db,
        QStringLiteral("SELECT rowid, typeof(start), typeof(\"end\"), start, \"end\" FROM %1 WHERE NOT %2 "
                       "ORDER BY rowid")
            .arg(tables::kOsrtApi, m_pass));
    while (st.next()) {
        const QString startType = st.text(1), endType = st.text(2);
        Rule rule = Rule::OutsideCapture; // a call the SQL failed and the rules pass cannot be: count it at least
        if (startType == QLatin1String("null") || endType == QLatin1String("null"))
            rule = Rule::NullRequired;
        else if (startType != QLatin1String("integer") || endType != QLatin1String("integer"))
            rule = Rule::NotInteger;
        else if (const auto broken = TraceValidator::timeRule(st.int64(3), st.int64(4), capture))
            rule = *broken;
        quality.add(rule, tables::kOsrtApi, st.int64(0));
    }
}

} // namespace sl
