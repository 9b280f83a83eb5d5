// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysiswindow.h"
#include "core/analysis/phasemap.h"
#include "core/analysis/taxonomy.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisOptions
{
    Q_DECLARE_TR_FUNCTIONS(AnalysisOptions)
public:
    /// Loads a phase map file (replaces the phases) and a taxonomy file (rules tried before the
    /// built-in ones) into these options; an empty path keeps that part. The one loader of
    /// `--phase-map`/`--taxonomy` (CLI) and the Preferences and Analysis menu (GUI): on failure
    /// nothing changes and `error` is the parser's message, naming the file.
    bool loadFiles(const QString& phaseMapFile, const QString& taxonomyFile, QString* error);

    WindowSpec window;
    PhaseMap phases = PhaseMap::defaultMap();
    Taxonomy taxonomy = Taxonomy::defaultTaxonomy();
    /// Idle gaps kept in AnalysisResult::gaps (largest first); every gap ≥ 500 ms is kept too.
    /// All gaps still count in DeviceStats::gapCount and the idle-cause totals.
    int maxGaps = 1000;
};

} // namespace sl
