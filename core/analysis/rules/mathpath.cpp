// SPDX-License-Identifier: MIT
#include "core/analysis/rules/mathpath.h"

#include "core/util/logging.h"
#include "core/util/resources.h"

#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sl {

namespace {
const QStringList kDtypes = { QStringLiteral("fp8"), QStringLiteral("int8"), QStringLiteral("tf32"),
    QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("fp32"), QStringLiteral("fp64") };
} // namespace

QString MathPath::kindKey(Kind k)
{
    switch (k) {
    case TensorCore:
        return QStringLiteral("tensor-core");
    case Simt:
        return QStringLiteral("simt");
    case Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString MathPath::label() const
{
    QString base;
    switch (kind) {
    case TensorCore:
        base = MathPathTable::tr("Tensor core");
        break;
    case Simt:
        base = MathPathTable::tr("SIMT");
        break;
    case Unknown:
        return MathPathTable::tr("Unknown");
    }
    return dtype.isEmpty() ? base : QStringLiteral("%1 (%2)").arg(base, dtype);
}

QString MathPath::peakKey() const
{
    if (kind == TensorCore && !dtype.isEmpty() && dtype != QLatin1String("fp32"))
        return dtype == QLatin1String("fp64") ? QStringLiteral("fp64-tensor") : dtype;
    if (kind == Simt && (dtype == QLatin1String("fp32") || dtype == QLatin1String("fp64")))
        return dtype;
    return {};
}

MathPathTable MathPathTable::defaultTable()
{
    // Parsed once per process: AnalysisOptions{} takes a copy for every analysis (the GUI one
    // per window change), which shares the parsed rules and their compiled patterns.
    static const MathPathTable parsed = [] {
        MathPathTable t;
        QString error;
        const bool ok
            = t.parse(readCoreResource(QStringLiteral(":/sightline/math-paths.json")), &t.m_paths, &t.m_dtypes, &error);
        Q_ASSERT_X(ok, "MathPathTable::defaultTable", qPrintable(error));
        if (!ok) // a release build goes on without math paths: say why
            qCCritical(lcAnalysis) << "the built-in math-path table is invalid:" << error;
        return t;
    }();
    return parsed;
}

bool MathPathTable::parse(
    const QByteArray& json, QVector<PathRule>* paths, QVector<DtypeRule>* dtypes, QString* error) const
{
    QJsonParseError pe;
    const auto doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()) {
        *error = doc.isNull() ? tr("Invalid math-path table: %1 at offset %2").arg(pe.errorString()).arg(pe.offset)
                              : tr("Invalid math-path table: expected an object with \"paths\" and \"dtypes\" arrays.");
        return false;
    }
    auto patternsOf = [&](const QJsonObject& o, PatternList* list) {
        for (const auto& p : o.value(QLatin1String("patterns")).toArray())
            if (!list->add(p.toString(), error))
                return false;
        return true;
    };
    auto checkDtype = [&](const QString& d) {
        if (d.isEmpty() || kDtypes.contains(d))
            return true;
        *error = tr("Invalid math-path table: unknown data type '%1' (use one of: %2).")
                     .arg(d, kDtypes.join(QLatin1String(", ")));
        return false;
    };
    for (const auto& v : doc.object().value(QLatin1String("paths")).toArray()) {
        const auto o = v.toObject();
        const QString path = o.value(QLatin1String("path")).toString();
        PathRule rule;
        if (path == QLatin1String("tensor-core"))
            rule.kind = MathPath::TensorCore;
        else if (path == QLatin1String("simt"))
            rule.kind = MathPath::Simt;
        else if (path == QLatin1String("unknown"))
            rule.kind = MathPath::Unknown;
        else {
            *error = tr("Invalid math-path table: unknown path '%1' (use tensor-core, simt or unknown).").arg(path);
            return false;
        }
        rule.dtype = o.value(QLatin1String("dtype")).toString();
        if (!checkDtype(rule.dtype) || !patternsOf(o, &rule.patterns))
            return false;
        paths->append(rule);
    }
    for (const auto& v : doc.object().value(QLatin1String("dtypes")).toArray()) {
        const auto o = v.toObject();
        DtypeRule rule;
        rule.dtype = o.value(QLatin1String("dtype")).toString();
        if (rule.dtype.isEmpty() || !checkDtype(rule.dtype)) {
            if (rule.dtype.isEmpty())
                *error = tr("Invalid math-path table: a dtypes rule needs a \"dtype\".");
            return false;
        }
        if (!patternsOf(o, &rule.patterns))
            return false;
        dtypes->append(rule);
    }
    return true;
}

bool MathPathTable::extendFromJson(const QByteArray& json, QString* error)
{
    QVector<PathRule> paths;
    QVector<DtypeRule> dtypes;
    if (!parse(json, &paths, &dtypes, error))
        return false;
    m_paths = paths + m_paths;
    m_dtypes = dtypes + m_dtypes;
    return true;
}

bool MathPathTable::extendFromFile(const QString& path, QString* error)
{
    return extendFromUserFile(
        path, tr("Cannot read the math-path table %1: %2"),
        [this](const QByteArray& json, QString* e) { return extendFromJson(json, e); }, error);
}

MathPath MathPathTable::classify(const QString& kernelName) const
{
    MathPath m;
    for (const auto& rule : m_paths) {
        if (!rule.patterns.matches(kernelName))
            continue;
        m.kind = rule.kind;
        m.dtype = rule.dtype;
        break;
    }
    if (m.kind == MathPath::Unknown)
        return {};
    if (m.dtype.isEmpty())
        for (const auto& rule : m_dtypes)
            if (rule.patterns.matches(kernelName)) {
                m.dtype = rule.dtype;
                break;
            }
    return m;
}

void MathPathTable::fingerprint(QDataStream& s) const
{
    s << qint64(m_paths.size());
    for (const PathRule& r : m_paths) {
        s << int(r.kind) << r.dtype;
        r.patterns.fingerprint(s);
    }
    s << qint64(m_dtypes.size());
    for (const DtypeRule& r : m_dtypes) {
        s << r.dtype;
        r.patterns.fingerprint(s);
    }
}

} // namespace sl
