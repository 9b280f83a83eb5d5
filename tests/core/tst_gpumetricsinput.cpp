// SPDX-License-Identifier: MIT
// GPU metrics from inputs shaped like nsys's own and from damaged ones (issue 19): type ids
// with nsys's 64-bit layout, one case per id field; sparse rowids; values that are no finite
// number (GPU_METRICS, NVML, Nsight Compute); samples that do not overlap the capture; a large
// names table; a GPU_METRICS or names table SQLite cannot read (issue 21.2: a note, not a
// refused trace). Each input is built here, in a temporary folder; expected values are stated by
// hand or selected by SQL over the export.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <sqlite3.h>

using namespace sl;
using test::TraceFixture;

class TestGpuMetricsInput : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void typeIdFields_data();
    void typeIdFields();
    void synthIdsFollowNsysLayout();
    void sparseRowids();
    void nonFiniteValuesAreDataQuality();
    void nonFiniteValuesOverPredicateSql();
    void nonFiniteImports();
    void samplesOutsideTheWindow();
    void manyNamesAndTypes();
    void damagedTableIsANote_data();
    void damagedTableIsANote();
    void missingSchemaIsANote_data();
    void missingSchemaIsANote();

private:
    /// A copy of the synthetic export, changed by `sql` (run through the SQLite C API).
    QString changedCopy(const QString& name, const QString& sql);
    /// NVML CSV rows (epoch seconds, GPU 0) every 1 ms over [fromNs, toNs) of the session
    /// timeline; `value(i)` gives the SM clock column of row i.
    QString nvmlCsv(const QString& name, qint64 fromNs, qint64 toNs, const std::function<QString(int)>& clock);

    QTemporaryDir m_dir;
    QString m_export;
    qint64 m_sessionStartUtcNs = 0;
};

void TestGpuMetricsInput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_export = m_dir.filePath(QStringLiteral("synth.sqlite"));
    SynthOptions o;
    o.steps = 12;
    o.ranks = 2;
    o.gpuMetricsPeriodNs = 1'000'000; // 1 kHz: 135,000 rows
    const SynthResult w = writeSynthTrace(m_export, o, {});
    QVERIFY2(w.ok, qPrintable(w.error));
    const auto start
        = test::selectRows(m_export, QStringLiteral("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME"), 1);
    QCOMPARE(start.size(), 1);
    m_sessionStartUtcNs = start[0][0];
}

QString TestGpuMetricsInput::changedCopy(const QString& name, const QString& sql)
{
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    if (!QFile::copy(m_export, path))
        return {};
    sqlite3* db = nullptr;
    char* message = nullptr;
    const bool ok = sqlite3_open(path.toUtf8().constData(), &db) == SQLITE_OK
        && sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, &message) == SQLITE_OK;
    if (!ok)
        qWarning("%s: %s", qPrintable(sql), message ? message : sqlite3_errmsg(db));
    sqlite3_free(message);
    sqlite3_close(db);
    return ok ? path : QString();
}

