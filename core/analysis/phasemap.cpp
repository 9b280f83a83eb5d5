// SPDX-License-Identifier: MIT
#include "core/analysis/phasemap.h"

#include "core/analysis/analysisresult.h"
#include "core/util/logging.h"
#include "core/util/resources.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace sl {

PhaseMap PhaseMap::defaultMap()
{
    PhaseMap m;
    QString error;
    const bool ok = fromJson(readCoreResource(QStringLiteral(":/sightline/default-phase-map.json")), &m, &error);
    Q_ASSERT_X(ok, "PhaseMap::defaultMap", qPrintable(error));
    if (!ok) // a release build goes on without phases: say why
        qCCritical(lcAnalysis) << "the built-in phase map is invalid:" << error;
    return m;
}

bool PhaseMap::fromJson(const QByteArray& json, PhaseMap* out, QString* error)
{
    QJsonParseError pe;
    const auto doc = QJsonDocument::fromJson(json, &pe);
    if (doc.isNull()) {
        *error = tr("Invalid phase map: %1 at offset %2").arg(pe.errorString()).arg(pe.offset);
        return false;
    }
    PhaseMap m;
    auto addPhase = [&](const QString& phase, const QJsonValue& patterns) {
        if (m.m_names.size() >= kMaxPhases) {
            *error = tr("Invalid phase map: more than %1 phases (the most it may hold).").arg(kMaxPhases);
            return false;
        }
        if (phase == PhaseStats::unattributedName()) {
            *error = tr("Invalid phase map: '%1' names the kernels outside every phase; choose another phase name.")
                         .arg(phase);
            return false;
        }
        if (!patterns.isArray()) {
            *error = tr("Invalid phase map: the patterns of phase '%1' must be an array of strings.").arg(phase);
            return false;
        }
        PatternList list;
        for (const auto& p : patterns.toArray())
            if (!list.add(p.toString(), error))
                return false;
        m.m_names.append(phase);
        m.m_patterns.append(list);
        return true;
    };
    if (doc.isObject()) {
        // QJsonObject sorts its keys; the map's order matters (first match wins), so order the
        // phases by where their key first appears in the text.
        const QJsonObject obj = doc.object();
        QStringList keys = obj.keys();
        std::stable_sort(keys.begin(), keys.end(), [&](const QString& a, const QString& b) {
            const auto pa = json.indexOf(QByteArray('"' + a.toUtf8() + '"'));
            const auto pb = json.indexOf(QByteArray('"' + b.toUtf8() + '"'));
            return pa < pb;
        });
        for (const auto& k : keys)
            if (!addPhase(k, obj.value(k)))
                return false;
    } else {
        for (const auto& v : doc.array()) {
            const auto o = v.toObject();
            if (!addPhase(o.value(QLatin1String("phase")).toString(), o.value(QLatin1String("patterns"))))
                return false;
        }
    }
    *out = m;
    return true;
}

bool PhaseMap::fromFile(const QString& path, PhaseMap* out, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read the phase map %1: %2").arg(path, f.errorString());
        return false;
    }
    if (!fromJson(f.readAll(), out, error)) {
        *error = QFileInfo(path).fileName() + QLatin1String(": ") + *error;
        return false;
    }
    return true;
}

int PhaseMap::match(const QString& rangeName) const
{
    for (int i = 0; i < m_patterns.size(); ++i)
        if (m_patterns[i].matches(rangeName))
            return i;
    return -1;
}

} // namespace sl
