// SPDX-License-Identifier: MIT
#include "core/synth/synthshapes.h"

#include "core/synth/synthenumtables.h"
#include "core/synth/synthmetadata.h"
#include "core/synth/synthrowsink.h"
#include "core/synth/synthschema.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

namespace sl {

namespace {
/// Every tr() of this file is in SynthShapes::write, which lupdate files under sl::SynthShapes.
QString tr(const char* text) { return QCoreApplication::translate("sl::SynthShapes", text); }

/// A prepared INSERT bound by position; the first error sticks.
class Insert
{
public:
    Insert(sqlite3* db, const char* sql) { m_ok = sqlite3_prepare_v2(db, sql, -1, &m_st, nullptr) == SQLITE_OK; }
    ~Insert() { sqlite3_finalize(m_st); }
    Insert(const Insert&) = delete;
    Insert& operator=(const Insert&) = delete;
    Insert& i(qint64 v)
    {
        sqlite3_bind_int64(m_st, ++m_col, v);
        return *this;
    }
    Insert& t(const QByteArray& v)
    {
        sqlite3_bind_text(m_st, ++m_col, v.constData(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    void row()
    {
        m_ok = m_ok && sqlite3_step(m_st) == SQLITE_DONE;
        sqlite3_reset(m_st);
        m_col = 0;
    }
    bool ok() const { return m_ok; }

private:
    sqlite3_stmt* m_st = nullptr;
    int m_col = 0;
    bool m_ok = false;
};

/// The string ids of the kernel and API names every step uses.
struct ShapeNames
{
    int tensor, simt, comm, launch;
};

/// The three INSERTs a step writes to.
struct ShapeInserts
{
    Insert& nvtx;
    Insert& api;
    Insert& kernel;
};

/// Step `s` of the shapes export (rows in start order per table, as nsys writes them): the step
/// range and its aten::linear → aten::addmm and aten::mm ranges, then three launches — a GEMM in
/// addmm, a GEMM in mm, the all-reduce outside any operator — with their kernels. `corr` is the
/// next correlation id.
void writeStep(ShapeInserts& in, const ShapeNames& names, qint64 s, qint64 tid, qint64 gpid, qint64& corr)
{
    const qint64 t0 = SynthShapes::kShapeStartNs + s * SynthShapes::kShapeStepNs;
    const QByteArray seq = QByteArray::number(s), op = QByteArray::number(3 * s + 1);
    in.nvtx.i(t0).i(t0 + SynthShapes::kStepRangeNs).t("decode_step").i(tid).row();
    in.nvtx.i(t0 + 5'000)
        .i(t0 + 100'000)
        .t("aten::linear, seq = " + seq + ", op_id = " + op + ", sizes = [[8, 4096], [4096, 4096], [4096]]")
        .i(tid)
        .row();
    in.nvtx.i(t0 + 10'000)
        .i(t0 + 90'000)
        .t("aten::addmm, seq = " + seq + ", op_id = " + QByteArray::number(3 * s + 2)
            + ", sizes = [[4096], [8, 4096], [4096, 4096]]")
        .i(tid)
        .row();
    in.nvtx.i(t0 + 300'000)
        .i(t0 + 320'000)
        .t("aten::mm, seq = " + seq + ", op_id = " + QByteArray::number(3 * s + 3)
            + ", sizes = [[64, 1024], [1024, 1024]]")
        .i(tid)
        .row();
    const qint64 calls[3] = { t0 + 20'000, t0 + 305'000, t0 + 325'000 };
    const qint64 starts[3]
        = { t0 + SynthShapes::kTensorGemmStart, t0 + SynthShapes::kSimtGemmStart, t0 + SynthShapes::kCommStart };
    const qint64 lengths[3] = { SynthShapes::kTensorGemmNs, SynthShapes::kSimtGemmNs, SynthShapes::kCommNs };
    const int kernelNames[3] = { names.tensor, names.simt, names.comm };
    const int streams[3] = { SynthIds::computeStream(0), SynthIds::computeStream(0), SynthIds::ncclStream(0) };
    for (int k = 0; k < 3; ++k) {
        in.api.i(calls[k]).i(calls[k] + 5'000).i(tid).i(corr + k).i(names.launch).row();
        in.kernel.i(starts[k])
            .i(starts[k] + lengths[k])
            .i(streams[k])
            .i(corr + k)
            .i(gpid)
            .i(kernelNames[k])
            .i(corr + k)
            .row();
    }
    corr += 3;
}

/// The kernel, runtime and NVTX rows of every step (counted in `result`), after one short call
/// at the very start, so the full window (first GPU or API event) holds every range of the
/// first step too. False with `error` set on a SQLite error.
bool writeSteps(
    sqlite3* db, qint64 steps, const ShapeNames& names, int getDeviceId, SynthResult& result, QString* error)
{
    const qint64 pid = SynthIds::workerPid(0);
    const qint64 tid = SynthIds::globalTid(pid, pid), gpid = SynthIds::globalPid(pid);
    Insert kernel(db,
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, streamId, correlationId, "
        "globalPid, demangledName, shortName, registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, "
        "staticSharedMemory, dynamicSharedMemory, localMemoryPerThread, localMemoryTotal, gridId, "
        "tensorSizeMinusOneElements) VALUES (?1, ?2, 0, 1, ?3, ?4, ?5, ?6, ?6, 128, 132, 1, 1, 256, 1, 1, "
        "0, 49152, 0, 0, ?7, 0)");
    Insert api(db, "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?1, ?2, 0, ?3, ?4, ?5, 0, NULL)");
    Insert nvtx(db,
        "INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, domainId) VALUES (?1, ?2, 59, ?3, ?4, "
        "0)");
    qint64 corr = 1;
    api.i(SynthShapes::kShapeStartNs).i(SynthShapes::kShapeStartNs + 1'000).i(tid).i(corr++).i(getDeviceId).row();
    ++result.runtimeCalls;
    ShapeInserts in { nvtx, api, kernel };
    for (qint64 s = 0; s < steps; ++s) {
        writeStep(in, names, s, tid, gpid, corr);
        result.kernels += 3, result.runtimeCalls += 3, result.nvtxRanges += 4;
    }
    if (kernel.ok() && api.ok() && nvtx.ok())
        return true;
    *error = QString::fromUtf8(sqlite3_errmsg(db));
    return false;
}
} // namespace

const char* SynthShapes::tensorGemmName()
{
    return "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_"
           "kernel__5x_cublas_gmma";
}
const char* SynthShapes::simtGemmName()
{
    return "sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x256x8_stage3_warpsize1x4x1_ffma_aligna4_alignc4_execute_"
           "kernel__5x_cublas";
}
const char* SynthShapes::commName()
{
    return "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<(unsigned long)4096>)";
}

SynthResult SynthShapes::write(const QString& path, const SynthOptions& options)
{
    SynthResult result;
    if (path.isEmpty() || options.steps < 1) {
        result.error = tr("Cannot write %1: invalid options (steps must be at least 1).").arg(path);
        return result;
    }
    SynthOptions one = options;
    one.ranks = 1;
    one.graphs = SynthGraphMode::None;
    const SynthPlan plan = SynthPlan::resolve(one);
    SynthStringIds strings = SynthMetadata::strings(plan);
    ShapeNames names;
    names.tensor = strings.add(tensorGemmName()), names.simt = strings.add(simtGemmName());
    names.comm = strings.add(commName()), names.launch = strings.add("cudaLaunchKernel_v7000");
    const int getDeviceId = strings.add("cudaGetDevice_v3020");

    const QString partPath = path + QStringLiteral(".part");
    QFile::remove(partPath);
    sqlite3* db = nullptr;
    QString error;
    bool ok = sqlite3_open_v2(
                  QFile::encodeName(partPath).constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        == SQLITE_OK;
    ok = ok
        && sqlite3_exec(db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN", nullptr, nullptr, nullptr)
            == SQLITE_OK;
    ok = ok && SynthMetadata::writeStrings(db, strings, &error) && SynthEnumTables::write(db, &error)
        && SynthMetadata::writeSystem(db, plan, strings, &error);
    using Table = SynthSchema::Table;
    ok = ok && SynthSchema::create(db, Table::Kernel, &error) && SynthSchema::create(db, Table::Runtime, &error)
        && SynthSchema::create(db, Table::Nvtx, &error);
    const qint64 lastNs = kShapeStartNs + options.steps * kShapeStepNs;
    ok = ok && writeSteps(db, options.steps, names, getDeviceId, result, &error);
    ok = ok && SynthMetadata::writeMetadata(db, plan, lastNs, &error);
    ok = ok && sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
    if (!ok && error.isEmpty() && db)
        error = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_close(db);
    if (ok) {
        QFile::remove(path);
        ok = QFile::rename(partPath, path);
        if (!ok)
            error = tr("cannot rename the finished file");
    }
    if (!ok) {
        QFile::remove(partPath);
        result.error = tr("Cannot write %1: %2").arg(QFileInfo(path).fileName(), error);
        return result;
    }
    result.ok = true;
    result.firstNs = kShapeStartNs;
    result.lastNs = lastNs;
    return result;
}

} // namespace sl