QString TestGpuMetricsInput::nvmlCsv(
    const QString& name, qint64 fromNs, qint64 toNs, const std::function<QString(int)>& clock)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("timestamp,gpu,power_w,sm_clock_mhz,gpu_util_pct\n");
    int i = 0;
    for (qint64 t = fromNs; t < toNs; t += 1'000'000, ++i) {
        const qint64 epoch = m_sessionStartUtcNs + t;
        f.write(QStringLiteral("%1.%2,0,300,%3,50\n")
                    .arg(epoch / 1'000'000'000)
                    .arg(epoch % 1'000'000'000, 9, 10, QLatin1Char('0'))
                    .arg(clock(i))
                    .toUtf8());
    }
    return path;
}

void TestGpuMetricsInput::typeIdFields_data()
{
    // Two named metrics, A ("SMs Active", value 30) and B ("DRAM Read Bandwidth", value 70),
    // whose (typeId, metricId) differ in one field only. A reader that drops or folds that field
    // joins B's samples to A's name (or drops both).
    QTest::addColumn<qint64>("typeA");
    QTest::addColumn<qint64>("metricA");
    QTest::addColumn<qint64>("typeB");
    QTest::addColumn<qint64>("metricB");
    QTest::addColumn<int>("gpuA");
    QTest::addColumn<int>("gpuB");
    const qint64 base = TraceFixture::gpuMetricTypeId(0); // 0x0001'0002'01F4'A300
    QCOMPARE(base, qint64(0x0001'0002'01F4'A300));
    QTest::newRow("GPU ID (bits 0-7)") << base << qint64(7) << TraceFixture::gpuMetricTypeId(1) << qint64(7) << 0 << 1;
    QTest::newRow("event tag (bits 8-31)")
        << base << qint64(7) << TraceFixture::gpuMetricTypeId(0, 0x02F4A3) << qint64(7) << 0 << 0;
    QTest::newRow("source ID (bits 32-47)")
        << base << qint64(7) << TraceFixture::gpuMetricTypeId(0, TraceFixture::kMetricEventTag, 0x0003) << qint64(7)
        << 0 << 0;
    QTest::newRow("VM ID (bits 48-55)") << base << qint64(7) << (base + (qint64(1) << 48)) << qint64(7) << 0 << 0;
    // Hardware ID 0x80 sets bit 63: SQLite stores the id negative; it is the same bit pattern.
    const qint64 hw80
        = TraceFixture::gpuMetricTypeId(3, TraceFixture::kMetricEventTag, TraceFixture::kMetricSource, 0x80);
    QVERIFY(hw80 < 0);
    QTest::newRow("hardware ID (bits 56-63), stored negative")
        << hw80 << qint64(7)
        << TraceFixture::gpuMetricTypeId(3, TraceFixture::kMetricEventTag, TraceFixture::kMetricSource, 0x81)
        << qint64(7) << 3 << 3;
    QTest::newRow("metricId beyond 32 bits") << base << qint64(7) << base << (qint64(1) << 32 | 7) << 0 << 0;
    QTest::newRow("metricId with bit 63 (negative)") << base << qint64(7) << base << qint64(-7) << 0 << 0;
}

void TestGpuMetricsInput::typeIdFields()
{
    QFETCH(qint64, typeA);
    QFETCH(qint64, metricA);
    QFETCH(qint64, typeB);
    QFETCH(qint64, metricB);
    QFETCH(int, gpuA);
    QFETCH(int, gpuB);
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100"));
    fx.kernel(0, 10'000, 0, 7, 1, 100, QStringLiteral("gemm"));
    fx.gpuMetricsTables();
    fx.exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (%1, 2, 'GH100', %2, 'SMs Active [Throughput "
                           "%]'), (%3, 2, 'GH100', %4, 'DRAM Read Bandwidth [Throughput %]')")
                .arg(typeA)
                .arg(metricA)
                .arg(typeB)
                .arg(metricB));
    QStringList rows;
    for (int i = 1; i <= 10; ++i)
        rows << QStringLiteral("(%1, %2, %3, 30), (%1, %4, %5, 70)")
                    .arg(i * 1000)
                    .arg(typeA)
                    .arg(metricA)
                    .arg(typeB)
                    .arg(metricB);
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS VALUES %1").arg(rows.join(QLatin1Char(','))));
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    const CounterSet& c = trace->counters;
    QVERIFY2(c.notes.isEmpty(), qPrintable(c.notes.join(QLatin1Char('\n'))));
    QCOMPARE(c.series.size(), 2);
    const CounterSeries* a = c.find(gpuA, QStringLiteral("SMs Active"));
    const CounterSeries* b = c.find(gpuB, QStringLiteral("DRAM Read Bandwidth"));
    QVERIFY(a && b);
    QCOMPARE(a->v, std::vector<float>(10, 30.0f));
    QCOMPARE(b->v, std::vector<float>(10, 70.0f));
    // The evidence SQL selects a GPU by its low byte; on the export, (typeId & 255) must find
    // A's samples under gpuA, negative ids included.
    const auto evidence = test::selectRows(fx.path(),
        QStringLiteral("SELECT COUNT(*) FROM GPU_METRICS m JOIN TARGET_INFO_GPU_METRICS n ON n.typeId = m.typeId AND "
                       "n.metricId = m.metricId WHERE (m.typeId & 255) = %1 AND n.metricName LIKE 'SMs Active%'")
            .arg(gpuA),
        1);
    QCOMPARE(evidence[0][0], qint64(10));
}

void TestGpuMetricsInput::synthIdsFollowNsysLayout()
{
    // Every id sythesized: VM ID 1, a non-zero source and event tag, the GPU in the low byte.
    const auto ids = test::selectRows(m_export,
        QStringLiteral("SELECT DISTINCT typeId, (typeId >> 56) & 255, (typeId >> 48) & 255, (typeId >> 32) & 65535, "
                       "(typeId >> 8) & 16777215, typeId & 255 FROM GPU_METRICS ORDER BY typeId"),
        6);
    QCOMPARE(ids.size(), 2);
    for (int gpu = 0; gpu < 2; ++gpu) {
        QVERIFY(ids[gpu][0] >= (qint64(1) << 48));
        QCOMPARE(ids[gpu][1], qint64(0));
        QCOMPARE(ids[gpu][2], qint64(1));
        QVERIFY(ids[gpu][3] != 0);
        QVERIFY(ids[gpu][4] != 0);
        QCOMPARE(ids[gpu][5], qint64(gpu));
    }
    const auto named = test::selectRows(m_export,
        QStringLiteral(
            "SELECT COUNT(DISTINCT typeId), MIN(sourceId) FROM TARGET_INFO_GPU_METRICS WHERE typeId >> 48 = 1"),
        2);
    QCOMPARE(named[0][0], qint64(2));
    QVERIFY(named[0][1] != 0);
    // Reproducer R5: 2^40 more in every id (another source) reads the same samples.
    const QString shifted = changedCopy(QStringLiteral("r5.sqlite"),
        QStringLiteral("UPDATE TARGET_INFO_GPU_METRICS SET typeId = typeId + (1 << 40); "
                       "UPDATE GPU_METRICS SET typeId = typeId + (1 << 40);"));
    QVERIFY(!shifted.isEmpty());
    const LoadOutcome a = TraceLoader::loadSync(m_export), b = TraceLoader::loadSync(shifted);
    QVERIFY(a.ok() && b.ok());
    const auto rows = test::selectRows(m_export, QStringLiteral("SELECT COUNT(*) FROM GPU_METRICS"), 1);
    QCOMPARE(a.trace->counters.samples(), rows[0][0]);
    QCOMPARE(b.trace->counters.samples(), rows[0][0]);
    QCOMPARE(b.trace->counters.series.size(), a.trace->counters.series.size());
    QCOMPARE(b.trace->counters.notes, a.trace->counters.notes);
}

void TestGpuMetricsInput::sparseRowids()
{
    // Reproducer R1: one row copied to rowid 2^40 and one to 10^9. The reader sizes its buffers
    // from the row count (the span would ask for 2^40 samples and abort), one scan or in ranges.
    const QString sparse = changedCopy(QStringLiteral("r1.sqlite"),
        QStringLiteral("INSERT INTO GPU_METRICS(rowid, rawTimestamp, timestamp, typeId, metricId, value) SELECT "
                       "1099511627776, rawTimestamp, timestamp + 1, typeId, metricId, value FROM GPU_METRICS WHERE "
                       "rowid = (SELECT MAX(rowid) FROM GPU_METRICS); "
                       "INSERT INTO GPU_METRICS(rowid, rawTimestamp, timestamp, typeId, metricId, value) SELECT "
                       "1000000000, rawTimestamp, timestamp + 1, typeId, metricId, value FROM GPU_METRICS WHERE "
                       "rowid = 1;"));
    QVERIFY(!sparse.isEmpty());
    const auto rows = test::selectRows(sparse, QStringLiteral("SELECT COUNT(*) FROM GPU_METRICS"), 1);
    const LoadOutcome one = TraceLoader::loadSync(sparse);
    QVERIFY2(one.ok(), qPrintable(one.message));
    QCOMPARE(one.trace->counters.samples(), rows[0][0]);
    LoadOptions ranged;
    ranged.metricsReaders = 3;
    ranged.metricsRowsPerRange = 1'000;
    const LoadOutcome three = TraceLoader::loadSync(sparse, ranged);
    QVERIFY2(three.ok(), qPrintable(three.message));
    QCOMPARE(three.trace->counters.samples(), rows[0][0]);
    for (qsizetype i = 0; i < one.trace->counters.series.size(); ++i)
        QVERIFY(three.trace->counters.series[i].t == one.trace->counters.series[i].t);
}

void TestGpuMetricsInput::nonFiniteValuesAreDataQuality()
{
    // A GPC clock at 1980 MHz every 1 µs (rowids 1–20) and one damaged row per rule: ±inf,
    // 1e39 (beyond float) and text values; a text typeId; a time beyond 2^53 ns (NULLs: the
    // schema's NOT NULL refuses them, as nsys's does). Before, the infinities became the clock's
    // "maximum" and a false throttling finding.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100"));
    fx.kernel(0, 20'000, 0, 7, 1, 100, QStringLiteral("gemm"));
    fx.gpuMetricsTables();
    const qint64 type = TraceFixture::gpuMetricTypeId(0);
    fx.exec(
        QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (%1, 2, 'GH100', 0, 'GPC Clock Frequency [MHz]')")
            .arg(type));
    QStringList rows;
    for (int i = 1; i <= 20; ++i)
        rows << QStringLiteral("(%1, %2, %3, 0, 1980)").arg(i).arg(i * 1000).arg(type);
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS(rowid, timestamp, typeId, metricId, value) VALUES %1")
                .arg(rows.join(QLatin1Char(','))));
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS(rowid, timestamp, typeId, metricId, value) VALUES "
                           "(101, 5500, %1, 0, 9e999), (102, 6500, %1, 0, -9e999), (103, 7500, %1, 0, 1e39), "
                           "(104, 8500, %1, 0, 'fast'), (106, 10500, 'GH100-0', 0, 1980), "
                           "(107, 4611686018427387904, %1, 0, 1980)")
                .arg(type));
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    const CounterSeries* clock = trace->counters.find(0, QStringLiteral("GPC Clock"));
    QVERIFY(clock);
    QCOMPARE(clock->v, std::vector<float>(20, 1980.0f));
    const DataQuality& q = trace->dataQuality;
    const struct
    {
        DataQuality::Rule rule;
        std::vector<qint64> rowids;
    } expected[] = { { DataQuality::Rule::NotInteger, { 106 } },
        { DataQuality::Rule::NotFinite, { 101, 102, 103, 104 } }, { DataQuality::Rule::OutsideCapture, { 107 } } };
    for (const auto& e : expected) {
        const DataQuality::Entry* entry = nullptr;
        for (const auto& x : q.entries)
            if (x.rule == e.rule && x.table == QLatin1String("GPU_METRICS"))
                entry = &x;
        QVERIFY2(entry, qPrintable(DataQuality::ruleKey(e.rule)));
        QCOMPARE(entry->rowids, e.rowids);
        QVERIFY(entry->excluded());
        // Its SQL selects exactly those rows in the export.
        const auto selected = test::selectRows(fx.path(), entry->sql, 1);
        QCOMPARE(selected.size(), qsizetype(e.rowids.size()));
        for (size_t i = 0; i < e.rowids.size(); ++i)
            QCOMPARE(selected[qsizetype(i)][0], e.rowids[i]);
    }
    const AnalysisPtr a = test::analyzeWindow(trace);
    QVERIFY(a);
    QVERIFY(!test::findingById(*a, QStringLiteral("counters-clock-throttle")));
    QVERIFY(test::findingById(*a, QStringLiteral("data-quality-not-finite")));
}

void TestGpuMetricsInput::nonFiniteValuesOverPredicateSql()
{
    // Reproducer R7: every third row +inf, every third −inf (more rows than are listed, so the
    // entry's SQL is the rule as a predicate). Exactly those rows are counted and selected.
    const QString path = changedCopy(QStringLiteral("r7.sqlite"),
        QStringLiteral("UPDATE GPU_METRICS SET value = CASE WHEN rowid % 3 = 0 THEN 9e999 WHEN rowid % 3 = 1 "
                       "THEN -9e999 ELSE value END;"));
    QVERIFY(!path.isEmpty());
    const auto counts
        = test::selectRows(path, QStringLiteral("SELECT COUNT(*), SUM(rowid % 3 = 2) FROM GPU_METRICS"), 2);
    const qint64 damaged = counts[0][0] - counts[0][1];
    QVERIFY(damaged > qint64(DataQuality::kMaxListed));
    const LoadOutcome out = TraceLoader::loadSync(path);
    QVERIFY2(out.ok(), qPrintable(out.message));
    QCOMPARE(out.trace->dataQuality.count(DataQuality::Rule::NotFinite), damaged);
    QCOMPARE(out.trace->counters.samples(), counts[0][1]);
    for (const auto& e : out.trace->dataQuality.entries)
        if (e.rule == DataQuality::Rule::NotFinite)
            QCOMPARE(test::selectRows(path, e.sql, 1).size(), damaged);
    const AnalysisPtr a = test::analyzeWindow(out.trace);
    QVERIFY(a);
    QVERIFY(!test::findingById(*a, QStringLiteral("counters-clock-throttle")));
    for (const auto& s : a->counters.scopes)
        for (const auto& f : s.figures)
            QVERIFY2(std::isfinite(f.whole.mean) && std::isfinite(f.whole.max), qPrintable(f.name));
}

void TestGpuMetricsInput::nonFiniteImports()
{
    const LoadOutcome out = TraceLoader::loadSync(m_export);
    QVERIFY(out.ok());
    const AnalysisPtr plain = test::analyzeWindow(out.trace);
    QVERIFY(plain);
    // NVML: an SM clock of 1,410 MHz every 1 ms over the window, every tenth row "1e39" (inf as
    // a float). The 1e39 rows are skipped with a note; no throttling finding.
    int overflowing = 0;
    AnalysisOptions o;
    o.nvmlCsv = nvmlCsv(QStringLiteral("inf.csv"), plain->window.startNs + 1'000'000, plain->window.endNs, [&](int i) {
        overflowing += i % 10 == 0;
        return i % 10 == 0 ? QStringLiteral("1e39") : QStringLiteral("1410");
    });
    // Nsight Compute: a duration of 1e300 s is inf ns once converted; the launch keeps its
    // other figures.
    const QString ncu = m_dir.filePath(QStringLiteral("inf-ncu.csv"));
    {
        QFile f(ncu);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
                "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"gpu__time_duration.sum\",\"dram__bytes.sum\"\n"
                "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"second\",\"Mbyte\"\n"
                "\"0\",\"1234\",\"python3\",\"h\",\"gemm_kernel\",\"1\",\"7\",\"(128, 1, 1)\",\"(80, 2, 1)\",\"0\","
                "\"9.0\",\"1e300\",\"1.5\"\n");
    }
    o.ncuFile = ncu;
    const AnalysisPtr a = Analyzer::analyze(out.trace, o);
    QVERIFY(a);
    QVERIFY(overflowing > 10);
    const QString notes = a->counters.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("NVML samples: %1 values are no finite number").arg(overflowing)),
        qPrintable(notes));
    const CounterSeries* clock = a->counters.imported.find(0, QStringLiteral("SM Clock"));
    QVERIFY(clock);
    for (float v : clock->v)
        QCOMPARE(v, 1410.0f);
    QVERIFY(!test::findingById(*a, QStringLiteral("counters-clock-throttle")));
    QVERIFY(a->counters.ncu);
    QCOMPARE(a->counters.ncu->report.launches.size(), 1);
    const NcuLaunch& l = a->counters.ncu->report.launches.front();
    QVERIFY(!l.durationNs);
    QCOMPARE(*l.dramBytes, 1'500'000.0);
    QVERIFY2(notes.contains(QStringLiteral("Nsight Compute: 1 values are no finite number")), qPrintable(notes));
}

