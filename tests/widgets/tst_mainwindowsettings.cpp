// SPDX-License-Identifier: MIT
// What MainWindow keeps in the settings: the layout, per-trace and default phase maps and
// taxonomies, the recent files, and the Preferences that check the files they store.
#include "core/analysis/analysisresult.h"
#include "core/session/tracesession.h"
#include "tests/common/mainwindowfixture.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/analysisfiles.h"
#include "widgets/dialogs/preferencesdialog.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/processesdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/mainwindow.h"
#include "widgets/recentfilesmenu.h"
#include "widgets/sessionstatus.h"
#include "widgets/settings.h"
#include "widgets/viewstate.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;
using namespace sl::test;

namespace {

/// Column 0 of every row of the NVTX dock's phase table.
QStringList phaseRows(const MainWindow& w)
{
    QStringList names;
    const QAbstractItemModel* m = w.nvtxDock()->phaseTable()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        names << m->index(r, 0).data().toString();
    return names;
}

bool writeFile(const QString& path, const QByteArray& content)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

} // namespace

class TestMainWindowSettings : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void layoutRoundTrip();
    void phaseMapAndTaxonomyFiles();
    void recentFilesMenu();
    void preferencesCheckTheFiles();
    void preferencesSetEfficiencyOptions();

private:
    QTemporaryDir m_settingsDir;
};

void TestMainWindowSettings::initTestCase()
{
    QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_mainwindowsettings")));
}

void TestMainWindowSettings::layoutRoundTrip()
{
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.processesDock()->hide();
        w.nvtxDock()->hide();
        w.findingsDock()->view()->horizontalHeader()->resizeSection(1, 211);
        // Every dock registered its tables' headers, each under its own key.
        QStringList keys;
        for (const QHeaderView* h : w.findChildren<QHeaderView*>())
            if (const QString key = ViewState::headerKey(h); !key.isEmpty())
                keys << key;
        keys.sort();
        QCOMPARE(keys,
            QStringList({ QStringLiteral("comparison.changes"), QStringLiteral("comparison.counters"),
                QStringLiteral("comparison.figures"), QStringLiteral("comparison.kernels"),
                QStringLiteral("comparison.roofline"), QStringLiteral("counters.ncu"),
                QStringLiteral("counters.scopes"), QStringLiteral("efficiency"), QStringLiteral("evidence"),
                QStringLiteral("findings"), QStringLiteral("kernels.instances"), QStringLiteral("kernels.summary"),
                QStringLiteral("processes") }));
        w.close(); // closeEvent saves geometry, dock state and header states
    }
    MainWindow w2;
    w2.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w2));
    QVERIFY(w2.processesDock()->isHidden());
    QVERIFY(w2.nvtxDock()->isHidden());
    QVERIFY(!w2.kernelsDock()->isHidden());
    QVERIFY(!w2.timelineDock()->isHidden());
    QCOMPARE(w2.findingsDock()->view()->horizontalHeader()->sectionSize(1), 211);
    w2.resetLayout();
    QVERIFY(!w2.processesDock()->isHidden());
    QVERIFY(!w2.nvtxDock()->isHidden());
}

