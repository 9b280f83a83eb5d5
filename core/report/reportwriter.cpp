// SPDX-License-Identifier: MIT
#include "core/report/reportwriter.h"

#include "core/report/csvtables.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace sl {

bool ReportWriter::writeFile(const QString& path, const QByteArray& data, QString* error)
{
    const QFileInfo fi(path);
    if (!QDir().mkpath(fi.absolutePath())) {
        *error = tr("Cannot create the folder %1.").arg(fi.absolutePath());
        return false;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

bool ReportWriter::writeAll(const AnalysisResult& r, const QString& dir, const ReportOptions& options, QString* error)
{
    const QDir out(dir);
    if (!writeFile(out.filePath(QStringLiteral("report.json")),
                   QJsonDocument(JsonReport::build(r, options)).toJson(QJsonDocument::Indented), error))
        return false;
    if (!writeFile(out.filePath(QStringLiteral("report.md")), MarkdownReport::build(r, options).toUtf8(), error))
        return false;
    return writeTables(r, dir, error);
}

bool ReportWriter::writeTables(const AnalysisResult& r, const QString& dir, QString* error)
{
    const QDir out(dir);
    const auto tables = CsvTables::build(r);
    for (auto it = tables.cbegin(); it != tables.cend(); ++it)
        if (!writeFile(out.filePath(QStringLiteral("tables/") + it.key()), it.value(), error))
            return false;
    return true;
}

} // namespace sl
