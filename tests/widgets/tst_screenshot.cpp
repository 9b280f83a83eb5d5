// SPDX-License-Identifier: MIT
// `sightline --screenshot FILE TRACE...`, run as a user would: the real binary, offscreen.
#include "tests/common/tracefixture.h"

#include <QImage>
#include <QProcess>
#include <QtTest>

using sl::test::TraceFixture;

class TestScreenshot : public QObject
{
    Q_OBJECT
private slots:
    void writesImage();
    void badTraceFailsWithMessage();
    void laptopSizes_data();
    void laptopSizes();

private:
    static int run(const QStringList& args, const QString& home, QString* err);
};

int TestScreenshot::run(const QStringList& args, const QString& home, QString* err)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // Its own settings folder: the run must not read or write the user's layout.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SIGHTLINE_GUI), args);
    if (!p.waitForFinished(120000))
        return -1;
    *err = QString::fromUtf8(p.readAllStandardError());
    return p.exitCode();
}

void TestScreenshot::writesImage()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    fx.kernel(3000, 3500, 0, 7, 2, 100, QStringLiteral("flash_attention"));
    const QString out = fx.dir() + QStringLiteral("/shot.png");
    QString err;
    QCOMPARE(run({ QStringLiteral("--screenshot"), out, fx.path() }, fx.dir(), &err), 0);
    const QImage image(out);
    QVERIFY2(!image.isNull(), qPrintable(err));
    QVERIFY(image.width() >= 800 && image.height() >= 500);
    // Not a blank window: a rendered GUI has many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 20);
}

void TestScreenshot::badTraceFailsWithMessage()
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("nope.sqlite"));
    const QString out = dir.filePath(QStringLiteral("shot.png"));
    QString err;
    QCOMPARE(run({ QStringLiteral("--screenshot"), out, missing }, dir.path(), &err), 3);
    QVERIFY(err.contains(QStringLiteral("nope.sqlite")));
    QVERIFY(!QFile::exists(out));
}

void TestScreenshot::laptopSizes_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1366x768") << QSize(1366, 768);
    QTest::addRow("1600x1000") << QSize(1600, 1000);
}

void TestScreenshot::laptopSizes()
{
    // --size: the image has exactly the size asked for (the default layout fits it; the docks'
    // readability at these sizes is checked in tst_laptoplayout).
    QFETCH(QSize, size);
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    fx.kernel(3000, 3500, 1, 15, 2, 100, QStringLiteral("flash_attention"));
    const QString out = fx.dir() + QStringLiteral("/shot.png");
    QString err;
    const QString wh = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
    QCOMPARE(run({ QStringLiteral("--size"), wh, QStringLiteral("--screenshot"), out, fx.path() }, fx.dir(), &err), 0);
    const QImage image(out);
    QVERIFY2(!image.isNull(), qPrintable(err));
    QCOMPARE(image.size(), size);
    QCOMPARE(run({ QStringLiteral("--size"), QStringLiteral("huge"), QStringLiteral("--screenshot"), out, fx.path() },
                 fx.dir(), &err),
        2);
}

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
