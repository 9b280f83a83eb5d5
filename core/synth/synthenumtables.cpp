// SPDX-License-Identifier: MIT
#include "core/synth/synthenumtables.h"

#include <iterator>
#include <sqlite3.h>

namespace sl {

namespace {

struct EnumRow
{
    int id;
    const char* name;
    const char* label;
};

struct EnumTable
{
    const char* ddl;
    const char* insert;
    const EnumRow* rows;
    size_t count;
};

// DDL and rows as Nsight Systems 2026.2.1 (schema 3.25.0) exports them. The enum values are
// facts of the format (identical in every export 2022.4-2026.2), not data of any capture.
constexpr const char* s_memcpyOperDdl = R"sql(CREATE TABLE ENUM_CUDA_MEMCPY_OPER (
    -- CUDA memcpy operation labels

    id                          INTEGER   NOT NULL   PRIMARY KEY,      -- Enum numerical value.
    name                        TEXT,                                  -- Enum symbol name.
    label                       TEXT                                   -- Enum human name.
))sql";
constexpr EnumRow s_memcpyOper[] = {
    { 0, "CUDA_MEMCPY_KIND_UNKNOWN", "Unknown" },
    { 1, "CUDA_MEMCPY_KIND_HTOD", "Host-to-Device" },
    { 2, "CUDA_MEMCPY_KIND_DTOH", "Device-to-Host" },
    { 3, "CUDA_MEMCPY_KIND_HTOA", "Host-to-Array" },
    { 4, "CUDA_MEMCPY_KIND_ATOH", "Array-to-Host" },
    { 5, "CUDA_MEMCPY_KIND_ATOA", "Array-to-Array" },
    { 6, "CUDA_MEMCPY_KIND_ATOD", "Array-to-Device" },
    { 7, "CUDA_MEMCPY_KIND_DTOA", "Device-to-Array" },
    { 8, "CUDA_MEMCPY_KIND_DTOD", "Device-to-Device" },
    { 9, "CUDA_MEMCPY_KIND_HTOH", "Host-to-Host" },
    { 10, "CUDA_MEMCPY_KIND_PTOP", "Peer-to-Peer" },
    { 11, "CUDA_MEMCPY_KIND_UVM_HTOD", "Unified Host-to-Device" },
    { 12, "CUDA_MEMCPY_KIND_UVM_DTOH", "Unified Device-to-Host" },
    { 13, "CUDA_MEMCPY_KIND_UVM_DTOD", "Unified Device-to-Device" },
};

constexpr const char* s_memKindDdl = R"sql(CREATE TABLE ENUM_CUDA_MEM_KIND (
    -- CUDA memory kind labels

    id                          INTEGER   NOT NULL   PRIMARY KEY,      -- Enum numerical value.
    name                        TEXT,                                  -- Enum symbol name.
    label                       TEXT                                   -- Enum human name.
))sql";
constexpr EnumRow s_memKind[] = {
    { 0, "CUDA_MEMOPR_MEMORY_KIND_PAGEABLE", "Pageable" },
    { 1, "CUDA_MEMOPR_MEMORY_KIND_PINNED", "Pinned" },
    { 2, "CUDA_MEMOPR_MEMORY_KIND_DEVICE", "Device" },
    { 3, "CUDA_MEMOPR_MEMORY_KIND_ARRAY", "Array" },
    { 4, "CUDA_MEMOPR_MEMORY_KIND_MANAGED", "Managed" },
    { 5, "CUDA_MEMOPR_MEMORY_KIND_DEVICE_STATIC", "Device Static" },
    { 6, "CUDA_MEMOPR_MEMORY_KIND_MANAGED_STATIC", "Managed Static" },
    { 7, "CUDA_MEMOPR_MEMORY_KIND_UNKNOWN", "Unknown" },
};

