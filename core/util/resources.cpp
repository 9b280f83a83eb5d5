// SPDX-License-Identifier: MIT
#include "core/util/resources.h"

#include <QFile>

static void initCoreResources()
{
    Q_INIT_RESOURCE(core); // must be called outside any namespace
}

namespace sl {

QByteArray readCoreResource(const QString& path)
{
    static const bool once = (initCoreResources(), true);
    Q_UNUSED(once);
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace sl
