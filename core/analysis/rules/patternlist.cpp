// SPDX-License-Identifier: MIT
#include "core/analysis/rules/patternlist.h"

#include <QCoreApplication>
#include <QDataStream>

namespace sl {

bool PatternList::add(const QString& pattern, QString* error)
{
    if (pattern.startsWith(QLatin1String("re:"))) {
        QRegularExpression re(pattern.mid(3), QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            if (error)
                *error = QCoreApplication::translate("PatternList", "Invalid regular expression '%1': %2")
                             .arg(pattern.mid(3), re.errorString());
            return false;
        }
        m_regexes.append(re);
    } else if (!pattern.isEmpty()) {
        m_substrings.append(pattern.toCaseFolded()); // matched case-sensitively against folded text
    }
    return true;
}

bool PatternList::matches(const QString& text) const
{
    // Fold once, then plain searches: a case-insensitive search folds every character it
    // compares, which took most of the analysis of a trace with a million kernel names.
    if (!m_substrings.isEmpty()) {
        const QString folded = text.toCaseFolded();
        for (const auto& s : m_substrings)
            if (folded.contains(s))
                return true;
    }
    for (const auto& re : m_regexes)
        if (re.match(text).hasMatch())
            return true;
    return false;
}

void PatternList::fingerprint(QDataStream& s) const
{
    s << m_substrings << qint64(m_regexes.size());
    for (const QRegularExpression& re : m_regexes)
        s << re.pattern() << int(re.patternOptions());
}

} // namespace sl
