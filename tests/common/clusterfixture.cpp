// SPDX-License-Identifier: MIT
#include "tests/common/clusterfixture.h"

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

} // namespace sl::test
