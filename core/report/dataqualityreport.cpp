// SPDX-License-Identifier: MIT
#include "core/report/dataqualityreport.h"

#include "core/trace/dataquality.h"
#include "core/util/format.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QStringList>

namespace sl {

QJsonObject DataQualityReport::json(const DataQuality& q)
{
    QJsonArray entries;
    for (const auto& e : q.entries) {
        QJsonArray rowids;
        for (qint64 id : e.rowids)
            rowids.append(id);
        entries.append(QJsonObject { { QStringLiteral("rule"), DataQuality::ruleKey(e.rule) },
            { QStringLiteral("table"), e.table }, { QStringLiteral("count"), e.count },
            { QStringLiteral("excluded"), e.excluded() }, { QStringLiteral("rowids"), rowids },
            { QStringLiteral("sql"), e.sql } });
    }
    QJsonObject byRule;
    for (int rule = 0; rule < DataQuality::kRuleCount; ++rule)
        byRule.insert(DataQuality::ruleKey(DataQuality::Rule(rule)), q.count(DataQuality::Rule(rule)));
    return QJsonObject { { QStringLiteral("capture"),
                             QJsonObject { { QStringLiteral("start_ns"), q.captureStartNs },
                                 { QStringLiteral("end_ns"), q.captureEndNs },
                                 { QStringLiteral("source"), q.captureSource } } },
        { QStringLiteral("excluded_rows"), q.excludedRows() }, { QStringLiteral("by_rule"), byRule },
        { QStringLiteral("entries"), entries } };
}

QString DataQualityReport::markdown(const DataQuality& q)
{
    if (q.isEmpty())
        return {};
    // The context lupdate gives tr() calls in a member of sl::DataQualityReport (translations/README.md).
    auto tr = [](const char* s) { return QCoreApplication::translate("sl::DataQualityReport", s); };
    QString md;
    md += QStringLiteral("## ") + tr("Data quality") + QStringLiteral("\n\n");
    md += tr("%1 rows break a data-quality rule and are left out of every figure above; rows naming a string id "
             "that is not in StringIds are kept as \"<missing string N>\". The SQL selects the rows in the export.")
              .arg(formatCount(q.excludedRows()))
        + QStringLiteral("\n\n");
    md += QStringLiteral("| ") + tr("Rule") + QStringLiteral(" | ") + tr("Table") + QStringLiteral(" | ") + tr("Rows")
        + QStringLiteral(" | ") + tr("Left out") + QStringLiteral(" | SQL |\n|---|---|---:|---|---|\n");
    for (const auto& e : q.entries) {
        QString sql = e.sql;
        if (sql.size() > 200) // the full statement is in report.json
            sql = sql.left(200) + QStringLiteral("…");
        md += QStringLiteral("| %1 | %2 | %3 | %4 | `%5` |\n")
                  .arg(DataQuality::ruleTitle(e.rule), e.table, formatCount(e.count),
                      e.excluded() ? tr("yes") : tr("no"), sql.replace(QLatin1Char('|'), QLatin1String("\\|")));
    }
    md += QStringLiteral("\n");
    return md;
}

} // namespace sl
