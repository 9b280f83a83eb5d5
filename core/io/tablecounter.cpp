// SPDX-License-Identifier: MIT
#include "core/io/tablecounter.h"

#include "core/io/sqliteconnection.h"
#include "core/util/workerpool.h"

#include <QFileInfo>
#include <QPromise>
#include <QtConcurrent>

#include <atomic>
#include <chrono>
#include <thread>

namespace sl {

namespace {
// How often the watchdog looks at the future's cancel flag.
constexpr std::chrono::milliseconds kCancelPoll(5);
} // namespace

QFuture<TableCounter::Count> TableCounter::count(const QString& path, const QStringList& tables)
{
    return QtConcurrent::run(workerPool(), [path, tables](QPromise<Count>& promise) {
        promise.setProgressRange(0, int(tables.size()));
        const QString fileName = QFileInfo(path).fileName();
        SqliteConnection db(path);
        if (!db.isOpen()) {
            const QString error = tr("Cannot open %1: %2").arg(fileName, db.errorText());
            for (int i = 0; i < tables.size(); ++i)
                promise.addResult(Count { i, -1, error });
            return;
        }
        // COUNT(*) on a table is a single OP_Count instruction walking the b-tree, so a progress
        // handler never runs during it (a 5 M-row table took 100-200 ms to notice a cancel); the
        // walk does check sqlite3_interrupt's flag. A watchdog turns a cancelled future into
        // sqlite3_interrupt, which SQLite allows from another thread while the connection is open:
        // it is joined before the connection closes.
        std::atomic<bool> done { false };
        std::thread watchdog([&] {
            while (!done.load()) {
                if (promise.isCanceled()) {
                    db.interrupt(); // QSqlQuery scans cannot be interrupted: they stop between tables
                    return;
                }
                std::this_thread::sleep_for(kCancelPoll);
            }
        });
        for (int i = 0; i < tables.size() && !promise.isCanceled(); ++i) {
            QString quoted = tables[i];
            quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
            SqliteStatement st(db, QStringLiteral("SELECT count(*) FROM \"%1\"").arg(quoted));
            Count c { i, -1, {} };
            if (st.isValid() && st.next())
                c.rows = st.int64(0);
            else if (promise.isCanceled())
                break;
            else
                c.error = tr("Cannot count the rows of %1 in %2: %3").arg(tables[i], fileName, st.errorText());
            promise.addResult(c);
            promise.setProgressValue(i + 1);
        }
        done = true;
        watchdog.join();
    });
}

} // namespace sl
