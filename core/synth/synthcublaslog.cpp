// SPDX-License-Identifier: MIT
#include "core/synth/synthcublaslog.h"

#include "core/io/sqliteconnection.h"
#include "core/synth/synthkernelcatalog.h"

#include <QDateTime>
#include <QSaveFile>
#include <QTimeZone>

namespace sl {

namespace {

struct Gemm
{
    SynthKernel kind;
    qint64 m, k; ///< output and input features
};
// The catalogue's GEMMs (core/synth/synthkernelcatalog.cpp) and the layer dimensions their grids
// encode (grid x × tile n = output features).
constexpr Gemm kGemms[] = {
    { SynthKernel::QkvGemm, 6144, 4096 },
    { SynthKernel::OutProjGemm, 4096, 4096 },
    { SynthKernel::GateUpGemm, 28672, 4096 },
    { SynthKernel::DownGemm, 4096, 14336 },
    { SynthKernel::LmHeadGemm, 128256, 4096 },
};
constexpr qint64 kDecodeTokens = 64, kPrefillTokens = 2048;
// The synthetic session's start, 2026-01-01T09:00:00 UTC (SynthMetadata), in s since the epoch.
constexpr qint64 kSessionEpochS = 1'767'258'000;

/// One cublasGemmEx call as cuBLAS 13.1 logs it with CUBLAS_LOGINFO_DBG=1.
QByteArray gemmEx(const SynthCublasLog::Shape& s, qint64 pid, qint64 thread, int gpu, qint64 atNs)
{
    const QString handle = QStringLiteral("0x0x%1").arg(0x404faa20 + 0x1000 * gpu, 0, 16);
    const double seconds = double(atNs) / 1e9;
    const QString when = QDateTime::fromSecsSinceEpoch(kSessionEpochS + atNs / 1'000'000'000, QTimeZone::utc())
                             .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
    QString t = QStringLiteral(
        "I! cuBLAS (v13.1.0) function cublasStatus_t cublasGemmEx(cublasHandle_t, cublasOperation_t, "
        "cublasOperation_t, int, int, int, const void*, const void*, cudaDataType, int, const void*, cudaDataType, "
        "int, const void*, void*, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) called:\n");
    t += QStringLiteral("i!  handle: type=cublasHandle_t; val=POINTER (IN HEX:%1)\n"
                        "i!  transa: type=cublasOperation_t; val=CUBLAS_OP_T(1)\n"
                        "i!  transb: type=cublasOperation_t; val=CUBLAS_OP_N(0)\n")
             .arg(handle);
    t += QStringLiteral("i!  m: type=int; val=%1\ni!  n: type=int; val=%2\ni!  k: type=int; val=%3\n")
             .arg(s.m)
             .arg(s.n)
             .arg(s.k);
    t += QStringLiteral("i!  alpha: type=void; val=POINTER (IN HEX:0x0x7fffa8df8c30)\n"
                        "i!  A: type=void; val=POINTER (IN HEX:0x0x7fc69c000000)\n"
                        "i!  Atype: type=cudaDataType_t; val=CUDA_R_16BF(14)\n"
                        "i!  lda: type=int; val=%1\n"
                        "i!  B: type=void; val=POINTER (IN HEX:0x0x7fc6a3000000)\n"
                        "i!  Btype: type=cudaDataType_t; val=CUDA_R_16BF(14)\n"
                        "i!  ldb: type=int; val=%1\n"
                        "i!  beta: type=void; val=POINTER (IN HEX:0x0x7fffa8df8c34)\n"
                        "i!  C: type=void; val=POINTER (IN HEX:0x0x7fc6a8000000)\n"
                        "i!  Ctype: type=cudaDataType_t; val=CUDA_R_16BF(14)\n"
                        "i!  ldc: type=int; val=%2\n"
                        "i!  computeType: type=cublasComputeType_t; val=CUBLAS_COMPUTE_32F(68)\n"
                        "i!  algo: type=SOME TYPE; val=CUBLAS_GEMM_DEFAULT_TENSOR_OP(99)\n")
             .arg(s.k)
             .arg(s.m);
    t += QStringLiteral("i! Time: %1 elapsed from start %2 minutes or %3 seconds\n")
             .arg(when)
             .arg(seconds / 60, 0, 'f', 6)
             .arg(seconds, 0, 'f', 6);
    t += QStringLiteral("i!Process=%1; Thread=%2; GPU=%3; Handle=POINTER (IN HEX:%4); StreamId=POINTER (IN "
                        "HEX:0x0x%5); MathMode=CUBLAS_DEFAULT_MATH\n")
             .arg(pid)
             .arg(thread)
             .arg(gpu)
             .arg(handle)
             .arg(0x5a3c1e0 + 0x100 * gpu, 0, 16);
    t += QStringLiteral("i! COMPILED WITH: GNU GCC/G++ / 8.5.0 20210514 (Red Hat 8.5.0-26)\n");
    return t.toUtf8();
}

/// The same call as cuBLASLt 13.1 logs it at level 2: D = op(A)·B with A k × m (transa T), B k ×
/// n, C and D m × n, all bf16 column-major; the 128×128 tile of the synthetic GEMMs.
QByteArray ltMatmul(const SynthCublasLog::Shape& s, qint64 pid, qint64 atNs)
{
    const QString when = QDateTime::fromSecsSinceEpoch(kSessionEpochS + atNs / 1'000'000'000, QTimeZone::utc())
                             .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    const QString desc = QStringLiteral("[type=R_16BF rows=%1 cols=%2 ld=%1]");
    return QStringLiteral("[%1][cublasLt][%2][Trace][cublasLtTSTMatmul] A=0X7F1A1A000000 Adesc=%3 B=0X7F1A21000000 "
                          "Bdesc=%4 C=0X7F1A26000000 Cdesc=%5 D=0X7F1A26000000 Ddesc=%5 computeDesc=[computeType="
                          "COMPUTE_32F scaleType=R_32F transa=OP_T smCountTarget=132] algo=[algoId=66 "
                          "tile=MATMUL_TILE_128x128 stages=MATMUL_STAGES_64xAUTO customOption=0 "
                          "clusterShape=CLUSTER_SHAPE_2x1x1] workSpace=0X7F1A24000000 workSpaceSizeInBytes=4194304 "
                          "beta=0 outOfPlace=0 stream=0X5A3C1E0\n")
        .arg(when)
        .arg(pid)
        .arg(desc.arg(s.k).arg(s.m), desc.arg(s.k).arg(s.n), desc.arg(s.m).arg(s.n))
        .toUtf8();
}

} // namespace

SynthCublasLog::Shape SynthCublasLog::shapeOf(const QString& name, qint64 gridX, qint64 gridY)
{
    for (const Gemm& g : kGemms) {
        const SynthKernelSpec& spec = SynthKernelCatalog::spec(g.kind);
        if (name != QLatin1String(spec.demangled) || gridX != spec.gridDecode[0])
            continue;
        const bool prefill = spec.gridPrefill[1] != spec.gridDecode[1] && gridY == spec.gridPrefill[1];
        return { g.m, prefill ? kPrefillTokens : kDecodeTokens, g.k };
    }
    return {};
}

bool SynthCublasLog::write(
    const QString& exportPath, const QString& logPath, Format format, qint64* calls, QString* error)
{
    *calls = 0;
    // Read back through the one way Sightline opens an export (read-only, SqliteConnection).
    const SqliteConnection db(exportPath);
    // The GEMM launches with their own cudaLaunchKernel call (of the kernel's process:
    // correlation ids repeat across processes), per thread in call order.
    SqliteStatement st(db,
        QStringLiteral("SELECT r.globalTid, r.start, k.deviceId, k.gridX, k.gridY, s.value FROM "
                       "CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId = "
                       "k.correlationId AND (r.globalTid >> 24) = (k.globalPid >> 24) JOIN StringIds s ON s.id = "
                       "k.demangledName JOIN StringIds n ON n.id = r.nameId WHERE n.value LIKE 'cudaLaunchKernel%' "
                       "AND s.value LIKE '%gemm%' ORDER BY r.globalTid, r.start"));
    if (!db.isOpen() || !st.isValid()) {
        *error = tr("Cannot read %1: %2").arg(exportPath, db.isOpen() ? st.errorText() : db.errorText());
        return false;
    }
    QSaveFile file(logPath);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("Cannot write %1: %2").arg(logPath, file.errorString());
        return false;
    }
    bool ok = true;
    while (ok && st.next()) {
        const Shape s = shapeOf(st.text(5), st.int64(3), st.int64(4));
        if (s.m == 0)
            continue;
        // cuBLAS logs pthread_self(), not the OS thread id: a value like glibc's, one per thread.
        const qint64 globalTid = st.int64(0), at = st.int64(1);
        const qint64 pid = (globalTid >> 24) & 0xFFFFFF, tid = globalTid & 0xFFFFFF;
        const qint64 thread = 0x7fc8a4e00000 + tid * 0x1000000;
        ok = file.write(format == Format::Lt ? ltMatmul(s, pid, at) : gemmEx(s, pid, thread, int(st.int64(2)), at))
            >= 0;
        ++*calls;
    }
    if (ok && !st.errorText().isEmpty()) {
        *error = tr("Cannot read %1: %2").arg(exportPath, st.errorText());
        return false;
    }
    if (!ok || !file.commit()) {
        *error = tr("Cannot write %1: %2").arg(logPath, file.errorString());
        return false;
    }
    return true;
}

} // namespace sl
