// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

namespace sl {

/// The time range a report covers (spec §2). ns on the session timeline, both ends inclusive:
/// an event belongs to the window when its start lies in [startNs, endNs].
struct AnalysisWindow
{
    enum class Kind { Full, Steady, Custom };
    qint64 startNs = 0;
    qint64 endNs = 0;
    Kind kind = Kind::Full;

    qint64 lengthNs() const { return endNs - startNs; }
    bool contains(qint64 t) const { return t >= startNs && t <= endNs; }
    static QString kindName(Kind k);
};

/// What the user asked for: full, steady or a custom START_NS:END_NS.
struct WindowSpec
{
    Q_DECLARE_TR_FUNCTIONS(WindowSpec)
public:
    AnalysisWindow::Kind kind = AnalysisWindow::Kind::Full;
    qint64 startNs = 0, endNs = 0;

    /// Parses "full", "steady" or "START_NS:END_NS"; on error returns false with a message.
    static bool parse(const QString& text, WindowSpec* out, QString* error);
};

} // namespace sl
