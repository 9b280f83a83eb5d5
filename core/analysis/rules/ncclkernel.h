// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// NCCL's kernel naming, the one rule the cluster digest and the findings read collectives by.
class NcclKernel
{
public:
    /// The collective op of an NCCL kernel name ("ncclDevKernel_AllReduce_Sum_bf16_RING_LL" →
    /// "AllReduce", "ncclKernel_AllGather_RING_LL_Sum_int8_t" → "AllGather"); empty if not NCCL.
    static QString op(const QString& kernelName);
};

} // namespace sl
