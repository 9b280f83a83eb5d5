// SPDX-License-Identifier: MIT
// Search (Ctrl+F) in the main window: typing finds names off the GUI thread, selecting a result
// selects its rows in the Kernels or Evidence dock.
#include "core/models/evidencerowsmodel.h"
#include "core/models/kernelinstancemodel.h"
#include "core/models/searchresultmodel.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/searchdock.h"
#include "widgets/mainwindow.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// "big" kernels at 2000, 5000 and 7000 (1000 ns each), "small" at 1000 and 4000; two blocking
/// syncs (cudaStreamSynchronize, cudaDeviceSynchronize); one NVTX range "decode_step".
void fill(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("small"));
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("big"));
    fx.kernel(4000, 4100, 0, 7, 3, 100, QStringLiteral("small"));
    fx.kernel(5000, 6000, 0, 7, 4, 100, QStringLiteral("big"));
    fx.kernel(7000, 8000, 0, 7, 5, 100, QStringLiteral("big"));
    for (quint32 c = 1; c <= 5; ++c)
        fx.runtime(qint64(c) * 100, qint64(c) * 100 + 50, 100, 101, c, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(3000, 4900, 100, 101, 20, QStringLiteral("cudaStreamSynchronize_v3020"));
    fx.runtime(8000, 9200, 100, 101, 21, QStringLiteral("cudaDeviceSynchronize_v3020"));
    fx.nvtx(100, 9200, 100, 101, QStringLiteral("decode_step"));
}

/// Types `text` into the search field and waits for its results.
bool search(SearchDock* dock, const QString& text)
{
    dock->searchEdit()->clear();
    QTest::keyClicks(dock->searchEdit(), text);
    return QTest::qWaitFor([dock] { return !dock->isSearching(); }, 10000);
}

} // namespace

class TestSearchDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Layout and recent files go to a folder of this test, not the user's settings.
        QVERIFY(test::isolateSettings(m_settings, QStringLiteral("tst_searchdock")));
    }
    void ctrlFSearchesAndSelects();

private:
    QTemporaryDir m_settings;
};

void TestSearchDock::ctrlFSearchesAndSelects()
{
    TraceFixture fx;
    fill(fx);
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFiles({ fx.path() });
    QVERIFY(QTest::qWaitFor([&w] { return !w.isBusy(); }, 30000));
    const AnalysisPtr a = w.currentAnalysis();
    QVERIFY(a);
    SearchDock* dock = w.searchDock();

    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(dock->isVisible());
    QTRY_VERIFY(dock->searchEdit()->hasFocus());

    // Kernels: one name, three rows, listed and selected in the Kernels dock.
    QVERIFY(search(dock, QStringLiteral("BIG")));
    QCOMPARE(dock->model()->rowCount(), 1);
    QCOMPARE(dock->model()->index(0, SearchResultModel::Name).data().toString(), QStringLiteral("big"));
    QCOMPARE(dock->model()->index(0, SearchResultModel::Count).data(SearchResultModel::SortRole).toLongLong(), 3);
    dock->view()->selectRow(0);
    std::set<quint32> expected; // every kernel named "big", by an independent pass over the trace
    for (qsizetype i = 0; i < a->trace->kernels.size(); ++i)
        if (a->trace->strings.at(a->trace->kernels.name[size_t(i)]) == QLatin1String("big"))
            expected.insert(quint32(i));
    KernelInstanceModel* instances = w.kernelsDock()->instanceModel();
    QCOMPARE(instances->rowCount(), 3);
    std::set<quint32> shown;
    for (int r = 0; r < instances->rowCount(); ++r)
        shown.insert(instances->kernelIndex(r));
    QCOMPARE(shown, expected);
    QCOMPARE(w.kernelsDock()->instanceView()->selectionModel()->selectedRows().size(), 3);
    // One request per gesture: a double-click on another result is one (the row becoming
    // current), Enter on it one more.
    QVERIFY(search(dock, QStringLiteral("s")));
    QVERIFY(dock->model()->rowCount() >= 2);
    QSignalSpy requests(dock, &SearchDock::evidenceRequested);
    QTableView* view = dock->view();
    const QPoint second = view->visualRect(view->model()->index(1, 0)).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, second);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, second);
    QCOMPARE(requests.count(), 1);
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(requests.count(), 2);

    // API calls and NVTX ranges land in the Evidence dock.
    QVERIFY(search(dock, QStringLiteral("synchronize")));
    QCOMPARE(dock->model()->rowCount(), 2);
    dock->view()->selectRow(0);
    EvidenceRowsModel* evidence = w.evidenceDock()->model();
    QCOMPARE(evidence->rowCount(), 1);
    QCOMPARE(evidence->source(0).first, EvidenceRowsModel::Table::Api);
    QVERIFY(search(dock, QStringLiteral("decode")));
    QCOMPARE(dock->model()->rowCount(), 1);
    dock->view()->selectRow(0);
    QCOMPARE(evidence->rowCount(), 1);
    QCOMPARE(evidence->source(0).first, EvidenceRowsModel::Table::Nvtx);
    QCOMPARE(evidence->index(0, EvidenceRowsModel::Name).data().toString(), QStringLiteral("decode_step"));
    QCOMPARE(evidence->index(0, EvidenceRowsModel::Source).data().toString(), QStringLiteral("NVTX range"));

    // Nothing found: no rows.
    QVERIFY(search(dock, QStringLiteral("no such kernel")));
    QCOMPARE(dock->model()->rowCount(), 0);
}

QTEST_MAIN(TestSearchDock)
#include "tst_searchdock.moc"
