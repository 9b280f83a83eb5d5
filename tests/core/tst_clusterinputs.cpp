// SPDX-License-Identifier: MIT
// The inputs of a cluster run: digest names unique when node folders hold exports of one name,
// rank labels told apart in the report, and digests served from the trace cache only while
// the export's identity is unchanged (touched, truncated, replaced with one of the same size).
#include "core/cluster/clusteranalyzer.h"
#include "core/cluster/clusterinputs.h"
#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"
#include "core/io/tracecache.h"
#include "core/io/tracecachekey.h"
#include "core/synth/synthcluster.h"
#include "core/util/filehash.h"
#include "tests/common/clusterfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace sl;

class TestClusterInputs : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QStringList m_nodes; ///< node<k>/report.sqlite, a copy of rank k's export
    QString m_rankFile[4]; ///< the synth's report.<k>.sqlite

    QString path(const QString& name) const { return m_tmp.filePath(name); }
    /// The rank each digest of `paths` records (-2 where there is none).
    static QList<int> ranksOf(const QStringList& paths)
    {
        QList<int> ranks;
        for (const QString& p : paths) {
            RankDigest d;
            QString error;
            ranks << (!p.isEmpty() && DigestStore::read(p, &d, &error) ? d.rank : -2);
        }
        return ranks;
    }
    /// The cache entry as docs/digest-format.md defines it: hex SHA-256 of the key's digest and
    /// the export's file name.
    QString cachedDigestOf(const QString& exportPath) const
    {
        const auto key = TraceCacheKey::of(exportPath);
        const QByteArray name = QFileInfo(exportPath).fileName().toUtf8();
        return key ? path(QStringLiteral("cache/"))
                + QString::fromLatin1(FileHash::sha256Of({ key->digest(), name }).toHex()) + QStringLiteral(".sldigest")
                   : QString();
    }
    ClusterInputs::Target target() const { return { path(QStringLiteral("out")), path(QStringLiteral("cache")), 2 }; }

private slots:
    void initTestCase();
    void namesAreUniquePerExport();
    void labelsTellSameNamesApart();
    void nodeFoldersOfOneName();
    void cacheServesOnlyAnUnchangedExport();
    void damagedCacheEntryIsDigestedAgain();
    void linksToOneExportKeepTheirNames();
    void realExportsFromTheCacheAsDigested();
    void ranksOfOneExportAsASet();
    void gpusOfOneProcessAsASet();
    void anotherExportsDigestIsKept();
    void concurrentWritersLoseNoDigest();
};

void TestClusterInputs::initTestCase()
{
    const auto written = writeSynthCluster(path(QStringLiteral("run")), test::smallRun(4, 2, 3));
    QVERIFY2(written.ok, qPrintable(written.error));
    QCOMPARE(written.files.size(), 4);
    for (int k = 0; k < 4; ++k) {
        m_rankFile[k] = written.files[k];
        const QString node = path(QStringLiteral("node%1").arg(k));
        QVERIFY(QDir().mkpath(node));
        m_nodes << node + QStringLiteral("/report.sqlite");
        QVERIFY(QFile::copy(m_rankFile[k], m_nodes.back()));
    }
}

void TestClusterInputs::namesAreUniquePerExport()
{
    const QStringList names = ClusterInputs::digestNames({ QStringLiteral("/r/node0/report.sqlite"),
        QStringLiteral("/r/node1/report.sqlite"), QStringLiteral("/r/x/report.1.sqlite"),
        QStringLiteral("/s/node0/report.sqlite"), QStringLiteral("/t/node1-report.sqlite") });
    // The folder goes in front only where the name is shared; then the list position behind.
    QCOMPARE(names,
        QStringList({ QStringLiteral("node0-report.sldigest"), QStringLiteral("node1-report.sldigest"),
            QStringLiteral("report.1.sldigest"), QStringLiteral("node0-report-3.sldigest"),
            QStringLiteral("node1-report-4.sldigest") }));
    // "x.p5" beside "x" (whose rank of pid 5 would be "x.p5.sldigest") is numbered; alone it is not.
    QCOMPARE(ClusterInputs::digestNames({ QStringLiteral("/a/x.sqlite"), QStringLiteral("/a/x.p5.sqlite") }),
        QStringList({ QStringLiteral("x.sldigest"), QStringLiteral("x.p5-1.sldigest") }));
    QCOMPARE(ClusterInputs::digestNames({ QStringLiteral("/a/x.p5.sqlite") }),
        QStringList({ QStringLiteral("x.p5.sldigest") }));
    // A numbered name that is another input's own name is numbered on (position + inputs).
    QCOMPARE(ClusterInputs::digestNames({ QStringLiteral("/a/x-r-2.sqlite"), QStringLiteral("/b/x/r.sqlite"),
                 QStringLiteral("/c/x/r.sqlite") }),
        QStringList(
            { QStringLiteral("x-r-2.sldigest"), QStringLiteral("x-r.sldigest"), QStringLiteral("x-r-5.sldigest") }));
}

