// SPDX-License-Identifier: MIT
// The default layout at laptop sizes (1366×768, 1600×1000): the window keeps the size asked for,
// every dock keeps a readable height, the timeline dock holds its lanes without a large empty
// area, chart labels fit or are abbreviated, comparison headers are not cut.
#include "core/models/chartdata.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/charts/barchartview.h"
#include "widgets/docks/comparisondock.h"
#include "widgets/docks/overviewdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/mainwindow.h"
#include "widgets/timeline/timelineview.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// Two GPUs of one process, two streams each, with NVTX steps: the lanes of a typical 2-GPU trace.
void fill(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.gpu(1, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.exec(QStringLiteral("BEGIN"));
    quint32 corr = 1;
    for (int step = 0; step < 20; ++step) {
        const qint64 t = 1'000'000 + step * 50'000;
        fx.nvtx(t, t + 40'000, 100, 101, step % 5 == 0 ? QStringLiteral("prefill") : QStringLiteral("decode"));
        for (int gpu = 0; gpu < 2; ++gpu)
            for (int s = 0; s < 2; ++s) {
                fx.runtime(t + 100 + corr, t + 150 + corr, 100, 101, corr, QStringLiteral("cudaLaunchKernel_v7000"));
                fx.kernel(t + 1'000 + s * 5'000, t + 4'000 + s * 5'000, gpu, 7 + gpu * 8 + s * 4, corr++, 100,
                    s == 0 ? QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_kernel")
                           : QStringLiteral("void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64>>(Params)"));
            }
    }
    fx.exec(QStringLiteral("COMMIT"));
}

} // namespace

class TestLaptopLayout : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void layoutFits_data();
    void layoutFits();
    void longCategoriesAbbreviated();

private:
    QTemporaryDir m_settings;
};

void TestLaptopLayout::initTestCase()
{
    QVERIFY(test::isolateSettings(m_settings, QStringLiteral("tst_laptoplayout")));
}

void TestLaptopLayout::layoutFits_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1366x768") << QSize(1366, 768);
    QTest::addRow("1600x1000") << QSize(1600, 1000);
}

void TestLaptopLayout::layoutFits()
{
    QFETCH(QSize, size);
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("serve-before.sqlite"));
    TraceFixture b(TraceFixture::Schema::Nsys2026, QStringLiteral("serve-after.sqlite"));
    fill(a);
    fill(b);
    MainWindow w;
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFiles({ a.path(), b.path() });
    QVERIFY(QTest::qWaitFor([&w] { return !w.isBusy(); }, 30000));
    QTest::qWait(200);
    // The window keeps the size asked for: the docks' minimum heights add up to less.
    if (w.size() != size)
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            qWarning() << d->objectName() << d->minimumSizeHint() << d->geometry() << d->isVisible();
    QCOMPARE(w.size(), size);
    // Every dock on screen has at least its minimum height (none squeezed below it).
    for (QDockWidget* d : w.findChildren<QDockWidget*>()) {
        if (!d->isVisible() || d->visibleRegion().isEmpty())
            continue; // behind another tab
        QVERIFY2(d->height() >= d->minimumSizeHint().height(), qPrintable(d->objectName()));
        QVERIFY2(d->height() >= 100, qPrintable(d->objectName()));
    }
    // The timeline holds both GPUs' lanes (at 1366×768 all but at most one 16-px lane row, the
    // tables' minimum heights leave no more), with little empty space below them.
    TimelineView* timeline = w.timelineDock()->view();
    QVERIFY(timeline->contentHeight() > 0);
    QVERIFY2(timeline->verticalScrollBar()->maximum() <= (size.height() < 800 ? 16 : 0),
        qPrintable(QString::number(timeline->verticalScrollBar()->maximum())));
    const int empty = timeline->viewport()->height() - timeline->contentHeight();
    QVERIFY2(empty <= std::max(40, timeline->viewport()->height() / 4), qPrintable(QString::number(empty)));
    // Overview charts: every category name plotted whole or shortened to at most 28 characters.
    for (int c = 0; c < OverviewDock::ChartCount; ++c)
        for (const QString& name : w.overviewDock()->chart(OverviewDock::Chart(c))->plottedCategories())
            QVERIFY2(name.size() <= 28, qPrintable(name));
    QVERIFY(w.overviewDock()->chart(OverviewDock::Categories)->plottedCategories().contains(QStringLiteral("gemm")));
    // Comparison columns are headed by the short labels, and no header is cut.
    ComparisonDock* cmp = w.comparisonDock();
    QTRY_VERIFY(cmp->comparison() && cmp->comparison()->traceCount() == 2);
    QCOMPARE(cmp->comparison()->labels, (QStringList { QStringLiteral("before"), QStringLiteral("after") }));
    cmp->raise();
    QHeaderView* header = cmp->figureView()->horizontalHeader();
    for (int i = 0; i < header->count(); ++i) {
        if (header->isSectionHidden(i))
            continue;
        const QString text = header->model()->headerData(i, Qt::Horizontal).toString();
        QVERIFY2(header->sectionSize(i) >= header->fontMetrics().horizontalAdvance(text), qPrintable(text));
    }
}

void TestLaptopLayout::longCategoriesAbbreviated()
{
    // 29 characters become 13 + "…" + 14; short names stay whole.
    ChartData data;
    data.title = QStringLiteral("Busy and idle time per GPU");
    data.categories = { QStringLiteral("GPU 0 · NVIDIA H100 80GB HBM3"), QStringLiteral("GPU 1") };
    data.series = { { QStringLiteral("busy"), { 5, 7 }, false } };
    BarChartView chart;
    chart.setData(data);
    QCOMPARE(chart.plottedCategories(),
        (QStringList { QStringLiteral("GPU 0 · NVIDI") + QChar(0x2026) + QStringLiteral("H100 80GB HBM3"),
            QStringLiteral("GPU 1") }));
    QCOMPARE(chart.plottedCategories().front().size(), 28);
}

QTEST_MAIN(TestLaptopLayout)
#include "tst_laptoplayout.moc"
