// SPDX-License-Identifier: MIT
#include "core/util/resources.h"

#include "core/util/logging.h"

#include <QFile>

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

} // namespace sl
