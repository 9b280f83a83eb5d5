// SPDX-License-Identifier: MIT
#include "core/util/workerpool.h"

#include <QThread>
#include <QThreadPool>

namespace sl {

namespace {
struct Pool : QThreadPool
{
    Pool()
    {
        setObjectName(QStringLiteral("sightline-workers"));
        setMaxThreadCount(QThread::idealThreadCount());
    }
};
} // namespace

QThreadPool* workerPool()
{
    // Destroyed at exit like Qt's global pool: its destructor waits for a job still winding down
    // (a cancelled load) rather than let it run into destroyed statics.
    static Pool pool;
    return &pool;
}

} // namespace sl
