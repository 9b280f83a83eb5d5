// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QString>
#include <QVector>

#include <set>
#include <utility>
#include <vector>

namespace sl::test {

class TraceFixture;

/// Loads the fixture's export (with a warning naming the reason when it fails: null then).
TracePtr loadFixture(TraceFixture& fx);
/// Analyses `trace` over `window` ("full", "steady" or "START:END") with the default options.
AnalysisPtr analyzeWindow(const TracePtr& trace, const QString& window = QStringLiteral("full"));
/// The finding with this id, or null.
const Finding* findingById(const AnalysisResult& r, const QString& id);
/// The counter scope of GPU 0 with this kind and name, or null.
const CounterScope* counterScope(const AnalysisResult& r, CounterScope::Kind kind, const QString& name);
/// The first figure of `scope` whose counter name starts with `prefix`, or null.
const CounterFigure* counterFigure(const CounterScope& scope, const QString& prefix);
/// The first column of every row `sql` returns on the export at `path`, opened read-only through
/// the SQLite C API (an independent path: no loader code involved). `ok` is false when the SQL
/// or the file fails.
std::set<qint64> selectFirstColumn(const QString& path, const QString& sql, bool* ok);
/// The first `columns` integer columns of every row `sql` returns, in order, by the same
/// independent path (empty when the SQL or the file fails, with a warning).
QVector<QVector<qint64>> selectRows(const QString& path, const QString& sql, int columns);
/// Length of the union of [start, end) intervals (ns), in any order: the independent side of the
/// busy-time checks.
qint64 unionLength(std::vector<std::pair<qint64, qint64>> intervals);

} // namespace sl::test