constexpr const char* s_eventTypeDdl = R"sql(CREATE TABLE ENUM_NSYS_EVENT_TYPE (
    -- Nsys event type labels

    id                          INTEGER   NOT NULL   PRIMARY KEY,      -- Enum numerical value.
    name                        TEXT,                                  -- Enum symbol name.
    label                       TEXT                                   -- Enum human name.
))sql";
constexpr EnumRow s_eventType[] = {
    { 0, "Unknown", "Unknown" },
    { 1, "CpuCycles", "CpuCycles" },
    { 2, "Instructions", "Instructions" },
    { 3, "CacheReferences", "CacheReferences" },
    { 4, "L1CacheDataWriteMisses", "L1CacheDataWriteMisses" },
    { 5, "L1CacheDataReadMisses", "L1CacheDataReadMisses" },
    { 6, "L1CacheInstructionMisses", "L1CacheInstructionMisses" },
    { 7, "L2CacheDataWriteMisses", "L2CacheDataWriteMisses" },
    { 8, "L2CacheDataReadMisses", "L2CacheDataReadMisses" },
    { 9, "L2CacheInstructionMisses", "L2CacheInstructionMisses" },
    { 10, "BranchInstructions", "BranchInstructions" },
    { 11, "BranchMisses", "BranchMisses" },
    { 12, "BusCycles", "BusCycles" },
    { 13, "CpuClock", "CpuClock" },
    { 14, "TaskClock", "TaskClock" },
    { 15, "PageFault", "PageFault" },
    { 16, "ContextSwitches", "ContextSwitches" },
    { 17, "CpuMigrations", "CpuMigrations" },
    { 18, "PageFaultsMin", "PageFaultsMin" },
    { 19, "PageFaultsMax", "PageFaultsMax" },
    { 20, "AlignmentFaults", "AlignmentFaults" },
    { 21, "EmulationFaults", "EmulationFaults" },
    { 22, "ThreadState", "ThreadState" },
    { 23, "Frames", "Frames" },
    { 24, "Annotations", "Annotations" },
    { 25, "SchedSwitch", "SchedSwitch" },
    { 26, "SchedWakeup", "SchedWakeup" },
    { 27, "Command", "Command" },
    { 28, "Mmap", "Mmap" },
    { 29, "MemUsage", "MemUsage" },
    { 30, "Emc", "Emc" },
    { 31, "Composite", "Composite" },
    { 32, "NvtxEvents", "NvtxEvents" },
    { 33, "NvtxCategory", "NvtxCategory" },
    { 34, "NvtxMark", "NvtxMark" },
    { 35, "NvtxPushRange", "NvtxPushRange" },
    { 36, "NvtxPopRange", "NvtxPopRange" },
    { 37, "NvtxStartRange", "NvtxStartRange" },
    { 38, "NvtxEndRange", "NvtxEndRange" },
    { 39, "NvtxThread", "NvtxThread" },
    { 40, "PowerRate", "PowerRate" },
    { 41, "Sched", "Sched" },
    { 42, "CpuCyclesSelf", "CpuCyclesSelf" },
    { 43, "CpuCyclesTotal", "CpuCyclesTotal" },
    { 44, "CpuCyclesSelfPlus", "CpuCyclesSelfPlus" },
    { 45, "Cuda", "Cuda" },
    { 46, "CudaDevice", "CudaDevice" },
    { 47, "TraceProcess", "TraceProcess" },
    { 48, "TraceFunctions", "TraceFunctions" },
    { 49, "Diagnostic", "Diagnostic" },
    { 50, "GlWorkload", "GlWorkload" },
    { 51, "BandwidthUsage", "BandwidthUsage" },
    { 52, "KhrDebugMark", "KhrDebugMark" },
    { 53, "KhrDebugPushRange", "KhrDebugPushRange" },
    { 54, "KhrDebugPopRange", "KhrDebugPopRange" },
    { 55, "KhrDebugGpuMark", "KhrDebugGpuMark" },
    { 56, "KhrDebugGpuPushRange", "KhrDebugGpuPushRange" },
    { 57, "KhrDebugGpuPopRange", "KhrDebugGpuPopRange" },
    { 58, "GpuCtxsw", "GpuCtxsw" },
    { 59, "NvtxPushPopRange", "NvtxPushPopRange" },
    { 60, "NvtxStartEndRange", "NvtxStartEndRange" },
    { 61, "ProfTime", "ProfTime" },
    { 62, "KhrDebugPushPopRange", "KhrDebugPushPopRange" },
    { 63, "KhrDebugGpuPushPopRange", "KhrDebugGpuPushPopRange" },
    { 64, "NvtxtCategory", "NvtxtCategory" },
    { 65, "NvtxtMark", "NvtxtMark" },
    { 66, "NvtxtPushRange", "NvtxtPushRange" },
    { 67, "NvtxtPopRange", "NvtxtPopRange" },
    { 68, "NvtxtStartRange", "NvtxtStartRange" },
    { 69, "NvtxtEndRange", "NvtxtEndRange" },
    { 70, "NvtxtPushPopRange", "NvtxtPushPopRange" },
    { 71, "NvtxtStartEndRange", "NvtxtStartEndRange" },
    { 72, "NvtxtMetaThread", "NvtxtMetaThread" },
    { 73, "NvtxtMetaProcess", "NvtxtMetaProcess" },
    { 74, "NvtxtMetaFileDisplay", "NvtxtMetaFileDisplay" },
    { 75, "NvtxDomainCreate", "NvtxDomainCreate" },
    { 76, "NvtxDomainDestroy", "NvtxDomainDestroy" },
    { 77, "NvnGpuCmdBuf", "NvnGpuCmdBuf" },
    { 78, "TraceVSync", "TraceVSync" },
    { 79, "CudaDeviceKernel", "CudaDeviceKernel" },
    { 80, "CudaDeviceMemory", "CudaDeviceMemory" },
    { 81, "Pmu", "Pmu" },
    { 82, "NvnGpuDraw", "NvnGpuDraw" },
    { 83, "NvnGpuCompute", "NvnGpuCompute" },
    { 84, "NvnGpuDebug", "NvnGpuDebug" },
    { 85, "OS runtime libraries", "OS runtime libraries" },
    { 86, "CuDNN", "CuDNN" },
    { 87, "CuBLAS", "CuBLAS" },
    { 88, "NvMedia", "NvMedia" },
    { 89, "OpenACC", "OpenACC" },
    { 90, "Correlation", "Correlation" },
    { 91, "DX12", "DX12" },
    { 92, "DX12Workload", "DX12Workload" },
    { 93, "PmuRawEvent", "PmuRawEvent" },
    { 94, "GraphicsFrame", "GraphicsFrame" },
    { 95, "Vulkan", "Vulkan" },
    { 96, "VulkanWorkload", "VulkanWorkload" },
    { 97, "NvtxNameCudaDevice", "NvtxNameCudaDevice" },
    { 98, "NvtxNameCudaContext", "NvtxNameCudaContext" },
    { 99, "NvtxNameCudaStream", "NvtxNameCudaStream" },
    { 100, "SystemEvent", "SystemEvent" },
    { 101, "GpuMemoryEvent", "GpuMemoryEvent" },
    { 102, "DX12CreateObject", "DX12CreateObject" },
    { 103, "VulkanCreateObject", "VulkanCreateObject" },
    { 104, "UnitTraceEvent", "UnitTraceEvent" },
    { 105, "CustomETWEvent", "CustomETWEvent" },
    { 106, "CudaSyncEvent", "CudaSyncEvent" },
    { 107, "SLIEvent (DEPRECATED)", "SLIEvent (DEPRECATED)" },
    { 108, "CudaBacktrace", "CudaBacktrace" },
    { 109, "WddmEvent", "WddmEvent" },
    { 110, "DX11", "DX11" },
    { 111, "DX11CreateObject", "DX11CreateObject" },
    { 112, "DXGI", "DXGI" },
    { 113, "CudaGraphNodeCreation", "CudaGraphNodeCreation" },
    { 114, "OpenMP", "OpenMP" },
    { 115, "UncorePmuEvent", "UncorePmuEvent" },
    { 116, "UncorePmuCarmel", "UncorePmuCarmel" },
    { 117, "CudaDeviceMemoryUsage", "CudaDeviceMemoryUsage" },
    { 118, "ETWDxgKrnlEvent", "ETWDxgKrnlEvent" },
    { 119, "CudaUvmCpuPageFaultEvent", "CudaUvmCpuPageFaultEvent" },
    { 120, "CudaUvmGpuPageFaultEvent", "CudaUvmGpuPageFaultEvent" },
    { 121, "NICMetricsValuesEvent", "NICMetricsValuesEvent" },
    { 122, "NICMetricsListEvent", "NICMetricsListEvent" },
    { 123, "InterruptHandler", "InterruptHandler" },
    { 124, "NvEncode", "NvEncode" },
    { 125, "NVDecode", "NVDecode" },
    { 126, "nvJPEG", "nvJPEG" },
    { 127, "CudaEventRecord", "CudaEventRecord" },
    { 128, "PerfEventCountEvent", "PerfEventCountEvent" },
    { 129, "CudaDeviceMemoryPool", "CudaDeviceMemoryPool" },
    { 130, "CudaDeviceGraph", "CudaDeviceGraph" },
    { 131, "CudaGraphExecCreation", "CudaGraphExecCreation" },
    { 132, "CudaGraphCreation", "CudaGraphCreation" },
    { 133, "CudaGraphClone", "CudaGraphClone" },
    { 134, "GpuMemoryTransferEvent", "GpuMemoryTransferEvent" },
    { 135, "GlTrace", "GlTrace" },
    { 136, "GpuVideoEngineWorkload", "GpuVideoEngineWorkload" },
    { 137, "IBSwitchMetricsValuesEvent", "IBSwitchMetricsValuesEvent" },
    { 138, "GenericEvent", "GenericEvent" },
    { 139, "UncorePmuT23xScf", "UncorePmuT23xScf" },
    { 140, "UncorePmuT23xDsu", "UncorePmuT23xDsu" },
    { 141, "IBSwitchCongestionEvent", "IBSwitchCongestionEvent" },
    { 142, "CudaDeviceMemcpy", "CudaDeviceMemcpy" },
    { 143, "PerfMetricValueEvent", "PerfMetricValueEvent" },
    { 144, "OpenXREvent", "OpenXREvent" },
    { 145, "TegraInternalEvent", "TegraInternalEvent" },
    { 146, "TraceStartFinish", "TraceStartFinish" },
    { 147, "Syscall", "Syscall" },
    { 148, "CudaConfidentialComputeKeyRotation", "CudaConfidentialComputeKeyRotation" },
    { 149, "CudaGraphExecNodeSetParams", "CudaGraphExecNodeSetParams" },
    { 150, "NvApi", "NvApi" },
    { 151, "CudaHostFunc", "CudaHostFunc" },
    { 152, "CudaApi", "CudaApi" },
    { 153, "Overhead", "Overhead" },
    { 154, "CudaOverhead", "CudaOverhead" },
};