void TestGpuMetricsInput::samplesOutsideTheWindow()
{
    // Reproducer R6: the export's samples an hour later (another clock), and an NVML log an hour
    // off: both say they do not overlap the window instead of an empty section.
    const QString shifted = changedCopy(
        QStringLiteral("r6.sqlite"), QStringLiteral("UPDATE GPU_METRICS SET timestamp = timestamp + 3600000000000;"));
    QVERIFY(!shifted.isEmpty());
    const LoadOutcome out = TraceLoader::loadSync(shifted);
    QVERIFY(out.ok());
    const AnalysisPtr a = test::analyzeWindow(out.trace);
    QVERIFY(a);
    const auto span
        = test::selectRows(shifted, QStringLiteral("SELECT MIN(timestamp), MAX(timestamp) FROM GPU_METRICS"), 2);
    QString notes = a->counters.notes.join(QLatin1Char('\n'));
    // The first sample holds the 1 ms before it.
    QVERIFY2(
        notes.contains(QStringLiteral("The GPU metric samples do not overlap the analysis window: they lie from %1 "
                                      "to %2 ns of the session timeline, the window from %3 to %4 ns.")
                           .arg(span[0][0] - 1'000'000)
                           .arg(span[0][1])
                           .arg(a->window.startNs)
                           .arg(a->window.endNs)),
        qPrintable(notes));
    QVERIFY(!notes.contains(QStringLiteral("NVML")));

    const LoadOutcome plain = TraceLoader::loadSync(m_export);
    QVERIFY(plain.ok());
    const qint64 hour = 3'600'000'000'000;
    AnalysisOptions o;
    o.nvmlCsv
        = nvmlCsv(QStringLiteral("hour.csv"), hour, hour + 500'000'000, [](int) { return QStringLiteral("1980"); });
    const AnalysisPtr b = Analyzer::analyze(plain.trace, o);
    QVERIFY(b);
    notes = b->counters.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("The NVML samples do not overlap the analysis window")), qPrintable(notes));
    QVERIFY2(!notes.contains(QStringLiteral("GPU metric samples do not overlap")), qPrintable(notes));
}

