// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/rules/patternlist.h"

#include <QCoreApplication>

namespace sl {

/// How a kernel does its arithmetic, as its name tells: on tensor cores, on the CUDA cores
/// (SIMT), or unknown; with the data type when the name says it (empty otherwise).
struct MathPath
{
    enum Kind : quint8 { Unknown, TensorCore, Simt };
    Kind kind = Unknown;
    QString dtype; ///< fp8, int8, tf32, bf16, fp16, fp32, fp64, or empty (not said)

    /// Stable key for reports: "tensor-core", "simt" or "unknown".
    static QString kindKey(Kind k);
    /// Translated label for tables: "Tensor core (bf16)", "SIMT (fp32)", "Unknown".
    QString label() const;
    /// Key of the peak table this path runs at (tf32, bf16, fp16, fp8, int8, fp64-tensor for
    /// tensor cores; fp32, fp64 for SIMT); empty when no peak applies.
    QString peakKey() const;
    bool operator==(const MathPath& o) const { return kind == o.kind && dtype == o.dtype; }
};

/// The math-path rule table (resources/efficiency/math-paths.json, documented in
/// docs/analysis.md "Math path"): ordered path rules, then data-type rules. A user file adds
/// rules that are tried first, like the taxonomy.
class MathPathTable
{
    Q_DECLARE_TR_FUNCTIONS(MathPathTable)
public:
    static MathPathTable defaultTable();
    bool extendFromFile(const QString& path, QString* error);
    bool extendFromJson(const QByteArray& json, QString* error);

    MathPath classify(const QString& kernelName) const;
    /// Writes every rule into `s`: equal tables write equal bytes, so the result cache can tell
    /// whether an analysis ran with these rules (AnalysisFingerprint).
    void fingerprint(QDataStream& s) const;

private:
    struct PathRule
    {
        MathPath::Kind kind;
        QString dtype;
        PatternList patterns;
    };
    struct DtypeRule
    {
        QString dtype;
        PatternList patterns;
    };
    bool parse(const QByteArray& json, QVector<PathRule>* paths, QVector<DtypeRule>* dtypes, QString* error) const;
    QVector<PathRule> m_paths;
    QVector<DtypeRule> m_dtypes;
};

} // namespace sl
