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
        QTest::addRow("python frame") << QStringLiteral(
            "['/home/alice/.local/lib/python3.6/site-packages/torch/nn/init.py:395']")
                                      << QStringLiteral("['…/init.py:395']");
        QTest::addRow("two paths") << QStringLiteral("/Users/bob/a/b.py and /scratch/x/y/z")
                                   << QStringLiteral("…/b.py and …/z");
        QTest::addRow("tilde") << QStringLiteral("~/proj/run.py:12") << QStringLiteral("…/run.py:12");
        QTest::addRow("onnx names stay") << QStringLiteral("/conv1/Conv + /relu/Relu")
                                         << QStringLiteral("/conv1/Conv + /relu/Relu");
        QTest::addRow("kernel stays") << QStringLiteral("void at::native::reduce_kernel<512, 1>(T1)")
                                      << QStringLiteral("void at::native::reduce_kernel<512, 1>(T1)");
        QTest::addRow("windows") << QStringLiteral("C:\\Users\\carol\\model.py") << QStringLiteral("…\\model.py");
        // Any root, not only well-known ones (issue 12.4).
        QTest::addRow("srv") << QStringLiteral("load /srv/models/llama-70b/config.json done")
                             << QStringLiteral("load …/config.json done");
        QTest::addRow("nethome frame") << QStringLiteral("/nethome/dave/src/train.py:88(step)")
                                       << QStringLiteral("…/train.py:88(step)");
        QTest::addRow("unknown root") << QStringLiteral("(/zfs-pool7/eve/ckpt)") << QStringLiteral("(…/ckpt)");
        QTest::addRow("home alone") << QStringLiteral("cwd=/home/alice") << QStringLiteral("cwd=…");
        QTest::addRow("tilde user") << QStringLiteral("~frank/x/y.py") << QStringLiteral("…/y.py");
        QTest::addRow("unc") << QStringLiteral("open \\\\fileserver\\team\\grace\\w.bin now")
                             << QStringLiteral("open …\\w.bin now");
        QTest::addRow("drive forward") << QStringLiteral("'D:/Users/heidi/run.py'") << QStringLiteral("'…/run.py'");
        QTest::addRow("drive short") << QStringLiteral("E:\\x.py") << QStringLiteral("…\\x.py");
        QTest::addRow("onnx deep") << QStringLiteral("/model/layers.0/self_attn/MatMul_output_0")
                                   << QStringLiteral("/model/layers.0/self_attn/MatMul_output_0");
        QTest::addRow("onnx numbered") << QStringLiteral("/encoder/layer.11/Add_1")
                                       << QStringLiteral("/encoder/layer.11/Add_1");
        QTest::addRow("op under fs root") << QStringLiteral("/home/ivan/Conv") << QStringLiteral("…/Conv");
        QTest::addRow("not an op") << QStringLiteral("/model/weights/shard0") << QStringLiteral("…/shard0");
        QTest::addRow("relative text stays")
            << QStringLiteral("tokens/s and a/b/c.py") << QStringLiteral("tokens/s and a/b/c.py");
        QTest::addRow("one component stays")
            << QStringLiteral("ratio /2 and /tmp") << QStringLiteral("ratio /2 and /tmp");
        QTest::addRow("comma and semicolon end a path")
            << QStringLiteral("x=/a/b,/c/d;") << QStringLiteral("x=…/b,…/d;");
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