constexpr const char* s_eventClassDdl = R"sql(CREATE TABLE ENUM_NSYS_EVENT_CLASS (
    -- Nsys event class labels

    id                          INTEGER   NOT NULL   PRIMARY KEY,      -- Enum numerical value.
    name                        TEXT,                                  -- Enum symbol name.
    label                       TEXT                                   -- Enum human name.
))sql";
constexpr EnumRow s_eventClass[] = {
    { 0, "TRACE_PROCESS_EVENT_CUDA_RUNTIME", "CUDA runtime" },
    { 1, "TRACE_PROCESS_EVENT_CUDA_DRIVER", "CUDA driver" },
    { 2, "TRACE_PROCESS_EVENT_GL", "GL" },
    { 3, "TRACE_PROCESS_EVENT_TSP_OVERHEAD", "TSP overhead" },
    { 4, "TRACE_PROCESS_EVENT_GL_DEBUG", "GL debug" },
    { 5, "TRACE_PROCESS_EVENT_GL_WORKLOAD", "GL workload" },
    { 6, "TRACE_PROCESS_EVENT_NVTX_START", "NVTX start" },
    { 7, "TRACE_PROCESS_EVENT_NVTX_FINISH", "NVTX finish" },
    { 8, "TRACE_PROCESS_EVENT_GL_START", "GL start" },
    { 9, "TRACE_PROCESS_EVENT_GL_FINISH", "GL finish" },
    { 10, "TRACE_PROCESS_EVENT_CUDA_START", "CUDA start" },
    { 11, "TRACE_PROCESS_EVENT_CUDA_FINISH", "CUDA finish" },
    { 12, "TRACE_PROCESS_EVENT_CUDA_INIT_ERROR", "CUDA init error" },
    { 13, "TRACE_PROCESS_EVENT_CUDA_EGL_DRIVER", "CUDA EGL driver" },
    { 18, "TRACE_PROCESS_EVENT_VSYNC", "Vsync" },
    { 26, "TRACE_PROCESS_EVENT_CUDA_API", "CUDA API" },
    { 27, "TRACE_PROCESS_EVENT_OS_RUNTIME", "OSRT runtime" },
    { 28, "TRACE_PROCESS_EVENT_CUDNN", "cuDNN" },
    { 29, "TRACE_PROCESS_EVENT_CUBLAS", "cuBLAS" },
    { 31, "TRACE_PROCESS_EVENT_OS_RUNTIME_START", "OSRT start" },
    { 32, "TRACE_PROCESS_EVENT_OS_RUNTIME_FINISH", "OSRT finish" },
    { 33, "TRACE_PROCESS_EVENT_CUDNN_START", "cuDNN start" },
    { 34, "TRACE_PROCESS_EVENT_CUDNN_FINISH", "cuDNN finish" },
    { 35, "TRACE_PROCESS_EVENT_CUBLAS_START", "cuBLAS start" },
    { 36, "TRACE_PROCESS_EVENT_CUBLAS_FINISH", "cuBLAS finish" },
    { 37, "TRACE_PROCESS_EVENT_THREAD_BLOCK", "Thread block" },
    { 38, "TRACE_PROCESS_EVENT_NVMEDIA", "NVmedia" },
    { 39, "TRACE_PROCESS_EVENT_NVMEDIA_START", "NVmedia start" },
    { 40, "TRACE_PROCESS_EVENT_NVMEDIA_FINISH", "NVmedia finish" },
    { 41, "TRACE_PROCESS_EVENT_DX12_API", "DX12 API" },
    { 42, "TRACE_PROCESS_EVENT_DX12_WORKLOAD", "DX12 workload" },
    { 43, "TRACE_PROCESS_EVENT_DX12_START", "DX12 start" },
    { 44, "TRACE_PROCESS_EVENT_DX12_FINISH", "DX12 finish" },
    { 45, "TRACE_PROCESS_EVENT_OPENACC_START", "OpenACC start" },
    { 46, "TRACE_PROCESS_EVENT_OPENACC_FINISH", "OpenACC finish" },
    { 47, "TRACE_PROCESS_EVENT_OPENACC_INIT_ERROR", "OpenACC init error" },
    { 48, "TRACE_PROCESS_EVENT_OPENACC", "OpenACC" },
    { 49, "TRACE_PROCESS_EVENT_CPU_FPS", "CPU FPS" },
    { 50, "TRACE_PROCESS_EVENT_GPU_FPS", "GPU FPS" },
    { 51, "TRACE_PROCESS_EVENT_GL_MULTI_ERROR", "GL multi-error" },
    { 52, "TRACE_PROCESS_EVENT_DX12_DISPLAY", "DX12 display" },
    { 53, "TRACE_PROCESS_EVENT_VULKAN_API", "Vulkan API" },
    { 54, "TRACE_PROCESS_EVENT_VULKAN_WORKLOAD", "Vulkan workload" },
    { 55, "TRACE_PROCESS_EVENT_VULKAN_START", "Vulkan start" },
    { 56, "TRACE_PROCESS_EVENT_VULKAN_FINISH", "Vulkan finish" },
    { 57, "TRACE_PROCESS_EVENT_SYSTEM_EVENT", "System event" },
    { 58, "TRACE_PROCESS_EVENT_GPU_MEMORY", "GPU memory" },
    { 59, "TRACE_PROCESS_EVENT_DX12_CREATE_OBJECT", "DX12 create object" },
    { 60, "TRACE_PROCESS_EVENT_VULKAN_CREATE_OBJECT", "Vulkan create object" },
    { 61, "TRACE_PROCESS_EVENT_CUSTOM_ETW_TRACE", "Custom ETW trace" },
    { 62, "TRACE_PROCESS_EVENT_SLI_DEPRECATED", "SLI (Deprecated)" },
    { 63, "TRACE_PROCESS_EVENT_SLI_START_DEPRECATED", "SLI start (Deprecated)" },
    { 64, "TRACE_PROCESS_EVENT_SLI_FINISH_DEPRECATED", "SLI finish (Deprecated)" },
    { 65, "TRACE_PROCESS_EVENT_DX12_DEBUG_API", "DX12 debug API" },
    { 66, "TRACE_PROCESS_EVENT_VULKAN_DEBUG_API", "Vulkan debug API" },
    { 67, "TRACE_PROCESS_EVENT_CUDABACKTRACE", "CUDA backtrace" },
    { 68, "TRACE_PROCESS_EVENT_CUDABACKTRACE_START", "CUDA backtrace start" },
    { 69, "TRACE_PROCESS_EVENT_CUDABACKTRACE_FINISH", "CUDA backtrace finish" },
    { 70, "TRACE_PROCESS_EVENT_WDDM", "WDDM" },
    { 71, "TRACE_PROCESS_EVENT_DX11_API", "DX11 API" },
    { 72, "TRACE_PROCESS_EVENT_DX11_START", "DX11 start" },
    { 73, "TRACE_PROCESS_EVENT_DX11_FINISH", "DX11 finish" },
    { 74, "TRACE_PROCESS_EVENT_DX11_CREATE_OBJECT", "DX11 create object" },
    { 75, "TRACE_PROCESS_EVENT_DX11_DEBUG_API", "DX11 debug API" },
    { 76, "TRACE_PROCESS_EVENT_DXCOMMON_API", "DX common API" },
    { 77, "TRACE_PROCESS_EVENT_CUDA_GRAPH_NODE_CREATION", "CUDA graph node creation" },
    { 78, "TRACE_PROCESS_EVENT_OPENMP", "OpenMP" },
    { 79, "TRACE_PROCESS_EVENT_OPENMP_START", "OpenMP start" },
    { 80, "TRACE_PROCESS_EVENT_OPENMP_FINISH", "OpenMP finish" },
    { 81, "TRACE_PROCESS_EVENT_NVAPI", "NV API" },
    { 82, "TRACE_PROCESS_EVENT_ETWDXGKRNL", "ETW DXG KRNL" },
    { 83, "TRACE_PROCESS_EVENT_NVENCODE", "NVENCODE" },
    { 84, "TRACE_PROCESS_EVENT_NVENCODE_START", "NVENCODE start" },
    { 85, "TRACE_PROCESS_EVENT_NVENCODE_FINISH", "NVENCODE finish" },
    { 86, "TRACE_PROCESS_EVENT_NVDECODE", "NVDECODE" },
    { 87, "TRACE_PROCESS_EVENT_NVDECODE_START", "NVDECODE start" },
    { 88, "TRACE_PROCESS_EVENT_NVDECODE_FINISH", "NVDECODE finish" },
    { 89, "TRACE_PROCESS_EVENT_NVJPEG", "nvJPEG" },
    { 90, "TRACE_PROCESS_EVENT_NVJPEG_START", "nvJPEG start" },
    { 91, "TRACE_PROCESS_EVENT_NVJPEG_FINISH", "nvJPEG finish" },
    { 92, "TRACE_PROCESS_EVENT_DX12_BATCH_WORKLOAD", "DX12 batch workload" },
    { 93, "TRACE_PROCESS_EVENT_VULKAN_BATCH_WORKLOAD", "Vulkan batch workload" },
    { 94, "TRACE_PROCESS_EVENT_CUDA_GRAPHEXEC_CREATION", "CUDA graph exec creation" },
    { 95, "TRACE_PROCESS_EVENT_CUDA_GRAPH_CREATION", "CUDA graph creation" },
    { 96, "TRACE_PROCESS_EVENT_CUDA_GRAPH_CLONE", "CUDA graph clone" },
    { 98, "TRACE_PROCESS_EVENT_OPENCL", "OpenCL event" },
    { 99, "TRACE_PROCESS_EVENT_OPENCL_START", "OpenCL start" },
    { 100, "TRACE_PROCESS_EVENT_OPENCL_FINISH", "OpenCL finish" },
    { 101, "TRACE_PROCESS_EVENT_OPENCL_INIT_ERROR", "OpenCL Init error" },
    { 102, "TRACE_PROCESS_EVENT_CUDA_JIT", "CUDA JIT" },
    { 103, "TRACE_PROCESS_EVENT_CUDA_OVERHEAD", "CUDA overhead" },
    { 104, "TRACE_PROCESS_EVENT_OPENXR", "OpenXR event" },
    { 105, "TRACE_PROCESS_EVENT_OPENXR_START", "OpenXR start" },
    { 106, "TRACE_PROCESS_EVENT_OPENXR_FINISH", "OpenXR finish" },
    { 107, "TRACE_PROCESS_EVENT_SYSCALL", "Syscall" },
    { 108, "TRACE_PROCESS_EVENT_TEGRA_INTERNAL", "Tegra Internal API" },
    { 109, "TRACE_PROCESS_EVENT_TEGRA_INTERNAL_START", "Tegra Internal API start" },
    { 110, "TRACE_PROCESS_EVENT_TEGRA_INTERNAL_FINISH", "Tegra Internal API finish" },
    { 111, "TRACE_PROCESS_EVENT_CUDA_GRAPH_EXEC_NODE_SET_PARAMS", "CUDA graph exec-node set params" },
};

} // namespace

