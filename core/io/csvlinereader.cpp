// SPDX-License-Identifier: MIT
#include "core/io/csvlinereader.h"

#include <QIODevice>
#include <QStringConverter>

namespace sl {

namespace {

/// Whether `line` holds an odd number of quote characters (it opens or closes a quoted field).
bool flipsQuote(const QString& line) { return line.count(QLatin1Char('"')) % 2 == 1; }

} // namespace

CsvLineReader::CsvLineReader(QIODevice* device)
    : m_in(device)
{
    // A BOM decides (QTextStream detects it); without one, NULs in the first bytes mean UTF-16
    // (Windows tools write it without a BOM too): "t\0i\0" little-endian, "\0t\0i" big-endian.
    const QByteArray head = device->peek(4);
    const auto bom = QStringConverter::encodingForData(head);
    QStringConverter::Encoding e = bom.value_or(QStringConverter::Utf8);
    if (!bom && head.size() >= 2 && head[0] != 0 && head[1] == 0)
        e = QStringConverter::Utf16LE;
    else if (!bom && head.size() >= 2 && head[0] == 0 && head[1] != 0)
        e = QStringConverter::Utf16BE;
    m_in.setEncoding(e);
    m_in.setAutoDetectUnicode(bom.has_value());
    m_encodingName = QString::fromLatin1(QStringConverter::nameForEncoding(e));
}

bool CsvLineReader::next(QString& record, bool* tooLong)
{
    if (tooLong)
        *tooLong = false;
    record.clear();
    QString line;
    bool started = false, open = false; // open: a quoted field runs on past this line
    while (m_in.readLineInto(&line, kMaxRecordChars)) {
        ++m_line;
        if (!started) {
            m_recordLine = m_line;
            started = true;
            if (m_line == 1 && line.startsWith(QChar(0xFEFF)))
                line.remove(0, 1);
        } else {
            record += QLatin1Char('\n');
        }
        record += line;
        if (record.size() >= kMaxRecordChars) {
            // readLineInto left the rest of the line in the stream: skip it.
            while (line.size() >= kMaxRecordChars && m_in.readLineInto(&line, kMaxRecordChars)) { }
            record.truncate(kMaxRecordChars);
            if (tooLong)
                *tooLong = true;
            return true;
        }
        open = open != flipsQuote(line); // counted per line: a long quoted record stays linear
        if (!open)
            return true;
    }
    return started;
}

QChar CsvLineReader::delimiterOf(const QString& line)
{
    int comma = 0, semicolon = 0, tab = 0;
    bool quoted = false;
    for (const QChar c : line) {
        if (c == QLatin1Char('"'))
            quoted = !quoted;
        else if (quoted)
            continue;
        else if (c == QLatin1Char(','))
            ++comma;
        else if (c == QLatin1Char(';'))
            ++semicolon;
        else if (c == QLatin1Char('\t'))
            ++tab;
    }
    if (semicolon > comma && semicolon >= tab)
        return QLatin1Char(';');
    if (tab > comma && tab > semicolon)
        return QLatin1Char('\t');
    return QLatin1Char(',');
}

QStringList CsvLineReader::split(const QString& record, QChar delimiter)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < record.size(); ++i) {
        const QChar c = record.at(i);
        if (quoted) {
            if (c != QLatin1Char('"'))
                field.append(c);
            else if (i + 1 < record.size() && record.at(i + 1) == QLatin1Char('"'))
                field.append(QLatin1Char('"')), ++i;
            else
                quoted = false;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == delimiter) {
            fields.append(field);
            field.clear();
        } else if (c != QLatin1Char('\r')) {
            field.append(c);
        }
    }
    fields.append(field);
    return fields;
}

} // namespace sl