void TestClusterInputs::labelsTellSameNamesApart()
{
    std::vector<RankDigest> d(6);
    const char* files[]
        = { "report.sqlite", "report.sqlite", "other.sqlite", "a.sqlite", "report.sqlite", "report.sqlite" };
    const int ranks[] = { 7, 2, 0, 1, -1, 5 };
    for (size_t i = 0; i < d.size(); ++i) {
        d[i].file = QString::fromLatin1(files[i]);
        d[i].rank = ranks[i];
    }
    std::vector<RankDigest> byRank = d;
    ClusterInputs::labelRanks(d);
    // One of them gives no rank: numbered by rank, that one last; no folder name (folders are
    // often named after their host).
    QCOMPARE(d[1].name(), QStringLiteral("report.sqlite (1)"));
    QCOMPARE(d[5].name(), QStringLiteral("report.sqlite (2)"));
    QCOMPARE(d[0].name(), QStringLiteral("report.sqlite (3)"));
    QCOMPARE(d[4].name(), QStringLiteral("report.sqlite (4)"));
    QCOMPARE(d[2].name(), QStringLiteral("other.sqlite"));
    QCOMPARE(d[3].name(), QStringLiteral("a.sqlite"));
    // A label beside the file name, which stays the export's (where its digest said it was).
    QCOMPARE(d[1].file, QStringLiteral("report.sqlite"));
    QVERIFY(d[2].label.isEmpty());
    // Each gives a rank of its own: named by it.
    byRank[4].rank = 4;
    ClusterInputs::labelRanks(byRank);
    QCOMPARE(byRank[1].name(), QStringLiteral("report.sqlite (rank 2)"));
    QCOMPARE(byRank[4].name(), QStringLiteral("report.sqlite (rank 4)"));
    QCOMPARE(byRank[0].name(), QStringLiteral("report.sqlite (rank 7)"));
    QCOMPARE(byRank[2].name(), QStringLiteral("other.sqlite"));
}

void TestClusterInputs::nodeFoldersOfOneName()
{
    QStringList digests, sources, errors;
    QVERIFY(ClusterInputs::collect(m_nodes, target(), &digests, &sources, &errors));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(sources, m_nodes);
    QCOMPARE(ranksOf(digests), QList<int>({ 0, 1, 2, 3 })); // each node's own rank, none shared
    std::vector<RankDigest> loaded(4);
    QString error;
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(QFileInfo(digests[k]).fileName(), QStringLiteral("node%1-report.sldigest").arg(k));
        QVERIFY(DigestStore::read(digests[k], &loaded[size_t(k)], &error));
    }
    // A digest write that never finished, named explicitly, is refused, not read as a rank.
    const QString part = digests[0] + QStringLiteral(".part-1-1-0");
    QVERIFY(QFile::copy(digests[0], part));
    QStringList partDigests, partSources, partErrors;
    QVERIFY(!ClusterInputs::collect({ part }, target(), &partDigests, &partSources, &partErrors));
    QVERIFY2(partErrors.size() == 1 && partErrors.front().contains(QLatin1String("never finished")),
        qPrintable(partErrors.join(QLatin1Char('\n'))));
    ClusterInputs::labelRanks(loaded);
    ClusterResult r;
    QVERIFY2(ClusterAnalyzer::analyze(std::move(loaded), &r, &error), qPrintable(error));
    QCOMPARE(r.ranks.size(), size_t(4));
    for (int k = 0; k < 4; ++k)
        QCOMPARE(r.ranks[size_t(k)].file, QStringLiteral("report.sqlite (rank %1)").arg(k));
    QVERIFY(r.hasStraggler);
    QCOMPARE(r.stragglerRank, 2);
}

