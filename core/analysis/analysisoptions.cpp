// SPDX-License-Identifier: MIT
#include "core/analysis/analysisoptions.h"

#include <cmath>

namespace sl {

namespace {
/// Read errors name the file already; parse errors ("Invalid phase map: …") do not.
QString naming(const QString& path, const QString& message)
{
    return message.contains(path) ? message : AnalysisOptions::tr("%1: %2").arg(path, message);
}
} // namespace

bool AnalysisOptions::loadFiles(const QString& phaseMapFile, const QString& taxonomyFile, QString* error)
{
    PhaseMap map = phases;
    Taxonomy tax = taxonomy;
    QString message;
    if (!phaseMapFile.isEmpty() && !PhaseMap::fromFile(phaseMapFile, &map, &message)) {
        *error = naming(phaseMapFile, message);
        return false;
    }
    if (!taxonomyFile.isEmpty() && !tax.extendFromFile(taxonomyFile, &message)) {
        *error = naming(taxonomyFile, message);
        return false;
    }
    phases = std::move(map);
    taxonomy = std::move(tax);
    return true;
}

bool AnalysisOptions::loadEfficiencyFiles(const QString& mathPathsFile, const QString& gpuPeaksFile, QString* error)
{
    MathPathTable paths = mathPaths;
    GpuPeaks table = peaks;
    QString message;
    if (!mathPathsFile.isEmpty() && !paths.extendFromFile(mathPathsFile, &message)) {
        *error = naming(mathPathsFile, message);
        return false;
    }
    if (!gpuPeaksFile.isEmpty() && !table.extendFromFile(gpuPeaksFile, &message)) {
        *error = naming(gpuPeaksFile, message);
        return false;
    }
    mathPaths = std::move(paths);
    peaks = std::move(table);
    return true;
}

bool AnalysisOptions::setPeakTflops(const QString& text, QString* error)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        peakTflops.reset();
        return true;
    }
    bool ok = false;
    const double peak = trimmed.toDouble(&ok);
    // !(peak > 0) also refuses nan; inf is no peak either.
    if (!ok || !(peak > 0) || !std::isfinite(peak)) {
        *error = tr("The peak TFLOP/s must be a positive number, not \"%1\".").arg(trimmed);
        return false;
    }
    peakTflops = peak;
    return true;
}

} // namespace sl
