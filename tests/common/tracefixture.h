// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QTemporaryDir>

struct sqlite3;

namespace sl::test {

/// Builds a small Nsight Systems-shaped SQLite export in a temporary folder, row by row, so
/// every test states its input and computes its expected values by hand. Fixtures are generated,
/// never committed blobs.
class TraceFixture
{
public:
    enum class Schema {
        Nsys2026, ///< 2026.x columns (greenContextId, mangledName, META_DATA_EXPORT/CAPTURE, PROCESSES, ENUMs)
        Nsys2021, ///< 2021.2 shape: no metadata tables, no PROCESSES, no mangledName, no greenContextId
        Empty, ///< no tables at all (add your own with exec())
    };
    explicit TraceFixture(Schema schema = Schema::Nsys2026, const QString& fileName = QStringLiteral("trace.sqlite"));
    ~TraceFixture();

    static constexpr qint64 globalPid(quint32 pid) { return (qint64(1) << 48) | (qint64(pid) << 24); }
    static constexpr qint64 globalTid(quint32 pid, quint32 tid) { return globalPid(pid) | tid; }
    /// A GPU-metric typeId as nsys packs it: <Hardware ID:8><VM ID:8><Source ID:16><Event tag:24>
    /// <GPU ID:8> (NVIDIA nsys_recipe, lib/data_utils.py add_cols_from_type_id), VM ID 1 as in
    /// real exports. The result is the 64-bit pattern: hardware ≥ 0x80 gives a negative qint64,
    /// as SQLite stores it.
    static constexpr qint64 gpuMetricTypeId(
        int gpu, quint32 eventTag = kMetricEventTag, quint16 source = kMetricSource, quint8 hardware = 0)
    {
        return qint64((quint64(hardware) << 56) | (quint64(1) << 48) | (quint64(source) << 32)
            | (quint64(eventTag & 0xFFFFFF) << 8) | quint64(gpu & 0xFF));
    }
    static constexpr quint16 kMetricSource = 0x0002;
    static constexpr quint32 kMetricEventTag = 0x01F4A3;

    void exec(const QString& sql);
    /// Interns a string into StringIds and returns its id.
    qint64 string(const QString& s);
    void kernel(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid, const QString& name,
        int blockX = 128, int registers = 32, int sharedMem = 0, qint64 graphNodeId = 0);
    void runtime(
        qint64 start, qint64 end, quint32 pid, quint32 tid, quint32 corr, const QString& name, int eventClass = 0);
    void memcpy(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid, qint64 bytes, int copyKind,
        int srcKind, int dstKind);
    void memset(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid, qint64 bytes);
    void graphLaunch(qint64 start, qint64 end, int device, int stream, quint32 corr, quint32 pid, int graphId);
    /// eventType 59 (push/pop) or 60 (start/end, may end on `endTid`); `registered` stores the name via textId.
    void nvtx(qint64 start, qint64 end, quint32 pid, quint32 tid, const QString& name, int eventType = 59,
        quint32 endTid = 0, bool registered = false);
    /// A PROFILER_OVERHEAD row (the profiler's own work, e.g. "CUPTI Buffer flush" on a CUPTI thread).
    void profilerOverhead(qint64 start, qint64 end, quint32 pid, quint32 tid, const QString& name);
    void process(quint32 pid, const QString& name);
    void thread(quint32 pid, quint32 tid, const QString& name);
    void gpu(int id, const QString& name, int smCount = 132);
    /// Creates GPU_METRICS and TARGET_INFO_GPU_METRICS as `nsys --gpu-metrics-devices` exports do
    /// (empty); `rawTimestamp`: GPU_METRICS starts with the raw clock column of newer exports.
    /// Write their typeIds with gpuMetricTypeId(), never small numbers: a reader that keeps 32
    /// bits must fail the test, as it fails on real exports.
    void gpuMetricsTables(bool rawTimestamp = false);
    void meta(const QString& table, const QString& name, const QString& value);

    /// Closes the database and returns its path (the fixture can be reopened with exec()).
    QString path();
    QString dir() const { return m_dir.path(); }

private:
    void open();
    void createSchema(Schema schema);
    QTemporaryDir m_dir;
    QString m_path;
    sqlite3* m_db = nullptr;
    Schema m_schema;
};

} // namespace sl::test