void TestClusterInputs::cacheServesOnlyAnUnchangedExport()
{
    // From the cache alone: a copy into the out folder would not replace node1's digest there
    // with another host's (mayReplace), the swap this test makes in the cache.
    const ClusterInputs::Target target { QString(), path(QStringLiteral("cache")), 2 };
    QStringList errors;
    QCOMPARE(ranksOf(ClusterInputs::digestAll(m_nodes, target, &errors)), QList<int>({ 0, 1, 2, 3 }));
    // A hit is served from the cache: node1's entry replaced by rank 2's digest (same export
    // size) comes back as it is.
    const QString entry1 = cachedDigestOf(m_nodes[1]);
    QVERIFY(QFile::exists(entry1));
    QVERIFY(QFile::remove(entry1) && QFile::copy(cachedDigestOf(m_nodes[2]), entry1));
    QCOMPARE(ranksOf(ClusterInputs::digestAll(m_nodes, target, &errors)), QList<int>({ 0, 2, 2, 3 }));

    // Touched: a new modification time is a new identity, digested afresh.
    QFile touched(m_nodes[1]);
    QVERIFY(touched.open(QIODevice::ReadWrite));
    const QDateTime mtime = touched.fileTime(QFileDevice::FileModificationTime);
    QVERIFY(touched.setFileTime(mtime.addSecs(2), QFileDevice::FileModificationTime));
    touched.close();
    QCOMPARE(ranksOf(ClusterInputs::digestAll(m_nodes, target, &errors)), QList<int>({ 0, 1, 2, 3 }));

    // Re-exported to the same path with the same size and modification time: still not served.
    const QString entry1b = cachedDigestOf(m_nodes[1]);
    QVERIFY(QFile::remove(entry1b) && QFile::copy(cachedDigestOf(m_nodes[2]), entry1b));
    QVERIFY(QFile::remove(m_nodes[1]) && QFile::copy(m_rankFile[1], m_nodes[1]));
    QFile again(m_nodes[1]);
    QVERIFY(again.open(QIODevice::ReadWrite));
    QVERIFY(again.setFileTime(mtime.addSecs(2), QFileDevice::FileModificationTime));
    again.close();
    QCOMPARE(QFileInfo(m_nodes[1]).size(), QFileInfo(m_nodes[2]).size());
    QCOMPARE(ranksOf(ClusterInputs::digestAll(m_nodes, target, &errors)), QList<int>({ 0, 1, 2, 3 }));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

    // Truncated in place, its modification time set back: an error naming the file with its
    // folder, no digest served for it.
    QFile cut(m_nodes[3]);
    QVERIFY(cut.open(QIODevice::ReadWrite));
    const QDateTime mtime3 = cut.fileTime(QFileDevice::FileModificationTime);
    QVERIFY(cut.resize(cut.size() / 2));
    QVERIFY(cut.setFileTime(mtime3, QFileDevice::FileModificationTime));
    cut.close();
    QCOMPARE(ClusterInputs::digestAll(m_nodes, target, &errors).at(3), QString());
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.front().contains(QDir::toNativeSeparators(m_nodes[3])), qPrintable(errors.front()));
    QVERIFY(QFile::remove(m_nodes[3]) && QFile::copy(m_rankFile[3], m_nodes[3])); // for the next cases
}

void TestClusterInputs::damagedCacheEntryIsDigestedAgain()
{
    QStringList errors;
    const ClusterInputs::Target cacheOnly { QString(), path(QStringLiteral("cache")), 1 };
    QVERIFY(!ClusterInputs::digestAll({ m_nodes[0] }, cacheOnly, &errors).front().isEmpty());
    const QString entry = cachedDigestOf(m_nodes[0]);
    QFile damaged(entry);
    QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QVERIFY(damaged.write("not a digest") > 0);
    damaged.close();
    // No out folder: the digest path is the cache entry itself, written again.
    QCOMPARE(ClusterInputs::digestAll({ m_nodes[0] }, cacheOnly, &errors), QStringList({ entry }));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(ranksOf({ entry }), QList<int>({ 0 }));
}

