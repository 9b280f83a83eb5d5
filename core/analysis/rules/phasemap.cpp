// SPDX-License-Identifier: MIT
#include "core/analysis/rules/phasemap.h"

#include "core/analysis/analysisresult.h"
#include "core/util/logging.h"
#include "core/util/resources.h"

#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <limits>

namespace sl {

namespace {
const QString kStepsKey = QStringLiteral("steps");
const QString kHostRangesKey = QStringLiteral("host_ranges");
const QString kRequestsKey = QStringLiteral("requests");
} // namespace

StepComposition::Class StepComposition::stepClass() const
{
    if (ctxReqs < 0 && genReqs < 0)
        return Other;
    const bool ctx = ctxReqs > 0, gen = genReqs > 0;
    return ctx && gen ? Mixed : ctx ? Prefill : gen ? Decode : Other;
}

QString StepComposition::className(Class c)
{
    switch (c) {
    case Prefill:
        return QStringLiteral("prefill");
    case Decode:
        return QStringLiteral("decode");
    case Mixed:
        return QStringLiteral("mixed");
    case Other:
        break;
    }
    return QStringLiteral("other");
}

PhaseMap PhaseMap::defaultMap()
{
    // Parsed once per process: AnalysisOptions{} takes a copy for every analysis (the GUI one
    // per window change), which shares the parsed rules and their compiled patterns.
    static const PhaseMap parsed = [] {
        PhaseMap m;
        QString error;
        const bool ok = parse(readCoreResource(QStringLiteral(":/sightline/default-phase-map.json")), &m, &error);
        Q_ASSERT_X(ok, "PhaseMap::defaultMap", qPrintable(error));
        if (!ok) // a release build goes on without phases: say why
            qCCritical(lcAnalysis) << "the built-in phase map is invalid:" << error;
        return m;
    }();
    return parsed;
}

bool PhaseMap::fromJson(const QByteArray& json, PhaseMap* out, QString* error)
{
    PhaseMap m;
    if (!parse(json, &m, error))
        return false;
    // The built-in step schemes and host ranges stay recognised after the user's own rules.
    const PhaseMap builtIn = defaultMap();
    m.m_stepRules += builtIn.m_stepRules;
    m.m_hostRanges.append(builtIn.m_hostRanges);
    m.m_requestRules += builtIn.m_requestRules;
    *out = m;
    return true;
}

bool PhaseMap::parse(const QByteArray& json, PhaseMap* out, QString* error)
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
        for (const auto& k : keys) {
            const bool ok = k == kStepsKey ? m.addStepRules(obj.value(k), error)
                : k == kHostRangesKey      ? m.addHostRanges(obj.value(k), error)
                : k == kRequestsKey        ? m.addRequestRules(obj.value(k), error)
                                           : addPhase(k, obj.value(k));
            if (!ok)
                return false;
        }
    } else {
        for (const auto& v : doc.array()) {
            const auto o = v.toObject();
            bool ok = true;
            if (o.contains(kStepsKey))
                ok = m.addStepRules(o.value(kStepsKey), error);
            else if (o.contains(kHostRangesKey))
                ok = m.addHostRanges(o.value(kHostRangesKey), error);
            else if (o.contains(kRequestsKey))
                ok = m.addRequestRules(o.value(kRequestsKey), error);
            else
                ok = addPhase(o.value(QLatin1String("phase")).toString(), o.value(QLatin1String("patterns")));
            if (!ok)
                return false;
        }
    }
    *out = m;
    return true;
}

bool PhaseMap::addStepRules(const QJsonValue& rules, QString* error)
{
    if (!rules.isArray()) {
        *error = tr("Invalid phase map: \"steps\" must be an array of {\"scheme\", \"pattern\"} objects.");
        return false;
    }
    for (const auto& v : rules.toArray()) {
        const QJsonObject o = v.toObject();
        const QString pattern = o.value(QLatin1String("pattern")).toString();
        QRegularExpression re(pattern);
        if (pattern.isEmpty() || !re.isValid()) {
            *error = tr("Invalid step rule '%1': %2")
                         .arg(pattern, pattern.isEmpty() ? tr("the pattern is empty") : re.errorString());
            return false;
        }
        re.optimize();
        const QString scheme = o.value(QLatin1String("scheme")).toString();
        m_stepRules.append({ scheme.isEmpty() ? QStringLiteral("custom") : scheme, re });
    }
    return true;
}

