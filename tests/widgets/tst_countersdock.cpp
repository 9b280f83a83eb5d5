// SPDX-License-Identifier: MIT
// The Counters dock, the roofline, the warp stall chart and the timeline's counter lanes on a
// synthetic vLLM export with GPU metrics (nsys schema) and a constructed Nsight Compute CSV: rows,
// points and lanes counted independently (SQL over the export), stall shares computed by hand,
// and a click on a kernel asks for exactly its matched launches.
#include "core/analysis/analyzer.h"
#include "core/io/ncucsvreader.h"
#include "core/io/traceloader.h"
#include "core/models/counterscopemodel.h"
#include "core/models/ncukernelmodel.h"
#include "core/synth/synthgpumetrics.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/counterfilesfixture.h"
#include "tests/common/settingsisolation.h"
#include "widgets/categorypalette.h"
#include "widgets/charts/rooflinechart.h"
#include "widgets/charts/stallbreakdownchart.h"
#include "widgets/docks/countersdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/tablecopy.h"
#include "widgets/timeline/timelineview.h"

#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace sl;

class TestCountersDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void scopesAndKernels();
    void rooflineAndClick();
    void realNcuFolderRoofline();
    void realH200RoofPerTensorType();
    void stallChartOfTheSelectedKernel();
    void timelineCounterLanes();
    void timelineCounterMenu();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
    QString m_export;
    AnalysisPtr m_analysis;
    QVector<qint64> m_rmsRowids; ///< the profiled launches' trace rows, by SQL
};

void TestCountersDock::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_countersdock")));
    m_export = m_dir.filePath(QStringLiteral("metrics.sqlite"));
    SynthOptions o;
    o.steps = 20;
    o.ranks = 2;
    o.gpuMetricsPeriodNs = 100'000;
    o.framework = SynthFramework::Vllm; // serving steps with vLLM names: step-class scopes
    const SynthResult w = writeSynthTrace(m_export, o, {});
    QVERIFY2(w.ok, qPrintable(w.error));
    // Two profiled rms_norm launches with the geometry of the first one on device 0.
    const auto first = sl::test::selectRows(m_export,
        QStringLiteral(
            "SELECT k.gridX, k.blockX FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
            "WHERE s.value = 'rms_norm_kernel' AND k.deviceId = 0 ORDER BY k.start LIMIT 1"),
        2);
    QCOMPARE(first.size(), 1);
    const auto launches = sl::test::selectRows(m_export,
        QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName WHERE "
                       "s.value = 'rms_norm_kernel' AND k.gridX = %1 AND k.blockX = %2 AND k.gridY = 1 AND k.gridZ = 1 "
                       "AND k.blockY = 1 AND k.blockZ = 1 ORDER BY k.start, k.rowid LIMIT 2")
            .arg(first[0][0])
            .arg(first[0][1]),
        1);
    QCOMPARE(launches.size(), 2);
    for (const auto& r : launches)
        m_rmsRowids << r[0];
    // Sampled warp stalls (long scoreboard, math pipe, selected, barrier): 60, 20, 10, 10 and
    // 40, 30, 20, 10 → 100, 50, 30, 20 of 200 over the kernel name.
    QString csv = QStringLiteral(
        "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Device\",\"gpu__time_duration.sum\","
        "\"dram__bytes.sum\",\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\","
        "\"sm__warps_active.avg.pct_of_peak_sustained_active\",\"smsp__pcsamp_warps_issue_stalled_long_scoreboard\","
        "\"smsp__pcsamp_warps_issue_stalled_math_pipe_throttle\",\"smsp__pcsamp_warps_issue_stalled_selected\","
        "\"smsp__pcsamp_warps_issue_stalled_barrier\"\n"
        "\"\",\"\",\"\",\"\",\"\",\"usecond\",\"Mbyte\",\"inst\",\"%\",\"\",\"\",\"\",\"\"\n");
    const char* const stalls[2] = { "60\",\"20\",\"10\",\"10", "40\",\"30\",\"20\",\"10" };
    for (int i = 0; i < 2; ++i)
        csv += QStringLiteral("\"%1\",\"rms_norm_kernel\",\"(%2, 1, 1)\",\"(%3, 1, 1)\",\"0\",\"10\",\"8\",\"1000000\","
                              "\"40\",\"%4\"\n")
                   .arg(i)
                   .arg(first[0][1])
                   .arg(first[0][0])
                   .arg(QLatin1String(stalls[i]));
    const QString ncuPath = m_dir.filePath(QStringLiteral("ncu.csv"));
    QFile f(ncuPath);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(csv.toUtf8());
    f.close();
    const LoadOutcome out = TraceLoader::loadSync(m_export);
    QVERIFY2(out.ok(), qPrintable(out.message));
    AnalysisOptions options;
    options.ncuFile = ncuPath;
    m_analysis = Analyzer::analyze(out.trace, options);
    QVERIFY(m_analysis);
    QVERIFY(m_analysis->counters.ncu);
}