void TestClusterInputs::linksToOneExportKeepTheirNames()
{
    // Two links to one export share its identity (stat follows links), not its name: each
    // digest records the name it was asked for, also when the other one was cached first.
    const QString a = path(QStringLiteral("links/alpha.sqlite")), b = path(QStringLiteral("links/beta.sqlite"));
    QVERIFY(QDir().mkpath(path(QStringLiteral("links"))));
    QVERIFY(QFile::link(m_rankFile[0], a) && QFile::link(m_rankFile[0], b));
    QStringList errors;
    const ClusterInputs::Target cacheOnly { QString(), path(QStringLiteral("cache")), 1 };
    for (const QString& link : { a, b, a }) {
        const QStringList made = ClusterInputs::digestAll({ link }, cacheOnly, &errors);
        RankDigest d;
        QString error;
        QVERIFY2(DigestStore::read(made.front(), &d, &error), qPrintable(error));
        QCOMPARE(d.file, QFileInfo(link).fileName());
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
}

void TestClusterInputs::realExportsFromTheCacheAsDigested()
{
    const QStringList exports = test::realTraces();
    if (exports.isEmpty())
        QSKIP(qPrintable(test::realTracesSkipReason()));
    // Every real export: digested with no cache, then into the cache and once more from it. The
    // three hold the same rows; the second run reads the cache entry (its mtime is refreshed).
    QTemporaryDir dir;
    const ClusterInputs::Target fresh { dir.filePath(QStringLiteral("fresh")), QString(), 2 };
    const ClusterInputs::Target cached { dir.filePath(QStringLiteral("cached")), dir.filePath(QStringLiteral("c")), 2 };
    QVERIFY(QDir().mkpath(fresh.outDir) && QDir().mkpath(cached.outDir) && QDir().mkpath(cached.cacheDir));
    QStringList errors;
    const QStringList a = ClusterInputs::digestAll(exports, fresh, &errors);
    const QStringList b = ClusterInputs::digestAll(exports, cached, &errors);
    // One entry per export, but one per process that ran NCCL kernels where two or more did
    // (the two FastVideo training exports: 2 each).
    qint64 ranks = 0;
    for (const QString& e : exports)
        ranks += std::max<qint64>(1,
            test::sqlScalar(e,
                QStringLiteral("SELECT count(DISTINCT (k.globalPid >> 24) & 16777215) FROM CUPTI_ACTIVITY_KIND_KERNEL "
                               "k JOIN StringIds s ON s.id = k.shortName WHERE s.value LIKE 'ncclDevKernel%' OR "
                               "s.value LIKE 'ncclKernel%'")));
    QCOMPARE(QDir(cached.cacheDir).entryList({ QStringLiteral("*.sldigest") }).size(), ranks);
    QCOMPARE(a.size(), ranks);
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    QTest::qSleep(20);
    const QStringList c = ClusterInputs::digestAll(exports, cached, &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    for (const QFileInfo& entry : QDir(cached.cacheDir).entryInfoList({ QStringLiteral("*.sldigest") }))
        QVERIFY2(entry.lastModified() > before, qPrintable(entry.fileName())); // served, so touched
    for (qsizetype i = 0; i < a.size(); ++i) {
        QString error;
        const QString dump = DigestStore::contentDump(a[i], &error);
        QVERIFY2(!dump.isEmpty(), qPrintable(error));
        QCOMPARE(DigestStore::contentDump(b[i], &error), dump);
        QCOMPARE(DigestStore::contentDump(c[i], &error), dump);
    }
}

/// An export of two ranks (writeTwoRankExport) gives NAME.pPID.sldigest per rank, in its GPU
/// order; the cache serves both or neither (one evicted: digested again, both written anew); a
/// folder with the rank digests beside the export does not digest it again.
void TestClusterInputs::ranksOfOneExportAsASet()
{
    test::TraceFixture fx(test::TraceFixture::Schema::Nsys2026, QStringLiteral("node.sqlite"));
    test::writeTwoRankExport(fx);
    const QString exportPath = fx.path();
    const QString out = path(QStringLiteral("set/out")), cache = path(QStringLiteral("set/cache"));
    QVERIFY(QDir().mkpath(out) && QDir().mkpath(cache));
    const ClusterInputs::Target target { out, cache, 1 };
    QStringList errors, from;
    const QStringList made = ClusterInputs::digestAll({ exportPath }, target, &errors, {}, {}, &from);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(made,
        QStringList({ QDir(out).filePath(QStringLiteral("node.p41018.sldigest")),
            QDir(out).filePath(QStringLiteral("node.p41017.sldigest")) }));
    QCOMPARE(from, QStringList({ exportPath, exportPath }));
    QStringList entries = QDir(cache).entryList({ QStringLiteral("*.sldigest") });
    QCOMPARE(entries.size(), 2);
    QString error;
    const QString dump = DigestStore::contentDump(made[1], &error);
    // Served from the cache: the same rows. A rank digest of an earlier capture to the same name
    // (other pids) is removed; a digest of another export whose name only looks like a rank's
    // ("node.p5.sqlite") stays.
    const QString stale = QDir(out).filePath(QStringLiteral("node.p99999.sldigest"));
    const QString other = QDir(out).filePath(QStringLiteral("node.p5.sldigest"));
    QVERIFY(QFile::copy(made[0], stale));
    RankDigest otherExport;
    otherExport.file = QStringLiteral("node.p5.sqlite");
    QVERIFY2(DigestStore::write(otherExport, other, &error), qPrintable(error));
    QVERIFY(QFile::remove(made[0]) && QFile::remove(made[1]));
    QCOMPARE(ClusterInputs::digestAll({ exportPath }, target, &errors), made);
    QCOMPARE(DigestStore::contentDump(made[1], &error), dump);
    QVERIFY(!QFileInfo::exists(stale));
    QVERIFY(QFileInfo::exists(other));
    // The second of the set (GPU 1's worker) evicted: the first alone is not served; both are made again.
    QString evicted;
    for (const QString& entry : entries) {
        RankDigest digest;
        QVERIFY2(DigestStore::read(QDir(cache).filePath(entry), &digest, &error), qPrintable(error));
        evicted = digest.process == 41017 ? QDir(cache).filePath(entry) : evicted;
    }
    QVERIFY(QFile::remove(evicted));
    const ClusterInputs::Target cacheOnly { QString(), cache, 1 };
    const QStringList again = ClusterInputs::digestAll({ exportPath }, cacheOnly, &errors);
    QCOMPARE(again.size(), 2);
    QVERIFY(again.contains(evicted));
    QCOMPARE(QDir(cache).entryList({ QStringLiteral("*.sldigest") }).size(), 2);
    std::vector<qint64> processes;
    for (const QString& d : again) {
        RankDigest digest;
        QVERIFY2(DigestStore::read(d, &digest, &error), qPrintable(error));
        processes.push_back(digest.process);
    }
    QCOMPARE(processes, (std::vector<qint64> { 41018, 41017 }));
    // A folder holding the export and its rank digests: the digests, the export not again.
    const QString folder = path(QStringLiteral("set/folder"));
    QVERIFY(QDir().mkpath(folder) && QFile::copy(exportPath, QDir(folder).filePath(QStringLiteral("node.sqlite"))));
    for (const QString& d : made)
        QVERIFY(QFile::copy(d, QDir(folder).filePath(QFileInfo(d).fileName())));
    QStringList digests, sources;
    QVERIFY(ClusterInputs::collect(
        { folder }, ClusterInputs::Target { QString(), QString(), 1 }, &digests, &sources, &errors));
    QCOMPARE(digests.size(), 2);
    QCOMPARE(sources, digests);
    // Beside only a digest whose name looks like a rank's but records another export
    // ("node.p5.sqlite"), the export is digested: its two ranks and that digest.
    const QString lookalike = path(QStringLiteral("set/lookalike"));
    QVERIFY(QDir().mkpath(lookalike) && QFile::copy(exportPath, QDir(lookalike).filePath(QStringLiteral("node.sqlite")))
        && QFile::copy(other, QDir(lookalike).filePath(QStringLiteral("node.p5.sldigest"))));
    digests.clear(), sources.clear();
    QVERIFY(ClusterInputs::collect(
        { lookalike }, ClusterInputs::Target { QString(), cache, 1 }, &digests, &sources, &errors));
    QCOMPARE(digests.size(), 3);
    QCOMPARE(sources.count(QDir(lookalike).filePath(QStringLiteral("node.sqlite"))), 2);
}

/// Exports of a process per host (synth --process-per-host: pid 4000 on GPUs 0 and 1, pid 4002 on
/// theirs) give NAME.pPID.dGPU.sldigest per GPU; a digest of an earlier digestion of the export as
/// one rank per process ("report.0.p4000.sldigest") is removed; a folder of the exports and these
/// digests does not digest the exports again.
void TestClusterInputs::gpusOfOneProcessAsASet()
{
    SynthClusterOptions o = test::smallRun(4, 3, 2);
    o.processPerHost = true;
    const auto written = writeSynthCluster(path(QStringLiteral("gpus/exports")), o);
    QVERIFY2(written.ok, qPrintable(written.error));
    const QString out = path(QStringLiteral("gpus/out"));
    QVERIFY(QDir().mkpath(out));
    const QString earlier = QDir(out).filePath(QStringLiteral("report.0.p4000.sldigest"));
    RankDigest wholeProcess;
    QString error;
    QVERIFY2(ExportDigester::digest(written.files[0], &wholeProcess, &error), qPrintable(error));
    wholeProcess.process = 4000;
    wholeProcess.processes = 2;
    QVERIFY2(DigestStore::write(wholeProcess, earlier, &error), qPrintable(error));
    QStringList errors;
    const QStringList made
        = ClusterInputs::digestAll(written.files, ClusterInputs::Target { out, QString(), 1 }, &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QStringList names;
    for (const QString& d : made)
        names << QFileInfo(d).fileName();
    QCOMPARE(names,
        QStringList({ QStringLiteral("report.0.p4000.d0.sldigest"), QStringLiteral("report.0.p4000.d1.sldigest"),
            QStringLiteral("report.1.p4002.d0.sldigest"), QStringLiteral("report.1.p4002.d1.sldigest") }));
    QVERIFY(!QFileInfo::exists(earlier));
    const QString folder = path(QStringLiteral("gpus/folder"));
    QVERIFY(QDir().mkpath(folder));
    for (const QString& f : written.files + made)
        QVERIFY(QFile::copy(f, QDir(folder).filePath(QFileInfo(f).fileName())));
    QStringList digests, sources;
    QVERIFY(ClusterInputs::collect(
        { folder }, ClusterInputs::Target { QString(), QString(), 1 }, &digests, &sources, &errors));
    QCOMPARE(digests.size(), 4);
    QCOMPARE(sources, digests);
}

void TestClusterInputs::anotherExportsDigestIsKept()
{
    test::TraceFixture fx(test::TraceFixture::Schema::Nsys2026, QStringLiteral("node.sqlite"));
    test::writeTwoRankExport(fx);
    const QString out = path(QStringLiteral("kept/out"));
    const QString lookalike = path(QStringLiteral("kept/node.p41017.sqlite"));
    QVERIFY(QDir().mkpath(out) && QFile::copy(m_rankFile[0], lookalike));
    const ClusterInputs::Target target { out, QString(), 1 };
    QStringList errors;
    const QStringList ranks = ClusterInputs::digestAll({ fx.path() }, target, &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    const QString rank = QDir(out).filePath(QStringLiteral("node.p41017.sldigest"));
    QVERIFY(ranks.contains(rank));
    // Digested by a run of its own, "node.p41017.sqlite" would land on node.sqlite's rank of pid 41017.
    QCOMPARE(ClusterInputs::digestAll({ lookalike }, target, &errors), QStringList({ QString() }));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].contains(QStringLiteral("node.p41017.sldigest holds the digest of another export, node.sqlite")),
        qPrintable(errors[0]));
    RankDigest d;
    QString error;
    QVERIFY2(DigestStore::read(rank, &d, &error), qPrintable(error));
    QCOMPARE(d.file, QStringLiteral("node.sqlite"));
    QCOMPARE(d.process, qint64(41017));
    // In one run with it, it is named apart: three digests, none lost.
    errors.clear();
    const QStringList both = ClusterInputs::digestAll({ fx.path(), lookalike }, target, &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(both.size(), 3);
    QCOMPARE(both.back(), QDir(out).filePath(QStringLiteral("node.p41017-1.sldigest")));
    QCOMPARE(ranksOf(both), QList<int>({ -1, -1, 0 }));
    // A folder holding the export and both digests: the numbered one is its digest, not digested again.
    QVERIFY(QFile::copy(lookalike, QDir(out).filePath(QStringLiteral("node.p41017.sqlite"))));
    QStringList digests, sources;
    QVERIFY(ClusterInputs::collect(
        { out }, ClusterInputs::Target { QString(), QString(), 1 }, &digests, &sources, &errors));
    QCOMPARE(digests.size(), 3);
    QCOMPARE(sources, digests);
    // A report.sqlite of another rank (rank 1, same host) or of another host digested into a
    // folder holding rank 0's: kept, and said; the same rank captured again replaces it.
    const QString nodes = path(QStringLiteral("kept/nodes"));
    QVERIFY(QDir().mkpath(nodes));
    const ClusterInputs::Target shared { nodes, QString(), 1 };
    const QString report = QDir(nodes).filePath(QStringLiteral("report.sldigest"));
    QCOMPARE(ClusterInputs::digestAll({ m_nodes[0] }, shared, &errors), QStringList({ report }));
    QCOMPARE(ClusterInputs::digestAll({ m_nodes[0] }, shared, &errors), QStringList({ report }));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    const struct
    {
        int node;
        const char* says;
    } refused[] = { { 1, "holds the digest of rank 0 (report.sqlite)" },
        { 2, "holds the digest of report.sqlite from another host" } };
    for (const auto& r : refused) {
        errors.clear();
        QCOMPARE(ClusterInputs::digestAll({ m_nodes[r.node] }, shared, &errors), QStringList({ QString() }));
        QVERIFY2(errors.size() == 1 && errors[0].contains(QLatin1String(r.says)),
            qPrintable(errors.join(QLatin1Char('\n'))));
    }
    QCOMPARE(ranksOf({ report }), QList<int>({ 0 }));
    // In a folder of the caller's own (cluster --out R: R/digests), a rerun replaces it.
    ClusterInputs::Target own = shared;
    own.ownFolder = true;
    errors.clear();
    QCOMPARE(ClusterInputs::digestAll({ m_nodes[2] }, own, &errors), QStringList({ report }));
    QCOMPARE(ranksOf({ report }), QList<int>({ 2 }));
}

void TestClusterInputs::concurrentWritersLoseNoDigest()
{
    // Two runs at once, each digesting its node's report.sqlite (rank 0 of one host, rank 2 of
    // another) into one shared folder: one digest is placed, the other refused and said, never
    // both "written" with the first replaced by the second. Rounds, as the race is a timing one.
    for (int round = 0; round < 6; ++round) {
        const QString folder = path(QStringLiteral("race/%1").arg(round));
        QVERIFY(QDir().mkpath(folder));
        const ClusterInputs::Target target { folder, QString(), 1 };
        QStringList made[2], errors[2];
        std::thread a([&] { made[0] = ClusterInputs::digestAll({ m_nodes[0] }, target, &errors[0]); });
        std::thread b([&] { made[1] = ClusterInputs::digestAll({ m_nodes[2] }, target, &errors[1]); });
        a.join();
        b.join();
        const QString report = QDir(folder).filePath(QStringLiteral("report.sldigest"));
        const int placed = (made[0] == QStringList({ report })) + (made[1] == QStringList({ report }));
        QCOMPARE(placed, 1);
        const int winner = made[0] == QStringList({ report }) ? 0 : 1;
        QVERIFY(errors[winner].isEmpty());
        QVERIFY2(errors[1 - winner].size() == 1 && errors[1 - winner][0].contains(QLatin1String("it is kept")),
            qPrintable(errors[1 - winner].join(QLatin1Char('\n'))));
        QCOMPARE(ranksOf({ report }), QList<int>({ winner == 0 ? 0 : 2 }));
        // The lock is gone once placed: the folder holds the digest only.
        QCOMPARE(
            QDir(folder).entryList(QDir::Files | QDir::Hidden), QStringList({ QStringLiteral("report.sldigest") }));
    }
}

QTEST_MAIN(TestClusterInputs)
#include "tst_clusterinputs.moc"
