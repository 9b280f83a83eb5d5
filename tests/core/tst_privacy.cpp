// SPDX-License-Identifier: MIT
// Paths inside names (NVTX ranges carrying Python frames) must not reach a report.
#include "core/util/privacy.h"

#include <QTest>

class TestPrivacy : public QObject
{
    Q_OBJECT
private slots:
    void scrub_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::addRow("python frame") << QStringLiteral("['/home/alice/.local/lib/python3.6/site-packages/torch/nn/init.py:395']")
                                      << QStringLiteral("['…/init.py:395']");
        QTest::addRow("two paths") << QStringLiteral("/Users/bob/a/b.py and /scratch/x/y/z")
                                   << QStringLiteral("…/b.py and …/z");
        QTest::addRow("tilde") << QStringLiteral("~/proj/run.py:12") << QStringLiteral("…/run.py:12");
        QTest::addRow("onnx names stay") << QStringLiteral("/conv1/Conv + /relu/Relu") << QStringLiteral("/conv1/Conv + /relu/Relu");
        QTest::addRow("kernel stays") << QStringLiteral("void at::native::reduce_kernel<512, 1>(T1)")
                                      << QStringLiteral("void at::native::reduce_kernel<512, 1>(T1)");
        QTest::addRow("windows") << QStringLiteral("C:\\Users\\carol\\model.py") << QStringLiteral("…\\model.py");
    }
    void scrub()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(sl::scrubPaths(in), out);
    }
};

QTEST_GUILESS_MAIN(TestPrivacy)
#include "tst_privacy.moc"