void TestMainWindowSettings::phaseMapAndTaxonomyFiles()
{
    QTemporaryDir dir;
    const QString map = dir.filePath(QStringLiteral("serving.json"));
    QVERIFY(writeFile(map, R"({"serve": ["decode_step"]})"));
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    QVERIFY(writeFile(broken, "{\"serve\": "));
    const QString taxonomy = dir.filePath(QStringLiteral("taxonomy.json"));
    QVERIFY(writeFile(taxonomy, R"({"rules": [{"category": "attention", "patterns": ["big"]}]})"));
    TraceFixture fx;
    fillFixture(fx);
    QString tracePath;
    {
        MainWindow w;
        w.openFiles({ fx.path() });
        QVERIFY(waitIdle(w));
        tracePath = w.session()->entry(0).trace->info.filePath;
        QVERIFY(phaseRows(w).contains(QStringLiteral("decode")));
        QVERIFY(!phaseRows(w).contains(QStringLiteral("serve")));

        // A broken file changes nothing; the parser's message names it.
        QString error;
        QVERIFY(!w.analysisFiles()->setTracePhaseMap(0, broken, &error));
        QVERIFY2(error.contains(QStringLiteral("broken.json")) && error.contains(QStringLiteral("Invalid phase map")),
            qPrintable(error));
        QVERIFY(!w.isBusy());
        QVERIFY(Settings::instance()->tracePhaseMap(tracePath).isEmpty());

        // The user's map: the one decode_step range (holding all six launches) is now "serve".
        QVERIFY2(w.analysisFiles()->setTracePhaseMap(0, map, &error), qPrintable(error));
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve"));
        QCOMPARE(w.currentAnalysis()->phases.first().steps, 1);
        QCOMPARE(w.currentAnalysis()->phases.first().kernelNs, 100 + 1000 + 100 + 1000 + 10 + 1000);
        QVERIFY(phaseRows(w).contains(QStringLiteral("serve")));
        QVERIFY(!phaseRows(w).contains(QStringLiteral("decode")));

        // A taxonomy rule before the built-in ones puts "big" into attention.
        QVERIFY2(w.analysisFiles()->setTraceTaxonomy(0, taxonomy, &error), qPrintable(error));
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve")); // the map stays
        bool big = false;
        for (const KernelSummary& k : w.currentAnalysis()->kernels)
            if (w.currentAnalysis()->trace->strings.at(k.name) == QStringLiteral("big")) {
                big = true;
                QCOMPARE(k.category, QStringLiteral("attention"));
            }
        QVERIFY(big);
    }
    // Both are remembered for the trace: a new window analyses it the same way.
    {
        MainWindow w;
        w.openFiles({ fx.path() });
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve"));
        QString error;
        QVERIFY(w.analysisFiles()->setTracePhaseMap(0, {}, &error));
        QVERIFY(w.analysisFiles()->setTraceTaxonomy(0, {}, &error));
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("prefill")); // built-in again
        QVERIFY(Settings::instance()->tracePhaseMap(tracePath).isEmpty());
    }
    // The default from Preferences applies to every trace, open ones re-analysed.
    {
        MainWindow w;
        w.openFiles({ fx.path() });
        QVERIFY(waitIdle(w));
        Settings::instance()->setDefaultPhaseMap(map);
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("serve"));
        Settings::instance()->setDefaultPhaseMap(broken); // reported, the last good options stay
        QVERIFY(w.status()->text().contains(QStringLiteral("broken.json")));
        Settings::instance()->setDefaultPhaseMap({});
        QVERIFY(waitIdle(w));
        QCOMPARE(w.currentAnalysis()->phases.first().phase, QStringLiteral("prefill"));
    }
}

void TestMainWindowSettings::recentFilesMenu()
{
    Settings::instance()->setRecentFiles({ QStringLiteral("/t/a.sqlite"), QStringLiteral("/t/b.sqlite") });
    RecentFilesMenu menu;
    QSignalSpy chosen(&menu, &RecentFilesMenu::fileChosen);
    QList<QAction*> actions = menu.actions();
    QCOMPARE(actions.size(), 4); // a, b, separator, Clear
    QCOMPARE(actions[0]->text(), QStringLiteral("a.sqlite"));
    QCOMPARE(actions[1]->toolTip(), QStringLiteral("/t/b.sqlite"));
    QVERIFY(actions[2]->isSeparator());
    actions[1]->trigger();
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.first().at(0).toString(), QStringLiteral("/t/b.sqlite"));
    actions[3]->trigger(); // Clear
    QVERIFY(Settings::instance()->recentFiles().isEmpty());
    emit menu.aboutToShow(); // rebuilt from the settings before every show
    actions = menu.actions();
    QCOMPARE(actions.size(), 1);
    QVERIFY(!actions[0]->isEnabled()); // "(none)"
}

