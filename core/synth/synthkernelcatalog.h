// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <map>
#include <string>
#include <vector>

namespace sl {

/// Kernel kinds of one transformer decode/prefill step (vLLM on H100, bf16, tensor parallel).
enum class SynthKernel : quint8 {
    RmsNorm,
    QkvGemm,
    RotaryEmbedding,
    ReshapeAndCache,
    AttentionDecode,
    AttentionCombine,
    AttentionPrefill,
    OutProjGemm,
    AddResidual,
    GateUpGemm,
    SiluAndMul,
    DownGemm,
    LmHeadGemm,
    AllReduce,
    Softmax,
    Argmax,
    Count
};

/// Launch shape: decode (one token per sequence, batch 64) or prefill (2048 prompt tokens).
enum class SynthShape : quint8 { Decode, Prefill, Count };

/// CUDA runtime functions the synthetic workers call (CUPTI_ACTIVITY_KIND_RUNTIME nameId).
enum class SynthApi : quint8 { LaunchKernel, GraphLaunch, MemcpyAsync, MemsetAsync, StreamSynchronize, Count };

/// Static description of one kernel kind: names, launch geometry and duration model.
struct SynthKernelSpec
{
    const char* demangled;
    const char* shortName;
    const char* mangled; ///< same text as demangled for cuBLAS xmma kernels (extern "C" style)
    int gridDecode[3];
    int gridPrefill[3];
    int block[3];
    int registers;
    int staticSmem; ///< B
    int dynamicSmem; ///< B
    int cluster[3]; ///< 0,0,0 = no thread-block cluster
    qint64 minNs; ///< decode duration range (ns)
    qint64 maxNs;
    int prefillTenths; ///< prefill duration = decode duration * prefillTenths / 10
    bool ncclStream; ///< runs on the communication stream instead of the compute stream
};

/// The fixed catalogue the simulator draws from; also owns the StringIds numbering.
class SynthKernelCatalog
{
public:
    static const SynthKernelSpec& spec(SynthKernel kind);
    static const char* apiName(SynthApi api);
    /// Shared memory the driver configures for the kernel (B): the smallest H100 carve-out that
    /// holds static + dynamic shared memory, as CUPTI reports in sharedMemoryExecuted.
    static int sharedMemoryExecuted(const SynthKernelSpec& spec);
};

/// StringIds of the synthetic export: every distinct string gets one id, in insertion order,
/// starting at 1 (0 is avoided: readers treat a 0 name id as "unknown").
class SynthStringIds
{
public:
    int add(const std::string& value);
    int id(const std::string& value) const; ///< 0 when absent
    const std::vector<std::string>& values() const { return m_values; }

private:
    std::map<std::string, int> m_ids;
    std::vector<std::string> m_values; ///< m_values[i] has id i + 1
};

} // namespace sl
