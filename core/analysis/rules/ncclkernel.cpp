// SPDX-License-Identifier: MIT
#include "core/analysis/rules/ncclkernel.h"

#include <QRegularExpression>

namespace sl {

QString NcclKernel::op(const QString& kernelName)
{
    static const QRegularExpression re(QStringLiteral("^nccl(?:Dev)?Kernel_([A-Za-z]+)"));
    const auto m = re.match(kernelName);
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace sl
