// SPDX-License-Identifier: MIT
#include "core/report/csvwriter.h"

#include "core/report/csvtables.h"

namespace sl {

void CsvWriter::row(const QStringList& fields)
{
    QStringList quoted;
    quoted.reserve(fields.size());
    for (const auto& f : fields)
        quoted << CsvTables::field(f);
    m_text += quoted.join(QLatin1Char(',')) + QLatin1String("\r\n");
}

} // namespace sl
