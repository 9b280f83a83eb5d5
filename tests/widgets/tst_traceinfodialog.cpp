// SPDX-License-Identifier: MIT
#include "core/io/traceinspector.h"
#include "core/io/traceloader.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"
#include "widgets/dialogs/traceinfodialog.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QTreeWidget>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

// The fixture's export metadata holds these (tracefixture.cpp): host, user and an environment
// variable with a token.
const QStringList kSecrets { QStringLiteral("secret-host-name"), QStringLiteral("secret-user-name"),
    QStringLiteral("fixture-secret-token-0123456789") };

void fillFixture(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("worker"));
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("k1"));
    fx.kernel(3000, 4000, 0, 7, 2, 100, QStringLiteral("k2"));
    fx.kernel(5000, 6000, 0, 7, 3, 100, QStringLiteral("k1"));
    for (quint32 c = 1; c <= 3; ++c)
        fx.runtime(c * 100, c * 100 + 50, 100, 101, c, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.memcpy(7000, 7100, 0, 7, 4, 100, 4096, 1, 0, 1);
    fx.nvtx(50, 900, 100, 101, QStringLiteral("decode"));
    fx.nvtx(950, 990, 100, 101, QStringLiteral("sample"));
}

/// Every table of the 2026 fixture schema, in creation order, with the rows fillFixture() puts
/// there: StringIds holds "worker", "k1", "k2" and the launch call's name; the metadata rows
/// come with the schema.
const QList<QPair<QString, qint64>> kExpectedTables {
    { QStringLiteral("StringIds"), 4 },
    { QStringLiteral("META_DATA_EXPORT"), 4 },
    { QStringLiteral("META_DATA_CAPTURE"), 2 },
    { QStringLiteral("TARGET_INFO_GPU"), 1 },
    { QStringLiteral("PROCESSES"), 1 },
    { QStringLiteral("ThreadNames"), 1 },
    { QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"), 3 },
    { QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME"), 3 },
    { QStringLiteral("CUPTI_ACTIVITY_KIND_MEMCPY"), 1 },
    { QStringLiteral("CUPTI_ACTIVITY_KIND_MEMSET"), 0 },
    { QStringLiteral("CUPTI_ACTIVITY_KIND_GRAPH_TRACE"), 0 },
    { QStringLiteral("NVTX_EVENTS"), 2 },
    { QStringLiteral("PROFILER_OVERHEAD"), 0 },
};

QList<QPair<QString, qint64>> shownTables(const TraceInfoDialog& d)
{
    QList<QPair<QString, qint64>> out;
    const QTreeWidget* t = d.tablesView();
    for (int i = 0; i < t->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = t->topLevelItem(i);
        const QVariant rows = item->data(TraceInfoDialog::TableRows, Qt::UserRole);
        out.append({ item->text(TraceInfoDialog::TableName), rows.isValid() ? rows.toLongLong() : -1 });
    }
    return out;
}

/// Every text the dialog holds in a widget: labels, tree items (all columns, tooltips), title.
QString allText(const QDialog& d)
{
    QStringList texts { d.windowTitle() };
    for (const QLabel* l : d.findChildren<QLabel*>())
        texts << l->text() << l->toolTip();
    for (const QTreeWidget* t : d.findChildren<QTreeWidget*>())
        for (QTreeWidgetItemIterator it(const_cast<QTreeWidget*>(t)); *it; ++it)
            for (int c = 0; c < t->columnCount(); ++c)
                texts << (*it)->text(c) << (*it)->toolTip(c);
    return texts.join(QLatin1Char('\n'));
}

TracePtr load(TraceFixture& fx)
{
    TracePtr trace = sl::test::loadFixture(fx);
    if (!trace)
        qFatal("fixture did not load");
    return trace;
}

} // namespace

class TestTraceInfoDialog : public QObject
{
    Q_OBJECT
private slots:
    void countsEveryTable();
    void alreadyCountedTablesAreNotRecounted();
    void privateValuesHiddenUntilRevealed();
    void closingCancelsCounting();
    void realTracesMatchTheInspector();
};

void TestTraceInfoDialog::countsEveryTable()
{
    TraceFixture fx;
    fillFixture(fx);
    const TracePtr trace = load(fx);
    TraceInfoDialog d(trace);
    QSignalSpy finished(&d, &TraceInfoDialog::countingFinished);
    QVERIFY(d.isCounting()); // the loader does not count: the dialog starts a worker
    d.show();
    QVERIFY(finished.wait(30000));
    QVERIFY(!d.isCounting());
    QCOMPARE(shownTables(d), kExpectedTables);
    QCOMPARE(d.tablesView()->topLevelItem(6)->text(TraceInfoDialog::TableRows), QStringLiteral("3"));
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
    const QString text = allText(d);
    QVERIFY(text.contains(QStringLiteral("2026.2.1.210")));
    QVERIFY(text.contains(QStringLiteral("H100")));
    QVERIFY(text.contains(QStringLiteral("python3")));
}

void TestTraceInfoDialog::alreadyCountedTablesAreNotRecounted()
{
    TraceFixture fx;
    fillFixture(fx);
    const LoadOutcome inspected = TraceInspector::inspect(fx.path()); // counts on the calling thread
    QVERIFY(inspected.ok());
    TraceInfoDialog d(inspected.trace);
    QVERIFY(!d.isCounting());
    QCOMPARE(shownTables(d), kExpectedTables);
}

void TestTraceInfoDialog::privateValuesHiddenUntilRevealed()
{
    TraceFixture fx;
    fillFixture(fx);
    const TracePtr trace = load(fx);
    QCOMPARE(trace->info.sensitive.size(), 3);
    TraceInfoDialog d(trace);
    d.show();
    QVERIFY(!d.isRevealed());
    for (const QString& secret : kSecrets)
        QVERIFY2(!allText(d).contains(secret), qPrintable(secret));

    QTest::mouseClick(d.revealButton(), Qt::LeftButton);
    QVERIFY(d.isRevealed());
    QCOMPARE(d.sensitiveView()->topLevelItemCount(), 3);
    for (const QString& secret : kSecrets)
        QVERIFY2(allText(d).contains(secret), qPrintable(secret));
    d.reject();
    QTRY_VERIFY(d.counting().isFinished());
}

void TestTraceInfoDialog::closingCancelsCounting()
{
    TraceFixture fx;
    fillFixture(fx);
    // Enough to count that the worker is still busy when the dialog closes (each copy scans 200 k rows).
    fx.exec(QStringLiteral("CREATE TABLE big (x); INSERT INTO big WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL "
                           "SELECT x + 1 FROM c WHERE x < 200000) SELECT x FROM c;"));
    auto trace = std::make_shared<Trace>(*load(fx));
    for (int i = 0; i < 2000; ++i)
        trace->info.tables.append({ QStringLiteral("big"), -1 });
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());

    auto* d = new TraceInfoDialog(trace);
    QSignalSpy finished(d, &TraceInfoDialog::countingFinished);
    d->show();
    const QFuture<TableCounter::Count> counting = d->counting();
    QTRY_VERIFY_WITH_TIMEOUT(counting.resultCount() > 0, 30000);
    d->reject();
    QVERIFY(!d->isCounting());
    delete d;
    QTRY_VERIFY_WITH_TIMEOUT(counting.isFinished(), 30000);
    QVERIFY(counting.isCanceled());
    QVERIFY(counting.resultCount() < 2000 + int(kExpectedTables.size()));
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
    QCOMPARE(finished.count(), 0);
}

void TestTraceInfoDialog::realTracesMatchTheInspector()
{
    const QStringList traces = sl::test::realTraces();
    if (traces.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    for (const QString& path : traces) {
        const LoadOutcome loaded = TraceLoader::loadSync(path);
        if (!loaded.ok())
            continue;
        // The CLI's `info` counts on the calling thread: the dialog's worker must agree with it.
        const LoadOutcome inspected = TraceInspector::inspect(path);
        QVERIFY2(inspected.ok(), qPrintable(inspected.message));
        QList<QPair<QString, qint64>> expected;
        for (const TraceInfo::Table& t : inspected.trace->info.tables)
            expected.append({ t.name, t.rows });
        TraceInfoDialog d(loaded.trace);
        QSignalSpy finished(&d, &TraceInfoDialog::countingFinished);
        QVERIFY(finished.wait(30000));
        QCOMPARE(shownTables(d), expected);
        QVERIFY(!d.isRevealed());
    }
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
}

QTEST_MAIN(TestTraceInfoDialog)
#include "tst_traceinfodialog.moc"
