// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QStringList>

namespace sl::cli {

/// `sightline-cli bench`: the scale benchmark (docs/benchmarks.md). For each size it generates
/// (or takes) a trace and measures, in one run, the floor (a bare SQLite C API scan of the
/// columns the loader reads), the load into the model, the analysis, the report writing and
/// peak memory, and prints each as a ratio to the floor.
class BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCommand)
public:
    static int run(const QStringList& args);
};

} // namespace sl::cli