void TestCountersDock::scopesAndKernels()
{
    CountersDock dock;
    dock.setAnalysis(m_analysis);
    // One row per (device, stretch): the window of each GPU with GPU metrics, its phases and its
    // step classes, in that order per GPU.
    QCOMPARE(dock.scopeModel()->rowCount(), m_analysis->counters.scopes.size());
    QCOMPARE(dock.scopeModel()->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Kind"));
    const auto devices
        = sl::test::selectRows(m_export, QStringLiteral("SELECT DISTINCT typeId & 255 FROM GPU_METRICS"), 1);
    int windows = 0, stepClasses = 0;
    QString lastKind;
    for (int r = 0; r < dock.scopeModel()->rowCount(); ++r) {
        const QString kind = dock.scopeModel()->index(r, CounterScopeModel::Kind).data().toString();
        const QString stretch = dock.scopeModel()->index(r, CounterScopeModel::Stretch).data().toString();
        if (kind == QLatin1String("window")) {
            ++windows;
            QCOMPARE(stretch, QStringLiteral("window"));
        } else if (kind == QLatin1String("step class")) {
            ++stepClasses;
            QVERIFY2(stretch.endsWith(QLatin1String(" steps")), qPrintable(stretch));
        } else {
            QCOMPARE(kind, QStringLiteral("phase"));
            QVERIFY(lastKind != QLatin1String("step class")); // phases before step classes
        }
        lastKind = kind;
    }
    QCOMPARE(windows, devices.size());
    // Step classes: the distinct (rank, class) pairs of the vLLM step names, by SQL (each rank
    // runs on its own GPU); the class from the name's request counts.
    const auto classes = sl::test::selectRows(m_export,
        QStringLiteral(
            "SELECT COUNT(*) FROM (SELECT DISTINCT globalTid >> 24, CASE WHEN t LIKE 'execute\\_context\\_0(%' "
            "ESCAPE '\\' THEN 1 WHEN t LIKE '%\\_generation\\_0(%' ESCAPE '\\' THEN 2 ELSE 3 END FROM (SELECT "
            "globalTid, COALESCE(text, (SELECT value FROM StringIds WHERE id = textId)) AS t FROM NVTX_EVENTS) "
            "WHERE t LIKE 'execute\\_context\\_%' ESCAPE '\\')"),
        1);
    QCOMPARE(classes.size(), 1);
    QVERIFY(classes[0][0] >= 2);
    QCOMPARE(qint64(stepClasses), classes[0][0]);
    // The one profiled kernel name: 2 launches, 40 % achieved occupancy; FLOP/byte = 2e6 / 8e6.
    QCOMPARE(dock.ncuModel()->rowCount(), 1);
    QCOMPARE(dock.ncuModel()->index(0, NcuKernelModel::Launches).data().toString(), QStringLiteral("2"));
    QCOMPARE(dock.ncuModel()->index(0, NcuKernelModel::AchievedOccupancy).data().toString(), QStringLiteral("40.0"));
    QCOMPARE(dock.ncuModel()->index(0, NcuKernelModel::Intensity).data().toString(), QStringLiteral("0.25"));
    // 2e6 FLOP in 10 µs = 200 GFLOP/s.
    QCOMPARE(dock.ncuModel()->index(0, NcuKernelModel::Gflops).data().toString(), QStringLiteral("200.0"));
    // Copy as TSV, as in every table: the header, then the selected kernel's cells.
    dock.ncuView()->selectRow(0);
    const QStringList tsv = TableCopy::selectionAsTsv(dock.ncuView()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(tsv.size(), 2);
    QVERIFY2(tsv[0].startsWith(QLatin1String("Kernel\tLaunches\tTrace time\t")), qPrintable(tsv[0]));
    const QStringList cells = tsv[1].split(QLatin1Char('\t'));
    QCOMPARE(cells.size(), int(NcuKernelModel::ColumnCount));
    QVERIFY2(cells[0].contains(QLatin1String("rms_norm_kernel")), qPrintable(cells[0]));
    QCOMPARE(cells[NcuKernelModel::Launches], QStringLiteral("2"));
    QCOMPARE(cells[NcuKernelModel::AchievedOccupancy], QStringLiteral("40.0"));
    QCOMPARE(cells[NcuKernelModel::Gflops], QStringLiteral("200.0"));
}

void TestCountersDock::rooflineAndClick()
{
    CountersDock dock;
    dock.setAnalysis(m_analysis);
    QCOMPARE(dock.roofline()->pointCount(), 1);
    QSignalSpy spy(&dock, &CountersDock::evidenceRequested);
    emit dock.roofline()->kernelActivated(dock.roofline()->kernelOfPoint(0));
    QCOMPARE(spy.count(), 1);
    const auto evidence = spy.first().at(0).value<EvidenceRequest>().evidence;
    QCOMPARE(evidence.size(), 1);
    QCOMPARE(evidence[0].rowids.size(), size_t(2));
    QCOMPARE(evidence[0].rowids[0], m_rmsRowids[0]);
    QCOMPARE(evidence[0].rowids[1], m_rmsRowids[1]);
}

void TestCountersDock::realNcuFolderRoofline()
{
    // The real Nsight Compute folder (tests/data/counters/codegandee-dsocr, six --page details
    // CSVs of DeepSeek-OCR kernels on an RTX 5090) joined to a trace holding those launches.
    const QString folder = sl::test::counterData(QStringLiteral("codegandee-dsocr"));
    const NcuReport ncu = NcuCsvReader::read(folder);
    QCOMPARE(ncu.launches.size(), 6);
    sl::test::TraceFixture fx(sl::test::TraceFixture::Schema::Nsys2026, QStringLiteral("dsocr.sqlite"));
    sl::test::writeDsocrTrace(fx, ncu);
    const LoadOutcome loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    AnalysisOptions o;
    o.ncuFile = folder;
    QString error;
    QVERIFY2(o.peaks.extendFromJson(sl::test::rtx5090Peaks(), &error), qPrintable(error));
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, o);
    QVERIFY(r && r->counters.ncu);

    CountersDock dock;
    dock.setAnalysis(r);
    // No GPU metrics in this trace: the dock opens on the Nsight Compute kernels.
    QCOMPARE(dock.findChild<QTabWidget*>()->currentIndex(), 1);
    const RooflineChart* chart = dock.roofline();
    QCOMPARE(chart->gpuCount(), 1);
    // Points: the kernels with FLOPs and DRAM bytes. By the files' text, kernel_0001 has
    // sm__ops_path_tensor_src_bf16_dst_fp32.sum = 0 and no other FLOP counter, so no point on a log
    // axis; 0003 (1,275,068,416), 0005 (12,532,580,352), 0009, 0013 and 0016 have tensor ops and
    // dram__bytes_read: five points.
    QCOMPARE(chart->pointCount(), 5);
    QStringList plotted;
    for (int i = 0; i < chart->pointCount(); ++i)
        plotted << r->trace->strings.at(r->counters.ncu->kernels.at(chart->kernelOfPoint(i)).name);
    for (const NcuLaunch& l : ncu.launches) {
        const QString inTrace
            = l.file.startsWith(QLatin1String("kernel_0013")) ? sl::test::dsocrSplitKvInTrace() : l.kernelName;
        QCOMPARE(plotted.contains(inTrace), !l.file.startsWith(QLatin1String("kernel_0001")));
    }
    // Roofs from TARGET_INFO_GPU (2 × 128 FP32 lanes × 170 SMs × 2.0 GHz = 87.04 TFLOP/s) and the
    // tensor ceiling from the peak entry (209.5 TFLOP/s).
    const auto ceilings = chart->ceilings();
    const auto ceilingOf = [&](const QString& prefix) {
        for (const auto& c : ceilings)
            if (c.first.startsWith(prefix))
                return c.second;
        return -1.0;
    };
    QCOMPARE(ceilingOf(QStringLiteral("DRAM roof, FP32")), 2.0 * 128 * 170 * 2.0e9);
    QCOMPARE(ceilingOf(QStringLiteral("DRAM roof, tensor-core")), 209.5e12);

    // Clicking the GEMM of kernel_0005 (launched twice in the trace, profiled once) asks for its
    // profiled launch: the first one.
    QString gemm;
    for (const NcuLaunch& l : ncu.launches)
        if (l.file.startsWith(QLatin1String("kernel_0005")))
            gemm = l.kernelName;
    QVERIFY(gemm.startsWith(QLatin1String("void Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu")));
    const auto gemmRows = sl::test::selectRows(fx.path(),
        QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.demangledName "
                       "WHERE s.value = '%1' ORDER BY k.start")
            .arg(QString(gemm).replace(QLatin1Char('\''), QLatin1String("''"))),
        1);
    QCOMPARE(gemmRows.size(), 2);
    const int gemmPoint = int(plotted.indexOf(gemm));
    QVERIFY(gemmPoint >= 0);
    QSignalSpy spy(&dock, &CountersDock::evidenceRequested);
    emit dock.roofline()->kernelActivated(chart->kernelOfPoint(gemmPoint));
    QCOMPARE(spy.count(), 1);
    const auto evidence = spy.first().at(0).value<EvidenceRequest>().evidence;
    QCOMPARE(evidence.size(), 1);
    QCOMPARE(evidence[0].rowids.size(), size_t(1));
    QCOMPARE(evidence[0].rowids[0], gemmRows[0][0]);
}

