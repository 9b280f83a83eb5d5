// SPDX-License-Identifier: MIT
#include "tests/common/layoutpair.h"

#include "core/synth/synthtracewriter.h"

#include <QDir>

namespace sl::test {

LayoutPair writeBothLayouts(const QString& dir)
{
    SynthOptions o;
    o.steps = 30;
    o.ranks = 2;
    o.layers = 2;
    LayoutPair p;
    p.timePath = QDir(dir).filePath(QStringLiteral("time.sqlite"));
    p.blockedPath = QDir(dir).filePath(QStringLiteral("blocked.sqlite"));
    const bool time = writeSynthTrace(p.timePath, o).ok;
    o.blockedLayout = true;
    p.ok = time && writeSynthTrace(p.blockedPath, o).ok;
    return p;
}

} // namespace sl::test
