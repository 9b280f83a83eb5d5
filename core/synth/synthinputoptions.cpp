// SPDX-License-Identifier: MIT
#include "core/synth/synthinputoptions.h"

#include "core/synth/synthcublaslog.h"
#include "core/synth/synthoptions.h"

#include <QCommandLineParser>

#include <algorithm>
#include <climits>

namespace sl {

void SynthInputOptions::addTo(QCommandLineParser& p)
{
    p.addOption({ QStringLiteral("memory-usage"),
        tr("Also write GPU memory allocation and free rows (CUDA_GPU_MEMORY_USAGE_EVENTS) as nsys "
           "--cuda-memory-usage=true does: weights and KV cache per GPU, a workspace per step.") });
    p.addOption({ QStringLiteral("cublas-log"),
        tr("Also write the cuBLAS API log (CUBLAS_LOGINFO_DBG=1 format) of the export's GEMM launches to FILE, for "
           "analyze --cublas-log."),
        tr("FILE") });
}

void SynthInputOptions::apply(const QCommandLineParser& p, SynthOptions* o)
{
    o->memoryUsage = p.isSet(QStringLiteral("memory-usage"));
}

bool SynthInputOptions::writeAfter(const QCommandLineParser& p, const QString& exportPath, QString* message)
{
    message->clear();
    if (!p.isSet(QStringLiteral("cublas-log")))
        return true;
    const QString log = p.value(QStringLiteral("cublas-log"));
    qint64 calls = 0;
    QString error;
    if (!SynthCublasLog::write(exportPath, log, &calls, &error)) {
        *message = error;
        return false;
    }
    *message = tr("%1: %n cublasGemmEx call(s)", nullptr, int(std::min<qint64>(calls, INT_MAX))).arg(log);
    return true;
}

} // namespace sl
