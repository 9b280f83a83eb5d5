// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QString>

namespace sl {

struct DataQuality;

/// report.json `data_quality` and the report.md "Data quality" section (docs/report-format.md).
class DataQualityReport
{
public:
    static QJsonObject json(const DataQuality& q);
    /// The Markdown section, empty when the export broke no rule.
    static QString markdown(const DataQuality& q);
};

} // namespace sl
