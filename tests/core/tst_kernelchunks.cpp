// SPDX-License-Identifier: MIT
// KernelChunks: the kernel table read in rowid chunks from both ends (the GPU reader from the
// front, the host reader from the back) gives the same rows, launch-configuration indices and
// data-quality log as one reader, and its chunks cover every rowid exactly once.
#include "core/io/gpuopreader.h"
#include "core/io/kernelchunks.h"
#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"
#include "core/io/traceloader.h"
#include "core/trace/trace.h"
#include "tests/common/tracecompare.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QTest>

#include <limits>

using namespace sl;
using sl::test::TraceFixture;

namespace {

constexpr qint64 kKernels = 60000; // 8 chunks of kMinRows

/// kKernels kernels 1 µs apart, with launch configurations that first appear late in the table
/// (blockX changes at rowid 41000 and 52000, registers at 9000), and rows that break the load
/// rules in several chunks: gridX 0 (InvalidGeometry) at rowids 7, 20001 and 55555, a text
/// start (NotInteger) at 30000 and 59999.
QString writeExport(TraceFixture& fx)
{
    fx.string(QStringLiteral("gemm_kernel"));
    fx.exec(QStringLiteral(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, streamId, correlationId, globalPid, "
        "demangledName, shortName, registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, "
        "staticSharedMemory, dynamicSharedMemory, localMemoryPerThread, localMemoryTotal, gridId) "
        "SELECT CASE WHEN i IN (30000, 59999) THEN 'n/a' ELSE i * 1000 END, i * 1000 + 600, 0, 1, 7, i, %2, 1, 1, "
        "CASE WHEN i >= 9000 THEN 64 ELSE 32 END, CASE WHEN i IN (7, 20001, 55555) THEN 0 ELSE 132 END, 1, 1, "
        "CASE WHEN i >= 52000 THEN 256 WHEN i >= 41000 THEN 512 ELSE 128 END, 1, 1, 0, 0, 0, 0, i FROM n")
                .arg(kKernels)
                .arg(TraceFixture::globalPid(4242)));
    return fx.path();
}

/// The kernel table of `path` read by one reader from the back, over every chunk, into `trace`
/// and `quality` (joined when every chunk was read).
struct BackRead
{
    bool ok = false;
    QString error;
    bool readerLogEmpty = false; ///< each fragment took its rows' log, the reader kept none
};
BackRead readFromBack(const QString& path, Trace& trace, DataQuality& quality)
{
    SqliteConnection db(path);
    const Schema schema = Schema::probe(db);
    LoadContext ctx;
    GpuOpReader back(db, schema, ctx);
    auto chunks = back.kernelChunks(trace);
    BackRead out;
    out.ok = back.readKernelsFromBack(trace, *chunks, &out.error);
    out.readerLogEmpty = back.quality().entries.empty();
    if (out.ok)
        chunks->joinInto(trace, quality);
    return out;
}

const DataQuality::Entry* entryOf(const DataQuality& q, DataQuality::Rule rule)
{
    for (const auto& e : q.entries)
        if (e.rule == rule)
            return &e;
    return nullptr;
}

} // namespace

class TestKernelChunks : public QObject
{
    Q_OBJECT
private slots:
    void chunksCoverEveryRowidOnce();
    void chunksOfExtremeRowids();
    void fromTheBackEqualsFromTheFront();
    void parallelLoadEqualsSerialLoad();
    void damageInAnyChunkFailsTheLoad();
};