void TestCountersDock::realH200RoofPerTensorType()
{
    // The six GEMMs the lent H200 ran (tests/data/counters/sightline-h200): besides the BF16/FP16
    // roof, the chart draws the FP8 and TF32 ceilings its kernels are held to (H200 SXM datasheet,
    // dense: 1,978.9 and 494.7 TFLOP/s), and only those: no INT8 or FP64 kernel ran.
    const QString csv = sl::test::counterData(QStringLiteral("sightline-h200/ncu-raw-gemm.csv"));
    const NcuReport ncu = NcuCsvReader::read(csv);
    QCOMPARE(ncu.launches.size(), 21);
    sl::test::TraceFixture fx(sl::test::TraceFixture::Schema::Nsys2026, QStringLiteral("h200gemm.sqlite"));
    sl::test::writeH200Trace(fx, ncu);
    const LoadOutcome loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    AnalysisOptions o;
    o.ncuFile = csv;
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, o);
    QVERIFY(r && r->counters.ncu);
    CountersDock dock;
    dock.setAnalysis(r);
    QStringList names;
    QHash<QString, double> ceiling;
    for (const auto& c : dock.roofline()->ceilings()) {
        names << c.first;
        ceiling.insert(c.first, c.second);
    }
    QCOMPARE(ceiling.value(QStringLiteral("DRAM roof, tensor-core ceiling (BF16/FP16 dense)")), 989.4e12);
    QCOMPARE(ceiling.value(QStringLiteral("DRAM roof, FP8 tensor-core ceiling (dense)")), 1978.9e12);
    QCOMPARE(ceiling.value(QStringLiteral("DRAM roof, TF32 tensor-core ceiling (dense)")), 494.7e12);
    QCOMPARE(names.filter(QStringLiteral("tensor-core ceiling")).size(), 3);
}

