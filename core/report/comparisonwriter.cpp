// SPDX-License-Identifier: MIT
#include "core/report/comparisonwriter.h"

#include "core/report/comparisonjsonreport.h"
#include "core/report/comparisonmarkdownreport.h"
#include "core/report/reportwriter.h"

#include <QDir>
#include <QJsonDocument>

namespace sl {

bool ComparisonWriter::writeAll(const Comparison& c, const QString& dir, QString* error)
{
    const QDir out(dir);
    return ReportWriter::writeFile(out.filePath(QStringLiteral("comparison.json")),
               QJsonDocument(ComparisonJsonReport::build(c)).toJson(QJsonDocument::Indented), error)
        && ReportWriter::writeFile(
            out.filePath(QStringLiteral("comparison.md")), ComparisonMarkdownReport::build(c).toUtf8(), error);
}

} // namespace sl