bool SynthEnumTables::write(sqlite3* db, QString* error)
{
    const EnumTable tables[] = {
        { s_memcpyOperDdl, "INSERT INTO ENUM_CUDA_MEMCPY_OPER VALUES (?1, ?2, ?3)", s_memcpyOper,
            std::size(s_memcpyOper) },
        { s_memKindDdl, "INSERT INTO ENUM_CUDA_MEM_KIND VALUES (?1, ?2, ?3)", s_memKind, std::size(s_memKind) },
        { s_eventTypeDdl, "INSERT INTO ENUM_NSYS_EVENT_TYPE VALUES (?1, ?2, ?3)", s_eventType, std::size(s_eventType) },
        { s_eventClassDdl, "INSERT INTO ENUM_NSYS_EVENT_CLASS VALUES (?1, ?2, ?3)", s_eventClass,
            std::size(s_eventClass) },
    };
    for (const EnumTable& table : tables) {
        char* message = nullptr;
        if (sqlite3_exec(db, table.ddl, nullptr, nullptr, &message) != SQLITE_OK) {
            *error = QString::fromUtf8(message);
            sqlite3_free(message);
            return false;
        }
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(db, table.insert, -1, &s, nullptr) != SQLITE_OK) {
            *error = QString::fromUtf8(sqlite3_errmsg(db));
            return false;
        }
        for (size_t i = 0; i < table.count; ++i) {
            sqlite3_bind_int64(s, 1, table.rows[i].id);
            sqlite3_bind_text(s, 2, table.rows[i].name, -1, SQLITE_STATIC);
            sqlite3_bind_text(s, 3, table.rows[i].label, -1, SQLITE_STATIC);
            if (sqlite3_step(s) != SQLITE_DONE) {
                *error = QString::fromUtf8(sqlite3_errmsg(db));
                sqlite3_finalize(s);
                return false;
            }
            sqlite3_reset(s);
        }
        sqlite3_finalize(s);
    }
    return true;
}

} // namespace sl
