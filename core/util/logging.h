// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

/// Logging categories of the core. A failure the user sees is a translated value (LoadOutcome,
/// an error string); these carry what would otherwise leave no trace (an error swallowed on a
/// path that has to go on, a cancelled job) for whoever runs with
/// QT_LOGGING_RULES="sightline.*.debug=true". Messages are for developers: not translated,
/// no personal data (file names only, never paths).
namespace sl {

/// Opening and reading exports, resources and output files (`sightline.io`).
Q_DECLARE_LOGGING_CATEGORY(lcIo)
/// Analyses, comparisons, phase maps and taxonomies (`sightline.analysis`).
Q_DECLARE_LOGGING_CATEGORY(lcAnalysis)

} // namespace sl
