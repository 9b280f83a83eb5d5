// SPDX-License-Identifier: MIT
#include "core/util/privacy.h"

#include <QRegularExpression>

namespace sl {

QString scrubPaths(const QString& text)
{
    if (!text.contains(QLatin1Char('/')) && !text.contains(QLatin1Char('\\')))
        return text;
    static const QRegularExpression unixPath(QStringLiteral(
        "(?:~|/(?:home|Users|root|scratch|lustre|gpfs|mnt|data|tmp|opt|usr|var|private|workspace|work|nfs|"
        "global|sw|apps|shared|projects|cluster))(?:/[^\\s'\",:;\\]\\)]+)+"));
    static const QRegularExpression windowsPath(QStringLiteral("[A-Za-z]:\\\\(?:[^\\s'\",:;\\\\]+\\\\)+"));
    QString out = text;
    out.replace(windowsPath, QStringLiteral("…\\"));
    QString result;
    qsizetype last = 0;
    auto it = unixPath.globalMatch(out);
    while (it.hasNext()) {
        const auto m = it.next();
        const QString path = m.captured(0);
        result += out.mid(last, m.capturedStart(0) - last);
        result += QStringLiteral("…/") + path.mid(path.lastIndexOf(QLatin1Char('/')) + 1);
        last = m.capturedEnd(0);
    }
    result += out.mid(last);
    return result;
}

} // namespace sl
