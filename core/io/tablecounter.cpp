// SPDX-License-Identifier: MIT
#include "core/io/tablecounter.h"

#include "core/io/sqliteconnection.h"

#include <QFileInfo>
#include <QPromise>
#include <QtConcurrent>

#include <sqlite3.h>

namespace sl {

namespace {
// SQLite calls the handler every this many virtual-machine instructions: about every
// 100 µs of a COUNT(*) scan, so a cancel is noticed at once and the check costs nothing.
constexpr int kProgressInstructions = 10000;

int interruptWhenCancelled(void* promise)
{
    return static_cast<QPromise<TableCounter::Count>*>(promise)->isCanceled() ? 1 : 0;
}
} // namespace

QFuture<TableCounter::Count> TableCounter::count(const QString& path, const QStringList& tables)
{
    return QtConcurrent::run([path, tables](QPromise<Count>& promise) {
        promise.setProgressRange(0, int(tables.size()));
        const QString fileName = QFileInfo(path).fileName();
        SqliteConnection db(path);
        if (!db.isOpen()) {
            const QString error = tr("Cannot open %1: %2").arg(fileName, db.errorText());
            for (int i = 0; i < tables.size(); ++i)
                promise.addResult(Count { i, -1, error });
            return;
        }
        sqlite3_progress_handler(db.handle(), kProgressInstructions, &interruptWhenCancelled, &promise);
        for (int i = 0; i < tables.size() && !promise.isCanceled(); ++i) {
            QString quoted = tables[i];
            quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
            SqliteStatement st(db.handle(), QStringLiteral("SELECT count(*) FROM \"%1\"").arg(quoted));
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
        sqlite3_progress_handler(db.handle(), 0, nullptr, nullptr);
    });
}

} // namespace sl