bool PhaseMap::addHostRanges(const QJsonValue& patterns, QString* error)
{
    if (!patterns.isArray()) {
        *error = tr("Invalid phase map: \"host_ranges\" must be an array of strings.");
        return false;
    }
    for (const auto& p : patterns.toArray())
        if (!m_hostRanges.add(p.toString(), error))
            return false;
    return true;
}

bool PhaseMap::addRequestRules(const QJsonValue& patterns, QString* error)
{
    if (!patterns.isArray()) {
        *error = tr("Invalid phase map: \"requests\" must be an array of regular expressions.");
        return false;
    }
    for (const auto& p : patterns.toArray()) {
        const QRegularExpression re(p.toString(), QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            *error = tr("Invalid phase map: the request pattern '%1' is not a valid regular expression: %2")
                         .arg(p.toString(), re.errorString());
            return false;
        }
        m_requestRules.append(re);
    }
    return true;
}

bool PhaseMap::matchRequest(const QString& rangeName, qint32* outputTokens) const
{
    for (const QRegularExpression& re : m_requestRules) {
        const QRegularExpressionMatch m = re.match(rangeName);
        if (!m.hasMatch())
            continue;
        bool ok = false;
        const qint32 tokens = m.captured(QStringLiteral("tokens")).toInt(&ok);
        *outputTokens = ok && tokens >= 0 ? tokens : -1;
        return true;
    }
    return false;
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
    const StepComposition step = matchStep(rangeName);
    if (step.isStep()) {
        const auto c = step.stepClass();
        const QString phase = c == StepComposition::Decode ? QStringLiteral("decode")
            : c == StepComposition::Other                  ? QString()
                                                           : QStringLiteral("prefill");
        const int i = phase.isEmpty() ? -1 : int(m_names.indexOf(phase));
        if (i >= 0)
            return i;
    }
    // A request range spans the prefill and every decode step of its request: it is no phase
    // ("request 7 tokens=128" would otherwise match decode's "token").
    qint32 tokens = -1;
    if (matchRequest(rangeName, &tokens))
        return -1;
    for (int i = 0; i < m_patterns.size(); ++i)
        if (m_patterns[i].matches(rangeName))
            return i;
    return -1;
}

StepComposition PhaseMap::matchStep(const QString& rangeName) const
{
    StepComposition c;
    for (int i = 0; i < m_stepRules.size(); ++i) {
        const auto m = m_stepRules[i].re.match(rangeName);
        if (!m.hasMatch())
            continue;
        c.rule = qint8(std::min(i, 127));
        // A group that is absent from the rule or did not take part in the match stays -1;
        // counts beyond qint32 are not credible batch sizes and are treated as unknown too.
        auto group = [&](const char* name) -> qint32 {
            bool ok = false;
            const qint64 v = m.captured(QLatin1String(name)).toLongLong(&ok);
            return ok && v >= 0 && v <= std::numeric_limits<qint32>::max() ? qint32(v) : -1;
        };
        c.ctxReqs = group("ctx_reqs");
        c.ctxTokens = group("ctx_tokens");
        c.genReqs = group("gen_reqs");
        c.genTokens = group("gen_tokens");
        if (c.genTokens < 0 && c.genReqs >= 0)
            c.genTokens = c.genReqs;
        return c;
    }
    return c;
}

void PhaseMap::fingerprint(QDataStream& s) const
{
    s << m_names << qint64(m_patterns.size());
    for (const PatternList& p : m_patterns)
        p.fingerprint(s);
    s << qint64(m_stepRules.size());
    for (const StepRule& r : m_stepRules)
        s << r.scheme << r.re.pattern() << int(r.re.patternOptions());
    m_hostRanges.fingerprint(s);
    s << qint64(m_requestRules.size());
    for (const QRegularExpression& re : m_requestRules)
        s << re.pattern() << int(re.patternOptions());
}

} // namespace sl
