// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QStringList>

namespace sl::cli {

/// The cluster-run commands (issue 22): `synth --per-rank`, `digest` and `cluster`. Each parses
/// its own arguments (args[0] is the command name) and returns an ExitCode (clicommands.h).
class ClusterCommands
{
    Q_DECLARE_TR_FUNCTIONS(ClusterCommands)
public:
    static int synthRanks(const QStringList& args);
    static int digest(const QStringList& args);
    static int cluster(const QStringList& args);
};

} // namespace sl::cli
