// SPDX-License-Identifier: MIT
#include "core/compare/kernelnamenormalizer.h"

#include <QRegularExpression>

namespace sl {

namespace {
/// Drops every character inside <…> (nested), so template arguments, which carry the dtypes
/// and tile sizes of one instantiation, do not split the same kernel into many keys.
QString withoutTemplateArguments(const QString& s)
{
    QString out;
    out.reserve(s.size());
    int depth = 0;
    for (QChar c : s) {
        if (c == QLatin1Char('<'))
            ++depth;
        else if (c == QLatin1Char('>') && depth > 0)
            --depth;
        else if (depth == 0)
            out.append(c);
    }
    return out;
}
} // namespace

QString KernelNameNormalizer::normalize(const QString& name)
{
    static const QRegularExpression arch(
        QStringLiteral("(^|_)(sm_?\\d+[a-z]?|ampere|hopper|volta|turing|blackwell|ada|lovelace)(?=_|$)"));
    static const QRegularExpression cutlassArch(QStringLiteral("cutlass_\\d+"));
    static const QRegularExpression tile(QStringLiteral("\\d+(x\\d+)+"));
    static const QRegularExpression digits(QStringLiteral("\\d+"));
    static const QRegularExpression separators(QStringLiteral("[_.\\s\\-]+"));

    QString s = name;
    s.replace(QLatin1String("(anonymous namespace)"), QLatin1String("anonymous"));
    s = withoutTemplateArguments(s);
    if (const auto paren = s.indexOf(QLatin1Char('(')); paren > 0)
        s.truncate(paren);
    s = s.trimmed();
    if (const auto space = s.lastIndexOf(QLatin1Char(' ')); space >= 0) // return type
        s = s.mid(space + 1);
    if (const auto scope = s.lastIndexOf(QLatin1String("::")); scope >= 0)
        s = s.mid(scope + 2);
    s = s.toLower();
    s.replace(cutlassArch, QStringLiteral("cutlass"));
    s.replace(arch, QStringLiteral("\\1"));
    s.replace(tile, QString());
    s.replace(digits, QString());
    s.replace(QLatin1String("kernel"), QString());
    s.replace(separators, QString());
    return s.isEmpty() ? name.toLower() : s;
}

} // namespace sl
