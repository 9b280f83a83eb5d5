// SPDX-License-Identifier: MIT
#include "tests/common/clusterfixture.h"

#include "tests/common/tracefixture.h"

#include <QSqlDatabase>
#include <QSqlQuery>

namespace sl::test {

SynthClusterOptions issueRun()
{
    SynthClusterOptions o;
    o.ranks = 8;
    o.ranksPerHost = 4;
    o.straggler = 5;
    o.stragglerExtraNs = 300'000;
    o.hostClockErrorNs = { 0, 2'800'000 };
    return o;
}

SynthClusterOptions smallRun(int ranks, int straggler, int steps)
{
    SynthClusterOptions o;
    o.ranks = ranks;
    o.ranksPerHost = 2;
    o.straggler = straggler;
    o.steps = steps;
    o.computeKernels = 2;
    return o;
}

qint64 sqlScalar(const QString& path, const QString& sql)
{
    qint64 value = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tst_cluster_sql"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                value = q.value(0).toLongLong();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tst_cluster_sql"));
    return value;
}

RankDigest handDigest(const QString& file, int rank, qint64 arrival)
{
    RankDigest d;
    d.file = file;
    d.rank = rank;
    d.rankSource = rank >= 0 ? QStringLiteral("env:RANK") : QStringLiteral("none");
    d.hostname = QStringLiteral("node-a");
    d.utcEpochNs = 1'767'258'000'000'000'000;
    d.systemClockNs = 5'000'000'000;
    d.collectives.push_back({ QStringLiteral("AllReduce"), 0, 0, 13, 0, -1, arrival, 1'000'000, -1 });
    return d;
}

void writeTwoRankExport(TraceFixture& fx)
{
    const QString gemm
        = QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1");
    const QString allReduce = QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL");
    const qint64 b = twoRankBase;
    for (int gpu : { 0, 1, 2 })
        fx.gpu(gpu, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.kernel(b, b + 2000, 1, 13, 10, 41017, gemm);
    fx.kernel(b + 2500, b + 4000, 1, 13, 11, 41017, allReduce);
    fx.kernel(b + 4200, b + 5000, 1, 13, 12, 41017, gemm);
    fx.kernel(b + 6000, b + 6400, 1, 13, 13, 41017, allReduce);
    fx.kernel(b, b + 1500, 0, 7, 10, 41018, gemm);
    fx.kernel(b + 2000, b + 4000, 0, 7, 11, 41018, allReduce);
    fx.kernel(b + 5500, b + 6400, 0, 7, 12, 41018, allReduce);
    fx.kernel(b + 1000, b + 1600, 2, 7, 10, 41020, gemm);
    fx.runtime(b + 2400, b + 2450, 41017, 41017, 11, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(b + 1900, b + 1950, 41018, 41018, 11, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.nvtx(b - 100, b + 5100, 41017, 41017, QStringLiteral("ProfilerStep#1"));
    fx.nvtx(b + 5100, b + 6500, 41017, 41017, QStringLiteral("ProfilerStep#2"));
    fx.nvtx(b - 100, b + 5100, 41018, 41018, QStringLiteral("ProfilerStep#1"));
    fx.nvtx(b, b + 2000, 41020, 41020, QStringLiteral("ProfilerStep#1"));
    for (quint32 pid : { 41018u, 41017u, 41020u })
        fx.process(pid, QStringLiteral("python3"));
}

} // namespace sl::test
