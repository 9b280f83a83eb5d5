// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QMap>

namespace sl {

/// tables/*.csv: every table of the report in full (RFC 4180 quoting, raw integers in ns and
/// bytes, shares as fractions), keyed by file name.
class CsvTables
{
public:
    static QMap<QString, QByteArray> build(const AnalysisResult& r);
    static QString field(const QString& s);
};

} // namespace sl
