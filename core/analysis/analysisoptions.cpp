// SPDX-License-Identifier: MIT
#include "core/analysis/analysisoptions.h"

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

} // namespace sl