void TestKernelChunks::chunksCoverEveryRowidOnce()
{
    // 1..200000: 98 chunks of 2048 rows, the last one short. Front and back claims alternate,
    // two fronts for each back, until they meet.
    KernelChunks chunks(1, 200000, false);
    std::vector<KernelChunks::Range> front, back;
    for (int turn = 0;; ++turn) {
        if (turn % 3 == 2) {
            const auto b = chunks.takeBack();
            if (!b)
                break;
            back.push_back(b->second);
        } else {
            const auto f = chunks.takeFront();
            if (!f)
                break;
            front.push_back(*f);
        }
    }
    QVERIFY(!chunks.takeFront() && !chunks.takeBack());
    std::vector<KernelChunks::Range> all = front;
    all.insert(all.end(), back.rbegin(), back.rend());
    QCOMPARE(all.size(), size_t(98)); // ceil(200000 / 2048)
    // The outer chunks are open-ended (MIN/MAX of a damaged table may lie); the rest are 2048
    // rowids each, back to back.
    QCOMPARE(all.front().first, std::numeric_limits<qint64>::min());
    QCOMPARE(all.front().last, qint64(2048));
    QCOMPARE(all.back().first, qint64(97 * 2048 + 1));
    QCOMPARE(all.back().last, std::numeric_limits<qint64>::max());
    for (size_t i = 1; i < all.size(); ++i) {
        QCOMPARE(all[i].first, all[i - 1].last + 1);
        if (i + 1 < all.size())
            QCOMPARE(all[i].last - all[i].first + 1, qint64(2048));
    }

    KernelChunks none(0, 0, true);
    QVERIFY(!none.takeFront() && !none.takeBack());
    // MIN above MAX (bounds a damaged b-tree made up): one chunk of every rowid.
    KernelChunks madeUp(500, 7, false);
    const auto only = madeUp.takeBack();
    QVERIFY(only);
    QCOMPARE(only->second.first, std::numeric_limits<qint64>::min());
    QCOMPARE(only->second.last, std::numeric_limits<qint64>::max());
    QVERIFY(!madeUp.takeFront());
}

void TestKernelChunks::chunksOfExtremeRowids()
{
    // A damaged export: rowids from INT64_MIN to INT64_MAX. At most kChunks + 1 chunks, in order,
    // covering both ends without overflowing.
    constexpr qint64 lo = std::numeric_limits<qint64>::min(), hi = std::numeric_limits<qint64>::max();
    KernelChunks chunks(lo, hi, false);
    qint64 first = lo, count = 0;
    std::optional<KernelChunks::Range> last;
    while (const auto r = chunks.takeFront()) {
        QCOMPARE(r->first, first);
        QVERIFY(r->last >= r->first);
        ++count;
        last = r;
        if (r->last == hi)
            break;
        first = r->last + 1;
    }
    QVERIFY(last && last->last == hi);
    QVERIFY(count <= KernelChunks::kChunks + 1);
    QVERIFY(!chunks.takeFront());
}

void TestKernelChunks::fromTheBackEqualsFromTheFront()
{
    TraceFixture fx;
    const QString path = writeExport(fx);
    SqliteConnection db(path);
    QVERIFY2(db.isOpen(), qPrintable(db.errorText()));
    const Schema schema = Schema::probe(db);

    // One reader from the front takes every chunk.
    LoadContext frontCtx;
    Trace front;
    GpuOpReader frontReader(db, schema, frontCtx);
    auto frontChunks = frontReader.kernelChunks(front);
    QString error;
    QVERIFY2(frontReader.readKernels(front, *frontChunks, &error), qPrintable(error));
    DataQuality frontQuality = std::move(frontReader.quality());
    frontChunks->joinInto(front, frontQuality);

    // One reader from the back takes every chunk: eight fragments, joined in rowid order.
    Trace back;
    DataQuality backQuality;
    const BackRead read = readFromBack(path, back, backQuality);
    QVERIFY2(read.ok, qPrintable(read.error));
    QVERIFY(read.readerLogEmpty);

    QVERIFY(test::sameKernels(front.kernels, back.kernels));
    QVERIFY(test::sameConfigs(front.configs, back.configs));
    QVERIFY(test::sameQuality(frontQuality, backQuality));

    // And both as the export says (SQL): 60000 rows less the five that break a rule, rowids in
    // order; the configurations in order of first appearance.
    QCOMPARE(back.kernels.size(), kKernels - 5);
    QCOMPARE(back.kernels.rowid[0], qint64(1));
    QCOMPARE(back.kernels.rowid[back.kernels.rowid.size() - 1], kKernels);
    const std::vector<qint64> backRowids = back.kernels.rowid.toVector();
    QVERIFY(std::is_sorted(backRowids.begin(), backRowids.end()));
    QCOMPARE(back.configs.size(), qsizetype(4));
    QCOMPARE(back.configs.at(0).registersPerThread, 32u);
    QCOMPARE(back.configs.at(1).registersPerThread, 64u);
    QCOMPARE(back.configs.at(2).blockX, 512u);
    QCOMPARE(back.configs.at(3).blockX, 256u);
    QCOMPARE(back.configs.at(back.kernels.config[size_t(back.kernels.size() - 1)]).blockX, 256u);
    const auto* geometry = entryOf(backQuality, DataQuality::Rule::InvalidGeometry);
    QVERIFY(geometry);
    QVERIFY(geometry->rowids == (std::vector<qint64> { 7, 20001, 55555 }));
    const auto* text = entryOf(backQuality, DataQuality::Rule::NotInteger);
    QVERIFY(text);
    QVERIFY(text->rowids == (std::vector<qint64> { 30000, 59999 }));
}

