// SPDX-License-Identifier: MIT
#include "app/cli/clioptions.h"

#include "app/cli/clicommands.h"
#include "core/io/nsysimporter.h"
#include "core/io/tracecache.h"
#include "core/synth/synthinputoptions.h"

#include <QDir>

namespace sl::cli {

/// --window, --phase-map and --taxonomy, shared by analyze and compare.
void addAnalysisOptions(QCommandLineParser& p)
{
    p.addOption({ QStringLiteral("window"), Commands::tr("Analysis window: full (default), steady or START_NS:END_NS."),
        Commands::tr("WINDOW"), QStringLiteral("full") });
    p.addOption({ QStringLiteral("phase-map"),
        Commands::tr("Phase map JSON: {\"phase\": [\"pattern\", \"re:regex\", ...]}."), Commands::tr("FILE") });
    p.addOption({ QStringLiteral("taxonomy"),
        Commands::tr("Extra kernel taxonomy rules (JSON), tried before the built-in ones."), Commands::tr("FILE") });
    p.addOption({ QStringLiteral("math-paths"),
        Commands::tr("Extra math-path rules (JSON), tried before the built-in ones."), Commands::tr("FILE") });
    p.addOption({ QStringLiteral("gpu-peaks"),
        Commands::tr("Extra GPU peak TFLOP/s entries (JSON), tried before the built-in ones."), Commands::tr("FILE") });
    p.addOption({ QStringLiteral("anatomy"),
        Commands::tr("Extra model-anatomy classes and bandwidths (JSON), tried before the built-in ones."),
        Commands::tr("FILE") });
    p.addOption({ QStringLiteral("peak-tflops"),
        Commands::tr("Peak TFLOP/s per GPU for MFU, instead of the peak table."), Commands::tr("TFLOPS") });
}

/// --no-cache: analyze and compare read and write the trace cache (TraceCache) unless told not to.
void addCacheOption(QCommandLineParser& p)
{
    p.addOption({ QStringLiteral("no-cache"),
        Commands::tr("Neither read nor write the trace cache (%1).")
            .arg(QDir::toNativeSeparators(TraceCache::defaultDir())) });
}

LoadOptions loadOptions(const QCommandLineParser& p)
{
    LoadOptions o;
    if (!p.isSet(QStringLiteral("no-cache")))
        o.cacheDir = TraceCache::defaultDir();
    return o;
}

void addNsysOption(QCommandLineParser& p)
{
    p.addOption({ QStringLiteral("nsys"),
        Commands::tr("The nsys that exports .nsys-rep/.qdrep reports (default: nsys on PATH or in the "
                     "default install folders)."),
        Commands::tr("PATH") });
    p.addOption({ QStringLiteral("nsys-timeout"),
        Commands::tr("Stop an nsys export that has not finished after this many seconds (default 3600; 0: no "
                     "limit)."),
        Commands::tr("SECONDS"), QString::number(NsysImporter::kDefaultTimeoutMs / 1000) });
}

/// --ncu-timeout, --nvml-columns: how the counter files of analyze and compare are read.
void addCounterFileOptions(QCommandLineParser& p)
{
    p.addOption({ QStringLiteral("ncu-timeout"),
        Commands::tr("Stop an ncu conversion of a .ncu-rep that has not finished after this many seconds "
                     "(default 120; 0: no limit)."),
        Commands::tr("SECONDS"), QStringLiteral("120") });
    p.addOption({ QStringLiteral("nvml-columns"),
        Commands::tr("The columns of an NVML file written without a header row (nvidia-smi --format=csv,noheader), "
                     "in order: its --query-gpu list, e.g. timestamp,index,power.draw,utilization.gpu."),
        Commands::tr("a,b,...") });
}

/// analyze's description, arguments and options.
void addAnalyzeOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(
        Commands::tr("Analyse an Nsight Systems SQLite export and write report.json, report.md and tables/*.csv."));
    p.addPositionalArgument(QStringLiteral("trace"),
        Commands::tr("The export (nsys export --type sqlite), or an .nsys-rep/.qdrep report that nsys "
                     "exports into the user's cache."));
    p.addOption({ QStringLiteral("out"), Commands::tr("Output folder."), Commands::tr("DIR") });
    addAnalysisOptions(p);
    addCacheOption(p);
    p.addOption({ QStringLiteral("top"), Commands::tr("Kernels in the report's top list (default 20)."),
        Commands::tr("N"), QStringLiteral("20") });
    addNsysOption(p);
    addCounterFileOptions(p);
    p.addOption({ QStringLiteral("ncu"),
        Commands::tr("Nsight Compute results to line up with the trace: the CSV of ncu --csv --page raw or --page "
                     "details, a .ncu-rep (needs ncu), or a folder of them (one file per profiled kernel)."),
        Commands::tr("FILE|DIR") });
    p.addOption({ QStringLiteral("nvml"),
        Commands::tr("NVML samples (CSV from nvidia-smi --query-gpu or a sampler thread) to align with the capture."),
        Commands::tr("FILE") });
    p.addOption({ QStringLiteral("cublas-log"),
        Commands::tr("A cuBLAS or cuBLASLt API log of the same run (CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=FILE, or "
                     "CUBLASLT_LOG_LEVEL=2 CUBLASLT_LOG_FILE=FILE): GEMM shapes, FLOPs and the shape advisor."),
        Commands::tr("FILE") });
}