void TestCountersDock::stallChartOfTheSelectedKernel()
{
    CountersDock dock;
    dock.setAnalysis(m_analysis);
    // The one kernel row is selected after the rebuild: its stalls, largest first, as shares of
    // the 200 samples (100, 50, 30, 20), in words.
    const StallBreakdownChart* chart = dock.stallChart();
    QCOMPARE(chart->plottedCategories(),
        (QStringList { QStringLiteral("Long scoreboard (L1TEX/memory wait)"),
            QStringLiteral("Math pipe throttle (execution pipe busy)"), QStringLiteral("Selected (issuing)"),
            QStringLiteral("Barrier (waiting at a block barrier)") }));
    QCOMPARE(chart->plottedValues(), (QVector<double> { 50, 25, 15, 10 }));
    QVERIFY2(chart->title().contains(QLatin1String("rms_norm_kernel")), qPrintable(chart->title()));
    // Without an analysis the chart empties.
    dock.setAnalysis(nullptr);
    QVERIFY(chart->plottedCategories().isEmpty());
    QVERIFY(chart->plottedValues().isEmpty());
    // No current row: a note, no bars; the row made current again (as a click does): the bars.
    dock.setAnalysis(m_analysis);
    QTableView* view = dock.ncuView();
    view->selectionModel()->clearCurrentIndex();
    QVERIFY(chart->plottedValues().isEmpty());
    QCOMPARE(chart->title(), QStringLiteral("Select a kernel to see its warp stalls"));
    view->setCurrentIndex(view->model()->index(0, 3));
    QCOMPARE(chart->plottedValues(), (QVector<double> { 50, 25, 15, 10 }));
}

