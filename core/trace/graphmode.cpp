// SPDX-License-Identifier: MIT
#include "core/trace/graphmode.h"

namespace sl {

QString GraphModes::key(GraphMode mode)
{
    switch (mode) {
    case GraphMode::Graph:
        return QStringLiteral("graph");
    case GraphMode::Node:
        return QStringLiteral("node");
    case GraphMode::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

GraphMode GraphModes::fromText(QStringView text)
{
    for (const GraphMode mode : { GraphMode::Graph, GraphMode::Node })
        if (text.compare(key(mode), Qt::CaseInsensitive) == 0)
            return mode;
    return GraphMode::Unknown;
}

QString GraphModes::description(GraphMode mode)
{
    switch (mode) {
    case GraphMode::Graph:
        return tr("whole graphs (one record per graph launch)");
    case GraphMode::Node:
        return tr("nodes (one record per kernel of a graph)");
    case GraphMode::Unknown:
        break;
    }
    return tr("not recorded");
}

} // namespace sl
