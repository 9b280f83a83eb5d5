// SPDX-License-Identifier: MIT
#include "widgets/tracelabel.h"

#include "core/trace/trace.h"

namespace sl {

QString TraceLabel::of(const Trace& trace)
{
    QStringList gpus;
    for (const GpuInfo& g : trace.gpus)
        if (!gpus.contains(g.name))
            gpus << g.name;
    QString label = trace.info.fileName;
    if (!gpus.isEmpty())
        label += QStringLiteral(" — ") + gpus.join(QStringLiteral(", "));
    if (!trace.info.nsysVersion.isEmpty())
        label += QStringLiteral(" — ") + tr("nsys %1").arg(trace.info.nsysVersion);
    return label;
}

} // namespace sl