void TestGpuMetricsInput::manyNamesAndTypes()
{
    // Reproducer R9 in kind: 20,000 names without samples beside three types that name "SMs Active"
    // on GPU 0 (1, 3 and 2 samples) and one on GPU 1 (1 sample). Per GPU and name the type with
    // the most samples is kept: 3 samples of 40 on GPU 0 (1 + 2 set aside), GPU 1's own.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100"));
    fx.kernel(0, 10'000, 0, 7, 1, 100, QStringLiteral("gemm"));
    fx.gpuMetricsTables();
    const auto type = [](int gpu, quint32 tag) { return TraceFixture::gpuMetricTypeId(gpu, tag); };
    fx.exec(QStringLiteral("BEGIN"));
    for (int i = 0; i < 20'000; ++i)
        fx.exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (%1, 2, 'GH100', %2, 'Metric %3 [%]')")
                    .arg(type(i % 8, 0x100 + quint32(i % 2'000)))
                    .arg(1000 + i)
                    .arg(i));
    fx.exec(QStringLiteral("COMMIT"));
    QStringList names, rows;
    const int samples[] = { 1, 3, 2 };
    for (int k = 0; k < 3; ++k) {
        names << QStringLiteral("(%1, 2, 'GH100', 5, 'SMs Active [Throughput %]')").arg(type(0, 0x10 + quint32(k)));
        for (int i = 1; i <= samples[k]; ++i)
            rows << QStringLiteral("(%1, %2, 5, %3)").arg(i * 1000).arg(type(0, 0x10 + quint32(k))).arg(10 * (k + 3));
    }
    names << QStringLiteral("(%1, 2, 'GH100', 5, 'SMs Active [Throughput %]')").arg(type(1, 0x10));
    rows << QStringLiteral("(1000, %1, 5, 90)").arg(type(1, 0x10));
    fx.exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES %1").arg(names.join(QLatin1Char(','))));
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS VALUES %1").arg(rows.join(QLatin1Char(','))));
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    const CounterSet& c = trace->counters;
    QCOMPARE(c.series.size(), 2);
    const CounterSeries* gpu0 = c.find(0, QStringLiteral("SMs Active"));
    const CounterSeries* gpu1 = c.find(1, QStringLiteral("SMs Active"));
    QVERIFY(gpu0 && gpu1);
    QCOMPARE(gpu0->v, std::vector<float>(3, 40.0f));
    QCOMPARE(gpu1->v, std::vector<float>(1, 90.0f));
    const QString notes = c.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("3 GPU metric samples under a second metric type")), qPrintable(notes));
}

void TestGpuMetricsInput::damagedTableIsANote_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<bool>("withoutRowid");
    QTest::addColumn<QString>("sqliteError");
    // A damaged page (a copy cut or overwritten mid-file) in the last leaf of GPU_METRICS, which
    // the last rowid range reaches while the others read; the names table's only page; and a
    // GPU_METRICS declared WITHOUT ROWID, a schema whose scan by rowid SQLite refuses.
    QTest::newRow("GPU_METRICS page") << QStringLiteral("GPU_METRICS") << false << QStringLiteral("malformed");
    QTest::newRow("TARGET_INFO_GPU_METRICS page")
        << QStringLiteral("TARGET_INFO_GPU_METRICS") << false << QStringLiteral("malformed");
    QTest::newRow("GPU_METRICS without rowid")
        << QStringLiteral("GPU_METRICS") << true << QStringLiteral("no such column: rowid");
}

void TestGpuMetricsInput::damagedTableIsANote()
{
    QFETCH(QString, table);
    QFETCH(bool, withoutRowid);
    QFETCH(QString, sqliteError);
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100"));
    for (quint32 i = 0; i < 5; ++i)
        fx.kernel(qint64(i) * 20'000, qint64(i) * 20'000 + 10'000, 0, 7, i + 1, 100, QStringLiteral("gemm"));
    if (withoutRowid) {
        fx.exec(QStringLiteral("CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER NOT NULL, sourceId INTEGER NOT "
                               "NULL, typeName TEXT NOT NULL, metricId INTEGER NOT NULL, metricName TEXT NOT NULL)"));
        fx.exec(QStringLiteral("CREATE TABLE GPU_METRICS (timestamp INTEGER NOT NULL, typeId INTEGER NOT NULL, "
                               "metricId INTEGER NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (typeId, metricId, "
                               "timestamp)) WITHOUT ROWID"));
    } else {
        fx.gpuMetricsTables();
    }
    // 40 metrics of GPU 0 sampled every 1 µs over 100 µs: 4,000 rows, several pages.
    const qint64 type = TraceFixture::gpuMetricTypeId(0);
    QStringList names, rows;
    for (int m = 0; m < 40; ++m) {
        names << QStringLiteral("(%1, 2, 'GH100', %2, 'Metric %2 [%]')").arg(type).arg(m);
        for (int i = 0; i < 100; ++i)
            rows << QStringLiteral("(%1, %2, %3, %4)").arg(i * 1000).arg(type).arg(m).arg(i % 100);
    }
    fx.exec(QStringLiteral("INSERT INTO TARGET_INFO_GPU_METRICS VALUES %1").arg(names.join(QLatin1Char(','))));
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS(timestamp, typeId, metricId, value) VALUES %1")
                .arg(rows.join(QLatin1Char(','))));
    const QString path = fx.path();
    const auto kernels = test::selectRows(path, QStringLiteral("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL"), 1);
    QCOMPARE(kernels.size(), 1);
    if (!withoutRowid) {
        // The page's b-tree type byte (offset 0; page 1 has the file header first) set to 0, which
        // no page type has: SQLite reports the database malformed when a scan reaches the page.
        const auto pageSize = test::selectRows(path, QStringLiteral("PRAGMA page_size"), 1);
        const auto root = test::selectRows(
            path, QStringLiteral("SELECT rootpage FROM sqlite_master WHERE name = '%1'").arg(table), 1);
        QCOMPARE(pageSize.size(), 1);
        QCOMPARE(root.size(), 1);
        QVERIFY(root[0][0] > 1);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        qint64 page = root[0][0];
        QVERIFY(f.seek((page - 1) * pageSize[0][0]));
        const QByteArray header = f.read(12);
        if (table == QLatin1String("GPU_METRICS")) {
            // An interior table page (type 5): its right-most child, bytes 8–11 big-endian, is the
            // last leaf.
            QCOMPARE(int(header[0]), 5);
            page = (qint64(quint8(header[8])) << 24) | (quint8(header[9]) << 16) | (quint8(header[10]) << 8)
                | quint8(header[11]);
        }
        QVERIFY(f.seek((page - 1) * pageSize[0][0]));
        QVERIFY(f.write(QByteArray(1, '\0')) == 1);
        f.close();
        QVERIFY(test::selectRows(path, QStringLiteral("SELECT COUNT(*) FROM %1").arg(table), 1).isEmpty());
    }
    LoadOptions serial, ranged;
    serial.parallel = false;
    ranged.metricsReaders = 3;
    ranged.metricsRowsPerRange = 1'000;
    for (const LoadOptions& options : { LoadOptions(), serial, ranged }) {
        const LoadOutcome o = TraceLoader::loadSync(path, options);
        QVERIFY2(o.ok(), qPrintable(o.message));
        QCOMPARE(qint64(o.trace->kernels.size()), kernels[0][0]);
        QVERIFY(o.trace->counters.series.isEmpty());
        const QString notes = o.trace->counters.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(
                     QStringLiteral("GPU metrics are not read: %1 could not be read from trace.sqlite (").arg(table)),
            qPrintable(notes));
        QVERIFY2(notes.contains(sqliteError), qPrintable(notes));
        QVERIFY2(!notes.contains(fx.dir()), qPrintable(notes)); // the file's name, never its folder
    }
}

