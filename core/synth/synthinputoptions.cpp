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
    p.addOption({ QStringLiteral("cublas-log-format"),
        tr("Format of --cublas-log: api (cuBLAS, CUBLAS_LOGINFO_DBG=1; default) or lt (cuBLASLt, "
           "CUBLASLT_LOG_LEVEL=2)."),
        tr("FORMAT"), QStringLiteral("api") });
}

bool SynthInputOptions::apply(const QCommandLineParser& p, SynthOptions* o, QString* error)
{
    o->memoryUsage = p.isSet(QStringLiteral("memory-usage"));
    const QString format = p.value(QStringLiteral("cublas-log-format")).toLower();
    if (format != QLatin1String("api") && format != QLatin1String("lt")) {
        *error = tr("--cublas-log-format takes api or lt, not '%1'.").arg(format);
        return false;
    }
    return true;
}

bool SynthInputOptions::writeAfter(const QCommandLineParser& p, const QString& exportPath, QString* message)
{
    message->clear();
    if (!p.isSet(QStringLiteral("cublas-log")))
        return true;
    const QString log = p.value(QStringLiteral("cublas-log"));
    const QString format = p.value(QStringLiteral("cublas-log-format")).toLower(); // checked by apply()
    qint64 calls = 0;
    QString error;
    const auto f = format == QLatin1String("lt") ? SynthCublasLog::Format::Lt : SynthCublasLog::Format::Api;
    if (!SynthCublasLog::write(exportPath, log, f, &calls, &error)) {
        *message = error;
        return false;
    }
    *message = tr("%1: %n GEMM call(s)", nullptr, int(std::min<qint64>(calls, INT_MAX))).arg(log);
    return true;
}

} // namespace sl
