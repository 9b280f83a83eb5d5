// SPDX-License-Identifier: MIT
// GPU memory (docs/analysis.md "GPU memory", issue 23.4): the in-use lane per GPU, peaks per GPU,
// process and phase, headroom, churn and the allocation-in-step finding, on an export whose
// CUDA_GPU_MEMORY_USAGE_EVENTS has nsys 2024's columns. The lanes are recomputed with a SQL
// window function over the file; the other figures by hand in the comments.
#include "core/analysis/analyzer.h"
#include "core/analysis/passes/memoryanalysis.h"
#include "core/report/jsonreport.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

constexpr qint64 GiB = qint64(1) << 30, MiB = qint64(1) << 20;
constexpr qint64 kH100Memory = 85'520'809'984; // nvidia-smi: 81559 MiB, NVIDIA H100 80GB HBM3

/// One row of CUDA_GPU_MEMORY_USAGE_EVENTS as nsys 2024+ writes it (0 = allocation, 1 = free;
/// memKind 2 = device memory in ENUM_CUDA_MEM_KIND).
void memoryEvent(TraceFixture& fx, qint64 start, int device, quint32 pid, qint64 bytes, int op)
{
    static quint64 address = 0x7f1a1a000000;
    address += 0x1000000;
    fx.exec(QStringLiteral("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS (start, globalPid, deviceId, contextId, address, "
                           "pc, bytes, memKind, memoryOperationType, name, correlationId, streamId) VALUES "
                           "(%1, %2, %3, 1, %4, 0, %5, 2, %6, NULL, 0, 7)")
                .arg(start)
                .arg(TraceFixture::globalPid(pid))
                .arg(device)
                .arg(address)
                .arg(bytes)
                .arg(op));
}