void TestGpuMetricsInput::missingSchemaIsANote_data()
{
    QTest::addColumn<QString>("metrics"); // CREATE TABLE GPU_METRICS …
    QTest::addColumn<QString>("names"); // CREATE TABLE TARGET_INFO_GPU_METRICS …, or empty for none
    QTest::addColumn<QString>("note");
    const QString metrics = QStringLiteral("CREATE TABLE GPU_METRICS (timestamp INTEGER NOT NULL, typeId INTEGER NOT "
                                           "NULL, metricId INTEGER NOT NULL, value INTEGER NOT NULL)");
    const QString names = QStringLiteral("CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER NOT NULL, sourceId "
                                         "INTEGER NOT NULL, typeName TEXT NOT NULL, metricId INTEGER NOT NULL, "
                                         "metricName TEXT NOT NULL)");
    QTest::newRow("GPU_METRICS without value")
        << QStringLiteral("CREATE TABLE GPU_METRICS (timestamp INTEGER NOT NULL, typeId INTEGER NOT NULL, metricId "
                          "INTEGER NOT NULL)")
        << names << QStringLiteral("GPU metrics are not read: GPU_METRICS in trace.sqlite has no value column.");
    QTest::newRow("no names table") << metrics << QString()
                                    << QStringLiteral("GPU metrics are not read: trace.sqlite has no "
                                                      "TARGET_INFO_GPU_METRICS table to name them.");
    QTest::newRow("names without metricName")
        << metrics
        << QStringLiteral("CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER NOT NULL, sourceId INTEGER NOT NULL, "
                          "typeName TEXT NOT NULL, metricId INTEGER NOT NULL)")
        << QStringLiteral(
               "GPU metrics are not read: TARGET_INFO_GPU_METRICS in trace.sqlite has no metricName column.");
    QTest::newRow("names empty") << metrics << names
                                 << QStringLiteral(
                                        "GPU metrics are not read: TARGET_INFO_GPU_METRICS in trace.sqlite names no "
                                        "metric.");
}

