// SPDX-License-Identifier: MIT
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"
#include "widgets/reportexporter.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// Five kernels; the custom window [1500, 6500] holds the three that start at 2000 (big, 1000 ns),
/// 4000 (small, 100 ns) and 5000 (big, 1000 ns).
void fill(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("small"));
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("big"));
    fx.kernel(4000, 4100, 0, 7, 3, 100, QStringLiteral("small"));
    fx.kernel(5000, 6000, 0, 7, 4, 100, QStringLiteral("big"));
    fx.kernel(7000, 8000, 0, 7, 5, 100, QStringLiteral("big"));
}

const QString kWindow = QStringLiteral("1500:6500");

AnalysisPtr analyseWindowed()
{
    TraceFixture fx;
    fill(fx);
    return sl::test::analyzeWindow(sl::test::loadFixture(fx), kWindow);
}

/// File name → content of every file below `dir`/tables.
QMap<QString, QByteArray> tablesIn(const QString& dir)
{
    QMap<QString, QByteArray> out;
    const QDir tables(QDir(dir).filePath(QStringLiteral("tables")));
    for (const QString& name : tables.entryList(QDir::Files)) {
        QFile f(tables.filePath(name));
        if (f.open(QIODevice::ReadOnly))
            out.insert(name, f.readAll());
    }
    return out;
}

QStringList csvLines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestReportExporter : public QObject
{
    Q_OBJECT
private slots:
    void writesTheReportOfTheWindow();
    void writesTablesOnly();
    void tablesEqualTheClis();
    void oneExportAtATime();
    void failureIsTheCoresMessage();
};

void TestReportExporter::writesTheReportOfTheWindow()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("report"));
    ReportExporter exporter;
    QSignalSpy started(&exporter, &ReportExporter::started);
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    QVERIFY(exporter.start(analyseWindowed(), out));
    QCOMPARE(started.count(), 1);
    QVERIFY(exporter.isBusy());
    QVERIFY(finished.wait(30000));
    QVERIFY(!exporter.isBusy());
    QCOMPARE(finished.first().at(0).toBool(), true);

    QVERIFY(QFileInfo(out + QStringLiteral("/report.md")).size() > 0);
    QFile json(out + QStringLiteral("/report.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
    const QJsonObject window = root.value(QStringLiteral("window")).toObject();
    QCOMPARE(window.value(QStringLiteral("start_ns")).toInteger(), 1500);
    QCOMPARE(window.value(QStringLiteral("end_ns")).toInteger(), 6500);
    const QJsonObject kernels = root.value(QStringLiteral("kernels")).toObject();
    QCOMPARE(kernels.value(QStringLiteral("count")).toInteger(), 3);
    QCOMPARE(kernels.value(QStringLiteral("total_ns")).toInteger(), 2100);
    // Header, then one line per name in the window: big and small.
    QCOMPARE(csvLines(out + QStringLiteral("/tables/kernels.csv")).size(), 3);
    QVERIFY(QFileInfo::exists(out + QStringLiteral("/tables/devices.csv")));
}

void TestReportExporter::writesTablesOnly()
{
    QTemporaryDir dir;
    ReportExporter exporter;
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    QVERIFY(exporter.start(analyseWindowed(), dir.path(), ReportExporter::What::Tables));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().at(0).toBool(), true);
    // The report's layout: DIR/tables/*.csv, nothing else.
    QCOMPARE(csvLines(dir.filePath(QStringLiteral("tables/kernels.csv"))).size(), 3);
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("kernels.csv"))));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("report.md"))));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("report.json"))));
}

void TestReportExporter::tablesEqualTheClis()
{
#ifndef SIGHTLINE_CLI
    QSKIP("sightline-cli is not built");
#else
    TraceFixture fx;
    fill(fx);
    QTemporaryDir dir;
    const QString gui = dir.filePath(QStringLiteral("gui"));
    const QString cli = dir.filePath(QStringLiteral("cli"));
    ReportExporter exporter;
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    QVERIFY(
        exporter.start(sl::test::analyzeWindow(sl::test::loadFixture(fx), kWindow), gui, ReportExporter::What::Tables));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().at(0).toBool(), true);

    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("analyze"), fx.path(), QStringLiteral("--window"), kWindow, QStringLiteral("--out"), cli });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);

    const QMap<QString, QByteArray> fromGui = tablesIn(gui);
    const QMap<QString, QByteArray> fromCli = tablesIn(cli);
    QVERIFY(fromCli.contains(QStringLiteral("kernels.csv")));
    QCOMPARE(fromGui.keys(), fromCli.keys());
    for (auto it = fromCli.cbegin(); it != fromCli.cend(); ++it)
        QVERIFY2(fromGui.value(it.key()) == it.value(), qPrintable(it.key()));
#endif
}

void TestReportExporter::oneExportAtATime()
{
    QTemporaryDir dir;
    ReportExporter exporter;
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    const AnalysisPtr a = analyseWindowed();
    QVERIFY(!exporter.start(nullptr, dir.path()));
    QVERIFY(exporter.start(a, dir.filePath(QStringLiteral("one"))));
    QVERIFY(!exporter.start(a, dir.filePath(QStringLiteral("two")))); // refused while the first runs
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("two"))));
}

void TestReportExporter::failureIsTheCoresMessage()
{
    QTemporaryDir dir;
    const QString blocker = dir.filePath(QStringLiteral("not-a-folder"));
    QFile f(blocker);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    ReportExporter exporter;
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    QVERIFY(exporter.start(analyseWindowed(), blocker));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    const QString message = finished.first().at(1).toString();
    QVERIFY2(message.contains(QStringLiteral("not-a-folder")), qPrintable(message));
}

QTEST_MAIN(TestReportExporter)
#include "tst_reportexporter.moc"
