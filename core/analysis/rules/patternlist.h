// SPDX-License-Identifier: MIT
#pragma once

#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QVector>

class QDataStream;

namespace sl {

/// Case-insensitive substring patterns, or regular expressions with a `re:` prefix, as used by
/// the phase map and the kernel taxonomy.
class PatternList
{
public:
    /// Returns false and sets `error` when a regular expression does not compile.
    bool add(const QString& pattern, QString* error);
    bool matches(const QString& text) const;
    /// Writes every rule into `s`: equal tables write equal bytes, so the result cache can tell
    /// whether an analysis ran with these rules (AnalysisFingerprint).
    void fingerprint(QDataStream& s) const;
    bool isEmpty() const { return m_substrings.isEmpty() && m_regexes.isEmpty(); }
    /// Adds `other`'s patterns after this list's.
    void append(const PatternList& other)
    {
        m_substrings += other.m_substrings;
        m_regexes += other.m_regexes;
    }

private:
    QStringList m_substrings;
    QVector<QRegularExpression> m_regexes;
};

} // namespace sl
