// SPDX-License-Identifier: MIT
#include "core/analysis/design/anatomyrules.h"

#include "core/util/logging.h"
#include "core/util/resources.h"

#include <QDataStream>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sl {

QStringList AnatomyRules::classes()
{
    return { QStringLiteral("qkv_projection"), QStringLiteral("attention"), QStringLiteral("output_projection"),
        QStringLiteral("mlp_up_gate"), QStringLiteral("mlp_down"), QStringLiteral("norms"),
        QStringLiteral("activations"), QStringLiteral("embedding_logits"), QStringLiteral("communication"),
        QStringLiteral("sampling"), QStringLiteral("other") };
}

QString AnatomyRules::classLabel(int cls)
{
    switch (cls) {
    case 0:
        return tr("QKV projection");
    case 1:
        return tr("Attention");
    case 2:
        return tr("Output projection");
    case 3:
        return tr("MLP up/gate");
    case 4:
        return tr("MLP down");
    case 5:
        return tr("Norms");
    case 6:
        return tr("Activations");
    case 7:
        return tr("Embedding/logits");
    case 8:
        return tr("Communication");
    case 9:
        return tr("Sampling");
    default:
        return tr("Other");
    }
}

AnatomyRules AnatomyRules::defaultRules()
{
    // Parsed once per process: AnalysisOptions{} takes a copy for every analysis (the GUI one
    // per window change), which shares the parsed rules and their compiled patterns.
    static const AnatomyRules parsed = [] {
        AnatomyRules a;
        QString error;
        const bool ok = a.parse(
            readCoreResource(QStringLiteral(":/sightline/default-anatomy.json")), &a.m_rules, &a.m_bandwidth, &error);
        Q_ASSERT_X(ok, "AnatomyRules::defaultRules", qPrintable(error));
        if (!ok) // a release build goes on with every kernel in "other": say why
            qCCritical(lcAnalysis) << "the built-in anatomy rules are invalid:" << error;
        return a;
    }();
    return parsed;
}

bool AnatomyRules::parse(
    const QByteArray& json, QVector<Rule>* rules, QVector<Bandwidth>* bandwidth, QString* error) const
{
    QJsonParseError pe;
    const auto doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()) {
        *error = doc.isNull() ? tr("Invalid anatomy rules: %1 at offset %2").arg(pe.errorString()).arg(pe.offset)
                              : tr("Invalid anatomy rules: expected an object with a \"classes\" array.");
        return false;
    }
    const QStringList known = classes();
    for (const auto& v : doc.object().value(QLatin1String("classes")).toArray()) {
        const auto o = v.toObject();
        Rule rule;
        rule.cls = int(known.indexOf(o.value(QLatin1String("class")).toString()));
        if (rule.cls < 0) {
            *error = tr("Invalid anatomy rules: unknown class '%1' (use one of: %2).")
                         .arg(o.value(QLatin1String("class")).toString(), known.join(QLatin1String(", ")));
            return false;
        }
        for (const auto& p : o.value(QLatin1String("kernels")).toArray())
            if (!rule.kernels.add(p.toString(), error))
                return false;
        for (const auto& p : o.value(QLatin1String("nvtx")).toArray())
            if (!rule.nvtx.add(p.toString(), error))
                return false;
        for (const auto& c : o.value(QLatin1String("categories")).toArray())
            rule.categories << c.toString();
        rules->append(rule);
    }
    for (const auto& v : doc.object().value(QLatin1String("bandwidth")).toArray()) {
        const auto o = v.toObject();
        Bandwidth b;
        b.tbps = o.value(QLatin1String("tb_per_s")).toDouble();
        if (!(b.tbps > 0)) {
            *error = tr("Invalid anatomy rules: bandwidth entry '%1' needs a positive \"tb_per_s\".")
                         .arg(o.value(QLatin1String("model")).toString());
            return false;
        }
        for (const auto& p : o.value(QLatin1String("match")).toArray())
            if (!b.match.add(p.toString(), error))
                return false;
        bandwidth->append(b);
    }
    return true;
}

bool AnatomyRules::extendFromJson(const QByteArray& json, QString* error)
{
    QVector<Rule> rules;
    QVector<Bandwidth> bandwidth;
    if (!parse(json, &rules, &bandwidth, error))
        return false;
    m_rules = rules + m_rules;
    m_bandwidth = bandwidth + m_bandwidth;
    return true;
}

bool AnatomyRules::extendFromFile(const QString& path, QString* error)
{
    return extendFromUserFile(
        path, tr("Cannot read the anatomy rules %1: %2"),
        [this](const QByteArray& json, QString* e) { return extendFromJson(json, e); }, error);
}

int AnatomyRules::byKernel(const QString& kernelName) const
{
    for (const Rule& rule : m_rules)
        if (!rule.kernels.isEmpty() && rule.kernels.matches(kernelName))
            return rule.cls;
    return -1;
}

int AnatomyRules::byNvtx(const QString& rangeName) const
{
    for (const Rule& rule : m_rules)
        if (!rule.nvtx.isEmpty() && rule.nvtx.matches(rangeName))
            return rule.cls;
    return -1;
}

int AnatomyRules::byCategory(const QString& category) const
{
    for (const Rule& rule : m_rules)
        if (rule.categories.contains(category))
            return rule.cls;
    return -1;
}

std::optional<double> AnatomyRules::bandwidthTbps(const QString& gpuName) const
{
    for (const Bandwidth& b : m_bandwidth)
        if (b.match.matches(gpuName))
            return b.tbps;
    return std::nullopt;
}

void AnatomyRules::fingerprint(QDataStream& s) const
{
    s << qint64(m_rules.size());
    for (const Rule& r : m_rules) {
        s << r.cls << r.categories;
        r.kernels.fingerprint(s);
        r.nvtx.fingerprint(s);
    }
    s << qint64(m_bandwidth.size());
    for (const Bandwidth& b : m_bandwidth) {
        s << b.tbps;
        b.match.fingerprint(s);
    }
}

} // namespace sl