void TestCountersDock::timelineCounterLanes()
{
    TimelineView view;
    view.resize(900, 900);
    view.setAnalysis(m_analysis);
    QVERIFY(view.waitForData());
    // One counter row per GPU-metrics series: metrics × devices, by SQL.
    const auto series = sl::test::selectRows(
        m_export, QStringLiteral("SELECT COUNT(*) FROM (SELECT DISTINCT typeId, metricId FROM GPU_METRICS)"), 1);
    int counterRows = 0;
    const TimeCanvas::Row* clock = nullptr;
    for (const auto& r : view.rows()) {
        counterRows += r.counter >= 0;
        if (r.counter >= 0 && r.label.startsWith(QLatin1String("GPC Clock")))
            clock = &r;
    }
    QCOMPARE(qint64(counterRows), series[0][0]);
    QVERIFY(clock);
    // The clock is constant (1980 MHz) over the samples, so its lane is a full-height bar where
    // samples exist: the bottom pixel of a column inside the capture has the counter colour.
    view.zoomTo(m_analysis->window.startNs, m_analysis->window.endNs);
    const QImage img = view.viewport()->grab().toImage();
    const int y = TimeCanvas::kAxisHeight + clock->y + clock->height - 1 - 2; // the last pixel row above the 1-px gap
    int coloured = 0;
    for (int x = view.dataRect().left(); x <= view.dataRect().right(); ++x)
        coloured += img.pixelColor(x, y) == CategoryPalette::counter(false);
    QVERIFY2(coloured > view.dataRect().width() / 2, qPrintable(QString::number(coloured)));
    QVERIFY(view.toolTipAt(QPoint(view.dataRect().center().x(), TimeCanvas::kAxisHeight + clock->y + 2))
                .contains(QLatin1String("1980")));
}

