// SPDX-License-Identifier: MIT
#include "core/util/resources.h"

#include "core/util/logging.h"

#include <QFile>
#include <QFileInfo>

static void initCoreResources()
{
    Q_INIT_RESOURCE(core); // must be called outside any namespace
}

namespace sl {

QByteArray readCoreResource(const QString& path)
{
    static const bool once = [] {
        initCoreResources();
        return true;
    }();
    Q_UNUSED(once);
    QFile f(path);
    if (f.open(QIODevice::ReadOnly))
        return f.readAll();
    // Built in: only a broken build gets here; the caller then goes on with empty data.
    qCCritical(lcIo) << "cannot read the built-in resource" << path << ":" << f.errorString();
    return {};
}

bool extendFromUserFile(const QString& path, const QString& cannotRead,
    const std::function<bool(const QByteArray&, QString*)>& extend, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = cannotRead.arg(path, f.errorString());
        return false;
    }
    if (!extend(f.readAll(), error)) {
        *error = QFileInfo(path).fileName() + QLatin1String(": ") + *error;
        return false;
    }
    return true;
}

} // namespace sl