QString buildExport(TraceFixture& fx)
{
    fx.exec(QStringLiteral(
        "CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER NOT NULL, globalPid INTEGER NOT NULL, deviceId "
        "INTEGER NOT NULL, contextId INTEGER NOT NULL, address INTEGER NOT NULL, pc INTEGER NOT NULL, bytes INTEGER "
        "NOT "
        "NULL, memKind INTEGER NOT NULL, memoryOperationType INTEGER NOT NULL, name TEXT, correlationId INTEGER, "
        "streamId INTEGER, localMemoryPoolAddress INTEGER, localMemoryPoolReleaseThreshold INTEGER, "
        "localMemoryPoolSize INTEGER, localMemoryPoolUtilizedSize INTEGER, importedMemoryPoolAddress INTEGER, "
        "importedMemoryPoolProcessId INTEGER)"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.gpu(1, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.exec(QStringLiteral("UPDATE TARGET_INFO_GPU SET totalMemory = %1").arg(kH100Memory));
    memoryEvent(fx, 1'000'000, 0, 4242, GiB, 0);
    memoryEvent(fx, 2'000'000, 0, 4242, 512 * MiB, 0);
    memoryEvent(fx, 2'500'000, 0, 4242, 512 * MiB, 1);
    memoryEvent(fx, 3'000'000, 1, 4343, 2 * GiB, 0);
    memoryEvent(fx, 3'500'000, 0, 4242, 256 * MiB, 1);
    memoryEvent(fx, 4'000'000, 1, 4343, 3 * GiB, 1); // frees 1 GiB allocated before the capture
    memoryEvent(fx, 4'100'000, 70000, 4343, GiB, 0); // device id out of range: left out, warned
    // Decode steps on 4242's main thread; two allocation calls inside step A, one before it.
    const QString step = QStringLiteral("execute_context_0(0)_generation_8(8)");
    fx.nvtx(1'800'000, 2'600'000, 4242, 4243, step); // A
    fx.nvtx(3'200'000, 3'400'000, 4242, 4243, step); // B
    fx.runtime(900'000, 1'000'000, 4242, 4243, 1, QStringLiteral("cudaMalloc_v3020"));
    fx.runtime(1'900'000, 2'000'000, 4242, 4243, 2, QStringLiteral("cudaMalloc_v3020"));
    fx.runtime(2'450'000, 2'500'000, 4242, 4243, 3, QStringLiteral("cudaFree_v3020"));
    return fx.path();
}

} // namespace

class TestMemory : public QObject
{
    Q_OBJECT
private slots:
    void lanesEqualSql()
    {
        TraceFixture fx;
        const QString path = buildExport(fx);
        const TracePtr t = sl::test::loadFixture(fx);
        QVERIFY(t);
        QCOMPARE(t->memoryUsage.size(), 6);
        QVERIFY(t->loadWarnings.join(QLatin1Char('\n')).contains(QStringLiteral("CUDA_GPU_MEMORY_USAGE_EVENTS")));
        const AnalysisPtr r = sl::test::analyzeWindow(t);
        QVERIFY(r);
        const auto rows = sl::test::selectRows(path,
            QStringLiteral("SELECT deviceId, start, SUM(CASE memoryOperationType WHEN 0 THEN bytes ELSE -bytes END) "
                           "OVER (PARTITION BY deviceId ORDER BY start, rowid ROWS UNBOUNDED PRECEDING) "
                           "FROM CUDA_GPU_MEMORY_USAGE_EVENTS WHERE deviceId < 65535 ORDER BY deviceId, start, rowid"),
            3);
        QCOMPARE(r->memory.devices.size(), 2);
        for (const MemoryDeviceStats& d : r->memory.devices) {
            std::vector<qint64> times, running;
            for (const auto& row : rows)
                if (row[0] == d.deviceId)
                    times.push_back(row[1]), running.push_back(row[2]);
            const qint64 lowest = std::min<qint64>(0, *std::min_element(running.begin(), running.end()));
            for (qint64& v : running)
                v -= lowest;
            QCOMPARE(d.t, times);
            QCOMPARE(d.inUse, running);
            QCOMPARE(d.peakBytes, *std::max_element(running.begin(), running.end()));
            QCOMPARE(d.totalBytes, kH100Memory);
            QCOMPARE(*d.headroomBytes, kH100Memory - d.peakBytes);
        }
        // By hand: GPU 0 peaks at 1.5 GiB at 2 ms; GPU 1 at 3 GiB (2 GiB + the 1 GiB freed later).
        QCOMPARE(r->memory.devices[0].peakBytes, GiB + 512 * MiB);
        QCOMPARE(r->memory.devices[0].peakNs, 2'000'000);
        QCOMPARE(r->memory.devices[1].peakBytes, 3 * GiB);
        QCOMPARE(r->memory.devices[1].baselineBytes, GiB);
    }

    /// The timeline lane: a counter series per GPU whose samples hold the value before each
    /// event (a counter sample covers the period ending at its time), then the last value.
    void laneIsACounterSeries()
    {
        TraceFixture fx;
        buildExport(fx);
        const TracePtr t = sl::test::loadFixture(fx);
        QVERIFY(t);
        const CounterSeries* lane = t->counters.find(0, QStringLiteral("GPU Memory In Use"));
        QVERIFY(lane);
        QCOMPARE(lane->source, CounterSeries::Source::MemoryEvents);
        QCOMPARE(lane->unit, QStringLiteral("MiB"));
        QCOMPARE(lane->t, (std::vector<qint64> { 1'000'000, 2'000'000, 2'500'000, 3'500'000, 3'500'001 }));
        QCOMPARE(lane->v, (std::vector<float> { 0, 1024, 1536, 1024, 768 }));
        const CounterSeries* gpu1 = t->counters.find(1, QStringLiteral("GPU Memory In Use"));
        QVERIFY(gpu1);
        QCOMPARE(gpu1->v, (std::vector<float> { 1024, 3072, 0 })); // raised by the 1 GiB freed from before
    }

    void peaksChurnAndFinding()
    {
        TraceFixture fx;
        buildExport(fx);
        const AnalysisPtr r = sl::test::analyzeWindow(sl::test::loadFixture(fx));
        QVERIFY(r);
        const MemoryStats& m = r->memory;
        QCOMPARE(m.processes.size(), 2);
        QCOMPARE(m.processes[0].pid, 4242u);
        QCOMPARE(m.processes[0].peakBytes, GiB + 512 * MiB);
        QCOMPARE(m.processes[1].pid, 4343u);
        QCOMPARE(m.processes[1].peakBytes, 3 * GiB);
        // Decode steps A (0.8 ms, holding 1.5 GiB at its peak) and B (0.2 ms).
        QCOMPARE(m.phases.size(), 1);
        QCOMPARE(m.phases[0].phase, QStringLiteral("decode"));
        QCOMPARE(m.phases[0].steps, 2);
        QCOMPARE(m.phases[0].peakBytes, GiB + 512 * MiB);
        QCOMPARE(m.allocCalls, 2);
        QCOMPARE(m.freeCalls, 1);
        QCOMPARE(m.callHostNs, 250'000);
        QCOMPARE(m.inStepCalls.size(), size_t(2));
        QCOMPARE(m.inStepHostNs, 150'000); // 100 us + 50 us inside A
        QCOMPARE(m.stepWallNs, 1'000'000);
        const Finding* f = sl::test::findingById(*r, QStringLiteral("allocation-in-step"));
        QVERIFY(f);
        QCOMPARE(f->impactNs, 150'000);
        QCOMPARE(f->evidence[0].rowCount, 2);
        const QJsonObject j = JsonReport::build(*r).value(QStringLiteral("memory")).toObject();
        QCOMPARE(j.value(QStringLiteral("devices")).toArray().size(), 2);
        QCOMPARE(
            j.value(QStringLiteral("churn")).toObject().value(QStringLiteral("in_step_host_ns")).toInteger(), 150'000);
    }

    void allocationNames()
    {
        QCOMPARE(MemoryAnalysis::allocationKind(QStringLiteral("cudaMalloc_v3020")), 1);
        QCOMPARE(MemoryAnalysis::allocationKind(QStringLiteral("cudaMallocAsync_v11020")), 1);
        QCOMPARE(MemoryAnalysis::allocationKind(QStringLiteral("cuMemAlloc_v2")), 1);
        QCOMPARE(MemoryAnalysis::allocationKind(QStringLiteral("cudaFreeAsync_v11020")), -1);
        QCOMPARE(MemoryAnalysis::allocationKind(QStringLiteral("cudaLaunchKernel_v7000")), 0);
    }

    /// No memory events and no allocation calls (memory tracking off): no memory figures.
    void noEventsNoFigures()
    {
        TraceFixture fx;
        fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
        fx.kernel(1'000, 2'000, 0, 7, 1, 4242, QStringLiteral("k"));
        const AnalysisPtr r = sl::test::analyzeWindow(sl::test::loadFixture(fx));
        QVERIFY(r);
        QVERIFY(!r->memory.present());
        QVERIFY(!JsonReport::build(*r)
                     .value(QStringLiteral("memory"))
                     .toObject()
                     .value(QStringLiteral("present"))
                     .toBool());
    }
};

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