/// compare's description, arguments and options.
void addCompareOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(
        Commands::tr("Compare 2 to 8 Nsight Systems SQLite exports against a baseline and write "
                     "comparison.json and comparison.md."));
    p.addPositionalArgument(QStringLiteral("traces"),
        Commands::tr("The exports, baseline first unless --baseline says otherwise."),
        Commands::tr("A.sqlite B.sqlite ..."));
    p.addOption({ QStringLiteral("out"), Commands::tr("Output folder."), Commands::tr("DIR") });
    p.addOption(
        { QStringLiteral("baseline"), Commands::tr("The baseline: its position (1-based, default 1) or its label."),
            Commands::tr("N"), QStringLiteral("1") });
    p.addOption({ QStringLiteral("labels"),
        Commands::tr("Names of the traces in the report, comma-separated (default: the distinguishing part of the file "
                     "names, e.g. before, after)."),
        Commands::tr("a,b,...") });
    p.addOption({ QStringLiteral("tokens"),
        Commands::tr("Generated tokens per trace, comma-separated: figures per token."), Commands::tr("n,m,...") });
    p.addOption({ QStringLiteral("requests"), Commands::tr("Requests per trace, comma-separated: figures per request."),
        Commands::tr("n,m,...") });
    p.addOption({ QStringLiteral("per"), Commands::tr("Unit of work: auto (default), total, step, request or token."),
        Commands::tr("UNIT"), QStringLiteral("auto") });
    p.addOption({ QStringLiteral("model-flops-per-token"),
        Commands::tr("Model FLOPs per generated token: with --tokens, model TFLOP/s and MFU."), Commands::tr("F") });
    p.addOption({ QStringLiteral("params"),
        Commands::tr("Model parameters P: 2·P FLOPs per generated token (instead of --model-flops-per-token)."),
        Commands::tr("P") });
    addAnalysisOptions(p);
    addCacheOption(p);
    p.addOption({ QStringLiteral("top"), Commands::tr("Matched kernel groups in the report (default 20)."),
        Commands::tr("N"), QStringLiteral("20") });
    p.addOption({ QStringLiteral("gate"),
        Commands::tr("CI gate: exit 5 when the gated figure is worse than the baseline by more than PCT %, 6 when "
                     "the comparison cannot tell (different GPU models, no kernels, no common unit of work)."),
        Commands::tr("PCT") });
    p.addOption({ QStringLiteral("gate-on"),
        Commands::tr("The gated figure: a comparison figure key, KEY@PHASE or KEY@CATEGORY (default: kernel time "
                     "per unit of work, kernel_ns_per_unit, or kernel_ns in total)."),
        Commands::tr("FIGURE") });
    addNsysOption(p);
    addCounterFileOptions(p);
    p.addOption({ QStringLiteral("ncu"),
        Commands::tr("Nsight Compute results per trace, comma-separated in trace order (an empty entry for a trace "
                     "without): the roofline positions of the comparison."),
        Commands::tr("A,B,...") });
    p.addOption({ QStringLiteral("nvml"), Commands::tr("NVML sample CSVs per trace, comma-separated in trace order."),
        Commands::tr("A,B,...") });
}

/// synth's description and options.
void addSynthOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(
        Commands::tr("Write a synthetic LLM-serving export (nsys 2026.2 schema), deterministic by seed."));
    p.addOption({ QStringLiteral("out"), Commands::tr("Output file."), Commands::tr("FILE") });
    p.addOption({ QStringLiteral("steps"), Commands::tr("Steps per worker rank (default 200)."), Commands::tr("N"),
        QStringLiteral("200") });
    p.addOption({ QStringLiteral("kernels"), Commands::tr("Aim for about N kernels in total (overrides --steps)."),
        Commands::tr("N") });
    p.addOption({ QStringLiteral("ranks"), Commands::tr("Worker processes, one GPU each (1-8, default 1)."),
        Commands::tr("R"), QStringLiteral("1") });
    p.addOption({ QStringLiteral("graphs"), Commands::tr("CUDA graphs: none, node or graph (default none)."),
        Commands::tr("MODE"), QStringLiteral("none") });
    p.addOption(
        { QStringLiteral("seed"), Commands::tr("Random seed (default 1)."), Commands::tr("S"), QStringLiteral("1") });
    p.addOption({ QStringLiteral("nvtx-ops"),
        Commands::tr("Wrap every kernel launch in its own NVTX range, as PyTorch's emit_nvtx does (about one range "
                     "per kernel).") });
    p.addOption({ QStringLiteral("framework"),
        Commands::tr("Name the serving steps like vllm, sglang or trtllm, with known batch compositions (default: "
                     "generic prefill/decode_step ranges)."),
        Commands::tr("NAME") });
    p.addOption({ QStringLiteral("shapes"),
        Commands::tr(
            "Write the small efficiency export instead: PyTorch shape ranges around a bf16 tensor-core GEMM and "
            "an FP32 GEMM, and an all-reduce on its own stream overlapping compute in part.") });
    p.addOption({ QStringLiteral("gpu-metrics"),
        Commands::tr("Also write sampled GPU metrics (GPU_METRICS, TARGET_INFO_GPU_METRICS) as "
                     "nsys --gpu-metrics-devices=all does.") });
    p.addOption(
        { QStringLiteral("gpu-metrics-hz"), Commands::tr("GPU metrics sampling rate (default 10000, nsys' default)."),
            Commands::tr("HZ"), QStringLiteral("10000") });
    p.addOption({ QStringLiteral("layout"),
        Commands::tr(
            "Row order of the per-process tables: time (start order across processes, default) or blocked (one "
            "block per process, each in time order, as real runtime tables often are)."),
        Commands::tr("ORDER"), QStringLiteral("time") });
    SynthInputOptions::addTo(p);
}

} // namespace sl::cli
