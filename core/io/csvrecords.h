// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>
#include <QVector>

namespace sl {

/// RFC 4180 CSV records: quoted fields with "" escapes and embedded commas or newlines, CRLF or
/// LF line ends, a UTF-8 BOM dropped. Tool chatter that is not CSV (Nsight Compute's
/// `==PROF==` lines, a sampler's banner) is skipped: lines starting with "==" and, when
/// `headerMustContain` is given, every line before the first record that has that field.
class CsvRecords
{
public:
    static QVector<QStringList> parse(const QByteArray& bytes, const QString& headerMustContain = {});
    /// "1,234.5" → 1234.5 (thousands separators as Nsight Compute writes them); "n/a", "" → NaN.
    /// A trailing unit ("45 %", "250.1 W", "1410 MHz") is ignored.
    static double number(const QString& field);
};

} // namespace sl
