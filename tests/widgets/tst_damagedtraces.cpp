// SPDX-License-Identifier: MIT
// The GUI survives damaged traces (issue 12.6): a trace that fails to load shows its error and
// leaves the traces already open, their comparison and the dock layout as they were; the real
// `sightline --screenshot` exits cleanly (exit 0 or 3, never a crash or a hang) on damaged copies.
#include "core/analysis/analysisresult.h"
#include "core/compare/comparison.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/docks/comparisondock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/mainwindow.h"

#include <QDockWidget>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace sl;
using sl::test::TraceFixture;

#ifndef SIGHTLINE_GUI
#error "SIGHTLINE_GUI (path of sightline) must be defined by tests/widgets/CMakeLists.txt"
#endif

namespace {

void fill(TraceFixture& fx, const QString& kernel)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.runtime(100, 150, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(200, 250, 100, 101, 2, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(300, 350, 100, 101, 3, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(1000, 2000, 0, 7, 1, 100, kernel);
    fx.kernel(3000, 3500, 0, 7, 2, 100, QStringLiteral("relu_kernel"));
    fx.kernel(4000, 4100, 0, 7, 3, 100, QStringLiteral("copy_kernel"));
    fx.nvtx(50, 5000, 100, 101, QStringLiteral("decode_step"));
}

/// A copy of `source` cut to half its size: "the copy was interrupted".
QString truncatedCopy(const QString& source, const QString& target)
{
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = in.readAll();
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes.left(bytes.size() / 2)) != bytes.size() / 2)
        return {};
    return target;
}

/// A copy of `source` with `sql` applied.
QString editedCopy(const QString& source, const QString& target, const char* sql)
{
    QFile::remove(target);
    if (!QFile::copy(source, target))
        return {};
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
    sqlite3* db = nullptr;
    const bool ok = sqlite3_open(target.toUtf8().constData(), &db) == SQLITE_OK
        && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok ? target : QString();
}

/// Each dock's place: name, area, visible, floating, and the docks tabbed with it. (Not
/// saveState(): its pixel sizes move by a few pixels as the status bar's message changes.)
QStringList dockLayout(const MainWindow& w)
{
    QStringList out;
    for (QDockWidget* d : w.findChildren<QDockWidget*>()) {
        QStringList tabs;
        for (QDockWidget* t : w.tabifiedDockWidgets(d))
            tabs << t->objectName();
        tabs.sort();
        out << QStringLiteral("%1 area=%2 visible=%3 floating=%4 tabs=%5")
                   .arg(d->objectName())
                   .arg(int(w.dockWidgetArea(d)))
                   .arg(d->isVisible())
                   .arg(d->isFloating())
                   .arg(tabs.join(QLatin1Char(',')));
    }
    out.sort();
    return out;
}

bool waitIdle(MainWindow& w)
{
    return QTest::qWaitFor([&w] { return !w.isBusy(); }, 60000);
}

} // namespace

class TestDamagedTraces : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void failedTraceLeavesOthersIntact();
    void screenshotOnDamagedCopies_data();
    void screenshotOnDamagedCopies();

private:
    QTemporaryDir m_dir;
};

void TestDamagedTraces::initTestCase() { QVERIFY(test::isolateSettings(m_dir, QStringLiteral("tst_damagedtraces"))); }

