// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>
#include <QTextStream>

namespace sl {

/// Reads a CSV file record by record without holding it in memory (an nvidia-smi log of a long
/// run is gigabytes). The encoding is taken from a byte-order mark (UTF-8, UTF-16, UTF-32), or
/// UTF-16 without one when the first bytes hold NULs; else UTF-8. A record is one line, or
/// several while a quoted field is open (RFC 4180); lines are split on a delimiter chosen by the
/// caller (delimiterOf).
class CsvLineReader
{
public:
    /// Longest record taken, in characters: a "line" longer than this is not a sample row, and
    /// reading it whole would let one damaged file take any amount of memory.
    static constexpr qsizetype kMaxRecordChars = 1 << 20;

    explicit CsvLineReader(QIODevice* device);
    /// The next record's text (line ends dropped); false at the end. `tooLong` is set when the
    /// record exceeded kMaxRecordChars (its text is then cut there).
    bool next(QString& record, bool* tooLong = nullptr);
    /// 1-based line number where the last record started.
    qint64 lineNumber() const { return m_recordLine; }
    /// "UTF-16LE", "UTF-8", …: the encoding the reader uses.
    QString encodingName() const { return m_encodingName; }

    /// The delimiter of a header or data line: the one of ',', ';' and tab that occurs most often
    /// outside quotes (a comma on a tie; a comma when none occurs).
    static QChar delimiterOf(const QString& line);
    /// The fields of one record, quotes removed ("" is a quote inside a quoted field).
    static QStringList split(const QString& record, QChar delimiter);

private:
    QTextStream m_in;
    QString m_encodingName;
    qint64 m_line = 0, m_recordLine = 0;
};

} // namespace sl
