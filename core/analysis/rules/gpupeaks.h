// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/rules/patternlist.h"

#include <QCoreApplication>
#include <QHash>

namespace sl {

/// Dense peak TFLOP/s per GPU model and math path (resources/efficiency/gpu-peaks.json), each
/// entry with its source, matched on the TARGET_INFO_GPU name. A user file adds entries that are
/// tried first.
class GpuPeaks
{
    Q_DECLARE_TR_FUNCTIONS(GpuPeaks)
public:
    struct Entry
    {
        QString model; ///< e.g. "H100 SXM5"
        QString source; ///< where the figures come from
        QHash<QString, double> tflops; ///< peak key (MathPath::peakKey) → dense TFLOP/s
        PatternList match;
    };

    static GpuPeaks defaultTable();
    bool extendFromFile(const QString& path, QString* error);
    bool extendFromJson(const QByteArray& json, QString* error);

    /// The entry for a TARGET_INFO_GPU name, or null when the model is not in the table.
    const Entry* find(const QString& gpuName) const;
    /// Writes every rule into `s`: equal tables write equal bytes, so the result cache can tell
    /// whether an analysis ran with these rules (AnalysisFingerprint).
    void fingerprint(QDataStream& s) const;

private:
    bool parse(const QByteArray& json, QVector<Entry>* entries, QString* error) const;
    QVector<Entry> m_entries;
};

} // namespace sl
