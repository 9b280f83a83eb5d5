// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

class QCommandLineParser;

namespace sl {

struct SynthOptions;

/// The `synth` options for the model-design inputs (issue 23) — kept here so that the synth
/// command only calls three functions: `--memory-usage` (CUDA_GPU_MEMORY_USAGE_EVENTS rows in the
/// export, SynthMemoryUsage) and `--cublas-log FILE [--cublas-log-format api|lt]` (the cuBLAS or
/// cuBLASLt log of the export's GEMM launches, written after the export, SynthCublasLog).
class SynthInputOptions
{
    Q_DECLARE_TR_FUNCTIONS(SynthInputOptions)
public:
    static void addTo(QCommandLineParser& parser);
    /// Sets `options` from the parser; false with a translated message for a bad value.
    static bool apply(const QCommandLineParser& parser, SynthOptions* options, QString* error);
    /// After the export at `exportPath` is written: writes the files asked for. `message` gets a
    /// line saying what was written (empty when nothing was asked), or the error.
    static bool writeAfter(const QCommandLineParser& parser, const QString& exportPath, QString* message);
};

} // namespace sl