void TestCountersDock::timelineCounterMenu()
{
    // The synthetic export's 20 metrics per GPU; by default the Timeline draws the 8 the analysis
    // reads: GPC Clock Frequency, SMs Active, SM Issue, Tensor Active, DRAM Read and Write
    // Bandwidth, PCIe RX and TX Throughput.
    const auto devices
        = sl::test::selectRows(m_export, QStringLiteral("SELECT COUNT(DISTINCT typeId & 255) FROM GPU_METRICS"), 1);
    const qint64 gpus = devices[0][0];
    QCOMPARE(gpus, 2);
    const auto counterRows = [](const TimelineView* v) {
        int n = 0;
        for (const auto& r : v->rows())
            n += r.counter >= 0;
        return n;
    };
    {
        TimelineDock dock;
        dock.resize(900, 900);
        dock.setAnalysis(m_analysis);
        QVERIFY(dock.view()->waitForData());
        QVERIFY(!dock.countersButton()->isHidden());
        QCOMPARE(dock.countersButton()->text(), QStringLiteral("Counters (8 of 20)"));
        QCOMPARE(qint64(counterRows(dock.view())), 8 * gpus);
        QStringList shown;
        for (const auto& r : dock.view()->rows())
            if (r.counter >= 0 && !shown.contains(r.label))
                shown << r.label;
        shown.sort();
        QCOMPARE(shown,
            (QStringList { QStringLiteral("DRAM Read Bandwidth [Throughput %]"),
                QStringLiteral("DRAM Write Bandwidth [Throughput %]"), QStringLiteral("GPC Clock Frequency [MHz]"),
                QStringLiteral("PCIe RX Throughput [Throughput %]"),
                QStringLiteral("PCIe TX Throughput [Throughput %]"), QStringLiteral("SM Issue [Throughput %]"),
                QStringLiteral("SMs Active [Throughput %]"), QStringLiteral("Tensor Active [Throughput %]") }));
        // Show all: every series drawn, and the choice is kept.
        QAction* all = nullptr;
        for (QAction* a : dock.countersButton()->menu()->actions())
            if (a->text() == QLatin1String("Show all"))
                all = a;
        QVERIFY(all);
        all->trigger();
        QCOMPARE(qint64(counterRows(dock.view())), 20 * gpus);
    }
    {
        TimelineDock dock;
        dock.setAnalysis(m_analysis);
        QCOMPARE(dock.countersButton()->text(), QStringLiteral("Counters (20 of 20)"));
        // Untick one: its row goes on every GPU.
        QAction* tensor = nullptr;
        for (QAction* a : dock.countersButton()->menu()->actions())
            if (a->data().toString() == QLatin1String("Tensor Active [Throughput %]"))
                tensor = a;
        QVERIFY(tensor);
        tensor->setChecked(false);
        QCOMPARE(qint64(counterRows(dock.view())), 19 * gpus);
        QVERIFY(dock.view()->hiddenCounters().contains(QStringLiteral("Tensor Active [Throughput %]")));
        // Key counters only: back to the default (queued, the menu is rebuilt).
        for (QAction* a : dock.countersButton()->menu()->actions())
            if (a->text() == QLatin1String("Key counters only"))
                a->trigger();
        QTRY_COMPARE(dock.countersButton()->text(), QStringLiteral("Counters (8 of 20)"));
        QCOMPARE(qint64(counterRows(dock.view())), 8 * gpus);
    }
    // A trace without counters has no Counters button.
    TimelineDock plain;
    plain.setAnalysis(nullptr);
    QVERIFY(plain.countersButton()->isHidden());
}

QTEST_MAIN(TestCountersDock)
#include "tst_countersdock.moc"
