// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace sl {

/// One CSV table of tables/*.csv: RFC 4180 quoting (CsvTables::field), CRLF line ends, UTF-8.
/// The one CSV layout of every report writer.
class CsvWriter
{
public:
    explicit CsvWriter(const QStringList& header) { row(header); }
    void row(const QStringList& fields);
    QByteArray bytes() const { return m_text.toUtf8(); }

private:
    QString m_text;
};

} // namespace sl
