// SPDX-License-Identifier: MIT
#include "core/report/comparisonwriter.h"

#include "core/report/comparisonjsonreport.h"
#include "core/report/comparisonmarkdownreport.h"
#include "core/report/outputset.h"

#include <QJsonDocument>

namespace sl {

bool ComparisonWriter::writeAll(const Comparison& c, const QString& dir, QString* error)
{
    OutputSet set(dir);
    set.add(QStringLiteral("comparison.json"),
        QJsonDocument(ComparisonJsonReport::build(c)).toJson(QJsonDocument::Indented));
    set.add(QStringLiteral("comparison.md"), ComparisonMarkdownReport::build(c).toUtf8());
    return set.commit(error);
}

} // namespace sl
