// SPDX-License-Identifier: MIT
#include "core/trace/apiclassifier.h"

namespace sl {

QString ApiClassifier::baseName(const QString& name)
{
    // `_v` followed only by digits at the end; NVIDIA's own reports strip the same suffix.
    const auto pos = name.lastIndexOf(QLatin1String("_v"));
    if (pos <= 0 || pos + 2 >= name.size())
        return name;
    for (auto i = pos + 2; i < name.size(); ++i)
        if (!name[i].isDigit())
            return name;
    return name.left(pos);
}

ApiTable::Kind ApiClassifier::classify(const QString& name)
{
    QString base = baseName(name);
    // Per-thread default-stream variants (`_ptsz`, `_ptds`) behave like the plain call.
    if (base.endsWith(QLatin1String("_ptsz")) || base.endsWith(QLatin1String("_ptds")))
        base.chop(5);

    static const QLatin1String blocking[] = { QLatin1String("cudaDeviceSynchronize"),
        QLatin1String("cudaStreamSynchronize"), QLatin1String("cudaEventSynchronize"),
        QLatin1String("cuCtxSynchronize"), QLatin1String("cuStreamSynchronize"), QLatin1String("cuEventSynchronize") };
    for (const auto& b : blocking)
        if (base == b)
            return ApiTable::BlockingSync;

    static const QLatin1String nonBlocking[]
        = { QLatin1String("cudaStreamWaitEvent"), QLatin1String("cudaEventQuery"), QLatin1String("cuStreamWaitEvent"),
              QLatin1String("cudaStreamQuery"), QLatin1String("cuEventQuery"), QLatin1String("cuStreamQuery") };
    for (const auto& b : nonBlocking)
        if (base == b)
            return ApiTable::NonBlockingSync;

    const bool async = base.contains(QLatin1String("Async"));
    if (base.startsWith(QLatin1String("cudaMemcpy")))
        return async ? ApiTable::MemcpyAsync : ApiTable::MemcpySync;
    if (base.startsWith(QLatin1String("cudaMemset")))
        return async ? ApiTable::MemsetAsync : ApiTable::MemsetSync;
    if (base.startsWith(QLatin1String("cuMemcpy")) || base.startsWith(QLatin1String("cuMemset")))
        return async ? (base.startsWith(QLatin1String("cuMemcpy")) ? ApiTable::MemcpyAsync : ApiTable::MemsetAsync)
                     : ApiTable::DriverSyncMemOp;
    if (base.startsWith(QLatin1String("cudaGraphLaunch")) || base.startsWith(QLatin1String("cuGraphLaunch")))
        return ApiTable::GraphLaunch;
    if (base.startsWith(QLatin1String("cudaLaunch")) || base.startsWith(QLatin1String("cuLaunch")))
        return ApiTable::KernelLaunch;
    return ApiTable::Other;
}

} // namespace sl