void TestMainWindowSettings::preferencesCheckTheFiles()
{
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("taxonomy.json"));
    QVERIFY(writeFile(broken, R"({"rules": [{"category": "nonsense", "patterns": ["x"]}]})"));
    const QString map = dir.filePath(QStringLiteral("phases.json"));
    QVERIFY(writeFile(map, R"({"serve": ["step"]})"));
    PreferencesDialog dialog;
    dialog.phaseMapEdit()->setText(map);
    dialog.taxonomyEdit()->setText(broken);
    dialog.accept(); // refused: the taxonomy does not load
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("taxonomy.json"))
            && dialog.errorLabel()->text().contains(QStringLiteral("unknown category 'nonsense'")),
        qPrintable(dialog.errorLabel()->text()));
    QVERIFY(Settings::instance()->defaultPhaseMap().isEmpty()); // nothing stored
    dialog.taxonomyEdit()->clear();
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(Settings::instance()->defaultPhaseMap(), map);
    QVERIFY(Settings::instance()->defaultTaxonomy().isEmpty());
    Settings::instance()->setDefaultPhaseMap({});
}

void TestMainWindowSettings::preferencesSetEfficiencyOptions()
{
    // The CLI's --math-paths, --gpu-peaks and --peak-tflops in the Preferences (issue 21.5):
    // checked by AnalysisOptions' loader, stored, and applied to the session's options.
    QTemporaryDir dir;
    const QString paths = dir.filePath(QStringLiteral("paths.json"));
    QVERIFY(writeFile(paths, R"({"format": "sightline.math-paths", "format_version": 1, "paths": [
        {"path": "tensor-core", "dtype": "tf32", "patterns": ["my_gemm"]}]})"));
    const QString peaks = dir.filePath(QStringLiteral("peaks.json"));
    QVERIFY(writeFile(peaks, R"({"format": "sightline.gpu-peaks", "format_version": 1, "gpus": [
        {"model": "Test H100", "match": ["H100"], "source": "test", "tflops": {"tf32": 250}}]})"));
    const QString broken = dir.filePath(QStringLiteral("broken-peaks.json"));
    QVERIFY(writeFile(broken, R"({"gpus": [{"model": "cut short)")); // no valid JSON
    TraceSession session;
    AnalysisFiles files(&session);
    PreferencesDialog dialog;
    dialog.mathPathsEdit()->setText(paths);
    dialog.gpuPeaksEdit()->setText(broken);
    dialog.accept(); // refused: the peak table does not load
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("broken-peaks.json")),
        qPrintable(dialog.errorLabel()->text()));
    dialog.gpuPeaksEdit()->setText(peaks);
    dialog.peakTflopsEdit()->setText(QStringLiteral("fast"));
    dialog.accept(); // refused: no number
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.errorLabel()->text().contains(QStringLiteral("\"fast\"")), qPrintable(dialog.errorLabel()->text()));
    QVERIFY(Settings::instance()->defaultMathPaths().isEmpty()); // nothing stored
    dialog.peakTflopsEdit()->setText(QStringLiteral(" 123.5 "));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(Settings::instance()->defaultMathPaths(), paths);
    QCOMPARE(Settings::instance()->defaultGpuPeaks(), peaks);
    QCOMPARE(Settings::instance()->peakTflops(), QStringLiteral("123.5"));
    const AnalysisOptions& o = session.options();
    QCOMPARE(o.peakTflops.value_or(0), 123.5);
    QCOMPARE(o.mathPaths.classify(QStringLiteral("my_gemm_kernel")).dtype, QStringLiteral("tf32"));
    const GpuPeaks::Entry* entry = o.peaks.find(QStringLiteral("NVIDIA H100 80GB HBM3"));
    QVERIFY(entry);
    QCOMPARE(entry->model, QStringLiteral("Test H100"));
    Settings::instance()->setDefaultMathPaths({});
    Settings::instance()->setDefaultGpuPeaks({});
    Settings::instance()->setPeakTflops({});
    QVERIFY(!session.options().peakTflops); // back to the table
}

QTEST_MAIN(TestMainWindowSettings)
#include "tst_mainwindowsettings.moc"
