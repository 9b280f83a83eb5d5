// SPDX-License-Identifier: MIT
#include "core/analysis/analysiswindow.h"

namespace sl {

QString AnalysisWindow::kindName(Kind k)
{
    switch (k) {
    case Kind::Full:
        return QStringLiteral("full");
    case Kind::Steady:
        return QStringLiteral("steady");
    case Kind::Custom:
        return QStringLiteral("custom");
    }
    return {};
}

bool WindowSpec::parse(const QString& text, WindowSpec* out, QString* error)
{
    const QString t = text.trimmed().toLower();
    if (t.isEmpty() || t == QLatin1String("full")) {
        *out = {};
        return true;
    }
    if (t == QLatin1String("steady")) {
        *out = {};
        out->kind = AnalysisWindow::Kind::Steady;
        return true;
    }
    const auto parts = t.split(QLatin1Char(':'));
    bool ok1 = false, ok2 = false;
    if (parts.size() == 2) {
        out->startNs = parts[0].toLongLong(&ok1);
        out->endNs = parts[1].toLongLong(&ok2);
    }
    if (!ok1 || !ok2) {
        *error = tr("Invalid window '%1': use full, steady or START_NS:END_NS (integer nanoseconds).").arg(text);
        return false;
    }
    if (out->endNs <= out->startNs) {
        *error = tr("Invalid window '%1': the end must be after the start.").arg(text);
        return false;
    }
    out->kind = AnalysisWindow::Kind::Custom;
    return true;
}

} // namespace sl
