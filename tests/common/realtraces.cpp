// SPDX-License-Identifier: MIT
#include "tests/common/realtraces.h"

#include <QDir>

namespace sl::test {

QStringList realTraces()
{
    const QString dir = qEnvironmentVariable("SIGHTLINE_REAL_TRACES");
    if (dir.isEmpty())
        return {};
    QStringList out;
    const QDir d(dir);
    for (const auto& f : d.entryList({ QStringLiteral("*.sqlite") }, QDir::Files, QDir::Name))
        out << d.absoluteFilePath(f);
    return out;
}

QString realTracesSkipReason()
{
    return qEnvironmentVariableIsEmpty("SIGHTLINE_REAL_TRACES")
        ? QStringLiteral("SIGHTLINE_REAL_TRACES is not set: skipping the real-export checks")
        : QStringLiteral("SIGHTLINE_REAL_TRACES holds no *.sqlite file");
}

} // namespace sl::test
