// SPDX-License-Identifier: MIT
// The desktop explorer on every real export: each opens, every dock shows its data, and a click
// on each finding lands on its evidence rows.
#include "core/models/evidencerowsmodel.h"
#include "core/models/kernelinstancemodel.h"
#include "core/session/tracesession.h"
#include "tests/common/realtraces.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/processesdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/mainwindow.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"

#include <QFileInfo>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <set>

using namespace sl;

class TestRealTracesGui : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void opensAndLandsOnEvidence_data();
    void opensAndLandsOnEvidence();

private:
    QTemporaryDir m_settingsDir;
};

void TestRealTracesGui::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SightlineTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_realtracesgui"));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
    if (sl::test::realTraces().isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
}

void TestRealTracesGui::opensAndLandsOnEvidence_data()
{
    QTest::addColumn<QString>("path");
    for (const QString& p : sl::test::realTraces())
        QTest::newRow(qPrintable(QFileInfo(p).completeBaseName())) << p;
}

void TestRealTracesGui::opensAndLandsOnEvidence()
{
    QFETCH(QString, path);
    MainWindow w;
    w.show();
    w.openFiles({ path });
    QVERIFY(QTest::qWaitFor([&w] { return !w.isBusy(); }, 120000));
    QCOMPARE(w.traceCount(), 1);
    const AnalysisPtr a = w.currentAnalysis();
    QVERIFY(a);

    // Every dock shows this analysis.
    QCOMPARE(w.kernelsDock()->summaryProxy()->sourceModel()->rowCount(), int(a->kernels.size()));
    QCOMPARE(w.findingsDock()->view()->model()->rowCount(), int(a->findings.size()));
    QCOMPARE(w.processesDock()->view()->model()->rowCount(), int(a->processes.size()));
    QVERIFY(w.windowTitle().contains(a->trace->info.fileName));
    QVERIFY(w.timelineDock()->view()->waitForData());
    QVERIFY(w.nvtxDock()->view()->waitForData());
    QVERIFY(w.timelineDock()->view()->grab().width() > 0); // paints every lane of the trace
    QVERIFY(w.nvtxDock()->view()->grab().width() > 0);

    // Each finding lands on its evidence: the Evidence dock lists exactly its rows and ranges,
    // and kernel evidence is what the Kernels dock's instance table shows and selects.
    for (int f = 0; f < a->findings.size(); ++f) {
        const Finding& finding = a->findings[f];
        w.showEvidence(f);
        qint64 expected = 0;
        const Evidence* kernels = nullptr;
        for (const Evidence& e : finding.evidence) {
            const bool range = e.startNs >= 0 && e.endNs >= 0;
            const bool rows
                = EvidenceRowsModel::tableOf(e.table) != EvidenceRowsModel::Table::Unknown && !e.rows.empty();
            expected
                += (range ? 1 : 0) + (rows ? qint64(e.rows.size()) : 0) + (!range && !rows && !e.sql.isEmpty() ? 1 : 0);
            if (!kernels && e.table == QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL") && !e.rows.empty())
                kernels = &e;
        }
        QVERIFY2(expected > 0, qPrintable(QStringLiteral("finding %1 has no evidence").arg(finding.id)));
        QCOMPARE(w.evidenceDock()->model()->rowCount(), int(expected));
        if (kernels) {
            const KernelInstanceModel* instances = w.kernelsDock()->instanceModel();
            std::set<quint32> shown;
            for (int r = 0; r < instances->rowCount(); ++r)
                shown.insert(instances->kernelIndex(r));
            QCOMPARE(shown, std::set<quint32>(kernels->rows.begin(), kernels->rows.end()));
            QCOMPARE(w.kernelsDock()->instanceView()->selectionModel()->selectedRows().size(), int(shown.size()));
        }
    }
}

QTEST_MAIN(TestRealTracesGui)
#include "tst_realtracesgui.moc"
