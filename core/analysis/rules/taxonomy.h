// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/rules/patternlist.h"

#include <QCoreApplication>

namespace sl {

/// Kernel taxonomy (spec §3): an ordered rule table mapping kernel names to one of gemm,
/// attention, norm, activation, elementwise, reduction, communication, memory, sampling, moe,
/// other. The default table is resources/taxonomy/default-taxonomy.json (documented in
/// docs/analysis.md); a user file adds rules that are tried first.
class Taxonomy
{
    Q_DECLARE_TR_FUNCTIONS(Taxonomy)
public:
    static Taxonomy defaultTaxonomy();
    /// Prepends the rules of a user JSON file (same format as the default).
    bool extendFromFile(const QString& path, QString* error);
    bool extendFromJson(const QByteArray& json, QString* error);

    QString categorize(const QString& kernelName) const;
    static QStringList categories();
    /// Writes every rule into `s`: equal tables write equal bytes, so the result cache can tell
    /// whether an analysis ran with these rules (AnalysisFingerprint).
    void fingerprint(QDataStream& s) const;

private:
    bool parse(const QByteArray& json, QVector<QPair<QString, PatternList>>* rules, QString* error) const;
    QVector<QPair<QString, PatternList>> m_rules;
};

} // namespace sl
