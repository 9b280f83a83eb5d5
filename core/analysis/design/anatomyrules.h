// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/rules/patternlist.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

#include <optional>

namespace sl {

/// The operator classes of the model anatomy and the rules that put a kernel in one
/// (resources/anatomy/default-anatomy.json, documented in docs/analysis.md "Model anatomy").
class AnatomyRules
{
    Q_DECLARE_TR_FUNCTIONS(AnatomyRules)
public:
    /// Stable keys (report.json, CSV), in report order; "other" last.
    static QStringList classes();
    static QString classLabel(int cls); ///< translated
    static AnatomyRules defaultRules();
    /// Prepends the classes and bandwidth entries of a JSON document of the same format.
    bool extendFromJson(const QByteArray& json, QString* error);
    /// Same, from a user file (`--anatomy FILE`); the error names the file.
    bool extendFromFile(const QString& path, QString* error);

    /// The class (index into classes()) of the first entry whose kernel patterns match, or −1.
    int byKernel(const QString& kernelName) const;
    /// The class of the first entry whose NVTX patterns match a range name, or −1.
    int byNvtx(const QString& rangeName) const;
    /// The class of the first entry listing a taxonomy category, or −1.
    int byCategory(const QString& category) const;
    /// Peak DRAM bandwidth of a TARGET_INFO_GPU name in TB/s, when the model is listed.
    std::optional<double> bandwidthTbps(const QString& gpuName) const;
    /// Writes every rule into `s`: equal tables write equal bytes, so the result cache can tell
    /// whether an analysis ran with these rules (AnalysisFingerprint).
    void fingerprint(QDataStream& s) const;

private:
    struct Rule
    {
        int cls = 0;
        PatternList kernels, nvtx;
        QStringList categories;
    };
    struct Bandwidth
    {
        PatternList match;
        double tbps = 0;
    };
    bool parse(const QByteArray& json, QVector<Rule>* rules, QVector<Bandwidth>* bandwidth, QString* error) const;
    QVector<Rule> m_rules;
    QVector<Bandwidth> m_bandwidth;
};

} // namespace sl
