// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/rules/patternlist.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <QRegularExpression>

namespace sl {

/// What a serving-step range name says about its batch (docs/analysis.md "Serving steps").
/// Counts are -1 when the name does not give them.
struct StepComposition
{
    enum Class : quint8 { Prefill, Decode, Mixed, Other };
    static constexpr int kClassCount = 4;

    qint8 rule = -1; ///< index of the matching step rule, -1 = not a step
    qint32 ctxReqs = -1, ctxTokens = -1, genReqs = -1, genTokens = -1;

    bool isStep() const { return rule >= 0; }
    /// prefill: context requests only; decode: generation requests only; mixed: both; other:
    /// neither, or the name gives no composition (SGLang's scheduler.run_batch).
    Class stepClass() const;
    static QString className(Class c); ///< "prefill", "decode", "mixed", "other" (report keys)
};

/// Maps NVTX range names to phases (spec §3 "Phases") and recognises serving steps. JSON
/// `{phase: [patterns], "steps": [rules], "host_ranges": [patterns]}` (phases tried in the order
/// they appear in the file, first match wins) or `[{"phase": p, "patterns": [...]}, {"steps": [...]},
/// {"host_ranges": [...]}]`. A step rule is `{"scheme": name, "pattern": regular expression}`
/// whose named groups `ctx_reqs`, `ctx_tokens`, `gen_reqs`, `gen_tokens` give the batch
/// composition. A user map's step rules and host ranges are tried before the built-in ones
/// (vLLM, TensorRT-LLM, SGLang), which every map keeps.
class PhaseMap
{
    Q_DECLARE_TR_FUNCTIONS(PhaseMap)
public:
    /// At most this many phases: phase indices are stored per kernel and per range in a
    /// qint8 (AnalysisResult::kernelPhase), beside the unattributed slot. A larger map is
    /// rejected with a translated error.
    static constexpr int kMaxPhases = 100;

    /// prefill (prefill, prompt, context), decode (decode, generate, token), sampling (sample, sampler,
    /// sampling, logits), and the built-in step rules and host ranges.
    static PhaseMap defaultMap();
    /// False with a translated `error` on invalid JSON or patterns, more than kMaxPhases
    /// phases, or a phase named like the unattributed slot.
    static bool fromJson(const QByteArray& json, PhaseMap* out, QString* error);
    static bool fromFile(const QString& path, PhaseMap* out, QString* error);

    /// Index of the phase of `rangeName`, or -1. A serving step takes the phase of its class
    /// (prefill and mixed steps: the phase named "prefill", decode steps: "decode") when the map
    /// has it; a request range has none; other names: the first phase whose patterns match.
    int match(const QString& rangeName) const;
    int size() const { return int(m_names.size()); }
    const QString& name(int i) const { return m_names[i]; }
    const QStringList& names() const { return m_names; }

    /// The batch composition when `rangeName` is a serving step (first matching rule), else a
    /// composition with rule -1. A missing gen_tokens group with gen_reqs given counts one token
    /// per generation request (TensorRT-LLM's names).
    StepComposition matchStep(const QString& rangeName) const;
    int stepRuleCount() const { return int(m_stepRules.size()); }
    const QString& stepScheme(int rule) const { return m_stepRules[rule].scheme; }
    /// Host-side work of the serving loop (input preparation, bookkeeping, scheduling).
    bool isHostRange(const QString& rangeName) const { return m_hostRanges.matches(rangeName); }
    /// Whether `rangeName` is a request range (`"requests": [regular expressions]`, matched
    /// case-insensitively; the user's before the built-in one). When the matching expression
    /// has a named group `tokens`, `*outputTokens` is its value, else -1.
    bool matchRequest(const QString& rangeName, qint32* outputTokens) const;
    bool hasRequestRules() const { return !m_requestRules.isEmpty(); }
    /// Writes every rule into `s`: equal tables write equal bytes, so the result cache can tell
    /// whether an analysis ran with these rules (AnalysisFingerprint).
    void fingerprint(QDataStream& s) const;

private:
    struct StepRule
    {
        QString scheme;
        QRegularExpression re;
    };
    static bool parse(const QByteArray& json, PhaseMap* out, QString* error);
    bool addStepRules(const QJsonValue& rules, QString* error);
    bool addHostRanges(const QJsonValue& patterns, QString* error);
    bool addRequestRules(const QJsonValue& patterns, QString* error);

    QStringList m_names;
    QVector<PatternList> m_patterns;
    QVector<StepRule> m_stepRules;
    PatternList m_hostRanges;
    QVector<QRegularExpression> m_requestRules;
};

} // namespace sl
