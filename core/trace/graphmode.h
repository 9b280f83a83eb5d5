// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringView>

namespace sl {

/// How CUDA graphs were traced: one record per whole graph launch (Graph, nsys
/// --cuda-graph-trace=graph), one record per kernel inside the graph (Node), or not known.
/// The capture settings say it (TraceInfo::graphMode), the records decide it when they show it
/// (AnalysisResult::graphMode).
enum class GraphMode { Unknown, Graph, Node };

/// The one text form of GraphMode in each direction.
class GraphModes
{
    Q_DECLARE_TR_FUNCTIONS(GraphModes)
public:
    /// "unknown", "graph" or "node": report.json `graphs.mode` and `sightline-cli info`.
    static QString key(GraphMode mode);
    /// A key, or the export's META_DATA_CAPTURE `CUDA_GRAPH_TRACE_OPTIONS:MODE` value ("Graph",
    /// "Node"), case-insensitive; Unknown for anything else.
    static GraphMode fromText(QStringView text);
    /// Translated description for the trace information dialog.
    static QString description(GraphMode mode);
};

} // namespace sl
