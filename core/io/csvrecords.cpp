// SPDX-License-Identifier: MIT
#include "core/io/csvrecords.h"

#include <QStringDecoder>

#include <cmath>
#include <limits>

namespace sl {

namespace {

/// One record starting at `pos`; advances `pos` past its line end.
QStringList parseRecord(const QString& text, qsizetype& pos)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    const qsizetype n = text.size();
    while (pos < n) {
        const QChar c = text.at(pos);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (pos + 1 < n && text.at(pos + 1) == QLatin1Char('"')) {
                    field.append(QLatin1Char('"'));
                    pos += 2;
                    continue;
                }
                quoted = false;
            } else {
                field.append(c);
            }
            ++pos;
            continue;
        }
        if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            fields.append(field);
            field.clear();
        } else if (c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
            if (c == QLatin1Char('\r') && pos + 1 < n && text.at(pos + 1) == QLatin1Char('\n'))
                ++pos;
            ++pos;
            break;
        } else {
            field.append(c);
        }
        ++pos;
    }
    fields.append(field);
    return fields;
}

} // namespace

QVector<QStringList> CsvRecords::parse(const QByteArray& bytes, const QString& headerMustContain)
{
    // UTF-8 unless a BOM or NULs in the first bytes say UTF-16 (as CsvLineReader decides).
    auto encoding = QStringConverter::encodingForData(bytes);
    if (!encoding && bytes.size() >= 2 && bytes[0] != 0 && bytes[1] == 0)
        encoding = QStringConverter::Utf16LE;
    else if (!encoding && bytes.size() >= 2 && bytes[0] == 0 && bytes[1] != 0)
        encoding = QStringConverter::Utf16BE;
    QStringDecoder decode(encoding.value_or(QStringConverter::Utf8));
    QString text = decode(bytes);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    QVector<QStringList> out;
    bool headerSeen = headerMustContain.isEmpty();
    qsizetype pos = 0;
    while (pos < text.size()) {
        if (text.at(pos) == QLatin1Char('\n') || text.at(pos) == QLatin1Char('\r')) {
            ++pos; // blank line
            continue;
        }
        if (text.mid(pos, 2) == QLatin1String("==")) {
            const qsizetype eol = text.indexOf(QLatin1Char('\n'), pos);
            pos = eol < 0 ? text.size() : eol + 1;
            continue;
        }
        QStringList record = parseRecord(text, pos);
        if (!headerSeen) {
            bool found = false;
            for (const auto& f : record)
                found = found || f.trimmed().compare(headerMustContain, Qt::CaseInsensitive) == 0;
            if (!found)
                continue;
            headerSeen = true;
        }
        out.append(record);
    }
    return out;
}

double CsvRecords::number(const QString& field)
{
    QString s = field.trimmed();
    s.remove(QLatin1Char(','));
    // Keep the leading number: digits, sign, point and exponent.
    qsizetype end = 0;
    while (end < s.size()) {
        const QChar c = s.at(end);
        const bool exponentSign = (c == QLatin1Char('+') || c == QLatin1Char('-')) && end > 0
            && (s.at(end - 1) == QLatin1Char('e') || s.at(end - 1) == QLatin1Char('E'));
        if (c.isDigit() || c == QLatin1Char('.') || (end == 0 && (c == QLatin1Char('-') || c == QLatin1Char('+')))
            || exponentSign || ((c == QLatin1Char('e') || c == QLatin1Char('E')) && end > 0))
            ++end;
        else
            break;
    }
    bool ok = false;
    const double v = s.left(end).toDouble(&ok);
    return ok ? v : std::numeric_limits<double>::quiet_NaN();
}

} // namespace sl
