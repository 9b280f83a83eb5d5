// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

#include <QCommandLineParser>

namespace sl::cli {

// The option lists of analyze, compare and synth (their texts in the Commands translation
// context), apart from the commands that read them (clicommands.cpp).

/// --window, --phase-map and --taxonomy, shared by analyze and compare.
void addAnalysisOptions(QCommandLineParser& p);
/// --no-cache: analyze, compare and cluster read and write the trace cache (TraceCache) unless told not to.
void addCacheOption(QCommandLineParser& p);
LoadOptions loadOptions(const QCommandLineParser& p);
void addNsysOption(QCommandLineParser& p);
/// --ncu-timeout, --nvml-columns: how the counter files of analyze and compare are read.
void addCounterFileOptions(QCommandLineParser& p);
/// analyze's description, arguments and options.
void addAnalyzeOptions(QCommandLineParser& p);
/// compare's description, arguments and options.
void addCompareOptions(QCommandLineParser& p);
/// synth's description and options.
void addSynthOptions(QCommandLineParser& p);

} // namespace sl::cli
