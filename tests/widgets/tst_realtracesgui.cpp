// SPDX-License-Identifier: MIT
// The desktop explorer on every real export: each opens, every dock shows its data, and a click
// on each finding lands on its evidence rows.
#include "core/models/anatomytablemodel.h"
#include "core/models/evidencerowsmodel.h"
#include "core/models/iterationtablemodel.h"
#include "core/models/kernelinstancemodel.h"
#include "core/models/rowwindowmodel.h"
#include "core/session/tracesession.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/settingsisolation.h"
#include "widgets/docks/anatomydock.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/iterationsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/processesdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/mainwindow.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/windowedtable.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <set>

using namespace sl;

namespace {

/// Lanes with events that `view` paints nothing for, among those fully on screen (`checked`
/// counts them; `withEvents` counts the rows with events, on screen or not). A lane is painted when some pixel of its
/// band differs from the blank line below it (the gap between lanes), which has the same grid lines and window shading.
int unpaintedLanes(TimeCanvas* view, int* checked, int* withEvents)
{
    const QImage image = view->viewport()->grab().toImage();
    const QRect data = view->dataRect();
    const int scroll = view->verticalScrollBar()->value();
    int unpainted = 0;
    *checked = 0;
    *withEvents = 0;
    for (const TimeCanvas::Row& row : view->rows()) {
        *withEvents += row.lane >= 0 && view->data()->lane(row.lane).summary.count() > 0 ? 1 : 0;
        const int top = TimeCanvas::kAxisHeight + row.y - scroll;
        const int gap = top + row.height - 1;
        if (row.lane < 0 || view->data()->lane(row.lane).summary.count() == 0 || top < data.top() || gap > data.bottom()
            || gap >= image.height())
            continue;
        ++*checked;
        bool painted = false;
        for (int y = top; y < gap && !painted; ++y)
            for (int x = data.left(); x <= data.right() && x < image.width() && !painted; ++x)
                painted = image.pixel(x, y) != image.pixel(x, gap);
        unpainted += painted ? 0 : 1;
    }
    return unpainted;
}

/// The rows the Evidence dock must list for `evidence`, counted over the export with plain SQL
/// (no model code): a time range is one row; listed rows of an event table are what the
/// evidence's own SQL selects; SQL without rows or range (an absence) is one row.
qint64 expectedEvidenceRows(const QString& path, const QVector<Evidence>& evidence, bool* ok)
{
    static const QStringList eventTables = { QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"),
        QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME"), QStringLiteral("CUPTI_ACTIVITY_KIND_MEMCPY"),
        QStringLiteral("CUPTI_ACTIVITY_KIND_MEMSET"), QStringLiteral("CUPTI_ACTIVITY_KIND_GRAPH_TRACE") };
    qint64 expected = 0;
    *ok = true;
    for (const Evidence& e : evidence) {
        const bool range = e.startNs >= 0 && e.endNs >= 0;
        expected += range ? 1 : 0;
        if (eventTables.contains(e.table) && !e.sql.isEmpty() && !e.rows.empty()) {
            bool queried = false;
            const std::set<qint64> count = sl::test::selectFirstColumn(path,
                QStringLiteral("SELECT count(*) FROM (%1)")
                    .arg(e.sql.trimmed().remove(QRegularExpression(QStringLiteral(";$")))),
                &queried);
            *ok = *ok && queried && count.size() == 1;
            expected += count.empty() ? 0 : *count.begin();
        } else if (!range && !e.sql.isEmpty()) {
            expected += 1;
        }
    }
    return expected;
}

} // namespace

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
    QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_realtracesgui")));
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
    // The Model anatomy dock: one row per phase and class, every in-window kernel in exactly one.
    const auto* anatomy = w.findChild<AnatomyDock*>(QStringLiteral("dock.anatomy"));
    QVERIFY(anatomy);
    const QAbstractItemModel* cells = anatomy->table()->model();
    QCOMPARE(cells->rowCount(), int(a->design.anatomy.cells.size()));
    qint64 anatomyNs = 0;
    for (int r = 0; r < cells->rowCount(); ++r)
        anatomyNs += cells->index(r, AnatomyTableModel::KernelTime).data(AnatomyTableModel::SortRole).toLongLong();
    QCOMPARE(anatomyNs, a->kernelNs);
    // The Iterations dock: a row per GPU whose loop was found; a row's slowest iteration is the
    // kernels of its GPU starting in its range, as SQL over the export counts them.
    const auto* iterations = w.findChild<IterationsDock*>(QStringLiteral("dock.iterations"));
    QVERIFY(iterations);
    const auto* loops = qobject_cast<const QSortFilterProxyModel*>(iterations->table()->model());
    QVERIFY(loops);
    QCOMPARE(loops->rowCount(), int(a->iterations.size()));
    const auto* loopModel = qobject_cast<const IterationTableModel*>(loops->sourceModel());
    for (int row = 0; row < int(a->iterations.size()); ++row) {
        const IterationStats& s = a->iterations[size_t(row)];
        const EvidenceRequest slowest = loopModel->slowestEvidence(row);
        bool queried = false;
        const std::set<qint64> count = sl::test::selectFirstColumn(path,
            QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId = %1 AND start >= %2 AND "
                           "start < %3 AND start >= %4 AND start <= %5")
                .arg(s.deviceId)
                .arg(s.slowestStartNs)
                .arg(s.slowestEndNs)
                .arg(a->window.startNs)
                .arg(a->window.endNs),
            &queried);
        QVERIFY(queried && count.size() == 1);
        QCOMPARE(slowest.evidence.front().rowCount, *count.begin());
        QVERIFY(*count.begin() > 0);
        // The rule's SQL (what Copy SQL gives past 1000 rows) selects the same kernels.
        const std::set<qint64> ruled = sl::test::selectFirstColumn(path, slowest.evidence.front().ruleSql, &queried);
        QVERIFY(queried);
        QCOMPARE(qint64(ruled.size()), *count.begin());
        if (ruled.size() <= size_t(Evidence::kMaxRowids))
            QCOMPARE(ruled,
                std::set<qint64>(slowest.evidence.front().rowids.begin(), slowest.evidence.front().rowids.end()));
    }
    QVERIFY(w.timelineDock()->view()->waitForData());
    QVERIFY(w.nvtxDock()->view()->waitForData());
    // Every lane with events that is on screen shows some of them.
    for (TimeCanvas* view :
        { static_cast<TimeCanvas*>(w.timelineDock()->view()), static_cast<TimeCanvas*>(w.nvtxDock()->view()) }) {
        int checked = 0, withEvents = 0;
        QCOMPARE(unpaintedLanes(view, &checked, &withEvents), 0);
        QCOMPARE(checked > 0, withEvents > 0); // the first lanes are on screen (API-only traces have none)
    }

    // Each finding lands on its evidence: the Evidence dock lists exactly its rows and ranges,
    // and kernel evidence is what the Kernels dock's instance table shows and selects.
    for (int f = 0; f < a->findings.size(); ++f) {
        const Finding& finding = a->findings[f];
        w.showEvidence(f);
        const Evidence* kernels = nullptr;
        for (const Evidence& e : finding.evidence)
            if (!kernels && e.table == QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL") && !e.rows.empty())
                kernels = &e;
        bool queried = false;
        const qint64 expected = expectedEvidenceRows(path, finding.evidence, &queried);
        QVERIFY2(queried, qPrintable(QStringLiteral("finding %1: its SQL failed on the export").arg(finding.id)));
        QVERIFY2(expected > 0, qPrintable(QStringLiteral("finding %1 has no evidence").arg(finding.id)));
        QCOMPARE(w.evidenceDock()->model()->rowCount(), int(expected));
        if (kernels) {
            const KernelInstanceModel* instances = w.kernelsDock()->instanceModel();
            std::set<quint32> shown;
            for (int r = 0; r < instances->rowCount(); ++r)
                shown.insert(instances->kernelIndex(r));
            QCOMPARE(shown, std::set<quint32>(kernels->rows.begin(), kernels->rows.end()));
            // Every row is selected: those of the view's window, and the rest as the window moves.
            const int windowRows
                = std::min(int(shown.size()), w.kernelsDock()->instanceTable()->rowWindow()->capacity());
            QCOMPARE(w.kernelsDock()->instanceView()->selectionModel()->selectedRows().size(), windowRows);
            QVERIFY(w.kernelsDock()->instanceTable()->allRowsSelected());
        }
    }
}

QTEST_MAIN(TestRealTracesGui)
#include "tst_realtracesgui.moc"
