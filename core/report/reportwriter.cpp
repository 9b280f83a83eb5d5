// SPDX-License-Identifier: MIT
#include "core/report/reportwriter.h"

#include "core/report/csvtables.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/report/outputset.h"

#include <QJsonDocument>

namespace sl {

bool ReportWriter::writeFile(const QString& path, const QByteArray& data, QString* error)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    OutputSet set(slash < 0 ? QStringLiteral(".") : slash == 0 ? QStringLiteral("/") : path.left(slash));
    set.add(path.mid(slash + 1), data);
    return set.commit(error);
}

bool ReportWriter::writeAll(const AnalysisResult& r, const QString& dir, const ReportOptions& options, QString* error)
{
    OutputSet set(dir);
    // report.json first: OutputSet renames it last, so its presence means the report is complete.
    set.add(
        QStringLiteral("report.json"), QJsonDocument(JsonReport::build(r, options)).toJson(QJsonDocument::Indented));
    set.add(QStringLiteral("report.md"), MarkdownReport::build(r, options).toUtf8());
    addTables(set, r);
    return set.commit(error);
}

void ReportWriter::addTables(OutputSet& set, const AnalysisResult& r)
{
    const auto tables = CsvTables::build(r);
    for (auto it = tables.cbegin(); it != tables.cend(); ++it)
        set.add(QStringLiteral("tables/") + it.key(), it.value());
}

bool ReportWriter::writeTables(const AnalysisResult& r, const QString& dir, QString* error)
{
    OutputSet set(dir);
    addTables(set, r);
    return set.commit(error);
}

} // namespace sl