void TestDamagedTraces::failedTraceLeavesOthersIntact()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("before.sqlite"));
    fill(a, QStringLiteral("gemm_kernel"));
    TraceFixture b(TraceFixture::Schema::Nsys2026, QStringLiteral("after.sqlite"));
    fill(b, QStringLiteral("gemm_kernel_v2"));
    MainWindow w;
    w.show();
    w.openFiles({ a.path(), b.path() });
    QVERIFY(waitIdle(w));
    QCOMPARE(w.traceCount(), 2);
    QTRY_VERIFY(w.comparisonDock()->comparison() && w.comparisonDock()->comparison()->traceCount() == 2);
    w.setCurrentTrace(0);
    const AnalysisPtr before = w.currentAnalysis();
    QVERIFY(before);
    const int kernelRows = w.kernelsDock()->summaryProxy()->sourceModel()->rowCount();
    QCOMPARE(kernelRows, 3); // gemm_kernel, relu_kernel, copy_kernel
    const int findingRows = w.findingsDock()->view()->model()->rowCount();
    const QStringList layout = dockLayout(w);
    QVERIFY(layout.size() >= 8);
    const auto comparison = w.comparisonDock()->comparison();

    // Damaged three ways: an interrupted copy, no string table, a file that is not SQLite at all.
    const QString cut = truncatedCopy(a.path(), m_dir.filePath(QStringLiteral("cut.sqlite")));
    const QString noStrings
        = editedCopy(a.path(), m_dir.filePath(QStringLiteral("nostrings.sqlite")), "DROP TABLE StringIds");
    const QString garbage = m_dir.filePath(QStringLiteral("garbage.sqlite"));
    {
        QFile g(garbage);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(QByteArray(8192, '\x5a'));
    }
    QVERIFY(!cut.isEmpty() && !noStrings.isEmpty());
    QSignalSpy failed(&w, &MainWindow::loadFailed);
    w.openFiles({ cut, noStrings, garbage });
    QVERIFY(waitIdle(w));
    QCOMPARE(failed.count(), 3);
    for (const auto& args : failed)
        QVERIFY2(!args.at(1).toString().isEmpty()
                && args.at(1).toString().contains(QFileInfo(args.at(0).toString()).fileName()),
            qPrintable(args.at(1).toString()));

    // The open traces, their analysis, the docks, the comparison and the layout are untouched.
    QCOMPARE(w.traceCount(), 2);
    QCOMPARE(w.currentTrace(), 0);
    QCOMPARE(w.currentAnalysis(), before);
    QCOMPARE(w.kernelsDock()->summaryProxy()->sourceModel()->rowCount(), kernelRows);
    QCOMPARE(w.findingsDock()->view()->model()->rowCount(), findingRows);
    QCOMPARE(w.comparisonDock()->comparison(), comparison);
    QCOMPARE(dockLayout(w), layout);
}

void TestDamagedTraces::screenshotOnDamagedCopies_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("truncated") << QStringLiteral("truncated");
    QTest::newRow("header flipped") << QStringLiteral("header");
    QTest::newRow("no kernels table") << QStringLiteral("drop-kernels");
    QTest::newRow("kernel name id unknown") << QStringLiteral("name-id");
    QTest::newRow("nvtx text id unknown") << QStringLiteral("nvtx-id");
    QTest::newRow("runtime name id -1") << QStringLiteral("api-id");
}

void TestDamagedTraces::screenshotOnDamagedCopies()
{
    QFETCH(QString, kind);
    TraceFixture fx;
    fill(fx, QStringLiteral("gemm_kernel"));
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("damaged.sqlite"));
    QString trace;
    if (kind == QLatin1String("truncated")) {
        trace = truncatedCopy(fx.path(), target);
    } else if (kind == QLatin1String("header")) {
        // The page size, format versions and reserved bytes of the 100-byte header (16..23) flipped.
        QFile in(fx.path());
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        for (int i = 16; i < 24; ++i)
            bytes[i] = char(bytes[i] ^ 0x5a);
        QFile out(target);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(out.write(bytes), bytes.size());
        trace = target;
    } else if (kind == QLatin1String("drop-kernels")) {
        trace = editedCopy(fx.path(), target, "DROP TABLE CUPTI_ACTIVITY_KIND_KERNEL");
    } else if (kind == QLatin1String("name-id")) {
        trace = editedCopy(fx.path(), target, "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET demangledName = 10000000");
    } else if (kind == QLatin1String("nvtx-id")) {
        trace = editedCopy(fx.path(), target, "UPDATE NVTX_EVENTS SET text = NULL, textId = 10000000");
    } else if (kind == QLatin1String("api-id")) {
        trace = editedCopy(fx.path(), target, "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET nameId = -1");
    }
    QVERIFY(!trace.isEmpty());
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path()); // not the user's settings
    p.setProcessEnvironment(env);
    const QString shot = dir.filePath(QStringLiteral("shot.png"));
    p.start(QStringLiteral(SIGHTLINE_GUI), { QStringLiteral("--screenshot"), shot, trace });
    QVERIFY2(p.waitForFinished(120000), "sightline --screenshot did not finish");
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitStatus() == QProcess::NormalExit, qPrintable(err.right(2000)));
    QVERIFY2(p.exitCode() == 0 || p.exitCode() == 3, qPrintable(QString::number(p.exitCode()) + err.right(2000)));
    if (p.exitCode() == 3)
        QVERIFY2(err.contains(QStringLiteral("damaged.sqlite")), qPrintable(err));
    else
        QVERIFY(QFile::exists(shot));
}

QTEST_MAIN(TestDamagedTraces)
#include "tst_damagedtraces.moc"
