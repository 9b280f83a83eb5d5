// SPDX-License-Identifier: MIT
#include "core/report/reportwriter.h"

#include "core/report/csvtables.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/report/outputset.h"
#include "core/util/workerpool.h"

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
    // The three documents only read the (immutable) result: built side by side, they take the
    // longest one's time (the report was 10 ms of a 110 ms `analyze` at 101 k kernels, JSON's
    // serialisation the largest part; the JSON also waits for the load's hash of the file).
    QByteArray json, markdown;
    QMap<QString, QByteArray> tables;
    parallelFor(3, [&](size_t part) {
        if (part == 0)
            json = QJsonDocument(JsonReport::build(r, options)).toJson(QJsonDocument::Indented);
        else if (part == 1)
            markdown = MarkdownReport::build(r, options).toUtf8();
        else
            tables = CsvTables::build(r);
    });
    OutputSet set(dir);
    // report.json first: OutputSet renames it last, so its presence means the report is complete.
    set.add(QStringLiteral("report.json"), json);
    set.add(QStringLiteral("report.md"), markdown);
    addTables(set, tables);
    return set.commit(error);
}

void ReportWriter::addTables(OutputSet& set, const QMap<QString, QByteArray>& tables)
{
    for (auto it = tables.cbegin(); it != tables.cend(); ++it)
        set.add(QStringLiteral("tables/") + it.key(), it.value());
}

bool ReportWriter::writeTables(const AnalysisResult& r, const QString& dir, QString* error)
{
    OutputSet set(dir);
    addTables(set, CsvTables::build(r));
    return set.commit(error);
}

} // namespace sl
