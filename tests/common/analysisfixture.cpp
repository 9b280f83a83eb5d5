// SPDX-License-Identifier: MIT
#include "tests/common/analysisfixture.h"

#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "tests/common/tracefixture.h"

#include <QtGlobal>

#include <algorithm>
#include <sqlite3.h>

namespace sl::test {

TracePtr loadFixture(TraceFixture& fx)
{
    const LoadOutcome out = TraceLoader::loadSync(fx.path());
    if (!out.ok())
        qWarning("load failed: %s", qPrintable(out.message));
    return out.trace;
}

AnalysisPtr analyzeWindow(const TracePtr& trace, const QString& window)
{
    if (!trace)
        return nullptr;
    AnalysisOptions o;
    QString error;
    if (!WindowSpec::parse(window, &o.window, &error))
        qWarning("bad window: %s", qPrintable(error));
    return Analyzer::analyze(trace, o);
}

const Finding* findingById(const AnalysisResult& r, const QString& id)
{
    for (const auto& f : r.findings)
        if (f.id == id)
            return &f;
    return nullptr;
}

const CounterScope* counterScope(const AnalysisResult& r, CounterScope::Kind kind, const QString& name)
{
    for (const auto& s : r.counters.scopes)
        if (s.deviceId == 0 && s.kind == kind && s.scope == name)
            return &s;
    return nullptr;
}

const CounterFigure* counterFigure(const CounterScope& scope, const QString& prefix)
{
    for (const auto& f : scope.figures)
        if (f.name.startsWith(prefix))
            return &f;
    return nullptr;
}

std::set<qint64> selectFirstColumn(const QString& path, const QString& sql, bool* ok)
{
    std::set<qint64> out;
    sqlite3* db = nullptr;
    *ok = sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK;
    sqlite3_stmt* st = nullptr;
    if (*ok)
        *ok = sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK;
    if (*ok) {
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            out.insert(sqlite3_column_int64(st, 0));
        *ok = rc == SQLITE_DONE;
    }
    if (!*ok)
        qWarning("%s: %s", qPrintable(sql.left(500)), db ? sqlite3_errmsg(db) : "cannot open");
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

qint64 unionLength(std::vector<std::pair<qint64, qint64>> intervals)
{
    std::sort(intervals.begin(), intervals.end());
    qint64 total = 0, s = 0, e = 0;
    bool open = false;
    for (const auto& [a, b] : intervals) {
        if (open && a <= e) {
            e = std::max(e, b);
            continue;
        }
        total += open ? e - s : 0;
        s = a, e = b, open = true;
    }
    return total + (open ? e - s : 0);
}

QVector<QVector<qint64>> selectRows(const QString& path, const QString& sql, int columns)
{
    QVector<QVector<qint64>> out;
    sqlite3* db = nullptr;
    sqlite3_stmt* st = nullptr;
    bool ok = sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK
        && sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK;
    if (ok) {
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            QVector<qint64> row;
            for (int c = 0; c < columns; ++c)
                row << sqlite3_column_int64(st, c);
            out << row;
        }
        ok = rc == SQLITE_DONE;
    }
    if (!ok)
        qWarning("%s: %s", qPrintable(sql.left(500)), db ? sqlite3_errmsg(db) : "cannot open");
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

} // namespace sl::test
