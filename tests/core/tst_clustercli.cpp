// SPDX-License-Identifier: MIT
// Cluster runs (issue 22) through the real sightline-cli: `synth --per-rank`, `digest`, `cluster`
// and its gate. The digests are tested in tst_clusterdigest, the analysis in tst_clusteranalyzer.
// Expected figures come from SynthClusterOptions' timeline model (core/synth/synthcluster.h),
// worked out here by hand, or from SQL over the exports; never from the analysis' own output.
#include "core/cluster/digeststore.h"
#include "core/synth/synthcluster.h"
#include "tests/common/clusterfixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl;
using namespace sl::test;

namespace {

struct Run
{
    int exitCode = -1;
    QString out, err;
};

Run runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI), args);
    Run r;
    if (!p.waitForStarted(30000) || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestClusterCli : public QObject
{
    Q_OBJECT

private slots:
    void cliWritesTheClusterReport();
    void digestsAreDeterministic();
    void gateComparesTwoRuns();
};

void TestClusterCli::cliWritesTheClusterReport()
{
    QTemporaryDir dir;
    const QString exports = dir.filePath(QStringLiteral("exports"));
    const QString out = dir.filePath(QStringLiteral("out"));
    Run synth = runCli({ QStringLiteral("synth"), QStringLiteral("--per-rank"), QStringLiteral("--out"), exports,
        QStringLiteral("--ranks"), QStringLiteral("4"), QStringLiteral("--ranks-per-host"), QStringLiteral("2"),
        QStringLiteral("--straggler"), QStringLiteral("2"), QStringLiteral("--host-clock-error-ns"),
        QStringLiteral("0,-1500000"), QStringLiteral("--steps"), QStringLiteral("6") });
    QVERIFY2(synth.exitCode == 0, qPrintable(synth.err));
    Run cluster = runCli({ QStringLiteral("cluster"), exports, QStringLiteral("--out"), out });
    QVERIFY2(cluster.exitCode == 0, qPrintable(cluster.err));
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("digests/report.3.sldigest")))); // digested first
    QFile f(QDir(out).filePath(QStringLiteral("cluster.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("sightline.cluster"));
    QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
    const QJsonArray ranks = root.value(QStringLiteral("ranks")).toArray();
    QCOMPARE(ranks.size(), 4);
    for (const char* key :
        { "rank", "rank_source", "host", "file", "last_arrival_share", "wait_ns", "nccl_ns", "step_p50_ns" })
        QVERIFY2(ranks[2].toObject().contains(QLatin1String(key)), key);
    QCOMPARE(ranks[2].toObject().value(QStringLiteral("last_arrival_share")).toDouble(), 1.0);
    QCOMPARE(ranks[2].toObject().value(QStringLiteral("host")).toString(), QStringLiteral("host1"));
    const QJsonArray hosts = root.value(QStringLiteral("clock")).toObject().value(QStringLiteral("hosts")).toArray();
    QCOMPARE(hosts.size(), 2);
    for (const char* key : { "host", "method", "offset_ns", "residual_ns" })
        QVERIFY2(hosts[1].toObject().contains(QLatin1String(key)), key);
    // Host 1's UTC runs 1.5 ms behind: its times need +1.5 ms.
    QVERIFY(std::abs(hosts[1].toObject().value(QStringLiteral("offset_ns")).toInteger() - 1'500'000) <= 20'000);
    const QJsonObject collectives = root.value(QStringLiteral("collectives")).toObject();
    for (const char* key : { "matched", "unmatched", "pairing", "skew_p50_ns", "skew_p90_ns", "transfer_p50_ns" })
        QVERIFY2(collectives.contains(QLatin1String(key)), key);
    QCOMPARE(collectives.value(QStringLiteral("matched")).toInt(), 6 * 4);
    const QJsonObject straggler = root.value(QStringLiteral("straggler")).toObject();
    QCOMPARE(straggler.value(QStringLiteral("rank")).toInt(), 2);
    QCOMPARE(straggler.value(QStringLiteral("last_arrival_share")).toDouble(), 1.0);
    QVERIFY(straggler.value(QStringLiteral("whatif_step_saving_ns")).toInteger() > 0);
    const QJsonObject finding = root.value(QStringLiteral("findings")).toArray().at(0).toObject();
    QCOMPARE(finding.value(QStringLiteral("kind")).toString(), QStringLiteral("straggler"));
    const QJsonObject evidence = finding.value(QStringLiteral("evidence")).toArray().at(0).toObject();
    QCOMPARE(evidence.value(QStringLiteral("rank")).toInt(), 2);
    QCOMPARE(evidence.value(QStringLiteral("file")).toString(), QStringLiteral("report.2.sqlite"));
    QVERIFY(
        evidence.value(QStringLiteral("end_ns")).toInteger() > evidence.value(QStringLiteral("start_ns")).toInteger());
    for (const char* key : { "nccl_intra_node_ns", "nccl_inter_node_ns", "wait_intra_node_ns", "wait_inter_node_ns" })
        QVERIFY2(ranks[2].toObject().contains(QLatin1String(key)), key);
    QCOMPARE(collectives.value(QStringLiteral("inter_node")).toInt(), 6 * 4);
    QCOMPARE(collectives.value(QStringLiteral("pairing")).toString(), QStringLiteral("communicator+ordinal"));
    for (const char* table : { "tables/ranks.csv", "tables/hosts.csv", "tables/collectives.csv", "cluster.md" })
        QVERIFY2(QFile::exists(QDir(out).filePath(QLatin1String(table))), table);
    // Privacy: no host names, no folders in the report.
    QFile md(QDir(out).filePath(QStringLiteral("cluster.md")));
    QVERIFY(md.open(QIODevice::ReadOnly));
    const QByteArray all = bytes + md.readAll();
    QVERIFY(!all.contains("gpu-node"));
    QVERIFY(!all.contains(dir.path().toUtf8()));
}

void TestClusterCli::digestsAreDeterministic()
{
    QTemporaryDir dir;
    SynthClusterOptions o = issueRun();
    o.ranks = 4;
    o.straggler = 3;
    o.steps = 4;
    const auto r = writeSynthCluster(dir.filePath(QStringLiteral("exports")), o);
    QVERIFY2(r.ok, qPrintable(r.error));
    const QString one = dir.filePath(QStringLiteral("one")), two = dir.filePath(QStringLiteral("two"));
    Run a = runCli(QStringList { QStringLiteral("digest"), QStringLiteral("--out"), one } + r.files);
    Run b = runCli(QStringList { QStringLiteral("digest"), QStringLiteral("-j"), QStringLiteral("2"),
                       QStringLiteral("--out"), two }
        + r.files);
    QVERIFY2(a.exitCode == 0, qPrintable(a.err));
    QVERIFY2(b.exitCode == 0, qPrintable(b.err));
    for (int rank = 0; rank < 4; ++rank) {
        const QString name = QStringLiteral("report.%1.sldigest").arg(rank);
        QString error;
        const QString dumpA = DigestStore::contentDump(QDir(one).filePath(name), &error);
        QVERIFY2(!dumpA.isEmpty(), qPrintable(error));
        QCOMPARE(DigestStore::contentDump(QDir(two).filePath(name), &error), dumpA);
        QVERIFY(dumpA.contains(QStringLiteral("rank|%1\n").arg(rank)));
        QVERIFY(!dumpA.contains(dir.path()));
    }
    Run bad = runCli(
        { QStringLiteral("digest"), QStringLiteral("--out"), one, dir.filePath(QStringLiteral("none.sqlite")) });
    QCOMPARE(bad.exitCode, 3);
    QVERIFY(bad.err.contains(QLatin1String("none.sqlite")));

    // A list with one folder per node, each a report.sqlite (and one export of its own name): an
    // array task (--index) names its digest as the whole list does and prints its path.
    QFile list(dir.filePath(QStringLiteral("exports.txt")));
    QVERIFY(list.open(QIODevice::WriteOnly));
    for (int rank = 0; rank < 4; ++rank) {
        const QString node = dir.filePath(QStringLiteral("node%1").arg(rank));
        QVERIFY(QDir().mkpath(node));
        const QString target = rank < 3 ? node + QStringLiteral("/report.sqlite") : r.files[3];
        QVERIFY(rank == 3 || QFile::copy(r.files[rank], target));
        list.write(target.toUtf8() + (rank == 1 ? "\n\n" : "\n")); // a blank line is skipped, not an export
    }
    list.close();
    const QString three = dir.filePath(QStringLiteral("three"));
    Run task = runCli({ QStringLiteral("digest"), QStringLiteral("--list"), list.fileName(), QStringLiteral("--index"),
        QStringLiteral("1"), QStringLiteral("--out"), three });
    Run blank = runCli({ QStringLiteral("digest"), QStringLiteral("--list"), list.fileName(), QStringLiteral("--index"),
        QStringLiteral("2"), QStringLiteral("--out"), three });
    QCOMPARE(blank.exitCode, 3);
    QVERIFY2(blank.err.contains(QLatin1String("line 3")), qPrintable(blank.err));
    Run notIndex = runCli({ QStringLiteral("digest"), QStringLiteral("--list"), list.fileName(),
        QStringLiteral("--index"), QStringLiteral("-1"), QStringLiteral("--out"), three });
    QCOMPARE(notIndex.exitCode, 2);
    QVERIFY2(task.exitCode == 0, qPrintable(task.err));
    QCOMPARE(task.out.trimmed(), QDir(three).filePath(QStringLiteral("node1-report.sldigest")));
    QCOMPARE(QDir(three).entryList(QDir::Files), QStringList { QStringLiteral("node1-report.sldigest") });
    Run all = runCli(
        { QStringLiteral("digest"), QStringLiteral("--list"), list.fileName(), QStringLiteral("--out"), three });
    QVERIFY2(all.exitCode == 0, qPrintable(all.err));
    QCOMPARE(QDir(three).entryList(QDir::Files),
        QStringList({ QStringLiteral("node0-report.sldigest"), QStringLiteral("node1-report.sldigest"),
            QStringLiteral("node2-report.sldigest"), QStringLiteral("report.3.sldigest") }));
    QString error;
    QVERIFY(DigestStore::contentDump(QDir(three).filePath(QStringLiteral("node2-report.sldigest")), &error)
                .contains(QStringLiteral("rank|2\n")));
    Run past = runCli({ QStringLiteral("digest"), QStringLiteral("--list"), list.fileName(), QStringLiteral("--index"),
        QStringLiteral("5"), QStringLiteral("--out"), three });
    QCOMPARE(past.exitCode, 3);
    QVERIFY2(past.err.contains(QLatin1String("line 6")), qPrintable(past.err));
}

void TestClusterCli::gateComparesTwoRuns()
{
    QTemporaryDir dir;
    // Two 4-rank runs whose straggler (rank 1) has 300 µs and then 600 µs of extra compute.
    const auto run = [&](const char* name, const char* extra) {
        const QString exports = dir.filePath(QLatin1String(name));
        Run s = runCli({ QStringLiteral("synth"), QStringLiteral("--per-rank"), QStringLiteral("--out"), exports,
            QStringLiteral("--ranks"), QStringLiteral("4"), QStringLiteral("--straggler"), QStringLiteral("1"),
            QStringLiteral("--straggler-extra-ns"), QLatin1String(extra), QStringLiteral("--steps"),
            QStringLiteral("5") });
        return s.exitCode == 0 ? exports : QString();
    };
    const QString fast = run("fast", "300000"), slow = run("slow", "600000");
    QVERIFY(!fast.isEmpty() && !slow.isEmpty());
    const QString base = dir.filePath(QStringLiteral("base"));
    QCOMPARE(runCli({ QStringLiteral("cluster"), fast, QStringLiteral("--out"), base }).exitCode, 0);
    const QString baseJson = QDir(base).filePath(QStringLiteral("cluster.json"));
    // Skew p50 from 300 µs + 2 µs·jitter to 600 µs + …: about +100 %, a regression at 5 %.
    Run worse = runCli({ QStringLiteral("cluster"), slow, QStringLiteral("--out"), dir.filePath(QStringLiteral("w")),
        QStringLiteral("--gate"), QStringLiteral("5"), QStringLiteral("--gate-baseline"), baseJson });
    QCOMPARE(worse.exitCode, 5);
    QFile f(dir.filePath(QStringLiteral("w/cluster.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject gate = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("gate")).toObject();
    QCOMPARE(gate.value(QStringLiteral("verdict")).toString(), QStringLiteral("regression"));
    const QJsonArray figures = gate.value(QStringLiteral("figures")).toArray();
    QCOMPARE(figures.size(), 3);
    QCOMPARE(
        figures[0].toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("unchanged")); // share 1 → 1
    QCOMPARE(figures[1].toObject().value(QStringLiteral("key")).toString(), QStringLiteral("skew_p50_ns"));
    QVERIFY(figures[1].toObject().value(QStringLiteral("change")).toDouble() > 90);
    // The worst step grows by 4 × 300 µs on 4.96 ms: about +24 %.
    QVERIFY(std::abs(figures[2].toObject().value(QStringLiteral("change")).toDouble() - 1.2 / 4.96 * 100) < 1);
    // The same run against itself: unchanged, exit 0.
    Run same = runCli({ QStringLiteral("cluster"), fast, QStringLiteral("--out"), dir.filePath(QStringLiteral("s")),
        QStringLiteral("--gate"), QStringLiteral("5"), QStringLiteral("--gate-baseline"), baseJson });
    QCOMPARE(same.exitCode, 0);
    QVERIFY(same.out.contains(QLatin1String("gate: unchanged")));
    Run bad = runCli({ QStringLiteral("cluster"), fast, QStringLiteral("--out"), dir.filePath(QStringLiteral("b")),
        QStringLiteral("--gate"), QStringLiteral("5"), QStringLiteral("--gate-baseline"),
        QDir(base).filePath(QStringLiteral("cluster.md")) });
    QCOMPARE(bad.exitCode, 3);
}

QTEST_GUILESS_MAIN(TestClusterCli)
#include "tst_clustercli.moc"