void TestKernelChunks::parallelLoadEqualsSerialLoad()
{
    // Whatever share of the chunks the host reader takes in a parallel load, the loaded trace
    // is the serial one.
    TraceFixture fx;
    const QString path = writeExport(fx);
    LoadOptions serialOptions;
    serialOptions.parallel = false;
    serialOptions.computeSha256 = false;
    LoadOptions parallelOptions = serialOptions;
    parallelOptions.parallel = true;
    const LoadOutcome serial = TraceLoader::loadSync(path, serialOptions);
    QVERIFY2(serial.ok(), qPrintable(serial.message));
    for (int run = 0; run < 3; ++run) {
        const LoadOutcome parallel = TraceLoader::loadSync(path, parallelOptions);
        QVERIFY2(parallel.ok(), qPrintable(parallel.message));
        QVERIFY(test::sameKernels(serial.trace->kernels, parallel.trace->kernels));
        QVERIFY(test::sameConfigs(serial.trace->configs, parallel.trace->configs));
        QVERIFY(test::sameQuality(serial.trace->dataQuality, parallel.trace->dataQuality));
    }
}

void TestKernelChunks::damageInAnyChunkFailsTheLoad()
{
    // Garbage over a sixth of the file's pages, in turn near its front, middle and back (the
    // first 16 pages, the schema's, untouched): wherever the damage is, the load fails with the file named,
    // and so does the reader from the back alone, over every chunk. No rows are dropped without
    // a word (the first version trusted MIN/MAX(rowid) of the damaged table, read no chunk at
    // all for the front damage and succeeded with no kernels).
    TraceFixture fx;
    const QString path = writeExport(fx);
    QFile in(path);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray clean = in.readAll();
    constexpr qsizetype page = 4096;
    QVERIFY(clean.size() > 60 * page);
    for (const int part : { 1, 3, 5 }) {
        QByteArray all = clean;
        const qsizetype from = std::max(16 * page, (all.size() * (part - 1) / 6 / page) * page);
        const qsizetype to = (all.size() * part / 6 / page) * page;
        for (qsizetype i = from; i < to; ++i)
            all[i] = char(0x5A ^ (i & 0x3F));
        const QString copy = fx.dir() + QStringLiteral("/damaged-%1.sqlite").arg(part);
        QFile out(copy);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(all);
        out.close();
        const LoadOutcome r = TraceLoader::loadSync(copy);
        QVERIFY2(!r.ok(), qPrintable(copy));
        QVERIFY2(r.error == LoadError::Corrupt || r.error == LoadError::Truncated, qPrintable(r.message));
        QVERIFY2(r.message.contains(QStringLiteral("damaged-%1.sqlite").arg(part)), qPrintable(r.message));
        QVERIFY(Schema::probe(SqliteConnection(copy)).hasTable(QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL")));
        Trace trace;
        DataQuality quality;
        const BackRead read = readFromBack(copy, trace, quality);
        QVERIFY2(!read.ok, qPrintable(copy));
        QVERIFY(!read.error.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestKernelChunks)
#include "tst_kernelchunks.moc"
