// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/patternlist.h"

#include <QCoreApplication>

namespace sl {

/// Maps NVTX range names to phases (spec §3 "Phases"). JSON `{phase: [patterns]}` (phases tried
/// in the order they appear in the file, first match wins) or `[{"phase": p, "patterns": [...]}]`.
class PhaseMap
{
    Q_DECLARE_TR_FUNCTIONS(PhaseMap)
public:
    /// At most this many phases: phase indices are stored per kernel and per range in a
    /// qint8 (AnalysisResult::kernelPhase), beside the unattributed slot. A larger map is
    /// rejected with a translated error.
    static constexpr int kMaxPhases = 100;

    /// prefill (prefill, prompt, context), decode (decode, generate, token), sampling (sample, sampler,
    /// sampling, logits).
    static PhaseMap defaultMap();
    /// False with a translated `error` on invalid JSON or patterns, more than kMaxPhases
    /// phases, or a phase named like the unattributed slot.
    static bool fromJson(const QByteArray& json, PhaseMap* out, QString* error);
    static bool fromFile(const QString& path, PhaseMap* out, QString* error);

    /// Index of the first phase whose patterns match `rangeName`, or -1.
    int match(const QString& rangeName) const;
    int size() const { return int(m_names.size()); }
    const QString& name(int i) const { return m_names[i]; }
    const QStringList& names() const { return m_names; }

private:
    QStringList m_names;
    QVector<PatternList> m_patterns;
};

} // namespace sl