void TestGpuMetricsInput::missingSchemaIsANote()
{
    // A schema without what the reader needs (a column or the names table missing) leaves the
    // GPU metrics out with a note naming the file and what is missing; the kernels load.
    QFETCH(QString, metrics);
    QFETCH(QString, names);
    QFETCH(QString, note);
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100"));
    for (quint32 i = 0; i < 3; ++i)
        fx.kernel(qint64(i) * 20'000, qint64(i) * 20'000 + 10'000, 0, 7, i + 1, 100, QStringLiteral("gemm"));
    fx.exec(metrics);
    if (!names.isEmpty())
        fx.exec(names);
    const bool hasValue = metrics.contains(QLatin1String("value"));
    fx.exec(QStringLiteral("INSERT INTO GPU_METRICS(timestamp, typeId, metricId%1) VALUES (1000, %2, 0%3), (2000, %2, "
                           "0%3)")
                .arg(hasValue ? QStringLiteral(", value") : QString())
                .arg(TraceFixture::gpuMetricTypeId(0))
                .arg(hasValue ? QStringLiteral(", 50") : QString()));
    const QString path = fx.path();
    const auto kernels = test::selectRows(path, QStringLiteral("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL"), 1);
    QCOMPARE(kernels.size(), 1);
    const LoadOutcome o = TraceLoader::loadSync(path);
    QVERIFY2(o.ok(), qPrintable(o.message));
    QCOMPARE(qint64(o.trace->kernels.size()), kernels[0][0]);
    QVERIFY(o.trace->counters.series.isEmpty());
    QVERIFY2(o.trace->counters.notes.contains(note), qPrintable(o.trace->counters.notes.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestGpuMetricsInput)
#include "tst_gpumetricsinput.moc"
