// SPDX-License-Identifier: MIT
#include "core/analysis/rules/taxonomy.h"

#include "core/util/logging.h"
#include "core/util/resources.h"

#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sl {

QStringList Taxonomy::categories()
{
    return { QStringLiteral("gemm"), QStringLiteral("attention"), QStringLiteral("norm"), QStringLiteral("activation"),
        QStringLiteral("elementwise"), QStringLiteral("reduction"), QStringLiteral("communication"),
        QStringLiteral("memory"), QStringLiteral("sampling"), QStringLiteral("moe"), QStringLiteral("other") };
}

Taxonomy Taxonomy::defaultTaxonomy()
{
    // Parsed once per process: AnalysisOptions{} takes a copy for every analysis (the GUI one
    // per window change), which shares the parsed rules and their compiled patterns.
    static const Taxonomy parsed = [] {
        Taxonomy t;
        QString error;
        const bool ok
            = t.parse(readCoreResource(QStringLiteral(":/sightline/default-taxonomy.json")), &t.m_rules, &error);
        Q_ASSERT_X(ok, "Taxonomy::defaultTaxonomy", qPrintable(error));
        if (!ok) // a release build goes on with every kernel in "other": say why
            qCCritical(lcAnalysis) << "the built-in taxonomy is invalid:" << error;
        return t;
    }();
    return parsed;
}

bool Taxonomy::parse(const QByteArray& json, QVector<QPair<QString, PatternList>>* rules, QString* error) const
{
    QJsonParseError pe;
    const auto doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()) {
        *error = doc.isNull() ? tr("Invalid taxonomy: %1 at offset %2").arg(pe.errorString()).arg(pe.offset)
                              : tr("Invalid taxonomy: expected an object with a \"rules\" array.");
        return false;
    }
    const QStringList known = categories();
    for (const auto& v : doc.object().value(QLatin1String("rules")).toArray()) {
        const auto o = v.toObject();
        const QString category = o.value(QLatin1String("category")).toString();
        if (!known.contains(category)) {
            *error = tr("Invalid taxonomy: unknown category '%1' (use one of: %2).")
                         .arg(category, known.join(QLatin1String(", ")));
            return false;
        }
        PatternList list;
        for (const auto& p : o.value(QLatin1String("patterns")).toArray())
            if (!list.add(p.toString(), error))
                return false;
        rules->append({ category, list });
    }
    return true;
}

bool Taxonomy::extendFromJson(const QByteArray& json, QString* error)
{
    QVector<QPair<QString, PatternList>> user;
    if (!parse(json, &user, error))
        return false;
    m_rules = user + m_rules;
    return true;
}

bool Taxonomy::extendFromFile(const QString& path, QString* error)
{
    return extendFromUserFile(
        path, tr("Cannot read the taxonomy %1: %2"),
        [this](const QByteArray& json, QString* e) { return extendFromJson(json, e); }, error);
}

QString Taxonomy::categorize(const QString& kernelName) const
{
    for (const auto& [category, patterns] : m_rules)
        if (patterns.matches(kernelName))
            return category;
    return QStringLiteral("other");
}

void Taxonomy::fingerprint(QDataStream& s) const
{
    s << qint64(m_rules.size());
    for (const auto& [category, patterns] : m_rules) {
        s << category;
        patterns.fingerprint(s);
    }
}

} // namespace sl
