<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Analyzer</name>
    <message>
        <source>The window %1–%2 ns lies outside the capture (%3–%4 ns): it holds no events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU work in the export: the steady-state window falls back to the whole capture.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVTX attribution covers %1 of kernel time (under 70 %): per-range and per-phase figures describe part of the work only.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BenchCommand</name>
    <message>
        <source>Trace sizes in kernels (repeatable; default 100000, 1000000, 5000000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure this existing export instead of generating (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where generated traces are kept (default: a folder under /tmp).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not hash the file while loading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--kernels takes positive numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generating %1 (%2 kernels)...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>benchmark of %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale benchmark: floor (bare SQLite scan), load, analysis, NVTX attribution, report, CPU use, peak memory, cancel latency and memory after reopening.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels of the NVTX-heavy trace (synth --nvtx-ops, one range per kernel) for the attribution figure; 0 skips it (default 1000000, or the largest --kernels when smaller).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open and close each trace N times, reporting memory after each (default 10, 0 skips).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel a load of each trace at this progress in permille (default 500, 0 skips).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internal: one measurement in this process, printed as JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cycles takes a count, --cancel-at a permille below 1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--attribution takes a kernel count.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BenchTables</name>
    <message>
        <source>Time, each figure with its ratio to the floor (a bare SQLite scan of the same columns) of the same run; cores = CPU time / wall time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| trace | kernels | API rows | NVTX ranges | floor | load | analyze | NVTX attribution alone | report | load+analyze+report | cores: floor / load / analyze |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: peak resident growth over the size before loading (MiB), per phase; the bound is %1 B per kernel row plus %2 B per API row, %3 B per NVTX range, %4 B per copy/memset/graph launch, %5× the interned strings and %6 MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| trace | model | model B/kernel | peak: load | analyze | report | peak B/kernel | bound | peak / bound |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel and reopen: a load cancelled at the given progress (latency with its ratio to the floor, resident growth left after the cancel), then the trace loaded, analysed and closed repeatedly (resident growth after each close, MiB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| trace | cancelled at | cancel latency | left after cancel | after each close | last − first |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChangeRanker</name>
    <message>
        <source>matched by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matched by category and normalised name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in one trace only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel time in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocking sync time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU idle time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>Analyse an Nsight Systems SQLite export and write report.json, report.md and tables/*.csv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export (nsys export --type sqlite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysis window: full (default), steady or START_NS:END_NS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WINDOW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase map JSON: {&quot;phase&quot;: [&quot;pattern&quot;, &quot;re:regex&quot;, ...]}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra kernel taxonomy rules (JSON), tried before the built-in ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels in the report&apos;s top list (default 20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>analyze needs one trace and --out DIR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--top needs a positive number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 kernels, %3 findings; report written to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print what an export holds: versions, GPUs, processes, tables and row counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info needs one trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:            %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Systems:  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (no export metadata)</source>
        <translation type="unfinished">未知（无导出元数据）</translation>
    </message>
    <message>
        <source>Export schema:   %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none recorded (before 2022)</source>
        <translation type="unfinished">未记录（2022 年以前）</translation>
    </message>
    <message>
        <source>CUDA graph mode: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1:           %2, %3 SMs, compute %4.%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes:       %1 named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a synthetic LLM-serving export (nsys 2026.2 schema), deterministic by seed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps per worker rank (default 200).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aim for about N kernels in total (overrides --steps).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker processes, one GPU each (1-8, default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs: none, node or graph (default none).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synth needs --out FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid synth options: --steps and --kernels take positive numbers, --ranks 1 to 8, --graphs none, node or graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 kernels, %3 API calls, %4 NVTX ranges, %5 copies, %6 graph launches in %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: sightline-cli &lt;command&gt; [options]

Commands:
  analyze TRACE.sqlite --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--top N]
                 write DIR/report.json, DIR/report.md and DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--taxonomy FILE] [--top N]
                 compare 2 to 8 traces against a baseline: write DIR/comparison.json and DIR/comparison.md
  info TRACE.sqlite
                 print the nsys and schema versions, GPUs, tables and row counts
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops]
                 write a synthetic LLM-serving export in the nsys 2026.2 schema
  bench [--kernels N ...] [--dir DIR] [--keep]
                 measure reading, loading, analysing and writing against a bare SQLite scan

Run &apos;sightline-cli &lt;command&gt; --help&apos; for the options of a command.
Exit codes: 0 success, 1 failure, 2 usage error, 3 unreadable input, 4 cannot write output.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare 2 to 8 Nsight Systems SQLite exports against a baseline and write comparison.json and comparison.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exports, baseline first unless --baseline says otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A.sqlite B.sqlite ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The baseline: its position (1-based, default 1) or its label.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names of the traces in the report, comma-separated (default: file names).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a,b,...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated tokens per trace, comma-separated: figures per token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n,m,...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests per trace, comma-separated: figures per request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit of work: auto (default), total, step, request or token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNIT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matched kernel groups in the report (default 20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compare needs %1 to %2 traces and --out DIR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--per takes auto, total, step, request or token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--baseline takes a position (1 to %1) or one of the labels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comparison failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared %1 traces against %2 (figures per %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrap every kernel launch in its own NVTX range, as PyTorch&apos;s emit_nvtx does (about one range per kernel).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Comparator</name>
    <message>
        <source>A comparison needs %1 to %2 traces; %3 given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The baseline must be one of the %1 traces (1 to %1); %2 given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs one value per trace: %2 given for %3 traces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token and request counts must be positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalising per token needs the token count of every trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalising per request needs the request count of every trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no NVTX steps: its per-step figures are undefined.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 traced CUDA graphs as whole graphs (graph launches: %2, %3): the kernels inside them are not in its kernel figures, which are therefore not comparable with traces that record every kernel.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonFigures</name>
    <message>
        <source>Window length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps (top-level)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step duration p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step duration p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput (%1s per second)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="unfinished">内核时间</translation>
    </message>
    <message>
        <source>Kernel time per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU idle share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU idle time (all GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU idle time per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch rate per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocking sync calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocking sync time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocking sync time per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-level step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time in steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU idle share in steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch rate in steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of kernel time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonMarkdownReport</name>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1, %2 – %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sightline comparison: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline: **%1**. Figures are totals over each trace&apos;s analysis window (no unit of work was given and not every trace has NVTX steps).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline: **%1**. &quot;Per %2&quot; figures divide by each trace&apos;s %2 count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="unfinished">内核时间</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No difference in GPU time per %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence: %1 in %2; %3 in %4 (SQL in comparison.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel categories</source>
        <translation type="unfinished">内核类别</translation>
    </message>
    <message>
        <source>Top kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 groups matched by identical name, %2 by category and normalised name, %3 in one trace only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel times are totals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel times are per %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step durations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated by Sightline %1. Δ is the trace minus the baseline; definitions in docs/analysis.md.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonOptions</name>
    <message>
        <source>window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a positive whole number (expected a comma-separated list such as 5000,5120).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FindingsEngine</name>
    <message>
        <source>CUDA API calls but no GPU activity recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 API calls, %2 kernel launches, 0 GPU records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export holds %1 CUDA API calls (%2 of them kernel launches) but no kernel, memcpy or memset rows, so GPU time cannot be measured. Likely causes: the GPU activity collection failed to start (CUPTI injection failure; check the capture&apos;s output and &apos;nsys status -e&apos;); the target ran under WSL2 or a driver without GPU tracing support; or the capture range (--capture-range, cudaProfilerStart/Stop, --delay/--duration) excluded the GPU work. Capture again with &apos;--trace=cuda&apos; on a supported driver.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No CUDA activity in the export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 API calls, 0 GPU records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export has no CUDA API calls and no GPU records, and the profiled process&apos;s captured output (ProcessStreams) reports an error: the application or the profiler&apos;s injection library most likely failed to start. Check that the nsys version matches the driver and rerun.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export has no CUDA API calls and no GPU records. The application may not have used the GPU during the capture, CUDA tracing may have been off (--trace), or the capture range missed the work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One kernel dominates GPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) takes %3 of all kernel time: %4 over %5 launches, median %6, p90 %7. Optimising this kernel, or the shapes it runs on, is where GPU time can be won.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch storm on GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 runs %2 kernels at %3 with a median duration of %4 (%5 under 10 µs): the CPU launch path, not the GPU, sets the pace. Fuse kernels or capture the step in a CUDA graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode is launch-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most kernels are shorter than their launch call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 %3kernels (%4) run for less time than the API call that launched them (median launch call %5); the CPU spends %6 more launching them than the GPU spends running them. CUDA graphs or kernel fusion remove this overhead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ×%2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CPU blocks on the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 blocking synchronisation calls hold the CPU for %2 (%3 of the window): %4. While blocked, the CPU cannot queue the next step; move syncs off the hot path or replace them with events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 is idle %2 of the time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between its first and last operation GPU %1 is idle for %2 of %3, in %4 gaps. Of the idle time %5 is host-wait (the CPU launched the next operation late), %6 sync-wait (a blocking call was holding the CPU) and %7 other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 has %2 gaps of 500 ms or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 sits idle for %2 in %3 gaps of at least 500 ms (longest %4 at %5). Nothing ran on the GPU then: look at what the host was doing (NVTX, API calls) in those ranges.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 is under 50 % busy in %2 of its span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cutting GPU %1&apos;s span into 30 equal chunks, %2 stretches stay under 50 % busy (the worst at %3 busy from %4 to %5); %6 of GPU time is unused in them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up and idle tail dominate the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the window (%2) is warm-up before the first long idle gap or idle tail after the last GPU work. Whole-window shares understate the steady state: rerun with --window steady (%3 to %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asynchronous copies from pageable memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cudaMemcpyAsync copies (%2 on the GPU) use pageable host memory, so they are staged through a pinned buffer and do not overlap with compute. Allocate those host buffers pinned (cudaHostAlloc, pin_memory=True).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronous memory copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 copies (%2 on the GPU) come from synchronous cudaMemcpy calls, which block the CPU until the copy is done. Use cudaMemcpyAsync on a stream.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVTX ranges cover little of the GPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only %1 of kernel time (%2 of %3) was launched inside an NVTX range on the launching thread, so per-phase and per-range figures describe a minority of the work. Add ranges around the serving loop&apos;s steps (prefill, decode, sampling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs were traced as whole launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 CUDA graph launches (%2 of GPU time) were captured in graph mode: the kernels inside them are not in the export, so the kernel table and categories miss that time. Capture with --cuda-graph-trace=node to see them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks are imbalanced in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In %1, process %2 spends %3 of kernel time per step and process %4 only %5 (%6 ranks): collective operations make the fast ranks wait for the slow one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MarkdownReport</name>
    <message>
        <source>Sightline report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished">值</translation>
    </message>
    <message>
        <source>nsys / export schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs with work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 busy / idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVTX coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No finding crossed its threshold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At stake: %1 (%2 of the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence: %1, %2 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more evidence items in report.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest idle gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt; 10 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 matched kernels are shorter than their launch call; median launch call %3, median queue delay %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory transfers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished">时间</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation type="unfinished">阶段</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="unfinished">内核时间</translation>
    </message>
    <message>
        <source>Kernel time / step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time by innermost NVTX range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished">名称</translation>
    </message>
    <message>
        <source>API calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocking sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated by Sightline %1. Times are on the export&apos;s session timeline; shares are of the analysis window unless stated.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OverviewData</name>
    <message>
        <source>GPU time by kernel category</source>
        <translation>按内核类别统计的 GPU 时间</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Busy and idle time per GPU</source>
        <translation>各 GPU 的忙碌与空闲时间</translation>
    </message>
    <message>
        <source>Time from first to last GPU work</source>
        <translation>从第一个到最后一个 GPU 任务的时间</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Copies only</source>
        <translation>仅拷贝</translation>
    </message>
    <message>
        <source>Idle: waiting for the host</source>
        <translation>空闲：等待主机</translation>
    </message>
    <message>
        <source>Idle: blocked in a sync</source>
        <translation>空闲：阻塞于同步</translation>
    </message>
    <message>
        <source>Idle: other</source>
        <translation>空闲：其他</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Time per phase</source>
        <translation>各阶段时间</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Wall time of the steps</source>
        <translation>步骤的墙钟时间</translation>
    </message>
</context>
<context>
    <name>PatternList</name>
    <message>
        <source>Invalid regular expression &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PhaseMap</name>
    <message>
        <source>Invalid phase map: %1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid phase map: the patterns of phase &apos;%1&apos; must be an array of strings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the phase map %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished">无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>ScopeFilter</name>
    <message>
        <source>everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished">GPU %1</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableCopy</name>
    <message>
        <source>Copy as TSV</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableCounter</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Cannot count the rows of %1 in %2: %3</source>
        <translation>无法统计 %2 中 %1 的行数：%3</translation>
    </message>
</context>
<context>
    <name>Taxonomy</name>
    <message>
        <source>Invalid taxonomy: %1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid taxonomy: expected an object with a &quot;rules&quot; array.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid taxonomy: unknown category &apos;%1&apos; (use one of: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the taxonomy %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceInspector</name>
    <message>
        <source>%1 is damaged: SQLite reports &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not an Nsight Systems export.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <source>%1 is damaged: SQLite reports &quot;%2&quot;. The copy may be incomplete; copy or export it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not an Nsight Systems export: it has no StringIds table and none of the CUPTI_ACTIVITY_KIND_*, NVTX_EVENTS or TARGET_INFO_* tables. Create the export with &apos;nsys export --type sqlite&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 kernels have no launching API call in the export (matched on correlationId and process); launch and NVTX figures leave them out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowSpec</name>
    <message>
        <source>Invalid window &apos;%1&apos;: use full, steady or START_NS:END_NS (integer nanoseconds).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid window &apos;%1&apos;: the end must be after the start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Unknown command &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explore Nsight Systems SQLite exports of LLM inference servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the traces, wait for their analysis, save a screenshot to &lt;file&gt; and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Systems SQLite exports to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[trace.sqlite...]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the screenshot to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--screenshot needs at least one trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &lt;trace&gt; offscreen, measure first paint, event-loop stalls, sorting and filtering, print the figures and exit (see docs/benchmarks.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl</name>
    <message>
        <source>No output file given for the synthetic trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: invalid options (ranks must be 1-8, steps at least 1, layers 0-1024).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the synthetic trace %1 was cancelled; no file was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished">无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot replace %1: the existing file cannot be removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot rename %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::BarChartView</name>
    <message>
        <source>%1: nothing to show for this analysis</source>
        <translation>%1：本次分析没有可显示的数据</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2：%3</translation>
    </message>
    <message>
        <source> (%1 of %2)</source>
        <translation>（占 %2 的 %1）</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>sl::CategoryBarChart</name>
    <message>
        <source>GPU time per %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time by kernel category</source>
        <translation type="unfinished">按内核类别统计的 GPU 时间</translation>
    </message>
</context>
<context>
    <name>sl::ComparisonChangeModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::ComparisonDock</name>
    <message>
        <source>Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a kernel to show its launches in every trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a change to show its rows in both traces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in compared trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generated token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What &quot;per unit&quot; figures divide by. Automatic: tokens when counts are given, else NVTX steps when every trace has them, else whole-window totals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens (or requests) per trace, e.g. 5000,5120</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One count per trace, in the order of the columns, to set kernel time per token beside the measured throughput.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write comparison.md and comparison.json into a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step k of every trace starts at the same x. Wheel: scroll steps; Ctrl+wheel: zoom; click: show the step&apos;s kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open two or more traces to compare them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every trace must be analysed before it can be compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing %1 traces…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline %1; figures are whole-window totals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline %1; figures per %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Export the comparison into a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export: no comparison yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comparison.md and comparison.json written to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::ComparisonFigureModel</name>
    <message>
        <source>Whole trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / baseline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::ComparisonKernelModel</name>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::EvidenceDock</name>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the SQL that selects these rows from the export, to re-run it in sqlite3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a finding to list the rows that prove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n evidence row(s). %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sl::EvidenceRowsModel</name>
    <message>
        <source>Time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU work on the device in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished">名称</translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished">GPU</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rowid</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::FindingsDock</name>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the SQL that selects the finding&apos;s evidence rows from the export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a finding to read it and to see its evidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2, %3)

%4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::FindingsModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished">%1（%2）</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Impact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::GuiBenchmark</name>
    <message>
        <source>Cannot benchmark %1: it does not load or has no kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Kernels dock did not answer within 10 minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GUI benchmark of %1: %2 kernels; load average %3; offscreen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| figure | time | ratio | target |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor: bare SQLite scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CLI load (reference)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> of the floor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CLI analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GUI: open until loaded and analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> of CLI load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GUI: first complete paint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> of CLI load; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> of CLI load + analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ 1.2× CLI load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GUI: longest event-loop stall while loading and analysing (wall)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ 50 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GUI: … of which the GUI thread was working (its CPU time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels dock: all-kernels list shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels dock: sort all kernels by duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ 2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels dock: filter names by “%1” (%2 rows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ 0.5 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels dock: longest event-loop stall while listing, sorting, filtering (wall)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels dock: … of which the GUI thread was working (its CPU time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeline repaint (slowest zoom level)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ 16 ms — not measured: hook for TimelineView</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ 16 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resident memory after opening: %1 (%2 B per kernel).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::KernelInstanceModel</name>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theoretical occupancy of the launch configuration on its GPU (active warps / maximum warps per SM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel start minus the end of its launching API call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::KernelSummaryModel</name>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::KernelsDock</name>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter kernel names…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as TSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n launch(es) of %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Sorting and filtering…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List every kernel of the window instead of the selected name&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only kernels of this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only kernels of this stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished">GPU %1</translation>
    </message>
    <message>
        <source>All streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Select a kernel name to list its launches, or tick All kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scope: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::MainWindow</name>
    <message>
        <source>Open an Nsight Systems SQLite export (File › Open, or drop it here).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Nsight Systems exports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Systems SQLite exports (*.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which loaded trace the docks show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n kernel(s), %2 finding(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evidence kernel(s) of “%1”</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Write report.md, report.json and tables/*.csv of the current trace and window</source>
        <translation>写出当前跟踪和时间窗口的 report.md、report.json 和 tables/*.csv</translation>
    </message>
    <message>
        <source>Export &amp;Tables (CSV)…</source>
        <translation>导出表格 (CSV)(&amp;T)…</translation>
    </message>
    <message>
        <source>Trace &amp;Information…</source>
        <translation>跟踪信息(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>Export CSV Tables to Folder</source>
        <translation>将 CSV 表格导出到文件夹</translation>
    </message>
    <message>
        <source>Export Report to Folder</source>
        <translation>将报告导出到文件夹</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nsys %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sightline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Sightline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop loading or analysing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The analysis window every figure covers, and the focus of the views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Whole Capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analyse from the first to the last GPU or API event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Steady State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave out the warm-up before the first long idle gap and the idle tail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: %1 – %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · focus: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison evidence in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel clicked on the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished">%1（%2）</translation>
    </message>
</context>
<context>
    <name>sl::NvtxPhasesDock</name>
    <message>
        <source>NVTX phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no phase</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::NvtxView</name>
    <message>
        <source>thread %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2/%3)</source>
        <translation type="unfinished">%1（%2） {1 ?} {2/%3)?}</translation>
    </message>
    <message>
        <source>no phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Phase: %2&lt;br&gt;Start: %3 after the capture start&lt;br&gt;Duration: %4&lt;br&gt;Depth %5, thread %6 of process %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n range(s) start in this pixel (%1 at %2)&lt;br&gt;Covered: %3&lt;br&gt;Mostly: %4</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sl::OverviewDock</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Kernel categories</source>
        <translation>内核类别</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <source>Save the shown chart, or all of them, as a PNG image</source>
        <translation>将当前图表或全部图表保存为 PNG 图像</translation>
    </message>
    <message>
        <source>This Chart…</source>
        <translation>当前图表…</translation>
    </message>
    <message>
        <source>All Charts in One Image…</source>
        <translation>全部图表合为一张图像…</translation>
    </message>
    <message>
        <source>Export Chart as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Chart saved to %1.</source>
        <translation>图表已保存到 %1。</translation>
    </message>
</context>
<context>
    <name>sl::PhaseStackChart</name>
    <message>
        <source>Kernel time per %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time by phase</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::PhaseTableModel</name>
    <message>
        <source>Kernels whose launch lies in no range of a phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase of the phase map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranges of the phase not nested in another range of the same phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sum of the steps&apos; durations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels launched inside the phase&apos;s ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="unfinished">内核时间</translation>
    </message>
    <message>
        <source>Number of those kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time divided by steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time / step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median step duration (nearest rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>90th percentile of the step duration (nearest rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step p90</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>The new language applies the next time Sightline starts.</source>
        <translation>新语言将在下次启动 Sightline 时生效。</translation>
    </message>
</context>
<context>
    <name>sl::Preflight</name>
    <message>
        <source>%1: the file does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a directory. Open the trace.sqlite file inside it, exported with &apos;nsys export --type sqlite&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an Nsight Systems report, not its SQLite export. Export it first with:
  nsys export --type sqlite --output %2.sqlite %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes): the export did not finish or the copy failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an SQLite database (it does not start with the SQLite header). Sightline opens the output of &apos;nsys export --type sqlite&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is truncated: its 100-byte SQLite header is incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is truncated: the database header says %2 bytes but the file has %3. Copy the export again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::ProcessTreeModel</name>
    <message>
        <source>PID %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TID %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (TID %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="unfinished">内核时间</translation>
    </message>
    <message>
        <source>API time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocking sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVTX ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select to show only %1 in the other views.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished">GPU %1</translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process / thread / GPU / stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::ProcessesDock</name>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop focusing the views on one process, thread, GPU or stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing everything. Select a node to focus the views on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focused on %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::ReportExporter</name>
    <message>
        <source>The export was cancelled.</source>
        <translation>导出已取消。</translation>
    </message>
    <message>
        <source>Report written to %1.</source>
        <translation>报告已写入 %1。</translation>
    </message>
    <message>
        <source>CSV tables written to %1.</source>
        <translation>CSV 表格已写入 %1。</translation>
    </message>
    <message>
        <source>Writing the report of %1 to %2…</source>
        <translation>正在将 %1 的报告写入 %2…</translation>
    </message>
    <message>
        <source>Writing the CSV tables of %1 to %2…</source>
        <translation>正在将 %1 的 CSV 表格写入 %2…</translation>
    </message>
</context>
<context>
    <name>sl::StepAlignedView</name>
    <message>
        <source>%1 · pid %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No NVTX steps of this phase in the compared traces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, step %2: %3 (starts at %4). Click to show its kernels.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::StepDistributionChart</name>
    <message>
        <source>Duration of %1 steps: min, p25, p50, p75, max</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::TimeCanvas</name>
    <message>
        <source>Open a trace to see its timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparing the timeline… %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from capture start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::TimelineDock</name>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole capture (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel: zoom · drag or Shift+wheel: pan · Shift+drag: analyse that range · click: select kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evidence</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::TimelineView</name>
    <message>
        <source>GPU %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished">GPU %1</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start: %1 after the capture start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1, stream %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Idle gap&lt;/b&gt; of %1&lt;br&gt;Cause: %2&lt;br&gt;From %3 to %4 after the capture start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 busy %2 of this pixel (%3 at %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) start in this pixel (%1 at %2)&lt;br&gt;Busy: %3&lt;br&gt;Mostly: %4</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Copy %1&lt;/b&gt;, %2&lt;br&gt;Start: %3 after the capture start&lt;br&gt;Duration: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Start: %2 after the capture start&lt;br&gt;Duration: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) start in this pixel (%1 at %2)&lt;br&gt;Busy: %3</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>host wait (the launch came late)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sync wait (a blocking call was waiting)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sl::TraceInfoDialog</name>
    <message>
        <source>Trace Information — %1</source>
        <translation>跟踪信息 — %1</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Capture Settings</source>
        <translation>采集设置</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Chip</source>
        <translation>芯片</translation>
    </message>
    <message>
        <source>SMs</source>
        <translation>SM 数</translation>
    </message>
    <message>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>GPUs (%1)</source>
        <translation>GPU（%1）</translation>
    </message>
    <message>
        <source>Process ID</source>
        <translation>进程 ID</translation>
    </message>
    <message>
        <source>Named threads</source>
        <translation>已命名线程</translation>
    </message>
    <message>
        <source>Processes (%1)</source>
        <translation>进程（%1）</translation>
    </message>
    <message>
        <source>Tables (%1)</source>
        <translation>表（%1）</translation>
    </message>
    <message>
        <source>Private</source>
        <translation>隐私信息</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>大小：</translation>
    </message>
    <message>
        <source>SHA-256:</source>
        <translation>SHA-256：</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <source>from META_DATA_EXPORT</source>
        <translation>来自 META_DATA_EXPORT</translation>
    </message>
    <message>
        <source>from EXPORT_META_DATA</source>
        <translation>来自 EXPORT_META_DATA</translation>
    </message>
    <message>
        <source>guessed from installation paths</source>
        <translation>根据安装路径推断</translation>
    </message>
    <message>
        <source>Nsight Systems:</source>
        <translation>Nsight Systems：</translation>
    </message>
    <message>
        <source>unknown (no export metadata)</source>
        <translation>未知（无导出元数据）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Export schema:</source>
        <translation>导出模式版本：</translation>
    </message>
    <message>
        <source>none recorded (before 2022)</source>
        <translation>未记录（2022 年以前）</translation>
    </message>
    <message>
        <source>Export platform:</source>
        <translation>导出平台：</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>whole graphs (one record per graph launch)</source>
        <translation>整图（每次图启动一条记录）</translation>
    </message>
    <message>
        <source>nodes (one record per kernel of a graph)</source>
        <translation>节点（图中每个内核一条记录）</translation>
    </message>
    <message>
        <source>CUDA graph trace:</source>
        <translation>CUDA 图跟踪：</translation>
    </message>
    <message>
        <source>Kernel names from:</source>
        <translation>内核名称来源：</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>The profiled process wrote an error to its output during the capture (ProcessStreams).</source>
        <translation>被分析的进程在采集期间向其输出写入了错误信息（ProcessStreams）。</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>The export records the profiled process&apos;s environment, command line, working directory and paths, and the host and user names (%1 values). Environments often hold access tokens. Sightline never writes them into a report; they are hidden here until you ask for them.</source>
        <translation>导出文件记录了被分析进程的环境变量、命令行、工作目录和路径，以及主机名和用户名（共 %1 项）。环境变量中常含有访问令牌。Sightline 从不将它们写入报告；在您主动要求之前，这里也不会显示。</translation>
    </message>
    <message>
        <source>Reveal Private Values</source>
        <translation>显示隐私信息</translation>
    </message>
    <message>
        <source>Tables: %1.</source>
        <translation>表：%1 个。</translation>
    </message>
    <message>
        <source>Counting rows…</source>
        <translation>正在统计行数…</translation>
    </message>
    <message>
        <source>counting…</source>
        <translation>统计中…</translation>
    </message>
    <message>
        <source>Tables: %1, rows counted.</source>
        <translation>表：%1 个，行数已统计。</translation>
    </message>
</context>
<context>
    <name>sl::TraceSession</name>
    <message>
        <source>Analysing %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
