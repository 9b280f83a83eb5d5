<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>GPU time in partial last waves</source>
        <translation type="vanished">未填满的最后一波中的 GPU 时间</translation>
    </message>
    <message>
        <source>Kernel time in partial last waves</source>
        <translation type="vanished">未填满的最后一波中的内核时间占比</translation>
    </message>
    <message>
        <source>GPU memory peak (largest GPU)</source>
        <translation type="vanished">GPU 显存峰值（最大的 GPU）</translation>
    </message>
    <message>
        <source>GPU memory headroom (smallest GPU)</source>
        <translation type="vanished">GPU 显存余量（最小的 GPU）</translation>
    </message>
    <message>
        <source>Time to first token p50</source>
        <translation type="vanished">首 token 时间 p50</translation>
    </message>
    <message>
        <source>Time to first token p90</source>
        <translation type="vanished">首 token 时间 p90</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="vanished">内核时间</translation>
    </message>
    <message>
        <source>FLOPs (known part)</source>
        <translation type="vanished">FLOPs（已知部分）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="vanished">MFU</translation>
    </message>
</context>
<context>
    <name>AnalysisOptions</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The peak TFLOP/s must be a positive number, not &quot;%1&quot;.</source>
        <translation>峰值 TFLOP/s 必须是正数，而不是“%1”。</translation>
    </message>
</context>
<context>
    <name>Analyzer</name>
    <message>
        <source>The window %1–%2 ns lies outside the capture (%3–%4 ns): it holds no events.</source>
        <translation>分析窗口 %1–%2 ns 位于采集范围（%3–%4 ns）之外：其中没有任何事件。</translation>
    </message>
    <message>
        <source>No GPU work in the export: the steady-state window falls back to the whole capture.</source>
        <translation>导出文件中没有 GPU 任务：稳态分析窗口退回为整个采集范围。</translation>
    </message>
    <message>
        <source>NVTX attribution covers %1 of kernel time (under 70 %): per-range and per-phase figures describe part of the work only.</source>
        <translation type="vanished">NVTX 归属覆盖了 %1 的内核时间（低于 70 %）：按范围和按阶段的指标只反映了部分工作。</translation>
    </message>
    <message>
        <source>NVTX attribution covers %1 of kernel time (under %2): per-range and per-phase figures describe part of the work only.</source>
        <translation>NVTX 归属只覆盖了 %1 的内核时间（低于 %2）：按范围和按阶段的指标只描述了部分工作。</translation>
    </message>
    <message>
        <source>The idle-gap list (idle_gaps in report.json and idle_gaps.csv) holds the %1 longest of %2 idle gaps; each device&apos;s gap count and idle time count them all.</source>
        <translation>空闲间隙列表（report.json 中的 idle_gaps 和 idle_gaps.csv）只保留 %2 个空闲间隙中最长的 %1 个；每个设备的间隙数和空闲时间计入全部间隙。</translation>
    </message>
</context>
<context>
    <name>AnatomyReport</name>
    <message>
        <source>Model anatomy</source>
        <translation>模型剖析</translation>
    </message>
    <message>
        <source>Kernel time per phase and operator class (docs/analysis.md &quot;Model anatomy&quot;). FLOPs come from PyTorch shape ranges or matched cuBLAS calls; TFLOP/s and MFU are over the kernels whose FLOPs are known.</source>
        <translation>按阶段和算子类别的内核时间（docs/analysis.md「Model anatomy」）。FLOPs 来自 PyTorch 形状范围或匹配的 cuBLAS 调用；TFLOP/s 和 MFU 仅基于 FLOPs 已知的内核计算。</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Share of phase</source>
        <translation>占阶段比例</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈类型</translation>
    </message>
</context>
<context>
    <name>AnatomyRules</name>
    <message>
        <source>QKV projection</source>
        <translation>QKV 投影</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>输出投影</translation>
    </message>
    <message>
        <source>MLP up/gate</source>
        <translation>MLP 上投影/门控</translation>
    </message>
    <message>
        <source>MLP down</source>
        <translation>MLP 下投影</translation>
    </message>
    <message>
        <source>Norms</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <source>Embedding/logits</source>
        <translation>嵌入/logits</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Cannot read the anatomy rules %1: %2</source>
        <translation>无法读取模型剖析规则 %1：%2</translation>
    </message>
    <message>
        <source>Invalid anatomy rules: %1 at offset %2</source>
        <translation>无效的模型剖析规则：%1（偏移量 %2）</translation>
    </message>
    <message>
        <source>Invalid anatomy rules: expected an object with a &quot;classes&quot; array.</source>
        <translation>无效的模型剖析规则：应为包含 &quot;classes&quot; 数组的对象。</translation>
    </message>
    <message>
        <source>Invalid anatomy rules: unknown class &apos;%1&apos; (use one of: %2).</source>
        <translation>无效的模型剖析规则：未知类别「%1」（可用：%2）。</translation>
    </message>
    <message>
        <source>Invalid anatomy rules: bandwidth entry &apos;%1&apos; needs a positive &quot;tb_per_s&quot;.</source>
        <translation>无效的模型剖析规则：带宽条目「%1」需要正的 &quot;tb_per_s&quot;。</translation>
    </message>
</context>
<context>
    <name>BenchCommand</name>
    <message>
        <source>Trace sizes in kernels (repeatable; default 100000, 1000000, 5000000).</source>
        <translation>以内核数计的跟踪规模（可重复指定；默认 100000、1000000、5000000）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Measure this existing export instead of generating (repeatable).</source>
        <translation>测量这个已有的导出文件，而不是生成新文件（可重复指定）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>Where generated traces are kept (default: a folder under /tmp).</source>
        <translation>生成的跟踪文件的存放位置（默认：/tmp 下的一个文件夹）。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>Do not hash the file while loading.</source>
        <translation>加载时不计算文件哈希。</translation>
    </message>
    <message>
        <source>--kernels takes positive numbers.</source>
        <translation>--kernels 只接受正数。</translation>
    </message>
    <message>
        <source>generating %1 (%2 kernels)...</source>
        <translation>正在生成 %1（%2 个内核）...</translation>
    </message>
    <message>
        <source>benchmark of %1 failed: %2</source>
        <translation>%1 的基准测试失败：%2</translation>
    </message>
    <message>
        <source>Scale benchmark: floor (bare SQLite scan), load, analysis, NVTX attribution, report, CPU use, peak memory, cancel latency and memory after reopening.</source>
        <translation type="vanished">规模基准测试：下限（纯 SQLite 扫描）、加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、取消延迟以及重新打开后的内存。</translation>
    </message>
    <message>
        <source>Kernels of the NVTX-heavy trace (synth --nvtx-ops, one range per kernel) for the attribution figure; 0 skips it (default 1000000, or the largest --kernels when smaller).</source>
        <translation>用于 NVTX 归属指标的 NVTX 密集型跟踪的内核数（synth --nvtx-ops，每个内核一个范围）；0 表示跳过（默认 1000000，若 --kernels 的最大值更小则取该值）。</translation>
    </message>
    <message>
        <source>Open and close each trace N times, reporting memory after each (default 10, 0 skips).</source>
        <translation>将每个跟踪打开并关闭 N 次，每次关闭后报告内存（默认 10，0 表示跳过）。</translation>
    </message>
    <message>
        <source>Cancel a load of each trace at this progress in permille (default 500, 0 skips).</source>
        <translation>在此进度（千分比）处取消每个跟踪的加载（默认 500，0 表示跳过）。</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>Internal: one measurement in this process, printed as JSON.</source>
        <translation>内部使用：在本进程中进行一次测量，以 JSON 格式输出。</translation>
    </message>
    <message>
        <source>--cycles takes a count, --cancel-at a permille below 1000.</source>
        <translation>--cycles 接受一个次数，--cancel-at 接受小于 1000 的千分比。</translation>
    </message>
    <message>
        <source>--attribution takes a kernel count.</source>
        <translation>--attribution 接受一个内核数。</translation>
    </message>
    <message>
        <source>generating %1...</source>
        <translation>正在生成 %1...</translation>
    </message>
    <message>
        <source>Also measure three hostile variants of the N-kernel trace: N distinct kernel names, 1 MiB names and texts, 20 000 nested NVTX ranges (docs/benchmarks.md).</source>
        <translation>另外测量 N 个内核跟踪的三种恶意变体：N 个不同的内核名称、1 MiB 的名称和文本、20 000 个嵌套的 NVTX 范围（docs/benchmarks.md）。</translation>
    </message>
    <message>
        <source>--hostile takes a kernel count.</source>
        <translation>--hostile 需要一个内核数。</translation>
    </message>
    <message>
        <source>Scale benchmark: floor (the sqlite3 shell aggregating every column the load reads), load, analysis, NVTX attribution, report, CPU use, peak memory, cancel latency and memory after reopening.</source>
        <translation>规模基准测试：下限（sqlite3 shell 对加载所读的每一列求聚合）、加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、取消延迟以及重新打开后的内存。</translation>
    </message>
</context>
<context>
    <name>BenchTables</name>
    <message>
        <source>Time, each figure with its ratio to the floor (a bare SQLite scan of the same columns) of the same run; cores = CPU time / wall time.</source>
        <translation type="vanished">时间：每项数值附有其与同一次运行中下限（对相同列的纯 SQLite 扫描）的比值；核数 = CPU 时间 / 墙钟时间。</translation>
    </message>
    <message>
        <source>| trace | kernels | API rows | NVTX ranges | floor | load | analyze | NVTX attribution alone | report | load+analyze+report | cores: floor / load / analyze |</source>
        <translation type="vanished">| 跟踪 | 内核 | API 行数 | NVTX 范围 | 下限 | 加载 | 分析 | 仅 NVTX 归属 | 报告 | 加载+分析+报告 | 核数：下限 / 加载 / 分析 |</translation>
    </message>
    <message>
        <source>Memory: peak resident growth over the size before loading (MiB), per phase; the bound is %1 B per kernel row plus %2 B per API row, %3 B per NVTX range, %4 B per copy/memset/graph launch, %5× the interned strings and %6 MiB.</source>
        <translation type="vanished">内存：各阶段常驻内存峰值相对加载前的增长（MiB）；上限为每个内核行 %1 B，加上每个 API 行 %2 B、每个 NVTX 范围 %3 B、每次拷贝/memset/图启动 %4 B、驻留字符串的 %5× 以及 %6 MiB。</translation>
    </message>
    <message>
        <source>| trace | model | model B/kernel | peak: load | analyze | report | peak B/kernel | bound | peak / bound |</source>
        <translation>| 跟踪 | 模型 | 模型 B/内核 | 峰值：加载 | 分析 | 报告 | 峰值 B/内核 | 上限 | 峰值 / 上限 |</translation>
    </message>
    <message>
        <source>Cancel and reopen: a load cancelled at the given progress (latency with its ratio to the floor, resident growth left after the cancel), then the trace loaded, analysed and closed repeatedly (resident growth after each close, MiB).</source>
        <translation type="vanished">取消与重新打开：在给定进度处取消一次加载（延迟及其与下限的比值、取消后残留的常驻内存增长），然后反复加载、分析并关闭该跟踪（每次关闭后的常驻内存增长，MiB）。</translation>
    </message>
    <message>
        <source>| trace | cancelled at | cancel latency | left after cancel | after each close | last − first |</source>
        <translation type="vanished">| 跟踪 | 取消于 | 取消延迟 | 取消后残留 | 每次关闭后 | 末次 − 首次 |</translation>
    </message>
    <message>
        <source>finished first</source>
        <translation>已先完成</translation>
    </message>
    <message>
        <source>Against the sqlite3 shell (the stock command-line tool reading the same columns, output discarded): analyze everything included = load + analyze + report.</source>
        <translation type="vanished">与 sqlite3 shell（读取相同列并丢弃输出的标准命令行工具）对比：全部计入的分析 = 加载 + 分析 + 报告。</translation>
    </message>
    <message>
        <source>| trace | C-API floor | sqlite3 shell floor | load+analyze+report | ratio to the shell floor |</source>
        <translation type="vanished">| 跟踪 | C-API 下限 | sqlite3 shell 下限 | 加载+分析+报告 | 与 shell 下限之比 |</translation>
    </message>
    <message>
        <source>no sqlite3 shell</source>
        <translation type="vanished">无 sqlite3 shell</translation>
    </message>
    <message>
        <source>Cancel and reopen: a load cancelled at the given progress (latency with its ratio to the floor, resident growth left after the cancel); an analysis cancelled after the same share of its run time (when, of the whole analysis, and the latency until its future finished); then the trace loaded, analysed and closed repeatedly (resident growth after each close, MiB).</source>
        <translation>取消与重新打开：在给定进度处取消的加载（延迟及其与下限之比、取消后剩余的常驻内存增长）；在运行时间的相同比例处取消的分析（取消时刻占整个分析的比例，以及其 future 结束前的延迟）；然后反复加载、分析并关闭跟踪（每次关闭后的常驻内存增长，MiB）。</translation>
    </message>
    <message>
        <source>| trace | cancelled at | cancel latency | left after cancel | analysis cancelled at | analysis cancel latency | after each close | last − first |</source>
        <translation>| 跟踪 | 取消于 | 取消延迟 | 取消后剩余 | 分析取消于 | 分析取消延迟 | 每次关闭后 | 末次 − 首次 |</translation>
    </message>
    <message>
        <source>Memory: peak resident growth over the size before loading (MiB), per phase; the bound is %1 B per kernel row plus %2 B per API row, %3 B per NVTX range, %4 B per copy/memset/graph launch, %5 B per counter sample, %6× the interned strings and %7 MiB.</source>
        <translation>内存：各阶段相对加载前的常驻内存峰值增长（MiB）；上限为每个内核行 %1 B，另加每个 API 行 %2 B、每个 NVTX 区间 %3 B、每次复制/memset/图启动 %4 B、每个计数器采样 %5 B、驻留字符串的 %6 倍以及 %7 MiB。</translation>
    </message>
    <message>
        <source>Sampled counters (GPU metrics) held by the model: series, samples, bytes (MiB) and bytes per sample.</source>
        <translation>模型持有的采样计数器（GPU 指标）：序列数、采样数、字节数（MiB）及每个采样的字节数。</translation>
    </message>
    <message>
        <source>| trace | series | samples | counters | B/sample |</source>
        <translation>| 跟踪 | 序列 | 采样 | 计数器 | B/采样 |</translation>
    </message>
    <message>
        <source>Time, each figure with its ratio to the floor of the same run: the sqlite3 shell computing total() of every column the load reads, table by table (* where no sqlite3 shell ran: the C-API scan instead). C-API scan = the same columns stepped through the C API. Whole process = sightline-cli analyze, start to exit, in a fresh process. cores = CPU time / wall time.</source>
        <translation type="vanished">时间：每项数值附有其与同一次运行中下限的比值：sqlite3 shell 逐表对加载所读的每一列计算 total()（* 表示未运行 sqlite3 shell：改用 C-API 扫描）。C-API 扫描 = 通过 C API 逐行读取相同的列。整个进程 = sightline-cli analyze 在新进程中从启动到退出。核数 = CPU 时间 / 墙钟时间。</translation>
    </message>
    <message>
        <source>| trace | kernels | API rows | NVTX ranges | floor | C-API scan | load | analyze | NVTX attribution alone | report | load+analyze+report | analyze, whole process | cores: C-API scan / load / analyze |</source>
        <translation type="vanished">| 跟踪 | 内核 | API 行数 | NVTX 范围 | 下限 | C-API 扫描 | 加载 | 分析 | 仅 NVTX 归属 | 报告 | 加载+分析+报告 | analyze 整个进程 | 核数：C-API 扫描 / 加载 / 分析 |</translation>
    </message>
    <message>
        <source>Time, each figure with its ratio to the floor of the same run: the sqlite3 shell computing total() of every column the load reads, table by table (* where no sqlite3 shell ran: the C-API scan instead). C-API scan = the same columns stepped through the C API. Whole process = sightline-cli analyze --no-cache, start to exit, in a fresh process; first open = the same with the trace cache, which it writes; reopen = once more, served by the cache. cores = CPU time / wall time.</source>
        <translation type="vanished">时间：每项数值附有其与同一次运行中下限的比值：sqlite3 shell 逐表对加载所读的每一列计算 total()（* 表示未运行 sqlite3 shell：改用 C-API 扫描）。C-API 扫描 = 通过 C API 逐行读取相同的列。整个进程 = sightline-cli analyze --no-cache 在新进程中从启动到退出；首次打开 = 同上但启用跟踪缓存（并写入缓存）；重新打开 = 再运行一次，由缓存提供。核数 = CPU 时间 / 墙钟时间。</translation>
    </message>
    <message>
        <source>| trace | kernels | API rows | NVTX ranges | floor | C-API scan | load | analyze | NVTX attribution alone | report | load+analyze+report | analyze, whole process | first open | reopen | cores: C-API scan / load / analyze |</source>
        <translation>| 跟踪 | 内核 | API 行数 | NVTX 范围 | 下限 | C-API 扫描 | 加载 | 分析 | 仅 NVTX 归属 | 报告 | 加载+分析+报告 | analyze 整个进程 | 首次打开 | 重新打开 | 核数：C-API 扫描 / 加载 / 分析 |</translation>
    </message>
    <message>
        <source>Cluster digest: sightline-cli digest, start to exit in a fresh process, against analyze --no-cache of the same trace (target: at most 1.2x).</source>
        <translation type="vanished">集群摘要：sightline-cli digest 在新进程中从启动到退出的时间，与同一跟踪的 analyze --no-cache 相比（目标：至多 1.2 倍）。</translation>
    </message>
    <message>
        <source>| trace | analyze, whole process | digest, whole process | digest / analyze |</source>
        <translation>| 跟踪 | analyze 整个进程 | digest 整个进程 | digest / analyze |</translation>
    </message>
    <message>
        <source>Time, each figure with its ratio to the floor of the same run: the sqlite3 shell computing total() of every column the load reads, table by table (* where no sqlite3 shell ran: the C-API scan instead). C-API scan = the same columns stepped through the C API. Whole process = sightline-cli analyze --no-cache, start to exit, in a fresh process; first open = the same with the trace cache, which it writes; reopen = once more, served by the cache; each the median of 5 runs up to 1 M kernels, of 1 above. cores = CPU time / wall time.</source>
        <translation>时间：每项数值附有其与同一次运行中下限的比值：sqlite3 shell 逐表对加载所读的每一列计算 total()（* 表示未运行 sqlite3 shell：改用 C-API 扫描）。C-API 扫描 = 通过 C API 逐行读取相同的列。整个进程 = sightline-cli analyze --no-cache 在新进程中从启动到退出；首次打开 = 同上但启用跟踪缓存（并写入缓存）；重新打开 = 再运行一次，由缓存提供；每项在 1 M 个内核及以下取 5 次运行的中位数，以上取 1 次。核数 = CPU 时间 / 墙钟时间。</translation>
    </message>
    <message>
        <source>Cluster digest: sightline-cli digest, start to exit in a fresh process, against analyze --no-cache of the same trace (target: at most 1.2x); medians of runs as in the time table.</source>
        <translation>集群摘要：sightline-cli digest 在新进程中从启动到退出的时间，与同一跟踪的 analyze --no-cache 相比（目标：至多 1.2 倍）；运行次数的中位数同时间表。</translation>
    </message>
</context>
<context>
    <name>ChangeRanker</name>
    <message>
        <source>matched by name</source>
        <translation>按名称匹配</translation>
    </message>
    <message>
        <source>matched by category and normalised name</source>
        <translation>按类别和规范化名称匹配</translation>
    </message>
    <message>
        <source>in one trace only</source>
        <translation>仅在一个跟踪中</translation>
    </message>
    <message>
        <source>%1 kernels</source>
        <translation>%1 内核</translation>
    </message>
    <message>
        <source>kernel time in %1</source>
        <translation>%1 中的内核时间</translation>
    </message>
    <message>
        <source>blocking sync time</source>
        <translation>阻塞同步时间</translation>
    </message>
    <message>
        <source>GPU idle time</source>
        <translation>GPU 空闲时间</translation>
    </message>
    <message>
        <source>kernel %1 (%2)</source>
        <translation>内核 %1（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 per %2: %3</source>
        <translation>%1（每%2）：%3</translation>
    </message>
</context>
<context>
    <name>ChildProcess</name>
    <message>
        <source>signal %1</source>
        <translation>信号 %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>killed by signal %1 (by the system when memory ran out, or by a user)</source>
        <translation>被信号 %1 终止（内存耗尽时由系统终止，或由用户终止）</translation>
    </message>
    <message>
        <source>crashed with signal %1</source>
        <translation>因信号 %1 崩溃</translation>
    </message>
    <message>
        <source>timed out after %1 s (stopped)</source>
        <translation>%1 s 后超时（已停止）</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>could not be started: %1</source>
        <translation>无法启动：%1</translation>
    </message>
</context>
<context>
    <name>ClusterAnalyzer</name>
    <message>
        <source>%1 and %2 both say they are rank %3: they are not one run, or one was copied.</source>
        <translation>%1 和 %2 都声称自己是 rank %3：它们不属于同一次运行，或其中一个是复制来的。</translation>
    </message>
    <message>
        <source>%1 #%2 on NCCL stream %3: only ranks %4</source>
        <translation>NCCL 流 %3 上的 %1 #%2：只有 rank %4</translation>
    </message>
    <message>
        <source>A cluster run needs the exports (or digests) of at least 2 ranks; %1 given.</source>
        <translation>集群运行至少需要 2 个 rank 的导出文件（或摘要）；实际给出 %1 个。</translation>
    </message>
    <message>
        <source>No collective was found on every rank: nothing to compare (are these exports of one run, with NCCL kernels traced?).</source>
        <translation>没有任何集合通信在每个 rank 上都能找到：无可比较（这些导出文件是否来自同一次运行，并且跟踪了 NCCL 内核？）。</translation>
    </message>
    <message>
        <source>%1 collectives were not found on every rank (a desync, or ranks captured over different spans); only the %2 matched ones are measured.</source>
        <translation>有 %1 次集合通信并非在每个 rank 上都能找到（失步，或各 rank 的采集时间段不同）；只测量了 %2 次匹配的集合通信。</translation>
    </message>
    <message>
        <source>Some exports do not say their rank (no RANK, SLURM_PROCID, OMPI_COMM_WORLD_RANK or PMI_RANK in the environment): their ranks are guessed from the file order.</source>
        <translation type="vanished">部分导出文件没有注明其 rank（环境变量中没有 RANK、SLURM_PROCID、OMPI_COMM_WORLD_RANK 或 PMI_RANK）：其 rank 按文件顺序推测。</translation>
    </message>
    <message>
        <source>%1 #%2 of communicator %3: only ranks %4</source>
        <translation>通信器 %3 的第 %2 个%1：只有 rank %4</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>rank %1: %2 of %3 B</source>
        <translation>rank %1：%2，%3 B</translation>
    </message>
    <message>
        <source>#%1 of communicator %2: %3</source>
        <translation>通信器 %2 的第 %1 个：%3</translation>
    </message>
    <message>
        <source>Rank %1 arrives last at %2 of its %3 matched collectives; the other ranks wait for it.</source>
        <translation>rank %1 在其 %3 个已匹配集合通信中的 %2 最后到达；其他 rank 都在等它。</translation>
    </message>
    <message>
        <source>%1 #%2: arrives %3 µs after the next-latest rank, after %4 µs of its own work</source>
        <translation>%1 第 %2 个：比次晚到达的 rank 晚 %3 µs 到达，此前自身工作 %4 µs</translation>
    </message>
    <message>
        <source>%1 collectives have the same communicator and position on every rank but different ops or sizes (a desync, or a rank whose capture missed a collective): they are not measured.</source>
        <translation>%1 个集合通信在各 rank 上的通信器和序号相同，但操作或大小不同（不同步，或某个 rank 的采集漏掉了一个集合通信）：不予测量。</translation>
    </message>
    <message>
        <source>Some exports do not say their rank (no RANK, SLURM_PROCID, OMPI_COMM_WORLD_RANK or PMI_RANK in the environment, no NCCL CommInitRank payload): their ranks are guessed from the file order.</source>
        <translation type="vanished">部分导出文件没有注明其 rank（环境变量中没有 RANK、SLURM_PROCID、OMPI_COMM_WORLD_RANK 或 PMI_RANK，也没有 NCCL CommInitRank 负载）：其 rank 按文件顺序推测。</translation>
    </message>
    <message>
        <source>NCCL payloads give %1 collectives a communicator, but not all of them (an export without --include-blobs, or kernels launched outside NCCL&apos;s calls): all are paired by op and stream order instead.</source>
        <translation>NCCL 负载为 %1 个集合通信给出了通信器，但并非全部（某个导出文件未使用 --include-blobs，或有内核在 NCCL 调用之外启动）：因此全部改按操作和流顺序配对。</translation>
    </message>
    <message>
        <source>The export of %1 holds %2 ranks, of which only %3 are given: give the digests of all of them.</source>
        <translation>%1 的导出文件包含 %2 个 rank，但只给出了其中 %3 个：请给出全部 rank 的摘要。</translation>
    </message>
    <message>
        <source>Some exports do not say their rank (no RANK, SLURM_PROCID, OMPI_COMM_WORLD_RANK or PMI_RANK in the environment, no NCCL CommInitRank payload): their ranks are guessed from the file order (and, within an export of several ranks, the order of their GPUs).</source>
        <translation>部分导出文件没有注明其 rank（环境变量中没有 RANK、SLURM_PROCID、OMPI_COMM_WORLD_RANK 或 PMI_RANK，也没有 NCCL CommInitRank 负载）：其 rank 按文件顺序推测（包含多个 rank 的导出文件内，按其 GPU 顺序推测）。</translation>
    </message>
    <message>
        <source>The exports of %1 have no UTC anchor (nsys 2021.2 and earlier) and no blocking collective to place them by: their clock is not aligned with the others&apos;, so their skews are not meaningful.</source>
        <translation type="vanished">%1 的导出文件没有 UTC 锚点（nsys 2021.2 及更早版本），也没有可用于定位的阻塞式集合通信：其时钟未与其他主机对齐，因此其偏差没有意义。</translation>
    </message>
    <message>
        <source>The clock of %1 cannot be aligned with the reference host&apos;s (an export without a UTC anchor, nsys 2021.2 and earlier, and no blocking collective to place it by): its ranks are left out of the skews, waits and last arrivals.</source>
        <translation>%1 的时钟无法与参考主机对齐（导出文件没有 UTC 锚点，即 nsys 2021.2 及更早版本，且没有可用于定位的阻塞式集合通信）：其 rank 不计入偏差、等待和最后到达的统计。</translation>
    </message>
</context>
<context>
    <name>ClusterBenchmark</name>
    <message>
        <source>--benchmark-cluster: %1 is not a folder of rank digests or exports.</source>
        <translation>--benchmark-cluster：%1 不是包含各 rank 摘要或导出文件的文件夹。</translation>
    </message>
    <message>
        <source>--benchmark-cluster: the Cluster view could not open %1: %2</source>
        <translation>--benchmark-cluster：集群视图无法打开 %1：%2</translation>
    </message>
    <message>
        <source>rank × time heatmap</source>
        <translation>rank × 时间热力图</translation>
    </message>
    <message>
        <source>per-rank table</source>
        <translation>各 rank 表格</translation>
    </message>
    <message>
        <source>skew histogram</source>
        <translation>偏差直方图</translation>
    </message>
    <message>
        <source>whole window</source>
        <translation>整个窗口</translation>
    </message>
    <message>
        <source>Cluster view benchmark of %1: %2 ranks, loaded and analysed in %3; window %4×%5; %6 renders per view after a first one; load average %7; offscreen.</source>
        <translation>集群视图基准测试 %1：%2 个 rank，加载并分析用时 %3；窗口 %4×%5；每个视图在首次渲染后再渲染 %6 次；负载均值 %7；离屏。</translation>
    </message>
    <message>
        <source>| view | size | first | median | worst | CPU median | CPU worst | target |</source>
        <translation>| 视图 | 尺寸 | 首次 | 中位数 | 最差 | CPU 中位数 | CPU 最差 | 目标 |</translation>
    </message>
    <message>
        <source>≤ %1 ms</source>
        <translation>≤ %1 毫秒</translation>
    </message>
    <message>
        <source>Every view&apos;s median render is within the frame target.</source>
        <translation>每个视图的渲染中位数均在帧目标之内。</translation>
    </message>
    <message>
        <source>A view&apos;s median render misses the frame target.</source>
        <translation>有视图的渲染中位数未达到帧目标。</translation>
    </message>
</context>
<context>
    <name>ClusterCommands</name>
    <message>
        <source>--out needs a folder name.</source>
        <translation>--out 需要文件夹名称。</translation>
    </message>
    <message>
        <source>--gate needs a percentage of 0 or more and --gate-baseline FILE.</source>
        <translation>--gate 需要 0 或更大的百分比，并需要 --gate-baseline FILE。</translation>
    </message>
    <message>
        <source>Cannot use %1 as the gate&apos;s baseline: %2</source>
        <translation>无法将 %1 用作门控的基线：%2</translation>
    </message>
    <message>
        <source>it is not a readable JSON file</source>
        <translation>它不是可读取的 JSON 文件</translation>
    </message>
    <message>
        <source>-j/--jobs needs a number from 1 to 256.</source>
        <translation>-j/--jobs 需要 1 到 256 之间的数字。</translation>
    </message>
    <message>
        <source>Write one export per rank of a synthetic multi-node run (as srun nsys profile -o report.%q{SLURM_PROCID} does) into a folder, with a chosen straggler and per-host clock errors; the model is documented in core/synth/synthcluster.h.</source>
        <translation>将一次合成多节点运行的每个 rank 各写出一个导出文件到文件夹中（如同 srun nsys profile -o report.%q{SLURM_PROCID}），可指定掉队 rank 和每台主机的时钟误差；模型说明见 core/synth/synthcluster.h。</translation>
    </message>
    <message>
        <source>Write per-rank exports (this mode).</source>
        <translation>写出各 rank 的导出文件（此模式）。</translation>
    </message>
    <message>
        <source>Output folder.</source>
        <translation>输出文件夹。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>Ranks (2-1024, default 8).</source>
        <translation>rank 数（2-1024，默认 8）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Ranks per host (1-8, default 4).</source>
        <translation>每台主机的 rank 数（1-8，默认 4）。</translation>
    </message>
    <message>
        <source>The slow rank (default none).</source>
        <translation>慢的 rank（默认无）。</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Its extra compute before each collective (default 300000).</source>
        <translation>该 rank 在每次集合通信前额外的计算时间（默认 300000）。</translation>
    </message>
    <message>
        <source>NS</source>
        <translation>NS</translation>
    </message>
    <message>
        <source>Each host&apos;s UTC clock error, comma-separated (ns).</source>
        <translation>每台主机的 UTC 时钟误差，以逗号分隔（ns）。</translation>
    </message>
    <message>
        <source>LIST</source>
        <translation>LIST</translation>
    </message>
    <message>
        <source>Steps (default 20).</source>
        <translation>步数（默认 20）。</translation>
    </message>
    <message>
        <source>Collectives per step (default 4).</source>
        <translation>每步的集合通信数（默认 4）。</translation>
    </message>
    <message>
        <source>Invalid synth options: the counts and times take whole numbers, --host-clock-error-ns a comma-separated list of them.</source>
        <translation>无效的 synth 选项：计数和时间需要整数，--host-clock-error-ns 需要以逗号分隔的整数列表。</translation>
    </message>
    <message>
        <source>%1 per-rank exports of %2 kernels each written to %3</source>
        <translation type="vanished">已将 %1 个 rank 导出文件（每个含 %2 个内核）写入 %3</translation>
    </message>
    <message>
        <source>Write one small digest per export (a versioned SQLite file, docs/digest-format.md) for `sightline-cli cluster`.</source>
        <translation type="vanished">为每个导出文件写出一个小型摘要（带版本的 SQLite 文件，见 docs/digest-format.md），供 `sightline-cli cluster` 使用。</translation>
    </message>
    <message>
        <source>The per-rank exports.</source>
        <translation>各 rank 的导出文件。</translation>
    </message>
    <message>
        <source>EXPORT...</source>
        <translation>EXPORT...</translation>
    </message>
    <message>
        <source>Exports digested at once (default 1).</source>
        <translation>同时生成摘要的导出文件数（默认 1）。</translation>
    </message>
    <message>
        <source>digest needs at least one export.</source>
        <translation>digest 需要至少一个导出文件。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>%1 digests written to %2</source>
        <translation>已将 %1 个摘要写入 %2</translation>
    </message>
    <message>
        <source>Analyse one multi-rank run from its per-rank digests or exports: clock alignment, collective skew, waits and the straggler. Writes cluster.json, cluster.md and tables/*.csv.</source>
        <translation>根据各 rank 的摘要或导出文件分析一次多 rank 运行：时钟对齐、集合通信偏差、等待和掉队 rank。写出 cluster.json、cluster.md 和 tables/*.csv。</translation>
    </message>
    <message>
        <source>Digests, exports or folders of them.</source>
        <translation>摘要、导出文件或存放它们的文件夹。</translation>
    </message>
    <message>
        <source>DIGESTS|EXPORTS|DIR...</source>
        <translation>DIGESTS|EXPORTS|DIR...</translation>
    </message>
    <message>
        <source>Output folder (exports are digested into DIR/digests first).</source>
        <translation type="vanished">输出文件夹（导出文件会先生成摘要到 DIR/digests 中）。</translation>
    </message>
    <message>
        <source>Exports digested at once (default 2).</source>
        <translation>同时生成摘要的导出文件数（默认 2）。</translation>
    </message>
    <message>
        <source>CI gate against --gate-baseline: exit 5 when the largest last-arrival share (points), the skew p50 or the worst rank&apos;s step p50 (percent) is worse by more than PCT, 6 when nothing compares.</source>
        <translation>相对 --gate-baseline 的 CI 门控：当最大的最后到达占比（百分点）、偏差 p50 或最差 rank 的步 p50（百分比）变差超过 PCT 时以 5 退出，没有可比较的指标时以 6 退出。</translation>
    </message>
    <message>
        <source>PCT</source>
        <translation>PCT</translation>
    </message>
    <message>
        <source>The cluster.json of the earlier run the gate compares with.</source>
        <translation>门控用于比较的先前运行的 cluster.json。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>cluster needs digests, exports or folders.</source>
        <translation>cluster 需要摘要、导出文件或文件夹。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>%1 ranks: straggler rank %2 (last at %3 % of %4 collectives)</source>
        <translation>%1 个 rank：掉队 rank 为 %2（在 %4 次集合通信中有 %3 % 最后到达）</translation>
    </message>
    <message>
        <source>%1 ranks: no straggler</source>
        <translation>%1 个 rank：没有掉队 rank</translation>
    </message>
    <message>
        <source>; report written to %1</source>
        <translation>；报告已写入 %1</translation>
    </message>
    <message>
        <source>gate: %1</source>
        <translation>门控：%1</translation>
    </message>
    <message>
        <source>Leave out NCCL&apos;s NVTX payloads (as an export without --include-blobs=true).</source>
        <translation>不写入 NCCL 的 NVTX 负载（如同未使用 --include-blobs=true 的导出文件）。</translation>
    </message>
    <message>
        <source>Leave the rank variables (SLURM_PROCID, RANK, ...) out of the environment.</source>
        <translation>不在环境变量中写入 rank 变量（SLURM_PROCID、RANK 等）。</translation>
    </message>
    <message>
        <source>Give each host an NCCL communicator of its own beside the world one: the AllGather and ReduceScatter of every step run on it (tensor parallelism within a node).</source>
        <translation>为每台主机在全局通信器之外再建一个自己的 NCCL 通信器：每步的 AllGather 和 ReduceScatter 在其上运行（节点内张量并行）。</translation>
    </message>
    <message>
        <source>Output folder (exports are digested into DIR/digests first, from the trace cache where it holds their digest).</source>
        <translation>输出文件夹（导出文件会先生成摘要到 DIR/digests 中；跟踪缓存中已有其摘要时直接取用）。</translation>
    </message>
    <message>
        <source>Cannot read the export list %1: %2</source>
        <translation>无法读取导出文件列表 %1：%2</translation>
    </message>
    <message>
        <source>--index needs --list, and --list takes no EXPORT arguments.</source>
        <translation>--index 需要 --list，且 --list 不接受 EXPORT 参数。</translation>
    </message>
    <message>
        <source>--index %1: %2 has no export on line %3.</source>
        <translation>--index %1：%2 的第 %3 行没有导出文件。</translation>
    </message>
    <message>
        <source>A file listing the exports, one per line (instead of EXPORT...).</source>
        <translation>列出导出文件的文件，每行一个（代替 EXPORT...）。</translation>
    </message>
    <message>
        <source>With --list: digest only the export on line N+1 (an array task&apos;s index), named as the whole list names it, and print the digest&apos;s path.</source>
        <translation type="vanished">与 --list 同用：只为第 N+1 行的导出文件生成摘要（作业数组任务的索引），按整个列表的命名规则命名，并打印摘要的路径。</translation>
    </message>
    <message>
        <source>--index needs a line index of 0 or more.</source>
        <translation>--index 需要 0 或更大的行索引。</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 即 %2</translation>
    </message>
    <message>
        <source>Write one small digest per rank (a versioned SQLite file, docs/digest-format.md) for `sightline-cli cluster`: one per export, or NAME.pPID.sldigest per process of an export whose processes ran NCCL kernels.</source>
        <translation type="vanished">为每个 rank 写出一个小型摘要（带版本的 SQLite 文件，见 docs/digest-format.md），供 `sightline-cli cluster` 使用：每个导出文件一个；若导出文件中有多个进程运行了 NCCL 内核，则每个这样的进程一个 NAME.pPID.sldigest。</translation>
    </message>
    <message>
        <source>With --list: digest only the export on line N+1 (an array task&apos;s index), named as the whole list names it, and print the digest&apos;s path (one line per rank of an export that holds several).</source>
        <translation>与 --list 一起使用：只为第 N+1 行的导出文件生成摘要（即数组任务的索引），按整个列表的命名方式命名，并输出摘要的路径（包含多个 rank 的导出文件每个 rank 输出一行）。</translation>
    </message>
    <message>
        <source>Leave out the ProfilerStep#N ranges (a server that marks no steps: the digests find them from the kernels).</source>
        <translation>不写入 ProfilerStep#N 范围（如同不标记步的服务器：摘要从内核中找出步）。</translation>
    </message>
    <message>
        <source>One process per host drives its GPUs, a thread per GPU: one export per host (report.H.sqlite) whose GPUs are its ranks.</source>
        <translation>每台主机一个进程驱动其所有 GPU，每个 GPU 一个线程：每台主机一个导出文件（report.H.sqlite），其 GPU 即各个 rank。</translation>
    </message>
    <message>
        <source>%1 exports of %2 ranks, %3 kernels per rank, written to %4</source>
        <translation>已将 %2 个 rank 的 %1 个导出文件（每个 rank %3 个内核）写入 %4</translation>
    </message>
    <message>
        <source>Write one small digest per rank (a versioned SQLite file, docs/digest-format.md) for `sightline-cli cluster`: one per export, or NAME.pPID.sldigest per process of an export whose processes ran NCCL kernels (NAME.pPID.dGPU.sldigest per GPU of a process that ran them on several).</source>
        <translation>为 `sightline-cli cluster` 为每个 rank 写一个小摘要（带版本的 SQLite 文件，见 docs/digest-format.md）：每个导出一个；若导出中有多个进程运行了 NCCL 内核，则每个进程一个 NAME.pPID.sldigest（若一个进程在多个 GPU 上运行了 NCCL 内核，则每个 GPU 一个 NAME.pPID.dGPU.sldigest）。</translation>
    </message>
</context>
<context>
    <name>ClusterGate</name>
    <message>
        <source>The gate&apos;s baseline is not a cluster.json of version 1.</source>
        <translation>门控的基线不是版本 1 的 cluster.json。</translation>
    </message>
    <message>
        <source>No figure is defined in both runs (no matched collectives and no steps on one side).</source>
        <translation>没有在两次运行中都有定义的指标（其中一方既没有匹配的集合通信，也没有步）。</translation>
    </message>
    <message>
        <source>
## Gate: %1 (threshold %2 %)

</source>
        <translation>
## 门控：%1（阈值 %2 %）

</translation>
    </message>
    <message>
        <source>| Figure | Baseline | This run | Change | Verdict |
|---|---|---|---|---|
</source>
        <translation>| 指标 | 基线 | 本次运行 | 变化 | 结论 |
|---|---|---|---|---|
</translation>
    </message>
</context>
<context>
    <name>ClusterInputs</name>
    <message>
        <source>Cannot read %1: it does not exist or is not a file or folder.</source>
        <translation>无法读取 %1：它不存在，或者不是文件或文件夹。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot write the digest %1: %2</source>
        <translation>无法写入摘要 %1：%2</translation>
    </message>
    <message>
        <source>%1 changed while it was digested.</source>
        <translation>%1 在生成摘要期间被修改。</translation>
    </message>
    <message>
        <source>Cannot read the cached digest %1: %2</source>
        <translation>无法读取缓存的摘要 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is a digest write that never finished: digest its export again.</source>
        <translation>%1 是一次未完成的摘要写入：请重新为其导出文件生成摘要。</translation>
    </message>
    <message>
        <source>%1 holds the digest of %2 from another host; it is kept: digest into another folder.</source>
        <translation>%1 中是另一台主机上 %2 的摘要；已保留它：请摘要到另一个文件夹。</translation>
    </message>
    <message>
        <source>%1 holds the digest of another export, %2; it is kept: digest into another folder.</source>
        <translation>%1 中是另一个导出文件 %2 的摘要；已保留它：请摘要到另一个文件夹。</translation>
    </message>
    <message>
        <source>%1 holds the digest of rank %2 (%3); it is kept: digest into another folder.</source>
        <translation>%1 中是 rank %2（%3）的摘要；已保留它：请摘要到另一个文件夹。</translation>
    </message>
    <message>
        <source>Another process holds %1 for longer than %2 s; no digest was written.</source>
        <translation>另一个进程占用 %1 已超过 %2 秒；未写入任何摘要。</translation>
    </message>
</context>
<context>
    <name>ClusterReport</name>
    <message>
        <source># Cluster run: %1 ranks on %2 hosts

</source>
        <translation># 集群运行：%2 台主机上的 %1 个 rank

</translation>
    </message>
    <message>
        <source>**Straggler: rank %1** arrives last at %2 of the %3 matched collectives; the others wait for it.</source>
        <translation>**掉队者：rank %1** 在 %3 次匹配的集合通信中有 %2 最后到达；其他 rank 都在等待它。</translation>
    </message>
    <message>
        <source> If its time before each collective took the median of the other ranks&apos;, a step would be %1 shorter (median over steps).

</source>
        <translation> 如果它在每次集合通信前的耗时取其他 rank 的中位数，每步将缩短 %1（各步的中位数）。

</translation>
    </message>
    <message>
        <source> (No step ranges: no what-if per step.)

</source>
        <translation type="vanished"> （没有步范围：无法按步进行假设分析。）

</translation>
    </message>
    <message>
        <source>No straggler: no rank arrives last at a quarter or more of the %1 matched collectives.

</source>
        <translation type="vanished">没有掉队者：在 %1 次匹配的集合通信中，没有任何 rank 在四分之一或更多次中最后到达。

</translation>
    </message>
    <message>
        <source>Collectives: %1 matched, %2 unmatched (pairing %3); arrival skew p50 %4, p90 %5; transfer p50 %6.

</source>
        <translation>集合通信：%1 次匹配，%2 次未匹配（配对方式 %3）；到达偏差 p50 %4，p90 %5；传输 p50 %6。

</translation>
    </message>
    <message>
        <source>| Rank | Host | Rank from | Last arrivals | Wait | NCCL time | Step p50 |
|---|---|---|---|---|---|---|
</source>
        <translation type="vanished">| Rank | 主机 | Rank 来源 | 最后到达次数 | 等待 | NCCL 时间 | 步 p50 |
|---|---|---|---|---|---|---|
</translation>
    </message>
    <message>
        <source>
## Clocks

| Host | Method | Offset | Residual |
|---|---|---|---|
</source>
        <translation>
## 时钟

| 主机 | 方法 | 偏移 | 残差 |
|---|---|---|---|
</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>
## Warnings

</source>
        <translation>
## 警告

</translation>
    </message>
    <message>
        <source>
## Findings

Each evidence line is a window of that rank&apos;s own export (ns since its session start, as its tables hold them).

</source>
        <translation>
## 发现

每条证据是该 rank 自身导出文件中的一个时间窗口（自其会话开始的 ns，与其表中的值一致）。

</translation>
    </message>
    <message>
        <source>  - rank %1, %2, %3–%4 ns: %5
</source>
        <translation>  - rank %1，%2，%3–%4 ns：%5
</translation>
    </message>
    <message>
        <source>
## Intra- and inter-node

%1 matched collectives ran on the ranks of one host, %2 across hosts.

| Rank | NCCL intra-node | NCCL inter-node | Wait intra-node | Wait inter-node |
|---|---|---|---|---|
</source>
        <translation>
## 节点内与节点间

%1 个已匹配集合通信在同一主机的 rank 上运行，%2 个跨主机运行。

| Rank | NCCL 节点内 | NCCL 节点间 | 节点内等待 | 节点间等待 |
|---|---|---|---|---|
</translation>
    </message>
    <message>
        <source># Cluster run: %1 ranks on one host

</source>
        <translation># 集群运行：1 台主机上的 %1 个 rank

</translation>
    </message>
    <message>
        <source>No straggler: no rank arrives last at %1 or more of the %2 matched collectives.

</source>
        <translation>没有掉队者：在 %2 次匹配的集合通信中，没有任何 rank 最后到达的比例达到 %1 或以上。

</translation>
    </message>
    <message>
        <source>NVTX ranges</source>
        <translation>NVTX 范围</translation>
    </message>
    <message>
        <source>kernels (iterations)</source>
        <translation>内核（迭代）</translation>
    </message>
    <message>
        <source> (No steps: no what-if per step.)

</source>
        <translation> （没有步：无法按步进行假设分析。）

</translation>
    </message>
    <message>
        <source>| Rank | Host | Rank from | Last arrivals | Wait | NCCL time | Step p50 | Steps from |
|---|---|---|---|---|---|---|---|
</source>
        <translation>| Rank | 主机 | Rank 来源 | 最后到达次数 | 等待 | NCCL 时间 | 步 p50 | 步来源 |
|---|---|---|---|---|---|---|---|
</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>Analyse an Nsight Systems SQLite export and write report.json, report.md and tables/*.csv.</source>
        <translation>分析 Nsight Systems SQLite 导出文件，并写出 report.json、report.md 和 tables/*.csv。</translation>
    </message>
    <message>
        <source>The export (nsys export --type sqlite).</source>
        <translation type="vanished">导出文件（nsys export --type sqlite）。</translation>
    </message>
    <message>
        <source>Output folder.</source>
        <translation>输出文件夹。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>Analysis window: full (default), steady or START_NS:END_NS.</source>
        <translation>分析窗口：full（默认）、steady 或 START_NS:END_NS。</translation>
    </message>
    <message>
        <source>WINDOW</source>
        <translation>WINDOW</translation>
    </message>
    <message>
        <source>Phase map JSON: {&quot;phase&quot;: [&quot;pattern&quot;, &quot;re:regex&quot;, ...]}.</source>
        <translation>阶段映射 JSON：{&quot;phase&quot;: [&quot;pattern&quot;, &quot;re:regex&quot;, ...]}。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>Extra kernel taxonomy rules (JSON), tried before the built-in ones.</source>
        <translation>额外的内核分类规则（JSON），先于内置规则匹配。</translation>
    </message>
    <message>
        <source>Kernels in the report&apos;s top list (default 20).</source>
        <translation>报告中耗时最多内核列表的条数（默认 20）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>analyze needs one trace and --out DIR.</source>
        <translation>analyze 需要一个跟踪文件和 --out DIR。</translation>
    </message>
    <message>
        <source>--top needs a positive number.</source>
        <translation>--top 需要一个正数。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>%1: %2 kernels, %3 findings; report written to %4</source>
        <translation>%1：%2 个内核，%3 条诊断结论；报告已写入 %4</translation>
    </message>
    <message>
        <source>Print what an export holds: versions, GPUs, processes, tables and row counts.</source>
        <translation>打印导出文件包含的内容：版本、GPU、进程、表及行数。</translation>
    </message>
    <message>
        <source>The export.</source>
        <translation type="vanished">导出文件。</translation>
    </message>
    <message>
        <source>info needs one trace.</source>
        <translation>info 需要一个跟踪文件。</translation>
    </message>
    <message>
        <source>File:            %1 (%2)</source>
        <translation>文件：           %1（%2）</translation>
    </message>
    <message>
        <source>Nsight Systems:  %1</source>
        <translation>Nsight Systems： %1</translation>
    </message>
    <message>
        <source>unknown (no export metadata)</source>
        <translation>未知（无导出元数据）</translation>
    </message>
    <message>
        <source>Export schema:   %1</source>
        <translation>导出模式版本：   %1</translation>
    </message>
    <message>
        <source>none recorded (before 2022)</source>
        <translation>未记录（2022 年以前）</translation>
    </message>
    <message>
        <source>CUDA graph mode: %1</source>
        <translation>CUDA 图模式：    %1</translation>
    </message>
    <message>
        <source>GPU %1:           %2, %3 SMs, compute %4.%5</source>
        <translation>GPU %1：          %2，%3 个 SM，计算能力 %4.%5</translation>
    </message>
    <message>
        <source>Processes:       %1 named</source>
        <translation>进程：           %1 个已命名</translation>
    </message>
    <message>
        <source>Tables (%1):</source>
        <translation>表（%1）：</translation>
    </message>
    <message>
        <source>Write a synthetic LLM-serving export (nsys 2026.2 schema), deterministic by seed.</source>
        <translation>写出一个合成的 LLM 推理服务导出文件（nsys 2026.2 模式），内容由随机种子决定。</translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation>输出文件。</translation>
    </message>
    <message>
        <source>Steps per worker rank (default 200).</source>
        <translation>每个工作 rank 的步数（默认 200）。</translation>
    </message>
    <message>
        <source>Aim for about N kernels in total (overrides --steps).</source>
        <translation>总内核数目标约为 N（覆盖 --steps）。</translation>
    </message>
    <message>
        <source>Worker processes, one GPU each (1-8, default 1).</source>
        <translation>工作进程数，每个进程一块 GPU（1-8，默认 1）。</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>CUDA graphs: none, node or graph (default none).</source>
        <translation>CUDA 图：none、node 或 graph（默认 none）。</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>MODE</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>随机种子（默认 1）。</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>synth needs --out FILE.</source>
        <translation>synth 需要 --out FILE。</translation>
    </message>
    <message>
        <source>Invalid synth options: --steps and --kernels take positive numbers, --ranks 1 to 8, --graphs none, node or graph.</source>
        <translation type="vanished">无效的 synth 选项：--steps 和 --kernels 接受正数，--ranks 接受 1 到 8，--graphs 接受 none、node 或 graph。</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>正在写入 %1</translation>
    </message>
    <message>
        <source>%1: %2 kernels, %3 API calls, %4 NVTX ranges, %5 copies, %6 graph launches in %7</source>
        <translation>%1：%2 个内核、%3 次 API 调用、%4 个 NVTX 范围、%5 次拷贝、%6 次图启动，用时 %7</translation>
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
        <translation type="vanished">用法：sightline-cli &lt;命令&gt; [选项]

命令：
  analyze TRACE.sqlite --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--top N]
                 写出 DIR/report.json、DIR/report.md 和 DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--taxonomy FILE] [--top N]
                 将 2 到 8 个跟踪与一个基线比较：写出 DIR/comparison.json 和 DIR/comparison.md
  info TRACE.sqlite
                 打印 nsys 和导出模式版本、GPU、表及行数
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops]
                 写出一个 nsys 2026.2 模式的合成 LLM 推理服务导出文件
  bench [--kernels N ...] [--dir DIR] [--keep]
                 测量读取、加载、分析和写出的耗时，并与纯 SQLite 扫描对比

运行 &apos;sightline-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
退出码：0 成功，1 失败，2 用法错误，3 输入不可读，4 无法写出输出。
</translation>
    </message>
    <message>
        <source>Compare 2 to 8 Nsight Systems SQLite exports against a baseline and write comparison.json and comparison.md.</source>
        <translation>将 2 到 8 个 Nsight Systems SQLite 导出文件与一个基线比较，并写出 comparison.json 和 comparison.md。</translation>
    </message>
    <message>
        <source>The exports, baseline first unless --baseline says otherwise.</source>
        <translation>导出文件；除非 --baseline 另有指定，否则第一个为基线。</translation>
    </message>
    <message>
        <source>A.sqlite B.sqlite ...</source>
        <translation>A.sqlite B.sqlite ...</translation>
    </message>
    <message>
        <source>The baseline: its position (1-based, default 1) or its label.</source>
        <translation>基线：其位置（从 1 开始，默认 1）或其标签。</translation>
    </message>
    <message>
        <source>Names of the traces in the report, comma-separated (default: file names).</source>
        <translation type="vanished">报告中各跟踪的名称，以逗号分隔（默认：文件名）。</translation>
    </message>
    <message>
        <source>a,b,...</source>
        <translation>a,b,...</translation>
    </message>
    <message>
        <source>Generated tokens per trace, comma-separated: figures per token.</source>
        <translation>每个跟踪生成的 token 数，以逗号分隔：用于按每 token 计的指标。</translation>
    </message>
    <message>
        <source>n,m,...</source>
        <translation>n,m,...</translation>
    </message>
    <message>
        <source>Requests per trace, comma-separated: figures per request.</source>
        <translation>每个跟踪的请求数，以逗号分隔：用于按每请求计的指标。</translation>
    </message>
    <message>
        <source>Unit of work: auto (default), total, step, request or token.</source>
        <translation>工作单位：auto（默认）、total、step、request 或 token。</translation>
    </message>
    <message>
        <source>UNIT</source>
        <translation>UNIT</translation>
    </message>
    <message>
        <source>Matched kernel groups in the report (default 20).</source>
        <translation>报告中列出的匹配内核组数（默认 20）。</translation>
    </message>
    <message>
        <source>compare needs %1 to %2 traces and --out DIR.</source>
        <translation>compare 需要 %1 到 %2 个跟踪文件和 --out DIR。</translation>
    </message>
    <message>
        <source>--per takes auto, total, step, request or token.</source>
        <translation>--per 接受 auto、total、step、request 或 token。</translation>
    </message>
    <message>
        <source>--baseline takes a position (1 to %1) or one of the labels.</source>
        <translation type="vanished">--baseline 接受一个位置（1 到 %1）或其中一个标签。</translation>
    </message>
    <message>
        <source>The comparison failed.</source>
        <translation>比较失败。</translation>
    </message>
    <message>
        <source>warning: %1: %2</source>
        <translation>警告：%1：%2</translation>
    </message>
    <message>
        <source>Compared %1 traces against %2 (figures per %3).</source>
        <translation>已将 %1 个跟踪与 %2 比较（指标按每%3计）。</translation>
    </message>
    <message>
        <source>Comparison written to %1</source>
        <translation>比较结果已写入 %1</translation>
    </message>
    <message>
        <source>Wrap every kernel launch in its own NVTX range, as PyTorch&apos;s emit_nvtx does (about one range per kernel).</source>
        <translation>像 PyTorch 的 emit_nvtx 那样，将每次内核启动包在各自的 NVTX 范围中（约每个内核一个范围）。</translation>
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
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 measure loading, analysing, NVTX attribution, reports, CPU use, peak memory,
                 cancel latency and memory after reopening, against a bare SQLite scan

Run &apos;sightline-cli &lt;command&gt; --help&apos; for the options of a command.
Exit codes: 0 success, 1 failure, 2 usage error, 3 unreadable input, 4 cannot write output.
</source>
        <translation type="vanished">用法：sightline-cli &lt;命令&gt; [选项]

命令：
  analyze TRACE.sqlite --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--top N]
                 写出 DIR/report.json、DIR/report.md 和 DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--taxonomy FILE] [--top N]
                 将 2 到 8 个跟踪与一个基线比较：写出 DIR/comparison.json 和 DIR/comparison.md
  info TRACE.sqlite
                 打印 nsys 和导出模式版本、GPU、表及行数
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops]
                 写出一个 nsys 2026.2 模式的合成 LLM 推理服务导出文件
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 测量加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、
                 取消延迟和重复打开后的内存，并与纯 SQLite 扫描对比

运行 &apos;sightline-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
退出码：0 成功，1 失败，2 用法错误，3 输入不可读，4 无法写出输出。
</translation>
    </message>
    <message>
        <source>Extra math-path rules (JSON), tried before the built-in ones.</source>
        <translation>额外的数学路径规则（JSON），先于内置规则尝试。</translation>
    </message>
    <message>
        <source>Extra GPU peak TFLOP/s entries (JSON), tried before the built-in ones.</source>
        <translation>额外的 GPU 峰值 TFLOP/s 条目（JSON），先于内置条目尝试。</translation>
    </message>
    <message>
        <source>Extra model-anatomy classes and bandwidths (JSON), tried before the built-in ones.</source>
        <translation>额外的模型剖析类别和带宽条目（JSON），先于内置条目尝试。</translation>
    </message>
    <message>
        <source>Peak TFLOP/s per GPU for MFU, instead of the peak table.</source>
        <translation>用于 MFU 的每 GPU 峰值 TFLOP/s，代替峰值表。</translation>
    </message>
    <message>
        <source>TFLOPS</source>
        <translation>TFLOPS</translation>
    </message>
    <message>
        <source>The nsys that exports .nsys-rep/.qdrep reports (default: nsys on PATH or in the default install folders).</source>
        <translation>用于导出 .nsys-rep/.qdrep 报告的 nsys（默认：PATH 中或默认安装目录中的 nsys）。</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PATH</translation>
    </message>
    <message>
        <source>--peak-tflops needs a positive number.</source>
        <translation>--peak-tflops 需要一个正数。</translation>
    </message>
    <message>
        <source>Usage: sightline-cli &lt;command&gt; [options]

Commands:
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--nvml FILE]
                 write DIR/report.json, DIR/report.md and DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]]
                 compare 2 to 8 traces against a baseline: write DIR/comparison.json and DIR/comparison.md
  (analyze, compare and info also open .nsys-rep/.qdrep reports through nsys: --nsys PATH)
  info TRACE.sqlite
                 print the nsys and schema versions, GPUs, tables and row counts
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 write a synthetic LLM-serving export in the nsys 2026.2 schema
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 measure loading, analysing, NVTX attribution, reports, CPU use, peak memory,
                 cancel latency and memory after reopening, against a bare SQLite scan

Run &apos;sightline-cli &lt;command&gt; --help&apos; for the options of a command.
Exit codes: 0 success, 1 failure, 2 usage error, 3 unreadable input, 4 cannot write output,
5 regression beyond the --gate threshold, 6 gate inconclusive.
</source>
        <translation type="vanished">用法：sightline-cli &lt;命令&gt; [选项]

命令：
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--nvml FILE]
                 写出 DIR/report.json、DIR/report.md 和 DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]]
                 将 2 到 8 个跟踪与一个基线比较：写出 DIR/comparison.json 和 DIR/comparison.md
  （analyze、compare 和 info 也可通过 nsys 打开 .nsys-rep/.qdrep 报告：--nsys PATH）
  info TRACE.sqlite
                 打印 nsys 和导出模式版本、GPU、表及行数
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 写出一个 nsys 2026.2 模式的合成 LLM 推理服务导出文件
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 测量加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、
                 取消延迟和重复打开后的内存，并与纯 SQLite 扫描对比

运行 &apos;sightline-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
退出码：0 成功，1 失败，2 用法错误，3 输入不可读，4 无法写出输出，
5 回退超出 --gate 阈值，6 门控无法判定。
</translation>
    </message>
    <message>
        <source>The export (nsys export --type sqlite), or an .nsys-rep/.qdrep report that nsys exports into the user&apos;s cache.</source>
        <translation>导出文件（nsys export --type sqlite），或由 nsys 导出到用户缓存中的 .nsys-rep/.qdrep 报告。</translation>
    </message>
    <message>
        <source>Nsight Compute results to line up with the trace: the CSV of ncu --csv --page raw or --page details, or a .ncu-rep (needs ncu).</source>
        <translation type="vanished">要与跟踪对齐的 Nsight Compute 结果：ncu --csv --page raw 或 --page details 的 CSV，或 .ncu-rep（需要 ncu）。</translation>
    </message>
    <message>
        <source>NVML samples (CSV from nvidia-smi --query-gpu or a sampler thread) to align with the capture.</source>
        <translation>要与采集对齐的 NVML 采样（来自 nvidia-smi --query-gpu 或采样线程的 CSV）。</translation>
    </message>
    <message>
        <source>Cannot read %1 (--%2): it does not exist or is not a readable file.</source>
        <translation>无法读取 %1（--%2）：文件不存在或不可读。</translation>
    </message>
    <message>
        <source>Names of the traces in the report, comma-separated (default: the distinguishing part of the file names, e.g. before, after).</source>
        <translation>报告中各跟踪的名称，以逗号分隔（默认：文件名中相互区分的部分，例如 before、after）。</translation>
    </message>
    <message>
        <source>Model FLOPs per generated token: with --tokens, model TFLOP/s and MFU.</source>
        <translation>每个生成 token 的模型 FLOPs：配合 --tokens 得出模型 TFLOP/s 和 MFU。</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Model parameters P: 2·P FLOPs per generated token (instead of --model-flops-per-token).</source>
        <translation>模型参数量 P：每个生成 token 2·P FLOPs（代替 --model-flops-per-token）。</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>CI gate: exit 5 when the gated figure is worse than the baseline by more than PCT %, 6 when the comparison cannot tell (different GPU models, no kernels, no common unit of work).</source>
        <translation>CI 门控：门控指标比基线差超过 PCT % 时以 5 退出，比较无法判定时（GPU 型号不同、没有内核、没有共同的工作单位）以 6 退出。</translation>
    </message>
    <message>
        <source>PCT</source>
        <translation>PCT</translation>
    </message>
    <message>
        <source>The gated figure: a comparison figure key, KEY@PHASE or KEY@CATEGORY (default: kernel time per unit of work, kernel_ns_per_unit, or kernel_ns in total).</source>
        <translation>门控的指标：一个比较指标键、KEY@PHASE 或 KEY@CATEGORY（默认：每工作单位的内核时间 kernel_ns_per_unit，或总计的 kernel_ns）。</translation>
    </message>
    <message>
        <source>FIGURE</source>
        <translation>FIGURE</translation>
    </message>
    <message>
        <source>--%1 needs a positive number.</source>
        <translation>--%1 需要一个正数。</translation>
    </message>
    <message>
        <source>--gate takes a percentage, e.g. 5.</source>
        <translation>--gate 需要一个百分比，例如 5。</translation>
    </message>
    <message>
        <source>--gate-on needs --gate PCT.</source>
        <translation>--gate-on 需要 --gate PCT。</translation>
    </message>
    <message>
        <source>Gate on %1, %2: %3</source>
        <translation>门控 %1，%2：%3</translation>
    </message>
    <message>
        <source>The export (or an .nsys-rep/.qdrep report).</source>
        <translation>导出文件（或 .nsys-rep/.qdrep 报告）。</translation>
    </message>
    <message>
        <source>SQLite reads:    %1 (%2)</source>
        <translation>SQLite 读取：    %1（%2）</translation>
    </message>
    <message>
        <source>C API on the QSQLITE handle</source>
        <translation>QSQLITE 句柄上的 C API</translation>
    </message>
    <message>
        <source>QSqlQuery, forward-only</source>
        <translation>QSqlQuery，仅向前</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Name the serving steps like vllm, sglang or trtllm, with known batch compositions (default: generic prefill/decode_step ranges).</source>
        <translation>按 vllm、sglang 或 trtllm 的方式命名推理服务步，并带有已知的批组成（默认：通用的 prefill/decode_step 范围）。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>Write the small efficiency export instead: PyTorch shape ranges around a bf16 tensor-core GEMM and an FP32 GEMM, and an all-reduce on its own stream overlapping compute in part.</source>
        <translation>改为写出小型效率导出文件：围绕一个 bf16 张量核心 GEMM 和一个 FP32 GEMM 的 PyTorch 形状范围，以及一个在自己的流上、与计算部分重叠的 all-reduce。</translation>
    </message>
    <message>
        <source>Also write sampled GPU metrics (GPU_METRICS, TARGET_INFO_GPU_METRICS) as nsys --gpu-metrics-devices=all does.</source>
        <translation>同时写出采样的 GPU 指标（GPU_METRICS、TARGET_INFO_GPU_METRICS），如同 nsys --gpu-metrics-devices=all。</translation>
    </message>
    <message>
        <source>GPU metrics sampling rate (default 10000, nsys&apos; default).</source>
        <translation>GPU 指标采样频率（默认 10000，即 nsys 的默认值）。</translation>
    </message>
    <message>
        <source>HZ</source>
        <translation>HZ</translation>
    </message>
    <message>
        <source>--gpu-metrics-hz needs a rate from 1 to 1000000.</source>
        <translation>--gpu-metrics-hz 需要 1 到 1000000 之间的频率。</translation>
    </message>
    <message>
        <source>Invalid synth options: --steps and --kernels take positive numbers, --ranks 1 to 8, --graphs none, node or graph, --framework vllm, sglang or trtllm.</source>
        <translation type="vanished">无效的 synth 选项：--steps 和 --kernels 需要正数，--ranks 为 1 到 8，--graphs 为 none、node 或 graph，--framework 为 vllm、sglang 或 trtllm。</translation>
    </message>
    <message>
        <source>--out needs a folder name; an empty one is not taken to mean the current folder.</source>
        <translation>--out 需要文件夹名称；空名称不会被当作当前文件夹。</translation>
    </message>
    <message>
        <source>Nsight Compute results to line up with the trace: the CSV of ncu --csv --page raw or --page details, a .ncu-rep (needs ncu), or a folder of them (one file per profiled kernel).</source>
        <translation>要与跟踪对齐的 Nsight Compute 结果：ncu --csv --page raw 或 --page details 的 CSV、.ncu-rep（需要 ncu），或存放它们的文件夹（每个被剖析的内核一个文件）。</translation>
    </message>
    <message>
        <source>FILE|DIR</source>
        <translation>FILE|DIR</translation>
    </message>
    <message>
        <source>Usage: sightline-cli &lt;command&gt; [options]

Commands:
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--nvml FILE]
                 write DIR/report.json, DIR/report.md and DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]] [--ncu A.csv,B.csv,...]
          [--nvml A.csv,B.csv,...]
                 compare 2 to 8 traces against a baseline: write DIR/comparison.json and DIR/comparison.md
  (analyze, compare and info also open .nsys-rep/.qdrep reports through nsys: --nsys PATH)
  info TRACE.sqlite
                 print the nsys and schema versions, GPUs, tables and row counts
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 write a synthetic LLM-serving export in the nsys 2026.2 schema
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 measure loading, analysing, NVTX attribution, reports, CPU use, peak memory,
                 cancel latency and memory after reopening, against a bare SQLite scan

Run &apos;sightline-cli &lt;command&gt; --help&apos; for the options of a command.
Exit codes: 0 success, 1 failure, 2 usage error, 3 unreadable input, 4 cannot write output,
5 regression beyond the --gate threshold, 6 gate inconclusive.
</source>
        <translation type="vanished">用法：sightline-cli &lt;命令&gt; [选项]

命令：
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--nvml FILE]
                 写出 DIR/report.json、DIR/report.md 和 DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]] [--ncu A.csv,B.csv,...]
          [--nvml A.csv,B.csv,...]
                 将 2 到 8 个跟踪与一个基线比较：写出 DIR/comparison.json 和 DIR/comparison.md
  （analyze、compare 和 info 也可通过 nsys 打开 .nsys-rep/.qdrep 报告：--nsys PATH）
  info TRACE.sqlite
                 打印 nsys 和导出模式版本、GPU、表及行数
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 写出一个 nsys 2026.2 模式的合成 LLM 推理服务导出文件
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 测量加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、
                 取消延迟和重复打开后的内存，并与纯 SQLite 扫描对比

运行 &apos;sightline-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
退出码：0 成功，1 失败，2 用法错误，3 输入不可读，4 无法写出输出，
5 回退超出 --gate 阈值，6 门控无法判定。
</translation>
    </message>
    <message>
        <source>Nsight Compute results per trace, comma-separated in trace order (an empty entry for a trace without): the roofline positions of the comparison.</source>
        <translation>每个跟踪的 Nsight Compute 结果，按跟踪顺序以逗号分隔（没有结果的跟踪留空）：用于比较中的屋顶线位置。</translation>
    </message>
    <message>
        <source>A,B,...</source>
        <translation>A,B,...</translation>
    </message>
    <message>
        <source>NVML sample CSVs per trace, comma-separated in trace order.</source>
        <translation>每个跟踪的 NVML 采样 CSV，按跟踪顺序以逗号分隔。</translation>
    </message>
    <message>
        <source>--%1 needs one file per trace (empty for none): %2 given for %3 traces.</source>
        <translation>--%1 需要每个跟踪一个文件（没有则留空）：为 %3 个跟踪给出了 %2 个。</translation>
    </message>
    <message>
        <source>Row order of the per-process tables: time (start order across processes, default) or blocked (one block per process, each in time order, as real runtime tables often are).</source>
        <translation>各进程表的行顺序：time（跨进程按开始时间排序，默认）或 blocked（每个进程一个块，块内按时间排序，与真实运行时表常见的存储方式相同）。</translation>
    </message>
    <message>
        <source>ORDER</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>Invalid synth options: --steps and --kernels take positive numbers, --ranks 1 to 8, --graphs none, node or graph, --framework vllm, sglang or trtllm, --layout time or blocked.</source>
        <translation>无效的 synth 选项：--steps 和 --kernels 需要正数，--ranks 为 1 到 8，--graphs 为 none、node 或 graph，--framework 为 vllm、sglang 或 trtllm，--layout 为 time 或 blocked。</translation>
    </message>
    <message>
        <source>Usage: sightline-cli &lt;command&gt; [options]

Commands:
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--nvml FILE]
          [--ncu FILE] [--nvml FILE] [--cublas-log FILE]
                 write DIR/report.json, DIR/report.md and DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]] [--ncu A.csv,B.csv,...]
          [--nvml A.csv,B.csv,...]
                 compare 2 to 8 traces against a baseline: write DIR/comparison.json and DIR/comparison.md
  (analyze, compare and info also open .nsys-rep/.qdrep reports through nsys: --nsys PATH)
  info TRACE.sqlite
                 print the nsys and schema versions, GPUs, tables and row counts
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 [--layout time|blocked]
                 write a synthetic LLM-serving export in the nsys 2026.2 schema
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 measure loading, analysing, NVTX attribution, reports, CPU use, peak memory,
                 cancel latency and memory after reopening, against the sqlite3 shell aggregating the
                 columns the load reads
                 write a synthetic LLM-serving export in the nsys 2026.2 schema
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 measure loading, analysing, NVTX attribution, reports, CPU use, peak memory,
                 cancel latency and memory after reopening, against a bare SQLite scan

Run &apos;sightline-cli &lt;command&gt; --help&apos; for the options of a command.
Exit codes: 0 success, 1 failure, 2 usage error, 3 unreadable input, 4 cannot write output,
5 regression beyond the --gate threshold, 6 gate inconclusive.
</source>
        <translation type="vanished">用法：sightline-cli &lt;命令&gt; [选项]

命令：
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--nvml FILE]
          [--ncu FILE] [--nvml FILE] [--cublas-log FILE]
                 写出 DIR/report.json、DIR/report.md 和 DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]] [--ncu A.csv,B.csv,...]
          [--nvml A.csv,B.csv,...]
                 将 2 到 8 个跟踪与一个基线比较：写出 DIR/comparison.json 和 DIR/comparison.md
  （analyze、compare 和 info 也可通过 nsys 打开 .nsys-rep/.qdrep 报告：--nsys PATH）
  info TRACE.sqlite
                 打印 nsys 和导出模式版本、GPU、表及行数
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 [--layout time|blocked]
                 写出一个 nsys 2026.2 模式的合成 LLM 推理服务导出文件
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 测量加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、
                 取消延迟和重复打开后的内存，并与 sqlite3 shell 对加载所读各列求聚合的下限对比
                 写出一个 nsys 2026.2 模式的合成 LLM 推理服务导出文件
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 测量加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、
                 取消延迟和重复打开后的内存，并与纯 SQLite 扫描对比

运行 &apos;sightline-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
退出码：0 成功，1 失败，2 用法错误，3 输入不可读，4 无法写出输出，
5 回退超出 --gate 阈值，6 门控无法判定。
</translation>
    </message>
    <message>
        <source>A cuBLAS or cuBLASLt API log of the same run (CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=FILE, or CUBLASLT_LOG_LEVEL=2 CUBLASLT_LOG_FILE=FILE): GEMM shapes, FLOPs and the shape advisor.</source>
        <translation>同一次运行的 cuBLAS 或 cuBLASLt API 日志（CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=FILE，或 CUBLASLT_LOG_LEVEL=2 CUBLASLT_LOG_FILE=FILE）：GEMM 形状、FLOPs 和形状建议。</translation>
    </message>
    <message>
        <source>Stop an nsys export that has not finished after this many seconds (default 3600; 0: no limit).</source>
        <translation>nsys 导出在此秒数后仍未完成时将其停止（默认 3600；0：不限制）。</translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation>SECONDS</translation>
    </message>
    <message>
        <source>Stop an ncu conversion of a .ncu-rep that has not finished after this many seconds (default 120; 0: no limit).</source>
        <translation>ncu 对 .ncu-rep 的转换在此秒数后仍未完成时将其停止（默认 120；0：不限制）。</translation>
    </message>
    <message>
        <source>The columns of an NVML file written without a header row (nvidia-smi --format=csv,noheader), in order: its --query-gpu list, e.g. timestamp,index,power.draw,utilization.gpu.</source>
        <translation>无表头行的 NVML 文件（nvidia-smi --format=csv,noheader）的列，按顺序给出：即其 --query-gpu 列表，例如 timestamp,index,power.draw,utilization.gpu。</translation>
    </message>
    <message>
        <source>--%1 needs a number of seconds (0 for no limit).</source>
        <translation>--%1 需要一个秒数（0 表示不限制）。</translation>
    </message>
    <message>
        <source>(waiting for nsys; at most %1 s, --nsys-timeout; Ctrl-C stops it)</source>
        <translation type="vanished">（正在等待 nsys；最多 %1 s，见 --nsys-timeout；按 Ctrl-C 可停止）</translation>
    </message>
    <message>
        <source>nsys is still exporting after %1 s%2.</source>
        <translation>%1 s 后 nsys 仍在导出%2。</translation>
    </message>
    <message>
        <source>Interrupted by %1: nsys was stopped while exporting %2; nothing was cached.</source>
        <translation>被 %1 中断：nsys 在导出 %2 时被停止；未缓存任何内容。</translation>
    </message>
    <message>
        <source>Usage: sightline-cli &lt;command&gt; [options]

Commands:
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--ncu-timeout S] [--nvml FILE] [--nvml-columns a,b,...] [--cublas-log FILE]
                 write DIR/report.json, DIR/report.md and DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]] [--ncu A.csv,B.csv,...]
          [--nvml A.csv,B.csv,...]
                 compare 2 to 8 traces against a baseline: write DIR/comparison.json and DIR/comparison.md
  (analyze, compare and info also open .nsys-rep/.qdrep reports through nsys: --nsys PATH
   [--nsys-timeout S])
  info TRACE.sqlite
                 print the nsys and schema versions, GPUs, tables and row counts
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 [--layout time|blocked]
                 write a synthetic LLM-serving export in the nsys 2026.2 schema
  synth --per-rank --out DIR [--ranks N] [--ranks-per-host H] [--straggler R] [--host-clock-error-ns E0,E1,...]
                 write one export per rank of a synthetic multi-node run
  digest EXPORT... --out DIR [-j N]
                 write one small SQLite digest per rank export (docs/digest-format.md)
  cluster DIGESTS|EXPORTS|DIR... --out DIR [-j N] [--gate PCT --gate-baseline OLD/cluster.json]
                 cross-rank report of one run: DIR/cluster.json, DIR/cluster.md, DIR/tables/*.csv
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 measure loading, analysing, NVTX attribution, reports, CPU use, peak memory,
                 cancel latency and memory after reopening, against the sqlite3 shell aggregating the
                 columns the load reads

Run &apos;sightline-cli &lt;command&gt; --help&apos; for the options of a command.
Exit codes: 0 success, 1 failure, 2 usage error, 3 unreadable input, 4 cannot write output,
5 regression beyond the --gate threshold, 6 gate inconclusive, 130 interrupted (Ctrl-C).
</source>
        <translation>用法：sightline-cli &lt;命令&gt; [选项]

命令：
  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]
          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top N]
          [--ncu FILE] [--ncu-timeout S] [--nvml FILE] [--nvml-columns a,b,...] [--cublas-log FILE]
                 写出 DIR/report.json、DIR/report.md 和 DIR/tables/*.csv
  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]
          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]
          [--model-flops-per-token F | --params P]
          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]] [--ncu A.csv,B.csv,...]
          [--nvml A.csv,B.csv,...]
                 将 2 到 8 个跟踪与一个基线比较：写出 DIR/comparison.json 和 DIR/comparison.md
  （analyze、compare 和 info 也可通过 nsys 打开 .nsys-rep/.qdrep 报告：--nsys PATH
   [--nsys-timeout S]）
  info TRACE.sqlite
                 打印 nsys 和导出模式版本、GPU、表及行数
  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]
                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz HZ]]
                 [--layout time|blocked]
                 写出一个 nsys 2026.2 模式的合成 LLM 推理服务导出文件
  synth --per-rank --out DIR [--ranks N] [--ranks-per-host H] [--straggler R] [--host-clock-error-ns E0,E1,...]
                 为一次合成多节点运行的每个 rank 各写出一个导出文件
  digest EXPORT... --out DIR [-j N]
                 为每个 rank 的导出文件写出一个小型 SQLite 摘要（docs/digest-format.md）
  cluster DIGESTS|EXPORTS|DIR... --out DIR [-j N] [--gate PCT --gate-baseline OLD/cluster.json]
                 一次运行的跨 rank 报告：DIR/cluster.json、DIR/cluster.md、DIR/tables/*.csv
  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]
                 测量加载、分析、NVTX 归属、报告、CPU 占用、峰值内存、
                 取消延迟和重新打开后的内存，并与 sqlite3 shell 对加载所读各列
                 求聚合的结果对比

运行 &apos;sightline-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
退出码：0 成功，1 失败，2 用法错误，3 输入不可读，4 无法写出输出，
5 回退超出 --gate 阈值，6 门控无法判定，130 被中断（Ctrl-C）。
</translation>
    </message>
    <message>
        <source>Interrupted: no report written.</source>
        <translation>已中断：未写出报告。</translation>
    </message>
    <message>
        <source>Interrupted: no comparison written.</source>
        <translation>已中断：未写出比较结果。</translation>
    </message>
    <message>
        <source>Neither read nor write the trace cache (%1).</source>
        <translation>既不读取也不写入跟踪缓存（%1）。</translation>
    </message>
    <message>
        <source>(waiting for nsys, which writes into %1; at most %2 s, --nsys-timeout; Ctrl-C stops it)</source>
        <translation>（正在等待 nsys，它写入 %1；最多 %2 s，见 --nsys-timeout；按 Ctrl-C 可停止）</translation>
    </message>
    <message>
        <source>(waiting for nsys, which writes into %1; no time limit; Ctrl-C stops it)</source>
        <translation>（正在等待 nsys，它写入 %1；无时间限制；按 Ctrl-C 可停止）</translation>
    </message>
    <message>
        <source>(waiting for ncu; Ctrl-C stops it)</source>
        <translation>（正在等待 ncu；按 Ctrl-C 可停止）</translation>
    </message>
    <message>
        <source>--baseline takes a position (1 to %1) or one of the labels: %2.</source>
        <translation>--baseline 接受一个位置（1 到 %1）或其中一个标签：%2。</translation>
    </message>
</context>
<context>
    <name>Comparator</name>
    <message>
        <source>A comparison needs %1 to %2 traces; %3 given.</source>
        <translation>比较需要 %1 到 %2 个跟踪；实际给出 %3 个。</translation>
    </message>
    <message>
        <source>The baseline must be one of the %1 traces (1 to %1); %2 given.</source>
        <translation>基线必须是这 %1 个跟踪之一（1 到 %1）；实际给出 %2。</translation>
    </message>
    <message>
        <source>%1 needs one value per trace: %2 given for %3 traces.</source>
        <translation>%1 需要每个跟踪一个值：为 %3 个跟踪给出了 %2 个。</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Token counts</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <source>Request counts</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>Token and request counts must be positive.</source>
        <translation>Token 数和请求数必须为正数。</translation>
    </message>
    <message>
        <source>Normalising per token needs the token count of every trace.</source>
        <translation>按每 token 归一化需要每个跟踪的 token 数。</translation>
    </message>
    <message>
        <source>Normalising per request needs the request count of every trace.</source>
        <translation>按每请求归一化需要每个跟踪的请求数。</translation>
    </message>
    <message>
        <source>%1 has no NVTX steps: its per-step figures are undefined.</source>
        <translation>%1 没有 NVTX 步：其每步指标无定义。</translation>
    </message>
    <message>
        <source>%1 traced CUDA graphs as whole graphs (graph launches: %2, %3): the kernels inside them are not in its kernel figures, which are therefore not comparable with traces that record every kernel.</source>
        <translation>%1 以整图方式跟踪 CUDA 图（图启动：%2，%3）：图内的内核不在其内核指标中，因此无法与记录了每个内核的跟踪相比较。</translation>
    </message>
    <message>
        <source>The gate threshold must be a percentage of 0 or more.</source>
        <translation>门控阈值必须是 0 或更大的百分比。</translation>
    </message>
</context>
<context>
    <name>ComparisonChartData</name>
    <message>
        <source>GPU time by kernel category</source>
        <translation>按内核类别统计的 GPU 时间</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <source>GPU time per %1</source>
        <translation>每%1 GPU 时间</translation>
    </message>
    <message>
        <source>Kernel time by phase</source>
        <translation>按阶段统计的内核时间</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Kernel time per %1</source>
        <translation>每%1内核时间</translation>
    </message>
</context>
<context>
    <name>ComparisonCounters</name>
    <message>
        <source>all GPUs</source>
        <translation>所有 GPU</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
</context>
<context>
    <name>ComparisonDesignFigures</name>
    <message>
        <source>GPU time in partial last waves</source>
        <translation>未填满的最后一波中的 GPU 时间</translation>
    </message>
    <message>
        <source>Kernel time in partial last waves</source>
        <translation>未填满的最后一波中的内核时间占比</translation>
    </message>
    <message>
        <source>GPU memory peak (largest GPU)</source>
        <translation>GPU 显存峰值（最大的 GPU）</translation>
    </message>
    <message>
        <source>GPU memory headroom (smallest GPU)</source>
        <translation>GPU 显存余量（最小的 GPU）</translation>
    </message>
    <message>
        <source>Time to first token p50</source>
        <translation>首 token 时间 p50</translation>
    </message>
    <message>
        <source>Time to first token p90</source>
        <translation>首 token 时间 p90</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>FLOPs (known part)</source>
        <translation>FLOPs（已知部分）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
</context>
<context>
    <name>ComparisonFigures</name>
    <message>
        <source>Window length</source>
        <translation>分析窗口长度</translation>
    </message>
    <message>
        <source>Steps (top-level)</source>
        <translation>步数（顶层）</translation>
    </message>
    <message>
        <source>Step duration p50</source>
        <translation>步时长 p50</translation>
    </message>
    <message>
        <source>Step duration p90</source>
        <translation>步时长 p90</translation>
    </message>
    <message>
        <source>Throughput (%1s per second)</source>
        <translation>吞吐量（每秒%1数）</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核数</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Kernel time per %1</source>
        <translation>每%1内核时间</translation>
    </message>
    <message>
        <source>GPU idle share</source>
        <translation>GPU 空闲占比</translation>
    </message>
    <message>
        <source>GPU idle time (all GPUs)</source>
        <translation>GPU 空闲时间（所有 GPU）</translation>
    </message>
    <message>
        <source>GPU idle time per %1</source>
        <translation>每%1 GPU 空闲时间</translation>
    </message>
    <message>
        <source>Launch rate per GPU</source>
        <translation>每 GPU 启动速率</translation>
    </message>
    <message>
        <source>Blocking sync calls</source>
        <translation>阻塞同步调用次数</translation>
    </message>
    <message>
        <source>Blocking sync time</source>
        <translation>阻塞同步时间</translation>
    </message>
    <message>
        <source>Blocking sync time per %1</source>
        <translation>每%1阻塞同步时间</translation>
    </message>
    <message>
        <source>top-level step</source>
        <translation>顶层步</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Wall time in steps</source>
        <translation>步内墙钟时间</translation>
    </message>
    <message>
        <source>Kernel time per step</source>
        <translation>每步内核时间</translation>
    </message>
    <message>
        <source>GPU idle share in steps</source>
        <translation>步内 GPU 空闲占比</translation>
    </message>
    <message>
        <source>Launch rate in steps</source>
        <translation>步内启动速率</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <source>GPU time per %1</source>
        <translation>每%1 GPU 时间</translation>
    </message>
    <message>
        <source>Share of kernel time</source>
        <translation>内核时间占比</translation>
    </message>
    <message>
        <source>Generated tokens (step names)</source>
        <translation>生成 token 数（步名称）</translation>
    </message>
    <message>
        <source>Context tokens (step names)</source>
        <translation>上下文 token 数（步名称）</translation>
    </message>
    <message>
        <source>Kernel time per generated token (decode steps)</source>
        <translation>每生成 token 内核时间（decode 步）</translation>
    </message>
    <message>
        <source>Kernel time per context token (prefill steps)</source>
        <translation>每上下文 token 内核时间（prefill 步）</translation>
    </message>
    <message>
        <source>Time per output token (mean)</source>
        <translation>每输出 token 时间（均值）</translation>
    </message>
    <message>
        <source>Time per output token p50</source>
        <translation>每输出 token 时间 p50</translation>
    </message>
    <message>
        <source>Decode step p50</source>
        <translation>decode 步 p50</translation>
    </message>
    <message>
        <source>Decode throughput (tokens/s)</source>
        <translation>decode 吞吐量（tokens/s）</translation>
    </message>
    <message>
        <source>Prefill throughput (tokens/s)</source>
        <translation>prefill 吞吐量（tokens/s）</translation>
    </message>
    <message>
        <source>Wall time per %1</source>
        <translation>每%1墙钟时间</translation>
    </message>
    <message>
        <source>GPU busy share</source>
        <translation>GPU 忙碌占比</translation>
    </message>
    <message>
        <source>GPU compute-busy share</source>
        <translation>GPU 计算忙碌占比</translation>
    </message>
    <message>
        <source>GPU copy-busy share</source>
        <translation>GPU 拷贝忙碌占比</translation>
    </message>
    <message>
        <source>Kernel time on tensor cores</source>
        <translation>张量核心上的内核时间</translation>
    </message>
    <message>
        <source>GEMM time without tensor cores</source>
        <translation>未使用张量核心的 GEMM 时间</translation>
    </message>
    <message>
        <source>Communication time (union per GPU)</source>
        <translation>通信时间（每 GPU 取并集）</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>Communication exposed</source>
        <translation>通信暴露比例</translation>
    </message>
    <message>
        <source>Achieved GFLOP/s (from shapes)</source>
        <translation>实际 GFLOP/s（由形状得出）</translation>
    </message>
    <message>
        <source>MFU (from shapes)</source>
        <translation>MFU（由形状得出）</translation>
    </message>
    <message>
        <source>Model GFLOP/s per GPU (FLOPs per token × tokens)</source>
        <translation>每 GPU 模型 GFLOP/s（每 token FLOPs × token 数）</translation>
    </message>
    <message>
        <source>Model MFU</source>
        <translation>模型 MFU</translation>
    </message>
</context>
<context>
    <name>ComparisonGate</name>
    <message>
        <source>%1 has no kernels in its analysis window.</source>
        <translation>%1 在其分析窗口中没有内核。</translation>
    </message>
    <message>
        <source>%1 ran on %2 and %3 on %4: different GPU models.</source>
        <translation>%1 运行在 %2 上，而 %3 运行在 %4 上：GPU 型号不同。</translation>
    </message>
    <message>
        <source>The figure %1 is not in this comparison (see docs/report-format.md for the keys).</source>
        <translation>指标 %1 不在本次比较中（键名见 docs/report-format.md）。</translation>
    </message>
    <message>
        <source>%1 has no %2: no common unit of work to divide by.</source>
        <translation>%1 没有 %2：没有可以相除的共同工作单位。</translation>
    </message>
    <message>
        <source>%1 is neither better lower nor better higher: pick another figure.</source>
        <translation>%1 既不是越低越好也不是越高越好：请选择其他指标。</translation>
    </message>
    <message>
        <source>%1 is undefined in %2.</source>
        <translation>%1 在 %2 中未定义。</translation>
    </message>
</context>
<context>
    <name>ComparisonMarkdownReport</name>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source> (baseline)</source>
        <translation>（基线）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>GPU %1, %2 – %3</source>
        <translation>GPU %1，%2 – %3</translation>
    </message>
    <message>
        <source>%1 rows of %2</source>
        <translation>%2 中的 %1 行</translation>
    </message>
    <message>
        <source>Sightline comparison: %1</source>
        <translation>Sightline 比较：%1</translation>
    </message>
    <message>
        <source>Baseline: **%1**. Figures are totals over each trace&apos;s analysis window (no unit of work was given and not every trace has NVTX steps).</source>
        <translation>基线：**%1**。指标为各跟踪分析窗口内的总计（未指定工作单位，且并非每个跟踪都有 NVTX 步）。</translation>
    </message>
    <message>
        <source>Baseline: **%1**. &quot;Per %2&quot; figures divide by each trace&apos;s %2 count.</source>
        <translation>基线：**%1**。“每%2”指标除以各跟踪的%2数。</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>分析窗口</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核数</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1数</translation>
    </message>
    <message>
        <source>What changed most</source>
        <translation>变化最大的项</translation>
    </message>
    <message>
        <source>No difference in GPU time per %1.</source>
        <translation>每%1 GPU 时间没有差异。</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>Evidence: %1 in %2; %3 in %4 (SQL in comparison.json).</source>
        <translation>证据：%2 中的 %1；%4 中的 %3（SQL 见 comparison.json）。</translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation>整个跟踪</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <source>Kernel categories</source>
        <translation>内核类别</translation>
    </message>
    <message>
        <source>Top kernels</source>
        <translation>耗时最多的内核</translation>
    </message>
    <message>
        <source>%1 groups matched by identical name, %2 by category and normalised name, %3 in one trace only.</source>
        <translation>%1 组按相同名称匹配，%2 组按类别和规范化名称匹配，%3 组仅出现在一个跟踪中。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation>匹配方式</translation>
    </message>
    <message>
        <source>Kernel times are totals.</source>
        <translation>内核时间为总计。</translation>
    </message>
    <message>
        <source>Kernel times are per %1.</source>
        <translation>内核时间按每%1计。</translation>
    </message>
    <message>
        <source>Step durations</source>
        <translation>步时长</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Generated by Sightline %1. Δ is the trace minus the baseline; definitions in docs/analysis.md.</source>
        <translation>由 Sightline %1 生成。Δ 为该跟踪减去基线；定义见 docs/analysis.md。</translation>
    </message>
    <message>
        <source>improvement</source>
        <translation>改进</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>无法判定</translation>
    </message>
    <message>
        <source>Gate: %1</source>
        <translation>门控：%1</translation>
    </message>
    <message>
        <source>Gated figure: %1 (`%2`), threshold ±%3 %4.</source>
        <translation>门控指标：%1（`%2`），阈值 ±%3 %4。</translation>
    </message>
    <message>
        <source>percentage points</source>
        <translation>百分点</translation>
    </message>
    <message>
        <source>The token counts are the generated tokens the traces&apos; serving steps name (no --tokens given).</source>
        <translation>token 数为各跟踪的推理服务步所命名的生成 token 数（未给出 --tokens）。</translation>
    </message>
    <message>
        <source>Bound class per scope (rule in docs/analysis.md, &quot;Hardware counters&quot;):</source>
        <translation>各范围的瓶颈类别（规则见 docs/analysis.md 的“Hardware counters”）：</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>**changed**</source>
        <translation>**已改变**</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>only in %1</source>
        <translation>仅在 %1 中</translation>
    </message>
    <message>
        <source>Time-weighted means (p90) over each scope&apos;s kernel time; Δ of the means in percentage points for % counters, relative otherwise.</source>
        <translation>各范围内核时间上的时间加权均值（p90）；对百分比计数器，均值的 Δ 以百分点表示，其他计数器为相对变化。</translation>
    </message>
    <message>
        <source>arithmetic intensity</source>
        <translation>算术强度</translation>
    </message>
    <message>
        <source>achieved FLOP/s</source>
        <translation>实际 FLOP/s</translation>
    </message>
    <message>
        <source>% of roof</source>
        <translation>占屋顶的百分比</translation>
    </message>
    <message>
        <source>DRAM throughput</source>
        <translation>DRAM 吞吐率</translation>
    </message>
    <message>
        <source>SM throughput</source>
        <translation>SM 吞吐率</translation>
    </message>
    <message>
        <source>Roofline positions (Nsight Compute)</source>
        <translation>屋顶线位置（Nsight Compute）</translation>
    </message>
    <message>
        <source>no ncu data</source>
        <translation>无 ncu 数据</translation>
    </message>
    <message>
        <source>Hardware counters</source>
        <translation>硬件计数器</translation>
    </message>
    <message>
        <source>GPUs pair by position (the k-th GPU with counters of each trace).</source>
        <translation>GPU 按位置配对（各跟踪中第 k 个有计数器的 GPU）。</translation>
    </message>
    <message>
        <source>The traces sampled different numbers of GPUs: figures are over all GPUs (means weighted by kernel time; no p90).</source>
        <translation>各跟踪采样的 GPU 数量不同：数值针对所有 GPU（按内核时间加权的均值；无 p90）。</translation>
    </message>
    <message>
        <source>% of roof = achieved FLOP/s ÷ min(ceiling, intensity × DRAM roof) of the trace&apos;s GPU; the ceiling is the tensor-core one for kernels mostly on the tensor path, else FP32.</source>
        <translation>占屋顶的百分比 = 实际 FLOP/s ÷ 该跟踪 GPU 的 min(上限, 强度 × DRAM 屋顶)；主要走张量路径的内核取张量核上限，否则取 FP32 上限。</translation>
    </message>
    <message>
        <source>Phase · class</source>
        <translation>阶段 · 类别</translation>
    </message>
    <message>
        <source>Model anatomy</source>
        <translation>模型剖析</translation>
    </message>
    <message>
        <source>1 row of %1</source>
        <translation>%1 中的 1 行</translation>
    </message>
</context>
<context>
    <name>ComparisonOptions</name>
    <message>
        <source>window</source>
        <translation>分析窗口</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a positive whole number (expected a comma-separated list such as 5000,5120).</source>
        <translation>“%1”不是正整数（应为以逗号分隔的列表，例如 5000,5120）。</translation>
    </message>
</context>
<context>
    <name>CounterAnalysis</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation>内存受限</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>latency/launch-bound</source>
        <translation>延迟/启动受限</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Nsight Compute: %1 of %2 profiled launches matched kernels of the trace (%3 by full name, %4 by function name).</source>
        <translation>Nsight Compute：%2 次被分析的启动中有 %1 次与跟踪中的内核匹配（%3 次按全名，%4 次按函数名）。</translation>
    </message>
    <message>
        <source>The window</source>
        <translation>分析窗口</translation>
    </message>
    <message>
        <source>%1 on GPU %2: memory-bound</source>
        <translation>%1（GPU %2）：受内存限制</translation>
    </message>
    <message>
        <source>While the kernels run, DRAM bandwidth averages %1 of peak and compute %2 (tensor pipes %3) over %4 of kernel time: the GPU waits for memory. More requests per step reuse each weight byte for more tokens; quantised weights or KV cache move fewer bytes.</source>
        <translation>内核运行期间，在 %4 的内核时间内 DRAM 带宽平均为峰值的 %1，计算为 %2（张量管线 %3）：GPU 在等待内存。每步更多的请求可让每个权重字节服务更多 token；量化权重或 KV 缓存可减少搬运的字节数。</translation>
    </message>
    <message>
        <source>not sampled</source>
        <translation>未采样</translation>
    </message>
    <message>
        <source>DRAM %1</source>
        <translation>DRAM %1</translation>
    </message>
    <message>
        <source>%1 on GPU %2: busy at low utilisation</source>
        <translation>%1（GPU %2）：以低利用率保持忙碌</translation>
    </message>
    <message>
        <source>While the kernels run, neither memory (DRAM %1 of peak) nor compute (%2) comes near its limit over %3 of kernel time: small kernels, launch latency or dependencies dominate. Fusing kernels, CUDA graphs or larger batches raise the work per launch.</source>
        <translation>内核运行期间，在 %3 的内核时间内，内存（DRAM 为峰值的 %1）和计算（%2）都远未达到上限：小内核、启动延迟或依赖关系占主导。融合内核、使用 CUDA 图或更大的批可提高每次启动的工作量。</translation>
    </message>
    <message>
        <source>compute %1</source>
        <translation>计算 %1</translation>
    </message>
    <message>
        <source>GPU %1 runs below its clock</source>
        <translation>GPU %1 运行在其时钟频率以下</translation>
    </message>
    <message>
        <source>%1 was below %6 of its %2 MHz maximum for %3 of the sampled window (mean %4 MHz)%5. Power or thermal limits slow every kernel alike: check power caps, cooling and clock settings (nvidia-smi -q -d PERFORMANCE names the reason).</source>
        <translation>在 %3 的采样窗口内，%1 低于其 %2 MHz 最高频率的 %6（平均 %4 MHz）%5。功耗或温度限制会同等地拖慢每个内核：请检查功耗上限、散热和时钟设置（nvidia-smi -q -d PERFORMANCE 会给出原因）。</translation>
    </message>
    <message>
        <source>; slowest in %1</source>
        <translation>；在 %1 中最慢</translation>
    </message>
    <message>
        <source>%1 below %2 clock</source>
        <translation>%1 低于 %2 时钟</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>step class</source>
        <translation>步类型</translation>
    </message>
    <message>
        <source>window</source>
        <translation>分析窗口</translation>
    </message>
    <message>
        <source>%1 steps</source>
        <extracomment>%1 is a serving step class: prefill, decode, mixed or other</extracomment>
        <translation>%1 步</translation>
    </message>
    <message>
        <source>Nsight Compute: %1 files read from the folder %2.</source>
        <translation>Nsight Compute：从文件夹 %2 读取了 %1 个文件。</translation>
    </message>
    <message>
        <source>Nsight Compute: %1 launches matched without a grid and block in the file (by their totals, or by name and order alone).</source>
        <translation>Nsight Compute：%1 次启动在文件未给出网格和块维度的情况下匹配（按其总数，或仅按名称和顺序）。</translation>
    </message>
    <message>
        <source>Nsight Compute: skipped %1</source>
        <translation>Nsight Compute：已跳过 %1</translation>
    </message>
    <message>
        <source>The NVML samples do not overlap the analysis window: they lie from %1 to %2 ns of the session timeline, the window from %3 to %4 ns. No counter figure is computed from them; check that they come from this run and that their clock (time zone) matches the trace&apos;s.</source>
        <translation>NVML 采样与分析窗口不重叠：它们位于会话时间线的 %1 至 %2 ns，分析窗口为 %3 至 %4 ns。未据此计算任何计数器数值；请检查它们是否来自本次运行，以及其时钟（时区）是否与跟踪一致。</translation>
    </message>
    <message>
        <source>The GPU metric samples do not overlap the analysis window: they lie from %1 to %2 ns of the session timeline, the window from %3 to %4 ns. No counter figure is computed from them; check the export&apos;s clock domain.</source>
        <translation>GPU 指标采样与分析窗口不重叠：它们位于会话时间线的 %1 至 %2 ns，分析窗口为 %3 至 %4 ns。未据此计算任何计数器数值；请检查导出文件的时钟域。</translation>
    </message>
    <message>
        <source>Nsight Compute: %1 values are no finite number once converted to their base unit (inf or nan) and were skipped.</source>
        <translation>Nsight Compute：%1 个值换算为基本单位后不是有限数（inf 或 nan），已跳过。</translation>
    </message>
</context>
<context>
    <name>CountersReport</name>
    <message>
        <source>Hardware counters</source>
        <translation>硬件计数器</translation>
    </message>
    <message>
        <source>Stretch</source>
        <translation>区段</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>window</source>
        <translation type="vanished">分析窗口</translation>
    </message>
    <message>
        <source>DRAM and compute are time-weighted means over kernel time (percent of peak); the class follows the rule in docs/analysis.md.</source>
        <translation>DRAM 和计算是按内核时间加权的平均值（峰值的百分比）；类别依据 docs/analysis.md 中的规则。</translation>
    </message>
    <message>
        <source>Nsight Compute (%1)</source>
        <translation>Nsight Compute（%1）</translation>
    </message>
    <message>
        <source>%1 of %2 profiled launches matched the trace&apos;s kernels.</source>
        <translation>%2 次被分析的启动中有 %1 次与跟踪的内核匹配。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>内核启动</translation>
    </message>
    <message>
        <source>Occupancy (achieved / theoretical)</source>
        <translation>占用率（实际 / 理论）</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>命中</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Top warp stall</source>
        <translation>首要 warp 停顿</translation>
    </message>
</context>
<context>
    <name>CublasLogReader</name>
    <message>
        <source>%1 line %2: %3; the call is left out.</source>
        <translation>%1 第 %2 行：%3；该调用未计入。</translation>
    </message>
    <message>
        <source>%1 is a complex GEMM, whose FLOPs Sightline does not count</source>
        <translation>%1 是复数 GEMM，Sightline 不统计其 FLOPs</translation>
    </message>
    <message>
        <source>%1 without positive m, n, k and batchCount</source>
        <translation>%1 缺少为正的 m、n、k 和 batchCount</translation>
    </message>
    <message>
        <source>%1 whose descriptors do not give one m × n × k product</source>
        <translation>%1 的描述符给不出唯一的 m × n × k 乘积</translation>
    </message>
    <message>
        <source>%1: %2 more calls left out.</source>
        <translation>%1：另有 %2 个调用未计入。</translation>
    </message>
    <message>
        <source>%1: cuBLAS API log, %2 calls, %3 of them GEMMs.</source>
        <translation>%1：cuBLAS API 日志，%2 个调用，其中 %3 个为 GEMM。</translation>
    </message>
    <message>
        <source>%1: cuBLASLt log, %2 GEMM calls from its %3 lines.</source>
        <translation>%1：cuBLASLt 日志，来自其 %3 行的 %2 个 GEMM 调用。</translation>
    </message>
    <message>
        <source>%1 is not a cuBLAS or cuBLASLt log: no line starts with &quot;I! cuBLAS&quot; or carries &quot;[cublasLt]&quot; (write one with CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=FILE, or CUBLASLT_LOG_LEVEL=2 CUBLASLT_LOG_FILE=FILE).</source>
        <translation>%1 不是 cuBLAS 或 cuBLASLt 日志：没有以“I! cuBLAS”开头或含有“[cublasLt]”的行（可用 CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=FILE，或 CUBLASLT_LOG_LEVEL=2 CUBLASLT_LOG_FILE=FILE 写出）。</translation>
    </message>
    <message>
        <source>%1 holds no GEMM call with its shape (cuBLAS GEMM calls, or cuBLASLt [Trace] matmul lines: CUBLASLT_LOG_LEVEL 2 or more).</source>
        <translation>%1 中没有带形状的 GEMM 调用（需要 cuBLAS GEMM 调用，或 cuBLASLt 的 [Trace] matmul 行：CUBLASLT_LOG_LEVEL 为 2 或更高）。</translation>
    </message>
    <message>
        <source>Cannot read the cuBLAS log %1: %2</source>
        <translation>无法读取 cuBLAS 日志 %1：%2</translation>
    </message>
    <message>
        <source>The cuBLAS log %1 is larger than 1 GiB; log fewer iterations.</source>
        <translation>cuBLAS 日志 %1 大于 1 GiB；请记录更少的迭代。</translation>
    </message>
</context>
<context>
    <name>DataQuality</name>
    <message>
        <source>Required value is NULL</source>
        <translation>必需的值为 NULL</translation>
    </message>
    <message>
        <source>Text, blob or real where an integer belongs</source>
        <translation>应为整数处出现了文本、blob 或实数</translation>
    </message>
    <message>
        <source>Device, stream or correlation id out of range</source>
        <translation>设备、流或关联 id 超出范围</translation>
    </message>
    <message>
        <source>Impossible launch geometry</source>
        <translation>不可能的启动几何</translation>
    </message>
    <message>
        <source>NVTX range that never ends</source>
        <translation>从未结束的 NVTX 范围</translation>
    </message>
    <message>
        <source>Ends before it starts</source>
        <translation>结束早于开始</translation>
    </message>
    <message>
        <source>Time far outside the capture</source>
        <translation>时间远在采集范围之外</translation>
    </message>
    <message>
        <source>Lasts longer than the capture</source>
        <translation>持续时间长于采集</translation>
    </message>
    <message>
        <source>Correlation id used twice in a process</source>
        <translation>关联 id 在一个进程中被使用两次</translation>
    </message>
    <message>
        <source>Name id not in StringIds</source>
        <translation>名称 id 不在 StringIds 中</translation>
    </message>
    <message>
        <source>Sample value that is not a finite number</source>
        <translation>采样值不是有限数</translation>
    </message>
</context>
<context>
    <name>DataQualityFindings</name>
    <message>
        <source>Data quality: %1</source>
        <translation>数据质量：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of %1 name a string id that is not in StringIds; they are kept and shown as &quot;&lt;missing string N&gt;&quot;.</source>
        <translation>
            <numerusform>%1 中有 %n 行引用了不在 StringIds 中的字符串 id；这些行被保留，并显示为“&lt;missing string N&gt;”。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of %1 break this rule and are left out of every figure.</source>
        <translation>
            <numerusform>%1 中有 %n 行违反此规则，未计入任何指标。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DesignReport</name>
    <message>
        <source>Waves and tails</source>
        <translation>波次与尾波</translation>
    </message>
    <message>
        <source>No kernel loses time in partial last waves (or the export lacks the GPU&apos;s SM count and limits).</source>
        <translation>没有内核在未填满的最后一波中损失时间（或导出文件缺少 GPU 的 SM 数量和限制）。</translation>
    </message>
    <message>
        <source>Per kernel name: the CTAs of its most used launch configuration against the CTAs the GPU holds at once (SMs × CTAs per SM); wave efficiency time-weighted over its launches; tail = time lost in partial last waves, Σ duration × (1 − wave efficiency).</source>
        <translation>按内核名称：其最常用启动配置的 CTA 数与 GPU 同时容纳的 CTA 数（SM 数 × 每个 SM 的 CTA 数）之比；波次效率按其各次启动的时间加权；尾波 = 未填满的最后一波所损失的时间，Σ 时长 × (1 − 波次效率)。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>CTAs/SM</source>
        <translation>CTA/SM</translation>
    </message>
    <message>
        <source>Waves</source>
        <translation>波数</translation>
    </message>
    <message>
        <source>Wave efficiency</source>
        <translation>波次效率</translation>
    </message>
    <message>
        <source>Tail</source>
        <translation>尾波</translation>
    </message>
    <message>
        <source>Tail share</source>
        <translation>尾波占比</translation>
    </message>
    <message>
        <source>%1 more kernel names with a tail in tables/waves.csv.</source>
        <translation>另有 %1 个有尾波的内核名称，见 tables/waves.csv。</translation>
    </message>
    <message>
        <source>GEMM shapes (cuBLAS log %1)</source>
        <translation>GEMM 形状（cuBLAS 日志 %1）</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批数</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>DigestStore</name>
    <message>
        <source>cannot rename %1</source>
        <translation>无法重命名 %1</translation>
    </message>
    <message>
        <source>Cannot write the digest %1: %2</source>
        <translation>无法写入摘要 %1：%2</translation>
    </message>
    <message>
        <source>not a sightline.digest of version %1</source>
        <translation type="vanished">不是版本 %1 的 sightline.digest</translation>
    </message>
    <message>
        <source>Cannot read the digest %1: %2</source>
        <translation>无法读取摘要 %1：%2</translation>
    </message>
    <message>
        <source>not a sightline.digest</source>
        <translation>不是 sightline.digest</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>a collective names communicator %1, which the digest does not have</source>
        <translation>某个集合通信引用了通信器 %1，但摘要中没有该通信器</translation>
    </message>
    <message>
        <source>communicator %1 is damaged</source>
        <translation>通信器 %1 已损坏</translation>
    </message>
    <message>
        <source>a collective or step refers to a kind, stream or name the digest does not have</source>
        <translation>某个集合通信或步引用了摘要中不存在的类型、流或名称</translation>
    </message>
    <message>
        <source>row %1 of %2 is damaged</source>
        <translation>%2 的第 %1 行已损坏</translation>
    </message>
    <message>
        <source>digest_info %1 is not a JSON array</source>
        <translation>digest_info 的 %1 不是 JSON 数组</translation>
    </message>
    <message>
        <source>collective %1 refers to a kind the digest does not have</source>
        <translation>集合通信 %1 引用了摘要中不存在的类型</translation>
    </message>
    <message>
        <source>step %1 refers to a kind the digest does not have</source>
        <translation>步 %1 引用了摘要中不存在的类型</translation>
    </message>
    <message>
        <source>digest_info has %1 rows, not one</source>
        <translation>digest_info 有 %1 行，而不是一行</translation>
    </message>
    <message>
        <source>digest format version %1, this Sightline reads versions %2 and %3: digest the export again (sightline-cli digest)</source>
        <translation type="vanished">摘要格式版本为 %1，本 Sightline 读取版本 %2 和 %3：请重新为导出文件生成摘要（sightline-cli digest）</translation>
    </message>
    <message>
        <source>digest_info process %1 of %2 processes is damaged</source>
        <translation type="vanished">digest_info 中的进程 %1（共 %2 个进程）已损坏</translation>
    </message>
    <message>
        <source>digest format version %1, this Sightline reads versions %2 to %3: digest the export again (sightline-cli digest)</source>
        <translation>摘要格式版本为 %1，本 Sightline 读取版本 %2 至 %3：请重新为导出文件生成摘要（sightline-cli digest）</translation>
    </message>
    <message>
        <source>digest_info process %1 (GPU %2) of %3 ranks is damaged</source>
        <translation>digest_info 中的进程 %1（GPU %2，共 %3 个 rank）已损坏</translation>
    </message>
</context>
<context>
    <name>EfficiencyAnalysis</name>
    <message>
        <source>%1 ×%2 (%3)</source>
        <translation>%1 ×%2（%3）</translation>
    </message>
    <message>
        <source>GEMM and convolution time without tensor cores</source>
        <translation>未使用张量核心的 GEMM 和卷积时间</translation>
    </message>
    <message>
        <source>%1 launches, %2</source>
        <translation>%1 次启动，%2</translation>
    </message>
    <message>
        <source>%1 GEMM/convolution launches (%2, %3 of kernel time and %4 of all GEMM time) run on the CUDA cores (SIMT), not on tensor cores: %5. Run them in bf16/fp16 (autocast), or allow TF32 for FP32 matmuls (torch.set_float32_matmul_precision(&apos;high&apos;)), with dimensions that are multiples of 8.</source>
        <translation>%1 次 GEMM/卷积启动（%2，占内核时间的 %3、全部 GEMM 时间的 %4）运行在 CUDA 核心（SIMT）上，而不是张量核心上：%5。请以 bf16/fp16 运行它们（autocast），或允许 FP32 矩阵乘使用 TF32（torch.set_float32_matmul_precision(&apos;high&apos;)），并使维度为 8 的倍数。</translation>
    </message>
    <message>
        <source>Copies, not kernels, keep GPU %1 busy</source>
        <translation>让 GPU %1 保持忙碌的是拷贝，而不是内核</translation>
    </message>
    <message>
        <source>%1 busy, %2 computing</source>
        <translation>忙碌 %1，计算 %2</translation>
    </message>
    <message>
        <source>GPU %1 is busy %2 of its span but runs kernels only %3 of it: for %4 the GPU only copies (%5 copies, %6). Keep the data on the GPU between steps, or overlap the copies with compute (pinned memory, cudaMemcpyAsync on a side stream).</source>
        <translation>GPU %1 在其时间跨度的 %2 内忙碌，但只有 %3 在运行内核：有 %4 的时间 GPU 只在拷贝（%5 次拷贝，%6）。请在各步之间将数据保留在 GPU 上，或让拷贝与计算重叠（锁页内存、在旁路流上使用 cudaMemcpyAsync）。</translation>
    </message>
    <message>
        <source>GPU %1 %2 of %3</source>
        <translation>GPU %1：%3 中的 %2</translation>
    </message>
    <message>
        <source>Communication is not hidden behind compute</source>
        <translation>通信没有被计算掩盖</translation>
    </message>
    <message>
        <source>Communication kernels run for %1 (union per GPU), and %2 of it overlaps no other kernel on the same GPU: %3. Overlap the collectives with independent compute (bucketed/asynchronous all-reduce, a separate communication stream) or shrink them.</source>
        <translation>通信内核运行了 %1（每 GPU 取并集），其中 %2 没有与同一 GPU 上的任何其他内核重叠：%3。请让集合通信与独立的计算重叠（分桶/异步 all-reduce、单独的通信流），或减小其规模。</translation>
    </message>
</context>
<context>
    <name>EfficiencyReport</name>
    <message>
        <source>%1 busy: %2 compute, %3 copies</source>
        <translation>忙碌 %1：计算 %2，拷贝 %3</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <source>Math: %1</source>
        <translation>数学路径：%1</translation>
    </message>
    <message>
        <source>Communication: %1, %2 exposed</source>
        <translation>通信：%1，暴露 %2</translation>
    </message>
    <message>
        <source>FLOPs: %1 TFLOP/s achieved, MFU %2</source>
        <translation>FLOPs：实际 %1 TFLOP/s，MFU %2</translation>
    </message>
    <message>
        <source>The trace has no operator shapes, so FLOPs and MFU are not derived. Record them with torch.autograd.profiler.emit_nvtx(record_shapes=True) and nsys --trace=cuda,nvtx, or give the model&apos;s FLOPs per token (--model-flops-per-token or --params) and token counts to the comparison.</source>
        <translation>该跟踪没有算子形状，因此无法推导 FLOPs 和 MFU。请使用 torch.autograd.profiler.emit_nvtx(record_shapes=True) 和 nsys --trace=cuda,nvtx 记录形状，或在比较时给出模型每 token 的 FLOPs（--model-flops-per-token 或 --params）和 token 数。</translation>
    </message>
    <message>
        <source>window</source>
        <translation>分析窗口</translation>
    </message>
    <message>
        <source>unknown: no kernel time</source>
        <translation>未知：没有内核时间</translation>
    </message>
    <message>
        <source>unknown: the GPU model has no entry in the peak table (give --peak-tflops)</source>
        <translation>未知：峰值表中没有该 GPU 型号（请给出 --peak-tflops）</translation>
    </message>
    <message>
        <source>unknown: no peak for the kernels&apos; math path (give --peak-tflops)</source>
        <translation>未知：内核的数学路径没有峰值（请给出 --peak-tflops）</translation>
    </message>
    <message>
        <source>any dtype</source>
        <translation>任意数据类型</translation>
    </message>
    <message>
        <source>--peak-tflops</source>
        <translation>--peak-tflops</translation>
    </message>
    <message>
        <source>%1 (%2 peak %3 TFLOP/s, %4)</source>
        <translation>%1（%2 峰值 %3 TFLOP/s，%4）</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>Math path</source>
        <translation>数学路径</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>GEMM time</source>
        <translation>GEMM 时间</translation>
    </message>
    <message>
        <source>GEMM/convolution time on SIMT (no tensor cores): %1 of %2 (%3 launches).</source>
        <translation>SIMT 上（无张量核心）的 GEMM/卷积时间：%2 中的 %1（%3 次启动）。</translation>
    </message>
    <message>
        <source>Compute/communication overlap</source>
        <translation>计算/通信重叠</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>已重叠</translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>FLOPs and MFU</source>
        <translation>FLOPs 与 MFU</translation>
    </message>
    <message>
        <source>%1 operator ranges with shapes; %2 with FLOPs and kernels; %3 counted operators whose shapes do not give FLOPs (convolutions: the sizes omit stride and padding).</source>
        <translation>%1 个带形状的算子范围；%2 个有 FLOPs 和内核；%3 个已计数的算子其形状无法得出 FLOPs（卷积：尺寸中不含步幅和填充）。</translation>
    </message>
    <message>
        <source>Operator / phase</source>
        <translation>算子 / 阶段</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>范围数</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>phase %1</source>
        <translation>阶段 %1</translation>
    </message>
</context>
<context>
    <name>ExportDigester</name>
    <message>
        <source>Digesting %1 was cancelled.</source>
        <translation>为 %1 生成摘要的操作已取消。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1 to hash it.</source>
        <translation type="vanished">无法读取 %1 以计算其哈希值。</translation>
    </message>
</context>
<context>
    <name>ExportOpener</name>
    <message>
        <source>%1 is locked: another program is writing to it (SQLite reports &quot;%2&quot;). Wait until it has finished, then open it again.</source>
        <translation>%1 已被锁定：另一个程序正在写入它（SQLite 报告“%2”）。请等待其完成后再打开。</translation>
    </message>
    <message>
        <source>%1 could not be read: SQLite reports &quot;%2&quot;. The disk or network share may have failed, or access was denied; the file itself may be fine.</source>
        <translation>无法读取 %1：SQLite 报告“%2”。磁盘或网络共享可能出现故障，或访问被拒绝；文件本身可能完好。</translation>
    </message>
    <message>
        <source>%1 could not be read: SQLite ran out of memory (&quot;%2&quot;). Close other traces or programs and try again; the file itself may be fine.</source>
        <translation>无法读取 %1：SQLite 内存不足（“%2”）。请关闭其他跟踪或程序后重试；文件本身可能完好。</translation>
    </message>
    <message>
        <source>%1: its path is longer than the SQLite library in use accepts (512 bytes). Move the trace to a shorter path.</source>
        <translation>%1：其路径长度超过了所用 SQLite 库允许的上限（512 字节）。请将跟踪移到更短的路径下。</translation>
    </message>
    <message>
        <source>%1 could not be opened by SQLite: &quot;%2&quot;.</source>
        <translation>SQLite 无法打开 %1：“%2”。</translation>
    </message>
    <message>
        <source>%1 has an export schema Sightline does not know: SQLite reports &quot;%2&quot;. It may come from a newer Nsight Systems; please report the nsys version.</source>
        <translation>%1 的导出模式 Sightline 无法识别：SQLite 报告“%2”。它可能来自更新版本的 Nsight Systems；请报告 nsys 版本。</translation>
    </message>
    <message>
        <source>%1 is damaged: SQLite reports &quot;%2&quot;. The copy may be incomplete; copy or export it again.</source>
        <translation>%1 已损坏：SQLite 报告“%2”。该副本可能不完整；请重新复制或导出。</translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not an Nsight Systems export: it has no StringIds table and none of the CUPTI_ACTIVITY_KIND_*, NVTX_EVENTS or TARGET_INFO_* tables. Create the export with &apos;nsys export --type sqlite&apos;.</source>
        <translation>%1 是 SQLite 数据库，但不是 Nsight Systems 导出文件：它没有 StringIds 表，也没有任何 CUPTI_ACTIVITY_KIND_*、NVTX_EVENTS 或 TARGET_INFO_* 表。请使用 &apos;nsys export --type sqlite&apos; 创建导出文件。</translation>
    </message>
    <message>
        <source>%1 was written with an export schema Sightline does not know (a newer Nsight Systems, or an edited export): table %2 has no column %3, which Sightline needs to read it (missing: %4). Export it with a supported nsys version, or report the nsys version.</source>
        <translation>%1 使用了 Sightline 无法识别的导出模式（更新版本的 Nsight Systems，或被编辑过的导出文件）：表 %2 没有 Sightline 读取它所需的列 %3（缺少：%4）。请用受支持的 nsys 版本导出，或报告 nsys 版本。</translation>
    </message>
    <message>
        <source>%1: table %2 has no column %3 (a newer or edited export schema); it was loaded without them, so the figures that need them are incomplete.</source>
        <translation>%1：表 %2 没有列 %3（更新的或被编辑过的导出模式）；已在缺少这些列的情况下加载，因此依赖它们的指标不完整。</translation>
    </message>
</context>
<context>
    <name>FileHash</name>
    <message>
        <source>Hashing %1 was cancelled.</source>
        <translation>已取消计算 %1 的哈希值。</translation>
    </message>
    <message>
        <source>Cannot read %1 to hash it: %2</source>
        <translation>无法读取 %1 以计算其哈希值：%2</translation>
    </message>
    <message>
        <source>Cannot hash %1: the SHA-256 implementation failed.</source>
        <translation>无法计算 %1 的哈希值：SHA-256 实现出错。</translation>
    </message>
</context>
<context>
    <name>FindingsEngine</name>
    <message>
        <source>CUDA API calls but no GPU activity recorded</source>
        <translation>有 CUDA API 调用，但未记录到 GPU 活动</translation>
    </message>
    <message>
        <source>%1 API calls, %2 kernel launches, 0 GPU records</source>
        <translation>%1 次 API 调用，%2 次内核启动，0 条 GPU 记录</translation>
    </message>
    <message>
        <source>The export holds %1 CUDA API calls (%2 of them kernel launches) but no kernel, memcpy or memset rows, so GPU time cannot be measured. Likely causes: the GPU activity collection failed to start (CUPTI injection failure; check the capture&apos;s output and &apos;nsys status -e&apos;); the target ran under WSL2 or a driver without GPU tracing support; or the capture range (--capture-range, cudaProfilerStart/Stop, --delay/--duration) excluded the GPU work. Capture again with &apos;--trace=cuda&apos; on a supported driver.</source>
        <translation>导出文件包含 %1 次 CUDA API 调用（其中 %2 次为内核启动），但没有任何内核、memcpy 或 memset 行，因此无法测量 GPU 时间。可能的原因：GPU 活动采集未能启动（CUPTI 注入失败；请检查采集的输出和 &apos;nsys status -e&apos;）；目标程序运行在 WSL2 上或所用驱动不支持 GPU 跟踪；或者采集范围（--capture-range、cudaProfilerStart/Stop、--delay/--duration）排除了 GPU 工作。请在受支持的驱动上使用 &apos;--trace=cuda&apos; 重新采集。</translation>
    </message>
    <message>
        <source>No CUDA activity in the export</source>
        <translation>导出文件中没有 CUDA 活动</translation>
    </message>
    <message>
        <source>0 API calls, 0 GPU records</source>
        <translation>0 次 API 调用，0 条 GPU 记录</translation>
    </message>
    <message>
        <source>The export has no CUDA API calls and no GPU records, and the profiled process&apos;s captured output (ProcessStreams) reports an error: the application or the profiler&apos;s injection library most likely failed to start. Check that the nsys version matches the driver and rerun.</source>
        <translation>导出文件中既没有 CUDA API 调用，也没有 GPU 记录，而被分析进程的采集输出（ProcessStreams）报告了错误：应用程序或分析器的注入库很可能未能启动。请检查 nsys 版本与驱动是否匹配，然后重新运行。</translation>
    </message>
    <message>
        <source>The export has no CUDA API calls and no GPU records. The application may not have used the GPU during the capture, CUDA tracing may have been off (--trace), or the capture range missed the work.</source>
        <translation>导出文件中既没有 CUDA API 调用，也没有 GPU 记录。可能是应用程序在采集期间没有使用 GPU、CUDA 跟踪未开启（--trace），或者采集范围没有覆盖到这些工作。</translation>
    </message>
    <message>
        <source>One kernel dominates GPU time</source>
        <translation>单个内核占据了大部分 GPU 时间</translation>
    </message>
    <message>
        <source>%1 (%2) takes %3 of all kernel time: %4 over %5 launches, median %6, p90 %7. Optimising this kernel, or the shapes it runs on, is where GPU time can be won.</source>
        <translation>%1（%2）占全部内核时间的 %3：%5 次启动共计 %4，中位数 %6，p90 %7。优化这个内核或它所运行的形状，是节省 GPU 时间的关键。</translation>
    </message>
    <message>
        <source>Launch storm on GPU %1</source>
        <translation>GPU %1 上出现启动风暴</translation>
    </message>
    <message>
        <source>GPU %1 runs %2 kernels at %3 with a median duration of %4 (%5 under 10 µs): the CPU launch path, not the GPU, sets the pace. Fuse kernels or capture the step in a CUDA graph.</source>
        <translation>GPU %1 以 %3 的速率运行 %2 个内核，中位时长为 %4（%5 短于 10 µs）：决定节奏的是 CPU 的启动路径，而不是 GPU。请融合内核，或将这一步捕获为 CUDA 图。</translation>
    </message>
    <message>
        <source>Decode is launch-bound</source>
        <translation>decode 阶段受限于内核启动</translation>
    </message>
    <message>
        <source>Most kernels are shorter than their launch call</source>
        <translation>多数内核短于其启动调用</translation>
    </message>
    <message>
        <source>%1 of %2 %3kernels (%4) run for less time than the API call that launched them (median launch call %5); the CPU spends %6 more launching them than the GPU spends running them. CUDA graphs or kernel fusion remove this overhead.</source>
        <translation>%2 个%3内核中有 %1 个（%4）的运行时间短于启动它们的 API 调用（启动调用中位数 %5）；CPU 启动它们所花的时间比 GPU 运行它们多 %6。CUDA 图或内核融合可以消除这部分开销。</translation>
    </message>
    <message>
        <source>decode </source>
        <translation>decode </translation>
    </message>
    <message>
        <source>%1 ×%2 (%3)</source>
        <translation>%1 ×%2（%3）</translation>
    </message>
    <message>
        <source>The CPU blocks on the GPU</source>
        <translation>CPU 阻塞等待 GPU</translation>
    </message>
    <message>
        <source>%1 blocking synchronisation calls hold the CPU for %2 (%3 of the window): %4. While blocked, the CPU cannot queue the next step; move syncs off the hot path or replace them with events.</source>
        <translation>%1 次阻塞同步调用共占用 CPU %2（占分析窗口的 %3）：%4。阻塞期间 CPU 无法为下一步排队工作；请将同步移出热路径，或改用事件。</translation>
    </message>
    <message>
        <source>GPU %1 is idle %2 of the time</source>
        <translation>GPU %1 有 %2 的时间处于空闲</translation>
    </message>
    <message>
        <source>Between its first and last operation GPU %1 is idle for %2 of %3, in %4 gaps. Of the idle time %5 is host-wait (the CPU launched the next operation late), %6 sync-wait (a blocking call was holding the CPU) and %7 other.</source>
        <translation>在第一个与最后一个操作之间，GPU %1 在 %3 中空闲了 %2，分布在 %4 个间隙中。空闲时间中 %5 为主机等待（CPU 启动下一个操作过晚），%6 为同步等待（阻塞调用占住了 CPU），%7 为其他。</translation>
    </message>
    <message>
        <source>GPU %1 has %2 gaps of 500 ms or more</source>
        <translation type="vanished">GPU %1 有 %2 个 500 ms 或更长的空闲间隙</translation>
    </message>
    <message>
        <source>GPU %1 sits idle for %2 in %3 gaps of at least 500 ms (longest %4 at %5). Nothing ran on the GPU then: look at what the host was doing (NVTX, API calls) in those ranges.</source>
        <translation type="vanished">GPU %1 在 %3 个至少 500 ms 的间隙中共空闲 %2（最长 %4，位于 %5）。这期间 GPU 上没有运行任何任务：请查看主机在这些时间段内在做什么（NVTX、API 调用）。</translation>
    </message>
    <message>
        <source>GPU %1 is under 50 % busy in %2 of its span</source>
        <translation>GPU %1 在其时间跨度的 %2 中忙碌率低于 50 %</translation>
    </message>
    <message>
        <source>Cutting GPU %1&apos;s span into 30 equal chunks, %2 stretches stay under 50 % busy (the worst at %3 busy from %4 to %5); %6 of GPU time is unused in them.</source>
        <translation>将 GPU %1 的时间跨度等分为 30 段，其中 %2 段的忙碌率低于 50 %（最差一段为 %4 到 %5，忙碌率 %3）；这些段中有 %6 的 GPU 时间未被利用。</translation>
    </message>
    <message>
        <source>Warm-up and idle tail dominate the window</source>
        <translation>预热和空闲尾段占据了分析窗口的大部分</translation>
    </message>
    <message>
        <source>%1 of the window (%2) is warm-up before the first long idle gap or idle tail after the last GPU work. Whole-window shares understate the steady state: rerun with --window steady (%3 to %4).</source>
        <translation>分析窗口的 %1（%2）是第一个长空闲间隙之前的预热，或最后一个 GPU 任务之后的空闲尾段。基于整个窗口的占比低估了稳态情况：请使用 --window steady（%3 到 %4）重新运行。</translation>
    </message>
    <message>
        <source>Asynchronous copies from pageable memory</source>
        <translation>从可分页内存进行的异步拷贝</translation>
    </message>
    <message>
        <source>%1 cudaMemcpyAsync copies (%2 on the GPU) use pageable host memory, so they are staged through a pinned buffer and do not overlap with compute. Allocate those host buffers pinned (cudaHostAlloc, pin_memory=True).</source>
        <translation>%1 次 cudaMemcpyAsync 拷贝（GPU 上耗时 %2）使用可分页主机内存，因此要经由锁页缓冲区中转，无法与计算重叠。请将这些主机缓冲区分配为锁页内存（cudaHostAlloc、pin_memory=True）。</translation>
    </message>
    <message>
        <source>Synchronous memory copies</source>
        <translation>同步内存拷贝</translation>
    </message>
    <message>
        <source>%1 copies (%2 on the GPU) come from synchronous cudaMemcpy calls, which block the CPU until the copy is done. Use cudaMemcpyAsync on a stream.</source>
        <translation>%1 次拷贝（GPU 上耗时 %2）来自同步的 cudaMemcpy 调用，它们会阻塞 CPU 直到拷贝完成。请在流上使用 cudaMemcpyAsync。</translation>
    </message>
    <message>
        <source>NVTX ranges cover little of the GPU time</source>
        <translation>NVTX 范围只覆盖了很少的 GPU 时间</translation>
    </message>
    <message>
        <source>Only %1 of kernel time (%2 of %3) was launched inside an NVTX range on the launching thread, so per-phase and per-range figures describe a minority of the work. Add ranges around the serving loop&apos;s steps (prefill, decode, sampling).</source>
        <translation>只有 %1 的内核时间（%3 中的 %2）是在启动线程的 NVTX 范围内启动的，因此按阶段和按范围的指标只反映了少数工作。请在服务循环的各步（prefill、decode、sampling）周围添加范围。</translation>
    </message>
    <message>
        <source>CUDA graphs were traced as whole launches</source>
        <translation>CUDA 图以整图启动的方式被跟踪</translation>
    </message>
    <message>
        <source>%1 CUDA graph launches (%2 of GPU time) were captured in graph mode: the kernels inside them are not in the export, so the kernel table and categories miss that time. Capture with --cuda-graph-trace=node to see them.</source>
        <translation>%1 次 CUDA 图启动（占 GPU 时间的 %2）以 graph 模式采集：图内的内核不在导出文件中，因此内核表和类别统计缺少这部分时间。请使用 --cuda-graph-trace=node 采集以查看它们。</translation>
    </message>
    <message>
        <source>Ranks are imbalanced in %1</source>
        <translation>%1 中各 rank 负载不均衡</translation>
    </message>
    <message>
        <source>In %1, process %2 spends %3 of kernel time per step and process %4 only %5 (%6 ranks): collective operations make the fast ranks wait for the slow one.</source>
        <translation>在 %1 中，进程 %2 每步的内核时间为 %3，而进程 %4 只有 %5（共 %6 个 rank）：集合通信操作使快的 rank 等待慢的 rank。</translation>
    </message>
    <message>
        <source>GPU %1 has %2 gaps of %3 ms or more</source>
        <translation>GPU %1 有 %2 个 %3 ms 或更长的间隙</translation>
    </message>
    <message>
        <source>GPU %1 sits idle for %2 in %3 gaps of at least %6 ms (longest %4 at %5). Nothing ran on the GPU then: look at what the host was doing (NVTX, API calls) in those ranges.</source>
        <translation>GPU %1 在 %3 个至少 %6 ms 的间隙中空闲了 %2（最长 %4，位于 %5）。其间 GPU 上没有任何运行：请查看主机在这些范围内做了什么（NVTX、API 调用）。</translation>
    </message>
    <message>
        <source>%1 (%2) is the profiler&apos;s own work, such as CUPTI buffer flushes: it is not there without the profiler.</source>
        <translation>其中 %1（%2）是性能分析器自身的工作，例如 CUPTI 缓冲区刷新：不运行分析器时不会出现。</translation>
    </message>
    <message>
        <source>This export holds %1 ranks</source>
        <translation>此导出文件包含 %1 个 rank</translation>
    </message>
    <message>
        <source>%1 ranks</source>
        <translation>%1 个 rank</translation>
    </message>
    <message>
        <source>%1 processes ran NCCL kernels (%2 launches in the window): a multi-GPU run profiled as one. Which rank holds the others back is a question for the cluster analysis: sightline-cli cluster %3 --out DIR, or File › Open Cluster Run of One Export….</source>
        <translation>%1 个进程运行了 NCCL 内核（窗口内 %2 次启动）：这是作为一个整体采集的多 GPU 运行。哪个 rank 拖慢了其他 rank，要由集群分析回答：sightline-cli cluster %3 --out DIR，或 文件 › 打开单个导出文件的集群运行…。</translation>
    </message>
</context>
<context>
    <name>GemmAnalysis</name>
    <message>
        <source>The log&apos;s process %1 is not in the trace; its calls are matched with process %2, the only one that launches GEMMs.</source>
        <translation>日志中的进程 %1 不在跟踪中；其调用与进程 %2（唯一启动 GEMM 的进程）匹配。</translation>
    </message>
    <message>
        <source>Log process %1 thread %2: %3 GEMM calls, %4 GEMM launches in the trace on its thread; the first %5 matched in order.</source>
        <translation>日志进程 %1 线程 %2：%3 个 GEMM 调用，跟踪中其线程上有 %4 次 GEMM 启动；按顺序匹配了前 %5 个。</translation>
    </message>
    <message>
        <source>%1 of %2 GEMM calls matched to the trace&apos;s %3 GEMM launches (by process, thread and order).</source>
        <translation>%2 个 GEMM 调用中有 %1 个与跟踪中的 %3 次 GEMM 启动匹配（按进程、线程和顺序）。</translation>
    </message>
    <message>
        <source>GEMM dimension %1 = %2 is not a multiple of %3 (%4)</source>
        <translation>GEMM 维度 %1 = %2 不是 %3 的倍数（%4）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 matched launches (%2) of %3 GEMM shape(s) such as m × n × k = %4 in %5 have %6 = %7, not a multiple of %8 elements (16 bytes), which cuBLAS needs to run %5 on the tensor cores efficiently (NVIDIA Deep Learning Performance Guide, &quot;Matrix Multiplication Background&quot;). Pad the model dimension behind it to %9 (a multiple of %10, 128 bytes; %11 is the nearest multiple of %8).</source>
        <translation>%3 个 GEMM 形状（如 %5 的 m × n × k = %4）的 %1 次已匹配启动（%2）的 %6 = %7，不是 %8 个元素（16 字节）的倍数，而 cuBLAS 需要这样才能在张量核心上高效运行 %5（NVIDIA《Deep Learning Performance Guide》“Matrix Multiplication Background”）。请把其背后的模型维度填充到 %9（%10 的倍数，128 字节；%11 是最近的 %8 的倍数）。</translation>
    </message>
    <message>
        <source>GEMM dimension %1 = %2 wastes %3 of its %4-wide tiles</source>
        <translation>GEMM 维度 %1 = %2 浪费了其宽 %4 的分块的 %3</translation>
    </message>
    <message>
        <source>%1 → %2 or %3</source>
        <translation>%1 → %2 或 %3</translation>
    </message>
    <message>
        <source>m × n × k = %1 runs on %2 with %3 × %4 tiles: %5 = %6 needs %7 tiles along %5, the last one %8 empty, so %9 of the tile work (about %10 of %11) is padding (tile quantization, NVIDIA Deep Learning Performance Guide). %12 or %13 fill the tiles exactly.</source>
        <translation>m × n × k = %1 在 %2 上以 %3 × %4 分块运行：%5 = %6 沿 %5 需要 %7 个分块，最后一块有 %8 为空，因此分块工作的 %9（约为 %11 中的 %10）是填充（分块量化，NVIDIA《Deep Learning Performance Guide》）。%12 或 %13 能正好填满分块。</translation>
    </message>
    <message>
        <source>GEMM %1 fills %2 waves only %3</source>
        <translation>GEMM %1 的 %2 波只填满了 %3</translation>
    </message>
    <message>
        <source>%1 = %2 → %3</source>
        <translation>%1 = %2 → %3</translation>
    </message>
    <message>
        <source>m × n × k = %1 makes %2 tiles of %3 × %4 on %5, which holds %6 at once (%7 SMs × %8): %9 waves, %10 full (wave quantization, NVIDIA Deep Learning Performance Guide). With %11 = %12 instead of %13 the tiles make %14 waves, %15 full.</source>
        <translation>m × n × k = %1 在 %5 上形成 %2 个 %3 × %4 分块，而 GPU 同时容纳 %6 个（%7 个 SM × %8）：共 %9 波，填满 %10（波次量化，NVIDIA《Deep Learning Performance Guide》）。若 %11 = %12 而不是 %13，分块形成 %14 波，填满 %15。</translation>
    </message>
</context>
<context>
    <name>GpuMetricsReader</name>
    <message>
        <source>%1 GPU metric samples have no name in TARGET_INFO_GPU_METRICS and were skipped.</source>
        <translation>%1 个 GPU 指标采样在 TARGET_INFO_GPU_METRICS 中没有名称，已跳过。</translation>
    </message>
    <message>
        <source>%1 GPU metric samples under a second metric type of the same GPU (typeId &amp; 0xFF) were set aside: per GPU and metric the type with the most samples is kept.</source>
        <translation>同一 GPU（typeId &amp; 0xFF）第二个指标类型下的 %1 个 GPU 指标采样被搁置：每个 GPU 和指标只保留采样最多的类型。</translation>
    </message>
    <message>
        <source>Read in the next smaller unit (Hz, bytes/s) and converted, as the values are implausible in the unit of the name: %1.</source>
        <translation>以下指标的数值按名称中的单位不合理，已按更小一级的单位（Hz、字节/秒）读取并换算：%1。</translation>
    </message>
    <message>
        <source>%1 TARGET_INFO_GPU_METRICS rows were skipped: their typeId or metricId is NULL or not an integer, or their metricName is empty.</source>
        <translation>已跳过 %1 行 TARGET_INFO_GPU_METRICS：其 typeId 或 metricId 为 NULL 或不是整数，或其 metricName 为空。</translation>
    </message>
    <message>
        <source>GPU metrics are not read: %1 could not be read from %2 (%3). The rest of the trace is loaded.</source>
        <translation>未读取 GPU 指标：无法从 %2 读取 %1（%3）。跟踪的其余部分已加载。</translation>
    </message>
    <message>
        <source>unknown SQLite error</source>
        <translation>未知的 SQLite 错误</translation>
    </message>
    <message>
        <source>GPU metrics are not read: GPU_METRICS in %1 has no %2 column.</source>
        <translation>未读取 GPU 指标：%1 中的 GPU_METRICS 没有 %2 列。</translation>
    </message>
    <message>
        <source>GPU metrics are not read: %1 has no TARGET_INFO_GPU_METRICS table to name them.</source>
        <translation>未读取 GPU 指标：%1 没有为其命名的 TARGET_INFO_GPU_METRICS 表。</translation>
    </message>
    <message>
        <source>GPU metrics are not read: TARGET_INFO_GPU_METRICS in %1 has no %2 column.</source>
        <translation>未读取 GPU 指标：%1 中的 TARGET_INFO_GPU_METRICS 没有 %2 列。</translation>
    </message>
    <message>
        <source>GPU metrics are not read: TARGET_INFO_GPU_METRICS in %1 names no metric.</source>
        <translation>未读取 GPU 指标：%1 中的 TARGET_INFO_GPU_METRICS 未命名任何指标。</translation>
    </message>
</context>
<context>
    <name>GpuPeaks</name>
    <message>
        <source>Invalid GPU peak table: %1 at offset %2</source>
        <translation>无效的 GPU 峰值表：%1，位于偏移 %2</translation>
    </message>
    <message>
        <source>Invalid GPU peak table: expected an object with a &quot;gpus&quot; array.</source>
        <translation>无效的 GPU 峰值表：应为带有 &quot;gpus&quot; 数组的对象。</translation>
    </message>
    <message>
        <source>Invalid GPU peak table: every entry needs a &quot;model&quot; and a &quot;source&quot;.</source>
        <translation>无效的 GPU 峰值表：每个条目都需要 &quot;model&quot; 和 &quot;source&quot;。</translation>
    </message>
    <message>
        <source>Invalid GPU peak table: %1 %2 needs a positive number.</source>
        <translation>无效的 GPU 峰值表：%1 %2 需要一个正数。</translation>
    </message>
    <message>
        <source>Cannot read the GPU peak table %1: %2</source>
        <translation>无法读取 GPU 峰值表 %1：%2</translation>
    </message>
</context>
<context>
    <name>GraphModes</name>
    <message>
        <source>whole graphs (one record per graph launch)</source>
        <translation>整图（每次图启动一条记录）</translation>
    </message>
    <message>
        <source>nodes (one record per kernel of a graph)</source>
        <translation>节点（图中每个内核一条记录）</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
</context>
<context>
    <name>ImportsReader</name>
    <message>
        <source>NVML samples: %1 rows read, %2 skipped; columns: %3.</source>
        <translation>NVML 采样：读取 %1 行，跳过 %2 行；列：%3。</translation>
    </message>
    <message>
        <source>NVML samples: %1 values are no finite number (inf, nan or beyond ±3.4e38) and were skipped.</source>
        <translation>NVML 采样：%1 个值不是有限数（inf、nan 或超出 ±3.4e38），已跳过。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Imports read</source>
        <translation>导入文件已读取</translation>
    </message>
</context>
<context>
    <name>IterationReport</name>
    <message>
        <source>Iterations (from the kernels)</source>
        <translation>迭代（从内核中找出）</translation>
    </message>
    <message>
        <source>No NVTX range names a step: each GPU&apos;s loop is found from its kernels, an iteration running from one launch of the anchor kernel to the next (docs/analysis.md, &quot;Iterations without NVTX&quot;).</source>
        <translation>没有 NVTX 范围标记步：每个 GPU 的循环从其内核中找出，一次迭代从锚定内核的一次启动到下一次启动（docs/analysis.md，“Iterations without NVTX”）。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Anchor kernel</source>
        <translation>锚定内核</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>Slowest</source>
        <translation>最慢</translation>
    </message>
    <message>
        <source>Kernels / iteration</source>
        <translation>内核 / 迭代</translation>
    </message>
    <message>
        <source>Iterations with that many</source>
        <translation>内核数相同的迭代</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>NCCL only</source>
        <translation type="vanished">仅 NCCL</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 (#%2)</source>
        <translation>%1（#%2）</translation>
    </message>
    <message>
        <source>Communication only</source>
        <translation>仅通信</translation>
    </message>
    <message>
        <source>Copies only</source>
        <translation>仅拷贝</translation>
    </message>
    <message>
        <source>Idle waiting for the host</source>
        <translation>等待主机的空闲</translation>
    </message>
</context>
<context>
    <name>MarkdownReport</name>
    <message>
        <source>Sightline report: %1</source>
        <translation>Sightline 报告：%1</translation>
    </message>
    <message>
        <source>unknown GPU</source>
        <translation>未知 GPU</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>nsys / export schema</source>
        <translation>nsys / 导出模式版本</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>分析窗口</translation>
    </message>
    <message>
        <source>GPUs with work</source>
        <translation>有任务的 GPU</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核数</translation>
    </message>
    <message>
        <source>GPU %1 busy / idle</source>
        <translation>GPU %1 忙碌 / 空闲</translation>
    </message>
    <message>
        <source>gaps</source>
        <translation>个间隙</translation>
    </message>
    <message>
        <source>NVTX coverage</source>
        <translation>NVTX 覆盖率</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>诊断结论</translation>
    </message>
    <message>
        <source>No finding crossed its threshold.</source>
        <translation>没有诊断结论超过其阈值。</translation>
    </message>
    <message>
        <source>At stake: %1 (%2 of the window)</source>
        <translation>涉及时间：%1（占分析窗口的 %2）</translation>
    </message>
    <message>
        <source>, GPU %1</source>
        <translation>，GPU %1</translation>
    </message>
    <message>
        <source>, %1 – %2</source>
        <translation>，%1 – %2</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>证据：%1</translation>
    </message>
    <message>
        <source>Evidence: %1, %2 rows</source>
        <translation>证据：%1，%2 行</translation>
    </message>
    <message>
        <source>… and %1 more evidence items in report.json</source>
        <translation>… 另有 %1 项证据，见 report.json</translation>
    </message>
    <message>
        <source>Top kernels</source>
        <translation>耗时最多的内核</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <source>Largest idle gaps</source>
        <translation>最长的空闲间隙</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>内核启动</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>&lt; 10 µs</source>
        <translation>&lt; 10 µs</translation>
    </message>
    <message>
        <source>Storm</source>
        <translation>启动风暴</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 of %2 matched kernels are shorter than their launch call; median launch call %3, median queue delay %4.</source>
        <translation>%2 个已匹配内核中有 %1 个短于其启动调用；启动调用中位数 %3，排队延迟中位数 %4。</translation>
    </message>
    <message>
        <source>Synchronisation</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Blocking</source>
        <translation>阻塞</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Memory transfers</source>
        <translation>内存传输</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Wall</source>
        <translation>墙钟时间</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Kernel time / step</source>
        <translation>内核时间 / 步</translation>
    </message>
    <message>
        <source>Kernel time by innermost NVTX range</source>
        <translation>按最内层 NVTX 范围统计的内核时间</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>API calls</source>
        <translation>API 调用</translation>
    </message>
    <message>
        <source>API time</source>
        <translation>API 时间</translation>
    </message>
    <message>
        <source>Blocking sync</source>
        <translation>阻塞同步</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Generated by Sightline %1. Times are on the export&apos;s session timeline; shares are of the analysis window unless stated.</source>
        <translation>由 Sightline %1 生成。时间基于导出文件的会话时间轴；除非另有说明，占比均相对于分析窗口。</translation>
    </message>
    <message>
        <source>GPU %1 busy split</source>
        <translation>GPU %1 忙碌构成</translation>
    </message>
    <message>
        <source>Profiler overhead</source>
        <translation>分析器开销</translation>
    </message>
</context>
<context>
    <name>MathPathTable</name>
    <message>
        <source>Tensor core</source>
        <translation>张量核心</translation>
    </message>
    <message>
        <source>SIMT</source>
        <translation>SIMT</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Invalid math-path table: %1 at offset %2</source>
        <translation>无效的数学路径表：%1，位于偏移 %2</translation>
    </message>
    <message>
        <source>Invalid math-path table: expected an object with &quot;paths&quot; and &quot;dtypes&quot; arrays.</source>
        <translation>无效的数学路径表：应为带有 &quot;paths&quot; 和 &quot;dtypes&quot; 数组的对象。</translation>
    </message>
    <message>
        <source>Invalid math-path table: unknown data type &apos;%1&apos; (use one of: %2).</source>
        <translation>无效的数学路径表：未知数据类型 &apos;%1&apos;（请使用以下之一：%2）。</translation>
    </message>
    <message>
        <source>Invalid math-path table: unknown path &apos;%1&apos; (use tensor-core, simt or unknown).</source>
        <translation>无效的数学路径表：未知路径 &apos;%1&apos;（请使用 tensor-core、simt 或 unknown）。</translation>
    </message>
    <message>
        <source>Invalid math-path table: a dtypes rule needs a &quot;dtype&quot;.</source>
        <translation>无效的数学路径表：dtypes 规则需要 &quot;dtype&quot;。</translation>
    </message>
    <message>
        <source>Cannot read the math-path table %1: %2</source>
        <translation>无法读取数学路径表 %1：%2</translation>
    </message>
</context>
<context>
    <name>MemoryAnalysis</name>
    <message>
        <source>GPU memory is allocated inside the steps</source>
        <translation>GPU 显存在步内分配</translation>
    </message>
    <message numerus="yes">
        <source>%n allocation or free call(s) run on a step&apos;s thread while the step is open, holding the CPU for %1 (%2 of the steps&apos; time): the next launch waits for them. Allocate once before the loop or use a caching allocator / memory pool (cudaMallocAsync).</source>
        <translation>
            <numerusform>有 %n 次分配或释放调用在步进行期间运行于该步的线程上，占用 CPU %1（步时间的 %2）：下一次启动要等待它们。请在循环之前一次性分配，或使用缓存分配器 / 内存池（cudaMallocAsync）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MemoryReport</name>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件数</translation>
    </message>
    <message>
        <source>Peak in use</source>
        <translation>峰值占用</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Peak during %1 steps: %2</source>
        <translation>%1 步期间的峰值：%2</translation>
    </message>
    <message>
        <source>Allocation churn: %1 allocation and %2 free calls, %3 of CPU time; %4 of it inside steps.</source>
        <translation>分配抖动：%1 次分配调用和 %2 次释放调用，占用 CPU 时间 %3；其中 %4 在步内。</translation>
    </message>
</context>
<context>
    <name>MemoryUsageReader</name>
    <message>
        <source>%1: the GPU memory events could not be read (%2); memory figures are left out.</source>
        <translation>%1：无法读取 GPU 显存事件（%2）；已略去显存指标。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n row(s) with an implausible device, operation, size or time left out of the memory figures.</source>
        <translation>
            <numerusform>%1：有 %n 行的设备、操作、大小或时间不合理，未计入显存指标。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NativePath</name>
    <message>
        <source>it is not a regular file</source>
        <translation>它不是常规文件</translation>
    </message>
</context>
<context>
    <name>NcuAnalysis</name>
    <message>
        <source>TARGET_INFO_GPU: %1 SMs at %2 MHz, %3 FP32 lanes per SM (compute capability %4.%5), DRAM %6 GB/s</source>
        <translation>TARGET_INFO_GPU：%1 个 SM，频率 %2 MHz，每 SM %3 条 FP32 通道（计算能力 %4.%5），DRAM %6 GB/s</translation>
    </message>
    <message>
        <source>A hot kernel runs far below its roofline</source>
        <translation>热点内核的性能远低于其屋顶线</translation>
    </message>
    <message>
        <source>%1 (%2 of kernel time) reaches %3 GFLOP/s at %4 FLOP/byte, %5 of the %6 GFLOP/s its roofline allows on %7 (FP32 ceiling and DRAM roof).</source>
        <translation type="vanished">%1（占内核时间的 %2）在 %4 FLOP/byte 下达到 %3 GFLOP/s，为其屋顶线在 %7 上允许的 %6 GFLOP/s 的 %5（FP32 上限和 DRAM 屋顶）。</translation>
    </message>
    <message>
        <source>Achieved occupancy far below theoretical</source>
        <translation>实际占用率远低于理论占用率</translation>
    </message>
    <message>
        <source>%1 (%2 of kernel time) keeps %3 of its warps resident against a theoretical %4: tail effects, imbalanced blocks or too few blocks per SM leave warp slots empty.</source>
        <translation>%1（占内核时间的 %2）驻留的 warp 为 %3，而理论值为 %4：尾部效应、块不均衡或每 SM 块数过少使 warp 槽位空闲。</translation>
    </message>
    <message>
        <source>Poor L2 hit rate on a memory-heavy kernel</source>
        <translation>访存密集内核的 L2 命中率低</translation>
    </message>
    <message>
        <source>%1 (%2 of kernel time) hits L2 for %3 of its sectors while DRAM runs at %4 of peak: data is fetched again from DRAM instead of reused; tiling or access order may help.</source>
        <translation>%1（占内核时间的 %2）的扇区 L2 命中率为 %3，而 DRAM 运行在峰值的 %4：数据被重新从 DRAM 读取而没有复用；分块或调整访问顺序可能有帮助。</translation>
    </message>
    <message>
        <source>tensor ceiling %1 TFLOP/s (dense BF16/FP16) for %2: %3</source>
        <translation>%2 的张量核心上限 %1 TFLOP/s（稠密 BF16/FP16）：%3</translation>
    </message>
    <message>
        <source>%1 (%2 of kernel time) reaches %3 GFLOP/s at %4 FLOP/byte, %5 of the %6 GFLOP/s its roofline allows on %7 (tensor ceiling and DRAM roof).</source>
        <translation type="vanished">%1（占内核时间的 %2）在 %4 FLOP/byte 下达到 %3 GFLOP/s，为其屋顶线在 %7 上允许的 %6 GFLOP/s 的 %5（张量核心上限和 DRAM 屋顶）。</translation>
    </message>
    <message>
        <source>Its warps stall most on %1: %2 of the %3.</source>
        <translation>其 warp 停顿最多的原因是 %1：占 %3 的 %2。</translation>
    </message>
    <message>
        <source>GOP/s</source>
        <translation>GOP/s</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>%1 (%2 of kernel time) reaches %3 %8 at %4 FLOP/byte, %5 of the %6 %8 its roofline allows on %7 (%9 ceiling and DRAM roof).</source>
        <translation>%1（占内核时间的 %2）在 %4 FLOP/byte 下达到 %3 %8，为其屋顶线在 %7 上允许的 %6 %8 的 %5（%9 上限和 DRAM 屋顶）。</translation>
    </message>
    <message>
        <source>%1 (%2 of kernel time) reaches %3 %8 at %4 operations/byte, %5 of the %6 %8 its roofline allows on %7 (%9 tensor ceiling and DRAM roof).</source>
        <translation>%1（占内核时间的 %2）在 %4 次运算/byte 下达到 %3 %8，为其屋顶线在 %7 上允许的 %6 %8 的 %5（%9 张量核心上限和 DRAM 屋顶）。</translation>
    </message>
</context>
<context>
    <name>NcuCsvReader</name>
    <message>
        <source>Cannot read the Nsight Compute results %1: it is not a file.</source>
        <translation>无法读取 Nsight Compute 结果 %1：它不是文件。</translation>
    </message>
    <message>
        <source>%1 is an Nsight Compute report; reading it needs the ncu command, which was not found. Export it where ncu is installed: ncu --import %1 --csv --page raw &gt; %2.csv</source>
        <translation>%1 是 Nsight Compute 报告；读取它需要 ncu 命令，但未找到该命令。请在安装了 ncu 的机器上导出：ncu --import %1 --csv --page raw &gt; %2.csv</translation>
    </message>
    <message>
        <source>ncu could not convert %1: %2</source>
        <translation type="vanished">ncu 无法转换 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read the Nsight Compute results %1: %2</source>
        <translation>无法读取 Nsight Compute 结果 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not an Nsight Compute CSV: no header with a &quot;Kernel Name&quot; column (export it with ncu --csv --page raw or --page details).</source>
        <translation>%1 不是 Nsight Compute CSV：没有带 &quot;Kernel Name&quot; 列的表头（请用 ncu --csv --page raw 或 --page details 导出）。</translation>
    </message>
    <message>
        <source>%1 lists no profiled launch.</source>
        <translation>%1 没有列出任何被分析的启动。</translation>
    </message>
    <message>
        <source>The folder %1 holds no Nsight Compute results (*.csv or *.ncu-rep).</source>
        <translation>文件夹 %1 中没有 Nsight Compute 结果（*.csv 或 *.ncu-rep）。</translation>
    </message>
    <message>
        <source>The folder %1 holds no readable Nsight Compute results: %2</source>
        <translation>文件夹 %1 中没有可读取的 Nsight Compute 结果：%2</translation>
    </message>
    <message>
        <source>%1 was not converted: ncu timed out on an earlier report of this folder.</source>
        <translation>未转换 %1：ncu 在此文件夹中较早的一个报告上已超时。</translation>
    </message>
    <message>
        <source>ncu timed out converting %1: no result after %2 s, so it was stopped (ncu may be hung, e.g. waiting for a license or a network file system). %3</source>
        <translation type="vanished">ncu 转换 %1 时超时：%2 s 后仍无结果，因此已将其停止（ncu 可能已挂起，例如在等待许可证或网络文件系统）。%3</translation>
    </message>
    <message>
        <source>ncu could not convert %1 (%2). %3</source>
        <translation type="vanished">ncu 无法转换 %1（%2）。%3</translation>
    </message>
    <message>
        <source>Cannot read the Nsight Compute results %1: it does not exist.</source>
        <translation>无法读取 Nsight Compute 结果 %1：它不存在。</translation>
    </message>
    <message>
        <source>%1 is not an Nsight Compute CSV: no &quot;Kernel Name&quot; column.</source>
        <translation>%1 不是 Nsight Compute CSV：没有 &quot;Kernel Name&quot; 列。</translation>
    </message>
    <message>
        <source>(%1 more files skipped.)</source>
        <translation>（另有 %1 个文件被跳过。）</translation>
    </message>
    <message>
        <source>Converting %1 with ncu (at most %2 s)…</source>
        <translation>正在用 ncu 转换 %1（最多 %2 s）…</translation>
    </message>
    <message>
        <source>Converting %1 with ncu…</source>
        <translation>正在用 ncu 转换 %1…</translation>
    </message>
    <message>
        <source>ncu could not convert %1: %2. ncu may be hung (waiting for a license or a network file system); a very large report may need longer (sightline-cli: --ncu-timeout SECONDS, 0 for no limit).</source>
        <translation>ncu 无法转换 %1：%2。ncu 可能已挂起（在等待许可证或网络文件系统）；非常大的报告可能需要更长时间（sightline-cli：--ncu-timeout SECONDS，0 表示不限制）。</translation>
    </message>
    <message>
        <source>ncu could not convert %1: %2.</source>
        <translation>ncu 无法转换 %1：%2。</translation>
    </message>
</context>
<context>
    <name>NcuStallReasons</name>
    <message>
        <source>Barrier (waiting at a block barrier)</source>
        <translation>Barrier（在块屏障处等待）</translation>
    </message>
    <message>
        <source>Branch resolving (branch target)</source>
        <translation>Branch resolving（等待分支目标）</translation>
    </message>
    <message>
        <source>Dispatch stall (pipeline interlock)</source>
        <translation>Dispatch stall（流水线互锁）</translation>
    </message>
    <message>
        <source>Drain (stores draining at exit)</source>
        <translation>Drain（退出时等待存储写完）</translation>
    </message>
    <message>
        <source>IMC miss (constant cache miss)</source>
        <translation>IMC miss（常量缓存未命中）</translation>
    </message>
    <message>
        <source>LG throttle (local/global memory queue full)</source>
        <translation>LG throttle（局部/全局内存队列已满）</translation>
    </message>
    <message>
        <source>Long scoreboard (L1TEX/memory wait)</source>
        <translation>Long scoreboard（等待 L1TEX/内存）</translation>
    </message>
    <message>
        <source>Math pipe throttle (execution pipe busy)</source>
        <translation>Math pipe throttle（执行管线繁忙）</translation>
    </message>
    <message>
        <source>Memory barrier (fence)</source>
        <translation>Memory barrier（内存栅栏）</translation>
    </message>
    <message>
        <source>MIO throttle (shared memory/special math queue full)</source>
        <translation>MIO throttle（共享内存/特殊数学指令队列已满）</translation>
    </message>
    <message>
        <source>Miscellaneous</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>No instructions (instruction cache miss)</source>
        <translation>No instructions（指令缓存未命中）</translation>
    </message>
    <message>
        <source>Not selected (eligible, another warp issued)</source>
        <translation>Not selected（可发射，但另一个 warp 被选中）</translation>
    </message>
    <message>
        <source>Selected (issuing)</source>
        <translation>Selected（正在发射）</translation>
    </message>
    <message>
        <source>Short scoreboard (shared memory/MIO wait)</source>
        <translation>Short scoreboard（等待共享内存/MIO）</translation>
    </message>
    <message>
        <source>Sleeping (nanosleep or yield)</source>
        <translation>Sleeping（nanosleep 或让出）</translation>
    </message>
    <message>
        <source>TEX throttle (texture queue full)</source>
        <translation>TEX throttle（纹理队列已满）</translation>
    </message>
    <message>
        <source>Wait (fixed-latency dependency)</source>
        <translation>Wait（固定延迟依赖）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Synchronisation</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Issue and execution</source>
        <translation>发射与执行</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>采样数</translation>
    </message>
    <message>
        <source>cycles per issued instruction</source>
        <translation>每条已发射指令的周期数</translation>
    </message>
</context>
<context>
    <name>NsysImporter</name>
    <message>
        <source>%1: the file does not exist.</source>
        <translation>%1：文件不存在。</translation>
    </message>
    <message>
        <source>%1 cannot be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>%1: using its SQLite export made earlier by Nsight Systems %2 (cached).</source>
        <translation type="vanished">%1：使用之前由 Nsight Systems %2 生成的 SQLite 导出文件（已缓存）。</translation>
    </message>
    <message>
        <source>(version unknown)</source>
        <translation>（版本未知）</translation>
    </message>
    <message>
        <source>Sightline exports it itself when Nsight Systems&apos; nsys is installed: get it from https://developer.nvidia.com/nsight-systems (or with the CUDA toolkit), then put nsys on PATH or set its path in Preferences (sightline-cli: --nsys PATH).</source>
        <translation>安装了 Nsight Systems 的 nsys 后，Sightline 会自行导出：请从 https://developer.nvidia.com/nsight-systems 获取（或随 CUDA 工具包安装），然后将 nsys 放到 PATH 中，或在首选项中设置其路径（sightline-cli：--nsys PATH）。</translation>
    </message>
    <message>
        <source>Exporting %1 with nsys…</source>
        <translation>正在用 nsys 导出 %1…</translation>
    </message>
    <message>
        <source>Cannot create the cache folder %1.</source>
        <translation>无法创建缓存文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot write to the cache folder %1.</source>
        <translation>无法写入缓存文件夹 %1。</translation>
    </message>
    <message>
        <source>%1 could not be started: %2</source>
        <translation type="vanished">无法启动 %1：%2</translation>
    </message>
    <message>
        <source>Exporting %1 with Nsight Systems %2…</source>
        <translation>正在用 Nsight Systems %2 导出 %1…</translation>
    </message>
    <message>
        <source>Exporting %1 was cancelled.</source>
        <translation>已取消导出 %1。</translation>
    </message>
    <message>
        <source>nsys could not export %1 (exit code %2): %3</source>
        <translation type="vanished">nsys 无法导出 %1（退出码 %2）：%3</translation>
    </message>
    <message>
        <source>%1: exported to SQLite by Nsight Systems %2 (kept in %3 for the next open).</source>
        <translation type="vanished">%1：已由 Nsight Systems %2 导出为 SQLite（保存在 %3 中供下次打开）。</translation>
    </message>
    <message>
        <source>%1: using its SQLite export made earlier by Nsight Systems %2 (cached: %3).</source>
        <translation>%1：使用先前由 Nsight Systems %2 生成的 SQLite 导出文件（缓存：%3）。</translation>
    </message>
    <message>
        <source>The cached export %1 was damaged and has been removed (%2).</source>
        <translation type="vanished">缓存的导出文件 %1 已损坏，已将其删除（%2）。</translation>
    </message>
    <message>
        <source>nsys did not finish exporting %1 in %2 s and was stopped; nothing was cached. A very large report may need longer: raise the limit (sightline-cli: --nsys-timeout SECONDS, 0 for none). %3</source>
        <translation type="vanished">nsys 未能在 %2 s 内完成 %1 的导出，已被停止；未缓存任何内容。非常大的报告可能需要更长时间：请提高限制（sightline-cli：--nsys-timeout SECONDS，0 表示不限制）。%3</translation>
    </message>
    <message>
        <source>nsys could not export %1 (%2).</source>
        <translation type="vanished">nsys 无法导出 %1（%2）。</translation>
    </message>
    <message>
        <source>it wrote no export</source>
        <translation type="vanished">它没有写出导出文件</translation>
    </message>
    <message>
        <source>Its output: %1</source>
        <translation type="vanished">其输出：%1</translation>
    </message>
    <message>
        <source>nsys ended without an error but its export of %1 does not open, so it was not cached (was the cache folder %2 full, or nsys stopped?): %3</source>
        <translation type="vanished">nsys 结束时没有报错，但其导出的 %1 无法打开，因此未被缓存（缓存文件夹 %2 是否已满，或 nsys 被停止了？）：%3</translation>
    </message>
    <message>
        <source>%1: exported to SQLite by Nsight Systems %2 (cached as %3 for the next open).</source>
        <translation>%1：已由 Nsight Systems %2 导出为 SQLite（缓存为 %3，供下次打开使用）。</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>it is truncated</source>
        <translation>文件被截断</translation>
    </message>
    <message>
        <source>it is not a readable SQLite database</source>
        <translation>它不是可读取的 SQLite 数据库</translation>
    </message>
    <message>
        <source>it lacks tables or columns of an Nsight Systems export</source>
        <translation>它缺少 Nsight Systems 导出文件的表或列</translation>
    </message>
    <message>
        <source>%1 could not export %2: %3.</source>
        <translation>%1 无法导出 %2：%3。</translation>
    </message>
    <message>
        <source>nsys did not finish exporting %1: %2. Nothing was cached. A very large report may need longer: raise the limit (sightline-cli: --nsys-timeout SECONDS, 0 for none).</source>
        <translation>nsys 未能完成 %1 的导出：%2。未缓存任何内容。非常大的报告可能需要更长时间：请提高限制（sightline-cli：--nsys-timeout SECONDS，0 表示不限制）。</translation>
    </message>
    <message>
        <source>nsys could not export %1: %2.</source>
        <translation>nsys 无法导出 %1：%2。</translation>
    </message>
    <message>
        <source>nsys exited without an error but wrote no SQLite export of %1; nothing was cached. Its output: %2</source>
        <translation>nsys 退出时没有报错，但没有写出 %1 的 SQLite 导出文件；未缓存任何内容。其输出：%2</translation>
    </message>
    <message>
        <source>nsys exited without an error, but the SQLite export it wrote of %1 is damaged (%2; %3 bytes): it was discarded and nothing was cached. Check the free space in the cache folder %4, then open the report again.</source>
        <translation>nsys 退出时没有报错，但它写出的 %1 的 SQLite 导出文件已损坏（%2；%3 字节）：已将其丢弃，未缓存任何内容。请检查缓存文件夹 %4 的剩余空间，然后重新打开该报告。</translation>
    </message>
    <message>
        <source>The cached SQLite export of %1 in %2 was damaged (%3) and has been removed.</source>
        <translation>%2 中缓存的 %1 的 SQLite 导出文件已损坏（%3），已将其删除。</translation>
    </message>
    <message>
        <source>The cached SQLite export of %1 in %2 is damaged past its first pages (%3) and has been removed: open %1 again to export it anew with nsys.</source>
        <translation>%2 中 %1 的缓存 SQLite 导出在首几页之后已损坏（%3），已将其删除：请再次打开 %1，用 nsys 重新导出。</translation>
    </message>
    <message>
        <source>The cached SQLite export of %1 in %2 is damaged past its first pages (%3) and could not be removed: delete that folder and open %1 again.</source>
        <translation>%2 中 %1 的缓存 SQLite 导出在首几页之后已损坏（%3），且无法删除：请删除该文件夹后再次打开 %1。</translation>
    </message>
</context>
<context>
    <name>NvmlCsvReader</name>
    <message>
        <source>Cannot read the NVML samples file %1: %2</source>
        <translation>无法读取 NVML 采样文件 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds no CSV rows: expected a header and one row per NVML sample.</source>
        <translation>%1 不含 CSV 行：应有一个表头，且每个 NVML 采样一行。</translation>
    </message>
    <message>
        <source>%1 cannot be aligned: the trace does not record the capture&apos;s absolute start (TARGET_INFO_SESSION_START_TIME).</source>
        <translation>无法对齐 %1：跟踪没有记录采集的绝对开始时间（TARGET_INFO_SESSION_START_TIME）。</translation>
    </message>
    <message>
        <source>%1 has no timestamp column (looked for timestamp, time, ts, epoch, …).</source>
        <translation type="vanished">%1 没有时间戳列（查找了 timestamp、time、ts、epoch 等）。</translation>
    </message>
    <message>
        <source>%1 has no NVML column Sightline knows (utilization.gpu, clocks.sm, power.draw, temperature.gpu, memory.used, …).</source>
        <translation type="vanished">%1 没有 Sightline 认识的 NVML 列（utilization.gpu、clocks.sm、power.draw、temperature.gpu、memory.used 等）。</translation>
    </message>
    <message>
        <source>%1 has no usable NVML sample (%2 rows skipped).</source>
        <translation>%1 没有可用的 NVML 采样（跳过了 %2 行）。</translation>
    </message>
    <message>
        <source>the columns given for it</source>
        <translation>为其指定的列</translation>
    </message>
    <message>
        <source>its header</source>
        <translation>其表头</translation>
    </message>
    <message>
        <source>%1 has no timestamp column (looked for timestamp, time, ts, epoch, …) in %2, and no line holding only a date before it (as `date --iso-8601=ns` writes before each nvidia-smi block).</source>
        <translation>%1 在%2中没有时间戳列（查找了 timestamp、time、ts、epoch、…），其前面也没有仅含日期的行（即 `date --iso-8601=ns` 在每个 nvidia-smi 块之前写出的行）。</translation>
    </message>
    <message>
        <source>%1 has no NVML column Sightline knows in %2 (utilization.gpu, clocks.sm, power.draw, temperature.gpu, memory.used, …).</source>
        <translation>%1 在%2中没有 Sightline 可识别的 NVML 列（utilization.gpu、clocks.sm、power.draw、temperature.gpu、memory.used、…）。</translation>
    </message>
    <message>
        <source>%1 has no header row: line %2 is already a sample (%3). Give its columns in order, the --query-gpu list it was written with: --nvml-columns timestamp,index,power.draw,…</source>
        <translation>%1 没有表头行：第 %2 行已经是一个采样（%3）。请按顺序给出其列，即写出它时使用的 --query-gpu 列表：--nvml-columns timestamp,index,power.draw,…</translation>
    </message>
    <message>
        <source>%1 read as %2.</source>
        <translation>%1 已按 %2 读取。</translation>
    </message>
    <message>
        <source>%1 read as %2-separated values.</source>
        <translation>%1 已按%2分隔的值读取。</translation>
    </message>
    <message>
        <source>tab</source>
        <translation>制表符</translation>
    </message>
    <message>
        <source>%1: each block of rows takes the time of the date line before it (%2 date lines).</source>
        <translation>%1：每个行块采用其前面日期行的时间（共 %2 个日期行）。</translation>
    </message>
    <message>
        <source>%1: %2 values that are not numbers ([N/A], [Not Supported], …) left out.</source>
        <translation>%1：已略去 %2 个非数字的值（[N/A]、[Not Supported]、…）。</translation>
    </message>
    <message>
        <source>%1: %2 lines longer than %3 characters skipped (the first at line %4).</source>
        <translation>%1：已跳过 %2 个超过 %3 个字符的行（第一个位于第 %4 行）。</translation>
    </message>
    <message>
        <source>%1 holds no header row and no sample.</source>
        <translation>%1 既没有表头行，也没有采样。</translation>
    </message>
</context>
<context>
    <name>OutputSet</name>
    <message>
        <source>No output folder was given.</source>
        <translation>未指定输出文件夹。</translation>
    </message>
    <message>
        <source>%1 exists and is not a folder.</source>
        <translation>%1 已存在且不是文件夹。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>%1 is a symbolic link: Sightline does not write through links out of the output folder.</source>
        <translation>%1 是符号链接：Sightline 不会经由链接写到输出文件夹之外。</translation>
    </message>
    <message>
        <source>Cannot write %1: a folder of that name is in the way.</source>
        <translation>无法写入 %1：已有同名文件夹。</translation>
    </message>
    <message>
        <source>Cannot write to the folder %1: %2</source>
        <translation>无法写入文件夹 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Nothing was changed in %3.</source>
        <translation>无法写入 %1：%2。%3 中未做任何更改。</translation>
    </message>
    <message>
        <source>Cannot replace %1: %2</source>
        <translation>无法替换 %1：%2</translation>
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
        <translation>各步的墙钟时间</translation>
    </message>
    <message>
        <source>Idle: profiler overhead</source>
        <translation>空闲：分析器开销</translation>
    </message>
</context>
<context>
    <name>PatternList</name>
    <message>
        <source>Invalid regular expression &apos;%1&apos;: %2</source>
        <translation>无效的正则表达式“%1”：%2</translation>
    </message>
</context>
<context>
    <name>PhaseMap</name>
    <message>
        <source>Invalid phase map: %1 at offset %2</source>
        <translation>无效的阶段映射：%1（位于偏移 %2）</translation>
    </message>
    <message>
        <source>Invalid phase map: the patterns of phase &apos;%1&apos; must be an array of strings.</source>
        <translation>无效的阶段映射：阶段“%1”的模式必须是字符串数组。</translation>
    </message>
    <message>
        <source>Cannot read the phase map %1: %2</source>
        <translation>无法读取阶段映射 %1：%2</translation>
    </message>
    <message>
        <source>Invalid phase map: more than %1 phases (the most it may hold).</source>
        <translation>无效的阶段映射：阶段超过 %1 个（所能容纳的上限）。</translation>
    </message>
    <message>
        <source>Invalid phase map: &apos;%1&apos; names the kernels outside every phase; choose another phase name.</source>
        <translation>无效的阶段映射：&apos;%1&apos; 用于命名不属于任何阶段的内核；请选择其他阶段名称。</translation>
    </message>
    <message>
        <source>Invalid phase map: &quot;steps&quot; must be an array of {&quot;scheme&quot;, &quot;pattern&quot;} objects.</source>
        <translation>无效的阶段映射：&quot;steps&quot; 必须是由 {&quot;scheme&quot;, &quot;pattern&quot;} 对象组成的数组。</translation>
    </message>
    <message>
        <source>Invalid step rule &apos;%1&apos;: %2</source>
        <translation>无效的步规则 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>the pattern is empty</source>
        <translation>模式为空</translation>
    </message>
    <message>
        <source>Invalid phase map: &quot;host_ranges&quot; must be an array of strings.</source>
        <translation>无效的阶段映射：&quot;host_ranges&quot; 必须是字符串数组。</translation>
    </message>
    <message>
        <source>Invalid phase map: &quot;requests&quot; must be an array of regular expressions.</source>
        <translation>无效的阶段映射：&quot;requests&quot; 必须是正则表达式数组。</translation>
    </message>
    <message>
        <source>Invalid phase map: the request pattern &apos;%1&apos; is not a valid regular expression: %2</source>
        <translation>无效的阶段映射：请求模式“%1”不是有效的正则表达式：%2</translation>
    </message>
</context>
<context>
    <name>ProfilerOverheadReader</name>
    <message>
        <source>%1: the profiler&apos;s overhead could not be read (%2); no idle gap is put down to the profiler.</source>
        <translation>%1：无法读取分析器开销（%2）；不会将任何空闲间隙归因于分析器。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n row(s) without a thread, or with an implausible time, left out of the idle gaps&apos; causes.</source>
        <translation>
            <numerusform>%1：%n 行缺少线程或时间不合理，未计入空闲间隙的原因。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation type="vanished">无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>RequestAnalysis</name>
    <message>
        <source>No request ranges in the window: add a &quot;requests&quot; rule to the phase map for the harness&apos;s request ranges.</source>
        <translation>分析窗口中没有请求范围：请在阶段映射中为测试框架的请求范围添加一条 &quot;requests&quot; 规则。</translation>
    </message>
    <message>
        <source>No prefill serving steps: the end of a request&apos;s first prefill step is its first token.</source>
        <translation>没有 prefill 推理服务步：请求的首个 token 取其第一个 prefill 步的结束时刻。</translation>
    </message>
    <message>
        <source>No prefill step starts inside any request range.</source>
        <translation>没有任何 prefill 步在请求范围内开始。</translation>
    </message>
</context>
<context>
    <name>ScopeFilter</name>
    <message>
        <source>everything</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation>流 %1</translation>
    </message>
</context>
<context>
    <name>ServingFindings</name>
    <message>
        <source>Decode steps are dominated by host overhead</source>
        <translation>decode 步以主机开销为主</translation>
    </message>
    <message>
        <source>The GPU is idle for %1 of the time of %2 decode steps (%3 of %4): the host prepares, schedules and bookkeeps longer than the GPU computes (%5 in host ranges). %6 steps are idle more than half of their time. CUDA graphs, async scheduling or a larger batch shorten the host&apos;s share.</source>
        <translation>在 %2 个 decode 步的时间中，GPU 有 %1 处于空闲（%4 中的 %3）：主机准备、调度和记账的时间比 GPU 计算的时间更长（主机范围内 %5）。有 %6 步空闲时间超过一半。CUDA 图、异步调度或更大的批可缩短主机所占的份额。</translation>
    </message>
    <message>
        <source>Prefill work stalls decode</source>
        <translation>prefill 工作阻塞了 decode</translation>
    </message>
    <message>
        <source>%1 mixed steps (prefill and decode requests in one batch) take a median %2× the time of decode-only steps with the same number of generation requests: every decoding request waits %3 in all for the prefills batched with it. Chunked prefill with a smaller token budget, or separate prefill and decode instances, bound the stall.</source>
        <translation>%1 个混合步（一个批中同时有 prefill 和 decode 请求）耗时的中位数是生成请求数相同的纯 decode 步的 %2×：每个 decode 请求总共要为与其同批的 prefill 等待 %3。使用 token 预算更小的分块 prefill，或将 prefill 和 decode 实例分开，可限制这种阻塞。</translation>
    </message>
    <message>
        <source>Process %1 runs slower steps than the other ranks</source>
        <translation>进程 %1 的步比其他 rank 更慢</translation>
    </message>
    <message>
        <source>The median %1 step of process %2 takes %3, of process %4 only %5 (%6 ranks with steps): the slow rank holds the others back at every collective.</source>
        <translation>进程 %2 的 %1 步中位数耗时 %3，而进程 %4 只需 %5（%6 个 rank 有步）：慢的 rank 在每次集合通信时拖慢其他 rank。</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>decode</translation>
    </message>
    <message>
        <source>serving</source>
        <translation>推理服务</translation>
    </message>
</context>
<context>
    <name>ServingReport</name>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>Steps recognised from the frameworks&apos; own NVTX ranges (%1); tensor-parallel replicas count once in the window totals. Time to first token is not given: it needs request arrival ranges, which no framework writes by default.</source>
        <translation type="vanished">步由各框架自身的 NVTX 范围识别（%1）；张量并行副本在分析窗口总计中只计一次。未给出首 token 时间：它需要请求到达范围，而默认情况下没有框架会写出这些范围。</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>分析窗口</translation>
    </message>
    <message>
        <source>Steps (prefill / decode / mixed / other)</source>
        <translation>步数（prefill / decode / 混合 / 其他）</translation>
    </message>
    <message>
        <source>Context tokens</source>
        <translation>上下文 token 数</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>生成 token 数</translation>
    </message>
    <message>
        <source>TPOT mean / p50 / p90 / p99</source>
        <translation>TPOT 均值 / p50 / p90 / p99</translation>
    </message>
    <message>
        <source>Prefill / decode tokens/s</source>
        <translation>prefill / decode tokens/s</translation>
    </message>
    <message>
        <source>Kernel time per generated / context token</source>
        <translation>每生成 / 上下文 token 内核时间</translation>
    </message>
    <message>
        <source>GPU idle inside steps</source>
        <translation>步内 GPU 空闲</translation>
    </message>
    <message>
        <source>Host ranges inside steps</source>
        <translation>步内主机范围</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>TPOT p50</source>
        <translation>TPOT p50</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>decode tokens/s</translation>
    </message>
    <message>
        <source>GPU idle in steps</source>
        <translation>步内 GPU 空闲</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>已计入</translation>
    </message>
    <message>
        <source>replica of %1</source>
        <translation>%1 的副本</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Time to first token: — (%1)</source>
        <translation>首 token 时间：—（%1）</translation>
    </message>
    <message>
        <source>no request rules</source>
        <translation>没有请求规则</translation>
    </message>
    <message numerus="yes">
        <source>%n request range(s) in the window.</source>
        <translation>
            <numerusform>分析窗口中有 %n 个请求范围。</numerusform>
        </translation>
    </message>
    <message>
        <source>Request figure</source>
        <translation>请求指标</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>End-to-end latency</source>
        <translation>端到端延迟</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每输出 token 时间</translation>
    </message>
    <message>
        <source>Steps recognised from the frameworks&apos; own NVTX ranges (%1); tensor-parallel replicas count once in the window totals.</source>
        <translation>步由各框架自身的 NVTX 范围识别（%1）；张量并行副本在分析窗口总计中只计一次。</translation>
    </message>
</context>
<context>
    <name>SynthCublasLog</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>SynthInputOptions</name>
    <message>
        <source>Also write GPU memory allocation and free rows (CUDA_GPU_MEMORY_USAGE_EVENTS) as nsys --cuda-memory-usage=true does: weights and KV cache per GPU, a workspace per step.</source>
        <translation>同时写入 GPU 显存分配与释放行（CUDA_GPU_MEMORY_USAGE_EVENTS），与 nsys --cuda-memory-usage=true 相同：每个 GPU 的权重和 KV 缓存，以及每个步的工作区。</translation>
    </message>
    <message>
        <source>Also write the cuBLAS API log (CUBLAS_LOGINFO_DBG=1 format) of the export&apos;s GEMM launches to FILE, for analyze --cublas-log.</source>
        <translation>同时将导出文件中 GEMM 启动对应的 cuBLAS API 日志（CUBLAS_LOGINFO_DBG=1 格式）写入 FILE，供 analyze --cublas-log 使用。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>Format of --cublas-log: api (cuBLAS, CUBLAS_LOGINFO_DBG=1; default) or lt (cuBLASLt, CUBLASLT_LOG_LEVEL=2).</source>
        <translation>--cublas-log 的格式：api（cuBLAS，CUBLAS_LOGINFO_DBG=1；默认）或 lt（cuBLASLt，CUBLASLT_LOG_LEVEL=2）。</translation>
    </message>
    <message>
        <source>FORMAT</source>
        <translation>FORMAT</translation>
    </message>
    <message>
        <source>--cublas-log-format takes api or lt, not &apos;%1&apos;.</source>
        <translation>--cublas-log-format 只接受 api 或 lt，而不是“%1”。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n GEMM call(s)</source>
        <translation>
            <numerusform>%1：%n 次 GEMM 调用</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableCopy</name>
    <message>
        <source>Copy as TSV</source>
        <translation>复制为 TSV</translation>
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
        <translation>无效的分类规则：%1（位于偏移 %2）</translation>
    </message>
    <message>
        <source>Invalid taxonomy: expected an object with a &quot;rules&quot; array.</source>
        <translation>无效的分类规则：应为包含 &quot;rules&quot; 数组的对象。</translation>
    </message>
    <message>
        <source>Invalid taxonomy: unknown category &apos;%1&apos; (use one of: %2).</source>
        <translation>无效的分类规则：未知类别“%1”（请使用以下之一：%2）。</translation>
    </message>
    <message>
        <source>Cannot read the taxonomy %1: %2</source>
        <translation>无法读取分类规则 %1：%2</translation>
    </message>
</context>
<context>
    <name>TraceCache</name>
    <message>
        <source>%1 is larger than the trace cache&apos;s limit; it is not cached.</source>
        <translation>%1 超过跟踪缓存的大小上限，不予缓存。</translation>
    </message>
    <message>
        <source>The trace cache folder %1 cannot be created.</source>
        <translation>无法创建跟踪缓存文件夹 %1。</translation>
    </message>
    <message>
        <source>The trace cache file %1 cannot be written: %2</source>
        <translation>无法写入跟踪缓存文件 %1：%2</translation>
    </message>
</context>
<context>
    <name>TraceInspector</name>
    <message>
        <source>%1 is damaged: SQLite reports &quot;%2&quot;.</source>
        <translation type="vanished">%1 已损坏：SQLite 报告“%2”。</translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not an Nsight Systems export.</source>
        <translation type="vanished">%1 是 SQLite 数据库，但不是 Nsight Systems 导出文件。</translation>
    </message>
</context>
<context>
    <name>TraceLabel</name>
    <message>
        <source>nsys %1</source>
        <translation>nsys %1</translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <source>%1 is damaged: SQLite reports &quot;%2&quot;. The copy may be incomplete; copy or export it again.</source>
        <translation type="vanished">%1 已损坏：SQLite 报告“%2”。该副本可能不完整；请重新复制或导出。</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>已取消加载 %1。</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not an Nsight Systems export: it has no StringIds table and none of the CUPTI_ACTIVITY_KIND_*, NVTX_EVENTS or TARGET_INFO_* tables. Create the export with &apos;nsys export --type sqlite&apos;.</source>
        <translation type="vanished">%1 是 SQLite 数据库，但不是 Nsight Systems 导出文件：它没有 StringIds 表，也没有任何 CUPTI_ACTIVITY_KIND_*、NVTX_EVENTS 或 TARGET_INFO_* 表。请使用 &apos;nsys export --type sqlite&apos; 创建导出文件。</translation>
    </message>
    <message>
        <source>Indexing %1</source>
        <translation>正在为 %1 建立索引</translation>
    </message>
    <message>
        <source>%1 of %2 kernels have no launching API call in the export (matched on correlationId and process); launch and NVTX figures leave them out.</source>
        <translation>%2 个内核中有 %1 个在导出文件中找不到启动它的 API 调用（按 correlationId 和进程匹配）；启动和 NVTX 指标不包含这些内核。</translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of the export break the data-quality rules and are left out of every figure (see Data quality).</source>
        <translation>
            <numerusform>导出文件中有 %n 行违反数据质量规则，未计入任何指标（见“数据质量”）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) name a string id that is not in StringIds; they are shown as &quot;&lt;missing string N&gt;&quot;.</source>
        <translation>
            <numerusform>有 %n 行引用了不在 StringIds 中的字符串 id；它们显示为“&lt;missing string N&gt;”。</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1 from the trace cache</source>
        <translation>正在从跟踪缓存读取 %1</translation>
    </message>
</context>
<context>
    <name>TraceSearch</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>NVTX range</source>
        <translation>NVTX 范围</translation>
    </message>
    <message>
        <source>API call</source>
        <translation>API 调用</translation>
    </message>
</context>
<context>
    <name>WaveAnalysis</name>
    <message>
        <source>%1 loses %2 of its time in partial last waves</source>
        <translation>%1 有 %2 的时间损失在未填满的最后一波中</translation>
    </message>
    <message>
        <source>%1 waves, %2 wave efficiency</source>
        <translation>%1 波，波次效率 %2</translation>
    </message>
    <message>
        <source>%1 launches of %2 (%3, %4) mostly run %5 CTAs at %6 per SM on %7 SMs: %8 waves of %9 CTAs, the last one partly empty. Time-weighted, the waves are %10 full, so %11 of the kernel&apos;s time goes to partial last waves. Choose a problem size or tile whose CTA count fills whole waves (a multiple of %9), or a split-K / stream-K kernel.</source>
        <translation>%2 的 %1 次启动（%3，%4）大多以每个 SM %6 个 CTA 在 %7 个 SM 上运行 %5 个 CTA：%8 波、每波 %9 个 CTA，最后一波部分为空。按时间加权，各波填满 %10，因此内核时间中有 %11 耗在未填满的最后一波。请选择 CTA 数能填满整波（%9 的倍数）的问题规模或分块，或使用 split-K / stream-K 内核。</translation>
    </message>
</context>
<context>
    <name>WindowSpec</name>
    <message>
        <source>Invalid window &apos;%1&apos;: use full, steady or START_NS:END_NS (integer nanoseconds).</source>
        <translation>无效的分析窗口“%1”：请使用 full、steady 或 START_NS:END_NS（整数纳秒）。</translation>
    </message>
    <message>
        <source>Invalid window &apos;%1&apos;: the end must be after the start.</source>
        <translation>无效的分析窗口“%1”：结束时间必须晚于开始时间。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Open the Cluster view of &lt;folder&gt; offscreen, time its repaints and exit.</source>
        <translation>离屏打开 &lt;folder&gt; 的集群视图，测量其重绘用时后退出。</translation>
    </message>
    <message>
        <source>folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Unknown command &apos;%1&apos;.</source>
        <translation>未知命令“%1”。</translation>
    </message>
    <message>
        <source>Explore Nsight Systems SQLite exports of LLM inference servers.</source>
        <translation>浏览 LLM 推理服务器的 Nsight Systems SQLite 导出文件。</translation>
    </message>
    <message>
        <source>Open the traces, wait for their analysis, save a screenshot to &lt;file&gt; and exit.</source>
        <translation>打开跟踪文件，等待分析完成，将截图保存到 &lt;file&gt; 后退出。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>file</translation>
    </message>
    <message>
        <source>Nsight Systems SQLite exports to open.</source>
        <translation>要打开的 Nsight Systems SQLite 导出文件。</translation>
    </message>
    <message>
        <source>[trace.sqlite...]</source>
        <translation>[trace.sqlite...]</translation>
    </message>
    <message>
        <source>Cannot write the screenshot to %1.</source>
        <translation type="vanished">无法将截图写入 %1。</translation>
    </message>
    <message>
        <source>--screenshot needs at least one trace.</source>
        <translation type="vanished">--screenshot 需要至少一个跟踪文件。</translation>
    </message>
    <message>
        <source>Open &lt;trace&gt; offscreen, measure first paint, event-loop stalls, sorting and filtering, print the figures and exit (see docs/benchmarks.md).</source>
        <translation>在离屏模式下打开 &lt;trace&gt;，测量首次绘制、事件循环停顿、排序和筛选，打印结果后退出（见 docs/benchmarks.md）。</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>trace</translation>
    </message>
    <message>
        <source>With --screenshot: bring this dock to the front first (timeline, nvtx, kernels, findings, evidence, processes, overview, comparison).</source>
        <translation type="vanished">与 --screenshot 一起使用：先把这个面板置于最前（timeline、nvtx、kernels、findings、evidence、processes、overview、comparison）。</translation>
    </message>
    <message>
        <source>dock</source>
        <translation>面板</translation>
    </message>
    <message>
        <source>With --screenshot: click this finding (0 = the first) to show its evidence.</source>
        <translation>与 --screenshot 一起使用：点击这条诊断结论（0 = 第一条）以显示其证据。</translation>
    </message>
    <message>
        <source>index</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>With --screenshot: bring this dock to the front first (timeline, nvtx, kernels, findings, evidence, processes, overview, comparison, search).</source>
        <translation>配合 --screenshot：先将此面板置于最前（timeline、nvtx、kernels、findings、evidence、processes、overview、comparison、search）。</translation>
    </message>
    <message>
        <source>The window size, e.g. 1366x768 (default 1600x1000).</source>
        <translation>窗口大小，例如 1366x768（默认 1600x1000）。</translation>
    </message>
    <message>
        <source>WIDTHxHEIGHT</source>
        <translation>WIDTHxHEIGHT</translation>
    </message>
    <message>
        <source>--size takes WIDTHxHEIGHT, e.g. 1366x768.</source>
        <translation>--size 需要 WIDTHxHEIGHT，例如 1366x768。</translation>
    </message>
    <message>
        <source>Neither read nor write the trace cache (Preferences › Trace cache).</source>
        <translation>既不读取也不写入跟踪缓存（首选项 › 跟踪缓存）。</translation>
    </message>
</context>
<context>
    <name>sl</name>
    <message>
        <source>No output file given for the synthetic trace.</source>
        <translation>未给出合成跟踪的输出文件。</translation>
    </message>
    <message>
        <source>Cannot write %1: invalid options (ranks must be 1-8, steps at least 1, layers 0-1024).</source>
        <translation>无法写入 %1：选项无效（rank 数必须为 1-8，步数至少为 1，层数为 0-1024）。</translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>Writing the synthetic trace %1 was cancelled; no file was written.</source>
        <translation>已取消写入合成跟踪 %1；未写入任何文件。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot replace %1: the existing file cannot be removed.</source>
        <translation>无法替换 %1：无法删除现有文件。</translation>
    </message>
    <message>
        <source>Cannot rename %1 to %2.</source>
        <translation>无法将 %1 重命名为 %2。</translation>
    </message>
    <message>
        <source>cannot rename the finished file</source>
        <translation>无法重命名已完成的文件</translation>
    </message>
    <message>
        <source>Cannot write the per-rank exports: invalid options (ranks 2-1024, ranks per host 1-8, the straggler one of the ranks, steps and collectives at least 1).</source>
        <translation>无法写出各 rank 的导出文件：选项无效（rank 数为 2-1024，每台主机的 rank 数为 1-8，掉队 rank 须为其中之一，步数和集合通信数至少为 1）。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Writing the per-rank exports was cancelled after %1 of %2.</source>
        <translation>写出各 rank 的导出文件时，在完成 %2 个中的 %1 个后被取消。</translation>
    </message>
</context>
<context>
    <name>sl::AnatomyChart</name>
    <message>
        <source>No model anatomy: no kernels in the window.</source>
        <translation>无模型剖析：分析窗口中没有内核。</translation>
    </message>
</context>
<context>
    <name>sl::AnatomyDock</name>
    <message>
        <source>Model anatomy</source>
        <translation>模型剖析</translation>
    </message>
    <message>
        <source>Hover a segment for its FLOPs, TFLOP/s, MFU and bound class</source>
        <translation>将鼠标悬停在分段上可查看其 FLOPs、TFLOP/s、MFU 和瓶颈类型</translation>
    </message>
    <message>
        <source>No trace analysed.</source>
        <translation>尚未分析跟踪。</translation>
    </message>
    <message>
        <source>No kernels in the window.</source>
        <translation>分析窗口中没有内核。</translation>
    </message>
    <message>
        <source>Kernel time per phase and operator class. FLOPs known for %1 of it (PyTorch shape ranges or an imported cuBLAS log); TFLOP/s and MFU are over that part.</source>
        <translation>按阶段和算子类别的内核时间。其中 %1 的 FLOPs 已知（PyTorch 形状范围或导入的 cuBLAS 日志）；TFLOP/s 和 MFU 仅基于这一部分。</translation>
    </message>
</context>
<context>
    <name>sl::AnatomyTableModel</name>
    <message>
        <source>Where the model spends the GPU</source>
        <translation>模型把 GPU 花在哪里</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>%1 %2FLOP</source>
        <translation>%1 %2FLOP</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2: %3 (%4 of the phase&apos;s kernel time), %n kernel(s)</source>
        <translation>
            <numerusform>%1 — %2：%3（占该阶段内核时间的 %4），%n 个内核</numerusform>
        </translation>
    </message>
    <message>
        <source>FLOPs %1 over %2 of it: %3 TFLOP/s, MFU %4</source>
        <translation>FLOPs %1，覆盖其中 %2：%3 TFLOP/s，MFU %4</translation>
    </message>
    <message>
        <source>FLOPs unknown (no PyTorch shape ranges or matched cuBLAS calls)</source>
        <translation>FLOPs 未知（没有 PyTorch 形状范围或匹配的 cuBLAS 调用）</translation>
    </message>
    <message>
        <source>Bound: %1</source>
        <translation>瓶颈：%1</translation>
    </message>
    <message>
        <source>Bound: %1 (from %2)</source>
        <translation>瓶颈：%1（依据 %2）</translation>
    </message>
    <message>
        <source>Phase of the phase map the kernels were launched in</source>
        <translation>内核启动时所在的阶段映射中的阶段</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Operator class (docs/analysis.md &quot;Model anatomy&quot;)</source>
        <translation>算子类别（docs/analysis.md「Model anatomy」）</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Kernels of the class in the phase</source>
        <translation>该阶段中此类别的内核</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Σ duration of those kernels</source>
        <translation>这些内核的时长之和</translation>
    </message>
    <message>
        <source>Share of the phase&apos;s kernel time</source>
        <translation>占该阶段内核时间的比例</translation>
    </message>
    <message>
        <source>Share of phase</source>
        <translation>占阶段比例</translation>
    </message>
    <message>
        <source>FLOPs of the kernels whose shapes are known (PyTorch shape ranges or matched cuBLAS calls)</source>
        <translation>形状已知的内核的 FLOPs（PyTorch 形状范围或匹配的 cuBLAS 调用）</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>FLOPs ÷ the time of the kernels that have them</source>
        <translation>FLOPs ÷ 具有 FLOPs 的内核的时间</translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <source>Achieved TFLOP/s ÷ the GPU&apos;s dense peak for the kernels&apos; data type</source>
        <translation>实际 TFLOP/s ÷ GPU 在该内核数据类型下的稠密峰值</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Hardware counters&apos; bound class when sampled, else arithmetic intensity against the GPU&apos;s ridge point</source>
        <translation>采样了硬件计数器时取其瓶颈类型，否则按算术强度与 GPU 脊点比较</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈类型</translation>
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
    <name>sl::BatchScatterChart</name>
    <message>
        <source>No step names give a batch size</source>
        <translation>没有步名称给出批大小</translation>
    </message>
    <message>
        <source>decode steps</source>
        <translation>decode 步</translation>
    </message>
    <message>
        <source>mixed steps</source>
        <translation>混合步</translation>
    </message>
    <message>
        <source>Batch size (generation requests)</source>
        <translation>批大小（生成请求数）</translation>
    </message>
    <message>
        <source>Step time (%1)</source>
        <translation>步耗时（%1）</translation>
    </message>
    <message>
        <source>Step time against batch size</source>
        <translation>步耗时与批大小</translation>
    </message>
</context>
<context>
    <name>sl::CategoryBarChart</name>
    <message>
        <source>GPU time per %1 (%2)</source>
        <translation type="vanished">每%1 GPU 时间（%2）</translation>
    </message>
    <message>
        <source>GPU time (%1)</source>
        <translation type="vanished">GPU 时间（%1）</translation>
    </message>
    <message>
        <source>GPU time by kernel category</source>
        <translation type="vanished">按内核类别统计的 GPU 时间</translation>
    </message>
</context>
<context>
    <name>sl::ClusterHeatmap</name>
    <message>
        <source>Compute (blue), communication (orange) and idle (grey) per rank over the clock-aligned run. Click a rank to open its export.</source>
        <translation>时钟对齐后的整个运行中每个 rank 的计算（蓝色）、通信（橙色）和空闲（灰色）。点击某个 rank 可打开其导出文件。</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>sl::ClusterWindow</name>
    <message>
        <source>Cluster run: %1</source>
        <translation>集群运行：%1</translation>
    </message>
    <message>
        <source>Reading the rank exports of %1…</source>
        <translation>正在读取 %1 的各 rank 导出文件…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Rank from</source>
        <translation>Rank 来源</translation>
    </message>
    <message>
        <source>Last arrivals</source>
        <translation>最后到达次数</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Step p50</source>
        <translation>步 p50</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Straggler: rank %1 arrives last at %2 of %3 matched collectives; a step would be %4 shorter if its compute before each collective took the others&apos; median.</source>
        <translation>掉队者：rank %1 在 %3 次匹配的集合通信中有 %2 最后到达；如果它在每次集合通信前的计算耗时取其他 rank 的中位数，每步将缩短 %4。</translation>
    </message>
    <message>
        <source>(no steps)</source>
        <translation>（无步）</translation>
    </message>
    <message>
        <source>No straggler among %1 ranks (%2 matched collectives).</source>
        <translation>%1 个 rank 中没有掉队者（%2 次匹配的集合通信）。</translation>
    </message>
    <message>
        <source>Skew p50 %1, p90 %2; %3 hosts.</source>
        <translation>偏差 p50 %1，p90 %2；%3 台主机。</translation>
    </message>
    <message>
        <source>The export of rank %1 (%2) is not in %3: only its digest is.</source>
        <translation>rank %1 的导出文件（%2）不在 %3 中：那里只有其摘要。</translation>
    </message>
    <message>
        <source>Wait intra-node</source>
        <translation>节点内等待</translation>
    </message>
    <message>
        <source>Wait inter-node</source>
        <translation>节点间等待</translation>
    </message>
    <message>
        <source>Waiting in collectives whose ranks all run on this rank&apos;s host</source>
        <translation>在所有 rank 都运行于本 rank 所在主机的集合通信中的等待</translation>
    </message>
    <message>
        <source>Waiting in collectives whose ranks run on several hosts</source>
        <translation>在 rank 运行于多台主机的集合通信中的等待</translation>
    </message>
    <message>
        <source>Finding / evidence (double-click to open the rank&apos;s export there)</source>
        <translation>发现 / 证据（双击在该位置打开该 rank 的导出文件）</translation>
    </message>
    <message>
        <source>Rank %1 (%2), %3 into its capture: %4</source>
        <translation>rank %1（%2），采集开始后 %3：%4</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder for the digests: %1</source>
        <translation>无法为摘要创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>%1 iterations found from the kernels: the export has no step ranges.</source>
        <translation>从内核中找出 %1 次迭代：该导出没有步范围。</translation>
    </message>
</context>
<context>
    <name>sl::ComparisonChangeModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>变化内容</translation>
    </message>
    <message>
        <source>Δ per %1</source>
        <translation>每%1 Δ</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
</context>
<context>
    <name>sl::ComparisonCounterModel</name>
    <message>
        <source>Bound class</source>
        <translation>瓶颈类别</translation>
    </message>
    <message>
        <source>By the rule in docs/analysis.md, over kernel time</source>
        <translation>按 docs/analysis.md 中的规则，基于内核时间</translation>
    </message>
    <message>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>%1 of kernel time in a %2 stretch</source>
        <translation>%2 时段内占内核时间的 %1</translation>
    </message>
    <message>
        <source>Double-click to show the scope&apos;s rows in both traces</source>
        <translation>双击以显示该范围在两个跟踪中的行</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已改变</translation>
    </message>
    <message>
        <source>%1 (NVML)</source>
        <translation>%1（NVML）</translation>
    </message>
    <message>
        <source>%1 — only in %2</source>
        <translation>%1 — 仅在 %2 中</translation>
    </message>
    <message>
        <source>p90, kernel time</source>
        <translation>p90，内核时间</translation>
    </message>
    <message>
        <source>mean, kernel time</source>
        <translation>均值，内核时间</translation>
    </message>
    <message>
        <source>not sampled in this trace</source>
        <translation>此跟踪中未采样</translation>
    </message>
    <message>
        <source>percentage points</source>
        <translation>百分点</translation>
    </message>
    <message>
        <source>relative to the baseline</source>
        <translation>相对于基线</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
</context>
<context>
    <name>sl::ComparisonDock</name>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Double-click a kernel to show its launches in every trace.</source>
        <translation>双击内核可显示它在每个跟踪中的启动。</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Double-click a change to show its rows in both traces.</source>
        <translation>双击某项变化可显示它在两个跟踪中对应的行。</translation>
    </message>
    <message>
        <source>Show in baseline</source>
        <translation>在基线中显示</translation>
    </message>
    <message>
        <source>Show in compared trace</source>
        <translation>在被比较的跟踪中显示</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>Per:</source>
        <translation>单位：</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>generated token</source>
        <translation>生成的 token</translation>
    </message>
    <message>
        <source>whole window</source>
        <translation>整个分析窗口</translation>
    </message>
    <message>
        <source>What &quot;per unit&quot; figures divide by. Automatic: tokens when counts are given, else NVTX steps when every trace has them, else whole-window totals.</source>
        <translation>“每单位”指标的除数。自动：给出计数时按 token；否则若每个跟踪都有 NVTX 步则按步；否则使用整个分析窗口的总计。</translation>
    </message>
    <message>
        <source>tokens (or requests) per trace, e.g. 5000,5120</source>
        <translation>每个跟踪的 token 数（或请求数），例如 5000,5120</translation>
    </message>
    <message>
        <source>One count per trace, in the order of the columns, to set kernel time per token beside the measured throughput.</source>
        <translation>每个跟踪一个计数，按列的顺序填写，用于在实测吞吐量旁给出每 token 内核时间。</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Write comparison.md and comparison.json into a folder</source>
        <translation>将 comparison.md 和 comparison.json 写入文件夹</translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>Step k of every trace starts at the same x. Wheel: scroll steps; Ctrl+wheel: zoom; click: show the step&apos;s kernels.</source>
        <translation>每个跟踪的第 k 步都从同一 x 位置开始。滚轮：滚动步；Ctrl+滚轮：缩放；单击：显示该步的内核。</translation>
    </message>
    <message>
        <source>Open two or more traces to compare them.</source>
        <translation>打开两个或更多跟踪以进行比较。</translation>
    </message>
    <message>
        <source>Every trace must be analysed before it can be compared.</source>
        <translation>每个跟踪都必须先完成分析才能比较。</translation>
    </message>
    <message>
        <source>Comparing %1 traces…</source>
        <translation>正在比较 %1 个跟踪…</translation>
    </message>
    <message>
        <source>Show in %1</source>
        <translation>在 %1 中显示</translation>
    </message>
    <message>
        <source>Baseline %1; figures are whole-window totals.</source>
        <translation>基线 %1；指标为整个分析窗口的总计。</translation>
    </message>
    <message>
        <source>Baseline %1; figures per %2.</source>
        <translation>基线 %1；指标按每%2计。</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): %1</source>
        <translation>
            <numerusform>%n 条警告：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the comparison into a folder</source>
        <translation>将比较结果导出到文件夹</translation>
    </message>
    <message>
        <source>Nothing to export: no comparison yet.</source>
        <translation>没有可导出的内容：尚无比较结果。</translation>
    </message>
    <message>
        <source>comparison.md and comparison.json written to %1</source>
        <translation>comparison.md 和 comparison.json 已写入 %1</translation>
    </message>
    <message>
        <source>FLOPs/token, or e.g. 7e9 params</source>
        <translation>每 token FLOPs，或例如 7e9 params</translation>
    </message>
    <message>
        <source>Model FLOPs per generated token (or the parameter count followed by &quot;params&quot;: 2 FLOPs per parameter and token). With token counts it gives model TFLOP/s and MFU.</source>
        <translation>每个生成 token 的模型 FLOPs（或参数量后跟 &quot;params&quot;：每个参数每 token 2 FLOPs）。结合 token 数可得出模型 TFLOP/s 和 MFU。</translation>
    </message>
    <message>
        <source>FLOPs per token: a positive number, or a parameter count followed by &quot;params&quot;.</source>
        <translation>每 token FLOPs：一个正数，或参数量后跟 &quot;params&quot;。</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Busy-time counters per scope and GPU. Double-click a changed bound class to show the scope&apos;s rows in both traces.</source>
        <translation>各范围和 GPU 的忙碌时间计数器。双击已改变的瓶颈类别可显示该范围在两个跟踪中的行。</translation>
    </message>
    <message>
        <source>Roofline positions from Nsight Compute. Double-click a kernel to show its profiled launches in every trace.</source>
        <translation>来自 Nsight Compute 的屋顶线位置。双击内核可显示它在每个跟踪中被剖析的启动。</translation>
    </message>
    <message>
        <source>No trace has GPU metrics, NVML samples or Nsight Compute results.</source>
        <translation>没有跟踪包含 GPU 指标、NVML 采样或 Nsight Compute 结果。</translation>
    </message>
    <message>
        <source>Kernel-time means and p90 per scope; GPUs pair by position (the k-th GPU with counters of each trace). Δ in percentage points for % counters, relative otherwise.</source>
        <translation>各范围的内核时间均值和 p90；GPU 按位置配对（各跟踪中第 k 个有计数器的 GPU）。百分比计数器的 Δ 以百分点表示，其他为相对变化。</translation>
    </message>
    <message>
        <source>The traces sampled different numbers of GPUs: figures are over all GPUs (means weighted by kernel time; no p90). Δ in percentage points for % counters, relative otherwise.</source>
        <translation>各跟踪采样的 GPU 数量不同：数值针对所有 GPU（按内核时间加权的均值；无 p90）。百分比计数器的 Δ 以百分点表示，其他为相对变化。</translation>
    </message>
    <message>
        <source>Comparison evidence in %1</source>
        <translation>%1 中的比较证据</translation>
    </message>
</context>
<context>
    <name>sl::ComparisonFigureModel</name>
    <message>
        <source>Whole trace</source>
        <translation>整个跟踪</translation>
    </message>
    <message>
        <source>Phase %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Category %1</source>
        <translation>类别 %1</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>%1 / baseline</source>
        <translation>%1 / 基线</translation>
    </message>
    <message>
        <source>Anatomy %1</source>
        <translation>模型剖析 %1</translation>
    </message>
</context>
<context>
    <name>sl::ComparisonKernelModel</name>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1: %2%3</source>
        <translation>%1：%2%3</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> 及另外 %1 个</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation>匹配方式</translation>
    </message>
    <message>
        <source> per %1</source>
        <translation>（每%1）</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
</context>
<context>
    <name>sl::ComparisonRooflineModel</name>
    <message>
        <source>Double-click to show the profiled launches in every trace</source>
        <translation>双击以显示每个跟踪中被剖析的启动</translation>
    </message>
    <message>
        <source>Arithmetic intensity</source>
        <translation>算术强度</translation>
    </message>
    <message>
        <source>Achieved FLOP/s</source>
        <translation>实际 FLOP/s</translation>
    </message>
    <message>
        <source>% of roof</source>
        <translation>占屋顶的百分比</translation>
    </message>
    <message>
        <source>DRAM throughput</source>
        <translation>DRAM 吞吐率</translation>
    </message>
    <message>
        <source>SM throughput</source>
        <translation>SM 吞吐率</translation>
    </message>
    <message>
        <source>no ncu data</source>
        <translation>无 ncu 数据</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <source>Achieved FLOP/s ÷ min(ceiling, intensity × DRAM roof) of the trace&apos;s GPU; the ceiling is the tensor-core one for kernels mostly on the tensor path, else FP32</source>
        <translation>实际 FLOP/s ÷ 该跟踪 GPU 的 min(上限, 强度 × DRAM 屋顶)；主要走张量路径的内核取张量核上限，否则取 FP32 上限</translation>
    </message>
</context>
<context>
    <name>sl::CounterScopeModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Stretch</source>
        <translation>区段</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <source>DRAM %</source>
        <translation>DRAM %</translation>
    </message>
    <message>
        <source>Compute %</source>
        <translation>计算 %</translation>
    </message>
    <message>
        <source>Counters (mean / p90 over the stretch)</source>
        <translation>计数器（区段内均值 / p90）</translation>
    </message>
</context>
<context>
    <name>sl::CountersDock</name>
    <message>
        <source>Counters</source>
        <translation>硬件计数器</translation>
    </message>
    <message>
        <source>Import Nsight Compute…</source>
        <translation>导入 Nsight Compute…</translation>
    </message>
    <message>
        <source>Import NVML Samples…</source>
        <translation>导入 NVML 采样…</translation>
    </message>
    <message>
        <source>Per phase</source>
        <translation type="vanished">按阶段</translation>
    </message>
    <message>
        <source>Nsight Compute</source>
        <translation>Nsight Compute</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>屋顶线</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="vanished">GPU</translation>
    </message>
    <message>
        <source>Stretch</source>
        <translation type="vanished">区段</translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="vanished">类别</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation type="vanished">内核时间</translation>
    </message>
    <message>
        <source>Span</source>
        <translation type="vanished">跨度</translation>
    </message>
    <message>
        <source>DRAM %</source>
        <translation type="vanished">DRAM %</translation>
    </message>
    <message>
        <source>Compute %</source>
        <translation type="vanished">计算 %</translation>
    </message>
    <message>
        <source>Counters (mean / p90 over the stretch)</source>
        <translation type="vanished">计数器（区段内均值 / p90）</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="vanished">内核</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="vanished">启动次数</translation>
    </message>
    <message>
        <source>Trace time</source>
        <translation type="vanished">跟踪中时间</translation>
    </message>
    <message>
        <source>Achieved occ. %</source>
        <translation type="vanished">实际占用率 %</translation>
    </message>
    <message>
        <source>Theoretical occ. %</source>
        <translation type="vanished">理论占用率 %</translation>
    </message>
    <message>
        <source>SM %</source>
        <translation type="vanished">SM %</translation>
    </message>
    <message>
        <source>L1 hit %</source>
        <translation type="vanished">L1 命中率 %</translation>
    </message>
    <message>
        <source>L2 hit %</source>
        <translation type="vanished">L2 命中率 %</translation>
    </message>
    <message>
        <source>Tensor %</source>
        <translation type="vanished">张量核 %</translation>
    </message>
    <message>
        <source>FLOP/byte</source>
        <translation type="vanished">FLOP/字节</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation type="vanished">GFLOP/s</translation>
    </message>
    <message>
        <source>Open a trace. Counters come from exports captured with --gpu-metrics-devices, and from imported NVML samples and Nsight Compute results.</source>
        <translation>请打开跟踪。计数器来自以 --gpu-metrics-devices 采集的导出文件，以及导入的 NVML 采样和 Nsight Compute 结果。</translation>
    </message>
    <message>
        <source>No sampled counters: capture with nsys profile --gpu-metrics-devices=all, or import NVML samples.</source>
        <translation>没有采样计数器：请用 nsys profile --gpu-metrics-devices=all 采集，或导入 NVML 采样。</translation>
    </message>
    <message>
        <source>window</source>
        <translation type="vanished">分析窗口</translation>
    </message>
    <message>
        <source>Profiled launches of %1</source>
        <translation>%1 被剖析的启动</translation>
    </message>
    <message>
        <source>Per phase and step class</source>
        <translation>按阶段和步类型</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="vanished">类型</translation>
    </message>
    <message>
        <source>Select a kernel to see its warp stalls</source>
        <translation>选择一个内核以查看其 warp 停顿</translation>
    </message>
    <message>
        <source>Import Nsight Compute results to see warp stalls</source>
        <translation>导入 Nsight Compute 结果以查看 warp 停顿</translation>
    </message>
</context>
<context>
    <name>sl::DataQualityReport</name>
    <message>
        <source>Data quality</source>
        <translation>数据质量</translation>
    </message>
    <message>
        <source>%1 rows break a data-quality rule and are left out of every figure above; rows naming a string id that is not in StringIds are kept as &quot;&lt;missing string N&gt;&quot;. The SQL selects the rows in the export.</source>
        <translation>有 %1 行违反数据质量规则，未计入上述任何指标；引用了不在 StringIds 中的字符串 id 的行保留为“&lt;missing string N&gt;”。SQL 用于在导出文件中选出这些行。</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
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
        <source>Left out</source>
        <translation>已排除</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>sl::EfficiencyDock</name>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>Click a figure to see the rows behind it in the Evidence dock</source>
        <translation>点击某个指标，在证据面板中查看其背后的行</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="vanished">指标</translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="vanished">次数</translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="vanished">时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="vanished">占比</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="vanished">详情</translation>
    </message>
    <message>
        <source>No trace analysed.</source>
        <translation>尚未分析跟踪。</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <source>No GPU work in the window.</source>
        <translation>分析窗口内没有 GPU 工作。</translation>
    </message>
    <message>
        <source>Math path</source>
        <translation type="vanished">数学路径</translation>
    </message>
    <message>
        <source>GEMM %1</source>
        <translation type="vanished">GEMM %1</translation>
    </message>
    <message>
        <source>Busy time</source>
        <translation type="vanished">忙碌时间</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="vanished">GPU %1</translation>
    </message>
    <message>
        <source>compute %1, copies %2, copies only %3</source>
        <translation type="vanished">计算 %1，拷贝 %2，仅拷贝 %3</translation>
    </message>
    <message>
        <source>Communication overlap</source>
        <translation type="vanished">通信重叠</translation>
    </message>
    <message>
        <source>No communication kernels in the window.</source>
        <translation>分析窗口内没有通信内核。</translation>
    </message>
    <message>
        <source>GPU %1, %2</source>
        <translation type="vanished">GPU %1，%2</translation>
    </message>
    <message>
        <source>%1 exposed</source>
        <translation type="vanished">暴露 %1</translation>
    </message>
    <message>
        <source>overlapped %1, exposed %2</source>
        <translation type="vanished">已重叠 %1，暴露 %2</translation>
    </message>
    <message>
        <source>p50 %1, p90 %2</source>
        <translation type="vanished">p50 %1，p90 %2</translation>
    </message>
    <message>
        <source>FLOPs and MFU</source>
        <translation type="vanished">FLOPs 与 MFU</translation>
    </message>
    <message>
        <source>%1 TFLOP/s</source>
        <translation type="vanished">%1 TFLOP/s</translation>
    </message>
    <message>
        <source>MFU %1</source>
        <translation type="vanished">MFU %1</translation>
    </message>
    <message>
        <source>phase %1</source>
        <translation type="vanished">阶段 %1</translation>
    </message>
    <message>
        <source>Efficiency: %1</source>
        <translation>效率：%1</translation>
    </message>
</context>
<context>
    <name>sl::EfficiencyModel</name>
    <message>
        <source>Math path</source>
        <translation>数学路径</translation>
    </message>
    <message>
        <source>Busy time</source>
        <translation>忙碌时间</translation>
    </message>
    <message>
        <source>Communication overlap</source>
        <translation>通信重叠</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>FLOPs per phase</source>
        <translation>各阶段 FLOPs</translation>
    </message>
    <message>
        <source>FLOPs per operator</source>
        <translation>各算子 FLOPs</translation>
    </message>
    <message>
        <source>phase %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>GEMM %1</source>
        <translation>GEMM %1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>compute %1, copies %2, copies only %3</source>
        <translation>计算 %1，拷贝 %2，仅拷贝 %3</translation>
    </message>
    <message>
        <source>GPU %1, %2</source>
        <translation>GPU %1，%2</translation>
    </message>
    <message>
        <source>%1 exposed</source>
        <translation>暴露 %1</translation>
    </message>
    <message>
        <source>overlapped %1, exposed %2</source>
        <translation>已重叠 %1，暴露 %2</translation>
    </message>
    <message>
        <source>p50 %1, p90 %2</source>
        <translation>p50 %1，p90 %2</translation>
    </message>
    <message>
        <source>%1 TFLOP/s</source>
        <translation>%1 TFLOP/s</translation>
    </message>
    <message>
        <source>MFU %1</source>
        <translation>MFU %1</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>sl::EvidenceDock</name>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation>复制 SQL</translation>
    </message>
    <message>
        <source>Copy the SQL that selects these rows from the export, to re-run it in sqlite3</source>
        <translation>复制从导出文件中选出这些行的 SQL，以便在 sqlite3 中重新运行</translation>
    </message>
    <message>
        <source>Click a finding to list the rows that prove it.</source>
        <translation>单击一条诊断结论，列出证明它的行。</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n evidence row(s). %2</source>
        <translation>
            <numerusform>%1 — %n 行证据。%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sl::EvidenceRouter</name>
    <message numerus="yes">
        <source>%n evidence kernel(s) of “%1”</source>
        <translation>
            <numerusform>“%1”的 %n 个证据内核</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sl::EvidenceRowsModel</name>
    <message>
        <source>Time range</source>
        <translation>时间范围</translation>
    </message>
    <message>
        <source>GPU work on the device in this range</source>
        <translation>此范围内该设备上的 GPU 任务</translation>
    </message>
    <message>
        <source>Query on %1</source>
        <translation>对 %1 的查询</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>API call</source>
        <translation>API 调用</translation>
    </message>
    <message>
        <source>Memory copy</source>
        <translation>内存拷贝</translation>
    </message>
    <message>
        <source>Memset</source>
        <translation>Memset</translation>
    </message>
    <message>
        <source>Graph launch</source>
        <translation>图启动</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>graph %1</source>
        <translation>图 %1</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>TID</source>
        <translation>TID</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>rowid</source>
        <translation>rowid</translation>
    </message>
    <message>
        <source>NVTX range</source>
        <translation>NVTX 范围</translation>
    </message>
</context>
<context>
    <name>sl::FindingsDock</name>
    <message>
        <source>Findings</source>
        <translation>诊断结论</translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation>复制 SQL</translation>
    </message>
    <message>
        <source>Copy the SQL that selects the finding&apos;s evidence rows from the export</source>
        <translation>复制从导出文件中选出该诊断结论证据行的 SQL</translation>
    </message>
    <message>
        <source>Click a finding to read it and to see its evidence.</source>
        <translation>单击一条诊断结论，阅读详情并查看其证据。</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>没有诊断结论。</translation>
    </message>
    <message>
        <source>%1 (%2, %3)

%4</source>
        <translation>%1（%2，%3）

%4</translation>
    </message>
</context>
<context>
    <name>sl::FindingsModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>诊断结论</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Impact</source>
        <translation>影响</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>sl::GuiBenchmark</name>
    <message>
        <source>Cannot benchmark %1: it does not load or has no kernels.</source>
        <translation>无法对 %1 进行基准测试：它无法加载或没有内核。</translation>
    </message>
    <message>
        <source>The Kernels dock did not answer within 10 minutes.</source>
        <translation>内核面板在 10 分钟内没有响应。</translation>
    </message>
    <message>
        <source>GUI benchmark of %1: %2 kernels; load average %3; offscreen.</source>
        <translation>%1 的 GUI 基准测试：%2 个内核；平均负载 %3；离屏。</translation>
    </message>
    <message>
        <source>| figure | time | ratio | target |</source>
        <translation>| 指标 | 时间 | 比值 | 目标 |</translation>
    </message>
    <message>
        <source>floor: bare SQLite scan</source>
        <translation type="vanished">下限：纯 SQLite 扫描</translation>
    </message>
    <message>
        <source>CLI load (reference)</source>
        <translation type="vanished">CLI 加载（参照）</translation>
    </message>
    <message>
        <source> of the floor</source>
        <translation> 相对下限</translation>
    </message>
    <message>
        <source>CLI analysis</source>
        <translation type="vanished">CLI 分析</translation>
    </message>
    <message>
        <source>GUI: open until loaded and analysed</source>
        <translation>GUI：从打开到加载并分析完成</translation>
    </message>
    <message>
        <source> of CLI load</source>
        <translation> 相对 CLI 加载</translation>
    </message>
    <message>
        <source>GUI: first complete paint</source>
        <translation>GUI：首次完整绘制</translation>
    </message>
    <message>
        <source> of CLI load; </source>
        <translation> 相对 CLI 加载; </translation>
    </message>
    <message>
        <source> of CLI load + analysis</source>
        <translation> 相对 CLI 加载 + 分析</translation>
    </message>
    <message>
        <source>≤ 1.2× CLI load</source>
        <translation>≤ 1.2× CLI 加载</translation>
    </message>
    <message>
        <source>GUI: longest event-loop stall while loading and analysing (wall)</source>
        <translation>GUI：加载和分析期间最长的事件循环停顿（墙钟）</translation>
    </message>
    <message>
        <source>≤ 50 ms</source>
        <translation>≤ 50 ms</translation>
    </message>
    <message>
        <source>GUI: … of which the GUI thread was working (its CPU time)</source>
        <translation type="vanished">GUI：… 其中 GUI 线程在工作的时间（其 CPU 时间）</translation>
    </message>
    <message>
        <source>Kernels dock: all-kernels list shown</source>
        <translation>内核面板：显示全部内核列表</translation>
    </message>
    <message>
        <source>Kernels dock: sort all kernels by duration</source>
        <translation>内核面板：按时长对全部内核排序</translation>
    </message>
    <message>
        <source>≤ 2 s</source>
        <translation type="vanished">≤ 2 s</translation>
    </message>
    <message>
        <source>Kernels dock: filter names by “%1” (%2 rows)</source>
        <translation>内核面板：按“%1”筛选名称（%2 行）</translation>
    </message>
    <message>
        <source>≤ 0.5 s</source>
        <translation>≤ 0.5 s</translation>
    </message>
    <message>
        <source>Kernels dock: longest event-loop stall while listing, sorting, filtering (wall)</source>
        <translation>内核面板：列出、排序、筛选期间最长的事件循环停顿（墙钟）</translation>
    </message>
    <message>
        <source>Kernels dock: … of which the GUI thread was working (its CPU time)</source>
        <translation type="vanished">内核面板：… 其中 GUI 线程在工作的时间（其 CPU 时间）</translation>
    </message>
    <message>
        <source>timeline repaint (slowest zoom level)</source>
        <translation type="vanished">时间轴重绘（最慢的缩放级别）</translation>
    </message>
    <message>
        <source>≤ 16 ms — not measured: hook for TimelineView</source>
        <translation type="vanished">≤ 16 ms — 未测量：TimelineView 的挂钩</translation>
    </message>
    <message>
        <source>≤ 16 ms</source>
        <translation>≤ 16 ms</translation>
    </message>
    <message>
        <source>Resident memory after opening: %1 (%2 B per kernel).</source>
        <translation>打开后的常驻内存：%1（每个内核 %2 B）。</translation>
    </message>
    <message>
        <source>CLI load before the GUI steps</source>
        <translation>GUI 步骤之前的 CLI 加载</translation>
    </message>
    <message>
        <source>CLI load after the GUI steps</source>
        <translation>GUI 步骤之后的 CLI 加载</translation>
    </message>
    <message>
        <source>CLI load (reference: the mean)</source>
        <translation>CLI 加载（参考值：平均值）</translation>
    </message>
    <message>
        <source>CLI analysis (mean)</source>
        <translation>CLI 分析（平均值）</translation>
    </message>
    <message>
        <source>GUI: longest GUI-thread work between two ticks (its CPU time)</source>
        <translation>GUI：两次计时之间 GUI 线程最长的工作（其 CPU 时间）</translation>
    </message>
    <message>
        <source>Kernels dock: longest GUI-thread work between two ticks (its CPU time)</source>
        <translation>内核面板：两次计时之间 GUI 线程最长的工作（其 CPU 时间）</translation>
    </message>
    <message>
        <source>Timeline and NVTX views: repaint at the slowest zoom level (median)</source>
        <translation>时间线和 NVTX 视图：最慢缩放级别下的重绘（中位数）</translation>
    </message>
    <message>
        <source>Repaints per zoom level:</source>
        <translation>各缩放级别的重绘：</translation>
    </message>
    <message>
        <source>CLI load without hashing the file (as the GUI loads)</source>
        <translation>不计算文件哈希的 CLI 加载（与 GUI 的加载方式相同）</translation>
    </message>
    <message>
        <source> of CLI load without the hash; </source>
        <translation> 相对不计算哈希的 CLI 加载; </translation>
    </message>
    <message>
        <source>Trace cache: load of the same export served by the cache</source>
        <translation>跟踪缓存：由缓存提供的同一导出文件的加载</translation>
    </message>
    <message>
        <source>GUI: reopen, first complete paint (from the trace cache)</source>
        <translation>GUI：重新打开后的首次完整绘制（来自跟踪缓存）</translation>
    </message>
    <message>
        <source> of the first open</source>
        <translation> 相对首次打开</translation>
    </message>
    <message>
        <source>floor: the sqlite3 shell computing total() of every column the load reads</source>
        <translation>下限：sqlite3 shell 对加载所读的每一列计算 total()</translation>
    </message>
    <message>
        <source>floor: bare SQLite C-API scan (no sqlite3 shell installed)</source>
        <translation>下限：纯 SQLite C-API 扫描（未安装 sqlite3 shell）</translation>
    </message>
    <message>
        <source>GUI: open until loaded (its own load; the analysis starts)</source>
        <translation>GUI：从打开到加载完成（其自身的加载；随后开始分析）</translation>
    </message>
    <message>
        <source> of CLI load without the hash</source>
        <translation> 相对不计算哈希的 CLI 加载</translation>
    </message>
    <message>
        <source>The window did not paint within a minute of showing the analysis.</source>
        <translation>显示分析结果后一分钟内窗口未重绘。</translation>
    </message>
    <message>
        <source>Cannot benchmark the paint: the window is not shown.</source>
        <translation>无法测量绘制：窗口未显示。</translation>
    </message>
    <message>
        <source>Cannot benchmark %1: it no longer loads: %2</source>
        <translation>无法对 %1 进行基准测试：它已无法加载：%2</translation>
    </message>
    <message numerus="yes">
        <source>GUI: first complete paint of %n paired cold open(s), the median</source>
        <translation>
            <numerusform>GUI：%n 次成对冷打开的首次完整绘制（中位数）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1× of the CLI load just before each (median; each: %2)</source>
        <translation>相对每次之前的 CLI 加载为 %1×（中位数；各次：%2）</translation>
    </message>
</context>
<context>
    <name>sl::IterationTableModel</name>
    <message>
        <source>%1 (#%2)</source>
        <translation>%1（#%2）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Anchor kernel</source>
        <translation>锚定内核</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>Slowest</source>
        <translation>最慢</translation>
    </message>
    <message>
        <source>Kernels / iteration</source>
        <translation>内核 / 迭代</translation>
    </message>
    <message>
        <source>Iterations with that many</source>
        <translation>内核数相同的迭代</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication only</source>
        <translation>仅通信</translation>
    </message>
    <message>
        <source>Copies only</source>
        <translation>仅拷贝</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Slowest iteration of GPU %1 (#%2)</source>
        <translation>GPU %1 最慢的迭代（#%2）</translation>
    </message>
    <message>
        <source>%1, from one launch of %2 to the next; the median iteration takes %3.</source>
        <translation>%1，从 %2 的一次启动到下一次；迭代中位数为 %3。</translation>
    </message>
    <message>
        <source>Idle time in gaps the host caused: the call launching the work after the gap started after the gap began (the GPU waited for the CPU to enqueue)</source>
        <translation>由主机造成的空闲间隙中的时间：启动间隙之后工作的调用在间隙开始之后才开始（GPU 在等待 CPU 入队）</translation>
    </message>
    <message>
        <source>Waiting for the host</source>
        <translation>等待主机</translation>
    </message>
</context>
<context>
    <name>sl::IterationsDock</name>
    <message>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>No trace analysed.</source>
        <translation>尚未分析跟踪。</translation>
    </message>
    <message>
        <source>The window has steps of its own (NVTX phases or serving steps): see the NVTX phases and Serving views.</source>
        <translation>该窗口有自己的步骤（NVTX 阶段或服务步骤）：请查看 NVTX 阶段和推理服务视图。</translation>
    </message>
    <message>
        <source>No NVTX range names a step, and no GPU repeats a loop of kernels.</source>
        <translation>没有 NVTX 范围标记步骤，也没有 GPU 重复某个内核循环。</translation>
    </message>
    <message>
        <source>No NVTX range names a step: each GPU&apos;s loop is found from its kernels, an iteration running from one launch of the anchor kernel to the next. Click a GPU for the kernels of its slowest iteration.</source>
        <translation>没有 NVTX 范围标记步骤：每个 GPU 的循环由其内核找出，一次迭代从锚定内核的一次启动到下一次。点击某个 GPU 查看其最慢迭代的内核。</translation>
    </message>
</context>
<context>
    <name>sl::KernelInstanceModel</name>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>线程块</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>API call</source>
        <translation>API 调用</translation>
    </message>
    <message>
        <source>Launch delay</source>
        <translation>启动延迟</translation>
    </message>
    <message>
        <source>Theoretical occupancy of the launch configuration on its GPU (active warps / maximum warps per SM)</source>
        <translation>该启动配置在其 GPU 上的理论占用率（活跃 warp 数 / 每个 SM 的最大 warp 数）</translation>
    </message>
    <message>
        <source>Kernel start minus the end of its launching API call</source>
        <translation>内核开始时间减去启动它的 API 调用的结束时间</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
</context>
<context>
    <name>sl::KernelSummaryModel</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <source>Math</source>
        <translation>数学路径</translation>
    </message>
    <message>
        <source>Of the launch configuration with the most GPU time; wave efficiency and tail over the whole analysis window (tail = time lost in partial last waves).</source>
        <translation>取 GPU 时间最多的启动配置；波次效率和尾波覆盖整个分析窗口（尾波 = 未填满的最后一波所损失的时间）。</translation>
    </message>
    <message>
        <source>CTAs</source>
        <translation>CTA 数</translation>
    </message>
    <message>
        <source>CTAs/SM</source>
        <translation>CTA/SM</translation>
    </message>
    <message>
        <source>Waves</source>
        <translation>波数</translation>
    </message>
    <message>
        <source>Wave eff.</source>
        <translation>波次效率</translation>
    </message>
    <message>
        <source>Tail</source>
        <translation>尾波</translation>
    </message>
</context>
<context>
    <name>sl::KernelsDock</name>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Filter kernel names…</source>
        <translation>筛选内核名称…</translation>
    </message>
    <message>
        <source>Copy as TSV</source>
        <translation type="vanished">复制为 TSV</translation>
    </message>
    <message numerus="yes">
        <source>%n launch(es) of %1</source>
        <translation>
            <numerusform>%1 的 %n 次启动</numerusform>
        </translation>
    </message>
    <message>
        <source>Sorting and filtering…</source>
        <translation>正在排序和筛选…</translation>
    </message>
    <message>
        <source>All kernels</source>
        <translation>全部内核</translation>
    </message>
    <message>
        <source>List every kernel of the window instead of the selected name&apos;s</source>
        <translation>列出分析窗口中的所有内核，而不只是所选名称的内核</translation>
    </message>
    <message>
        <source>Only kernels of this GPU</source>
        <translation>仅显示此 GPU 的内核</translation>
    </message>
    <message>
        <source>Only kernels of this stream</source>
        <translation>仅显示此流的内核</translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation>全部 GPU</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>All streams</source>
        <translation>全部流</translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation>流 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation>
            <numerusform>%n 个内核</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a kernel name to list its launches, or tick All kernels.</source>
        <translation>选择一个内核名称以列出其启动，或勾选“全部内核”。</translation>
    </message>
    <message>
        <source>scope: %1</source>
        <translation>范围：%1</translation>
    </message>
</context>
<context>
    <name>sl::MainWindow</name>
    <message>
        <source>Open an Nsight Systems SQLite export (File › Open, or drop it here).</source>
        <translation>打开 Nsight Systems SQLite 导出文件（文件 › 打开，或拖放到此处）。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="vanished">取消</translation>
    </message>
    <message>
        <source>Loading %1: %2</source>
        <translation type="vanished">正在加载 %1：%2</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open Nsight Systems exports</source>
        <translation>打开 Nsight Systems 导出文件</translation>
    </message>
    <message>
        <source>Nsight Systems SQLite exports (*.sqlite *.db);;All files (*)</source>
        <translation type="vanished">Nsight Systems SQLite 导出文件 (*.sqlite *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="vanished">最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>Traces</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Trace:</source>
        <translation>跟踪：</translation>
    </message>
    <message>
        <source>Which loaded trace the docks show</source>
        <translation>各面板显示的是哪个已加载的跟踪</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="vanished">正在加载 %1…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="vanished">正在取消…</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n kernel(s), %2 finding(s).</source>
        <translation type="vanished">
            <numerusform>%1：%n 个内核，%2 条诊断结论。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evidence kernel(s) of “%1”</source>
        <translation type="vanished">
            <numerusform>“%1”的 %n 个证据内核</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Write report.md, report.json and tables/*.csv of the current trace and window</source>
        <translation>写出当前跟踪和分析窗口的 report.md、report.json 和 tables/*.csv</translation>
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
        <translation type="vanished">（无）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="vanished">清除</translation>
    </message>
    <message>
        <source>nsys %1</source>
        <translation type="vanished">nsys %1</translation>
    </message>
    <message>
        <source>Sightline</source>
        <translation>Sightline</translation>
    </message>
    <message>
        <source>%1 — Sightline</source>
        <translation>%1 — Sightline</translation>
    </message>
    <message>
        <source>Stop loading or analysing</source>
        <translation type="vanished">停止加载或分析</translation>
    </message>
    <message>
        <source>The analysis window every figure covers, and the focus of the views</source>
        <translation type="vanished">所有指标覆盖的分析窗口，以及各视图的聚焦对象</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="vanished">已取消。</translation>
    </message>
    <message>
        <source>%1: cancelled.</source>
        <translation type="vanished">%1：已取消。</translation>
    </message>
    <message>
        <source>&amp;Close Trace</source>
        <translation>关闭跟踪(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation>分析(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Whole Capture</source>
        <translation>整个采集(&amp;W)</translation>
    </message>
    <message>
        <source>Analyse from the first to the last GPU or API event</source>
        <translation>分析从第一个到最后一个 GPU 或 API 事件的范围</translation>
    </message>
    <message>
        <source>&amp;Steady State</source>
        <translation>稳态(&amp;S)</translation>
    </message>
    <message>
        <source>Leave out the warm-up before the first long idle gap and the idle tail</source>
        <translation>排除第一个长空闲间隙之前的预热和末尾的空闲尾段</translation>
    </message>
    <message>
        <source>Window: %1 – %2 (%3)</source>
        <translation>分析窗口：%1 – %2（%3）</translation>
    </message>
    <message>
        <source> · focus: %1</source>
        <translation> · 聚焦：%1</translation>
    </message>
    <message>
        <source>Comparison evidence in %1</source>
        <translation type="vanished">%1 中的比较证据</translation>
    </message>
    <message>
        <source>Kernel clicked on the timeline</source>
        <translation type="vanished">在时间轴上单击的内核</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="vanished">%1（%2）</translation>
    </message>
    <message>
        <source>Nsight Systems traces (*.sqlite *.db *.nsys-rep *.qdrep);;SQLite exports (*.sqlite *.db);;Nsight Systems reports (*.nsys-rep *.qdrep);;All files (*)</source>
        <translation>Nsight Systems 跟踪 (*.sqlite *.db *.nsys-rep *.qdrep);;SQLite 导出文件 (*.sqlite *.db);;Nsight Systems 报告 (*.nsys-rep *.qdrep);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Search kernel, NVTX range and API names in the current trace and window</source>
        <translation>在当前跟踪和分析窗口中搜索内核、NVTX 范围和 API 名称</translation>
    </message>
    <message>
        <source>&amp;Phase Map…</source>
        <translation>阶段映射(&amp;P)…</translation>
    </message>
    <message>
        <source>Analyse this trace with a phase map file (JSON) instead of the default</source>
        <translation>使用阶段映射文件（JSON）代替默认设置分析此跟踪</translation>
    </message>
    <message>
        <source>Kernel &amp;Taxonomy…</source>
        <translation>内核分类规则(&amp;T)…</translation>
    </message>
    <message>
        <source>Analyse this trace with extra kernel taxonomy rules (JSON)</source>
        <translation>使用额外的内核分类规则（JSON）分析此跟踪</translation>
    </message>
    <message>
        <source>&amp;Default Phase Map and Taxonomy</source>
        <translation>默认阶段映射和分类规则(&amp;D)</translation>
    </message>
    <message>
        <source>Analyse this trace with the files set in Preferences again</source>
        <translation>重新使用首选项中设置的文件分析此跟踪</translation>
    </message>
    <message>
        <source>Phase Map for This Trace</source>
        <translation>此跟踪的阶段映射</translation>
    </message>
    <message>
        <source>Kernel Taxonomy for This Trace</source>
        <translation>此跟踪的内核分类规则</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import Nsight Compute results</source>
        <translation>导入 Nsight Compute 结果</translation>
    </message>
    <message>
        <source>Nsight Compute results (*.csv *.ncu-rep);;All files (*)</source>
        <translation>Nsight Compute 结果 (*.csv *.ncu-rep);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import NVML samples</source>
        <translation>导入 NVML 采样</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import Nsight &amp;Compute Results…</source>
        <translation>导入 Nsight Compute 结果(&amp;C)…</translation>
    </message>
    <message>
        <source>Line up ncu --csv --page raw/details output (or a .ncu-rep) with the current trace</source>
        <translation>将 ncu --csv --page raw/details 的输出（或 .ncu-rep）与当前跟踪对齐</translation>
    </message>
    <message>
        <source>Import &amp;NVML Samples…</source>
        <translation>导入 NVML 采样(&amp;N)…</translation>
    </message>
    <message>
        <source>Align a CSV of NVML samples (clocks, power, utilisation) with the current trace</source>
        <translation>将 NVML 采样 CSV（时钟、功耗、利用率）与当前跟踪对齐</translation>
    </message>
    <message>
        <source>Import Nsight Compute &amp;Folder…</source>
        <translation>导入 Nsight Compute 文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Line up every ncu CSV or .ncu-rep below a folder (one file per profiled kernel) with the current trace</source>
        <translation>将文件夹下的每个 ncu CSV 或 .ncu-rep（每个被剖析的内核一个文件）与当前跟踪对齐</translation>
    </message>
    <message>
        <source>Import Nsight Compute results from a folder</source>
        <translation>从文件夹导入 Nsight Compute 结果</translation>
    </message>
    <message>
        <source>Import c&amp;uBLAS Log…</source>
        <translation>导入 cuBLAS 日志(&amp;U)…</translation>
    </message>
    <message>
        <source>Read the GEMM shapes of a cuBLAS or cuBLASLt API log of the same run and match them to the current trace&apos;s GEMM launches</source>
        <translation>读取同一次运行的 cuBLAS 或 cuBLASLt API 日志中的 GEMM 形状，并与当前跟踪的 GEMM 启动匹配</translation>
    </message>
    <message>
        <source>Import a cuBLAS or cuBLASLt log</source>
        <translation>导入 cuBLAS 或 cuBLASLt 日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt);;All files (*)</source>
        <translation>日志 (*.log *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open &amp;Cluster Run…</source>
        <translation>打开集群运行(&amp;C)…</translation>
    </message>
    <message>
        <source>A folder of one run&apos;s per-rank exports or digests: the straggler, waits and skew</source>
        <translation>一次运行的各 rank 导出文件或摘要所在的文件夹：掉队者、等待和偏差</translation>
    </message>
    <message>
        <source>Open a folder of per-rank exports or digests</source>
        <translation>打开各 rank 导出文件或摘要所在的文件夹</translation>
    </message>
    <message>
        <source>Columns of the NVML samples</source>
        <translation>NVML 采样的列</translation>
    </message>
    <message>
        <source>%1 has no header row (nvidia-smi --format=csv,noheader). Its columns, in order, as the --query-gpu list it was written with:</source>
        <translation>%1 没有表头行（nvidia-smi --format=csv,noheader）。请按顺序给出其列，即写出它时使用的 --query-gpu 列表：</translation>
    </message>
    <message>
        <source>Open Cluster Run of One E&amp;xport…</source>
        <translation>打开单个导出文件的集群运行(&amp;X)…</translation>
    </message>
    <message>
        <source>One export of a single-node run profiled as one (nsys profile torchrun --nproc_per_node=N): each process that ran NCCL kernels is a rank</source>
        <translation>单节点运行作为一个整体采集的单个导出文件（nsys profile torchrun --nproc_per_node=N）：每个运行了 NCCL 内核的进程都是一个 rank</translation>
    </message>
    <message>
        <source>Open an export of several ranks</source>
        <translation>打开包含多个 rank 的导出文件</translation>
    </message>
    <message>
        <source>Nsight Systems SQLite exports (*.sqlite);;All files (*)</source>
        <translation>Nsight Systems SQLite 导出文件 (*.sqlite);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>sl::NcuKernelModel</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Trace time</source>
        <translation>跟踪中时间</translation>
    </message>
    <message>
        <source>Achieved occ. %</source>
        <translation>实际占用率 %</translation>
    </message>
    <message>
        <source>Theoretical occ. %</source>
        <translation>理论占用率 %</translation>
    </message>
    <message>
        <source>SM %</source>
        <translation>SM %</translation>
    </message>
    <message>
        <source>DRAM %</source>
        <translation>DRAM %</translation>
    </message>
    <message>
        <source>L1 hit %</source>
        <translation>L1 命中率 %</translation>
    </message>
    <message>
        <source>L2 hit %</source>
        <translation>L2 命中率 %</translation>
    </message>
    <message>
        <source>Tensor %</source>
        <translation>张量核 %</translation>
    </message>
    <message>
        <source>FLOP/byte</source>
        <translation>FLOP/字节</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
</context>
<context>
    <name>sl::NvtxPhasesDock</name>
    <message>
        <source>NVTX phases</source>
        <translation>NVTX 阶段</translation>
    </message>
    <message>
        <source>no phase</source>
        <translation>无阶段</translation>
    </message>
</context>
<context>
    <name>sl::NvtxView</name>
    <message>
        <source>thread %1 (%2)</source>
        <translation>线程 %1（%2）</translation>
    </message>
    <message>
        <source>%1 (%2/%3)</source>
        <translation>%1（%2/%3）</translation>
    </message>
    <message>
        <source>no phase</source>
        <translation>无阶段</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Phase: %2&lt;br&gt;Start: %3 after the capture start&lt;br&gt;Duration: %4&lt;br&gt;Depth %5, thread %6 of process %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;阶段：%2&lt;br&gt;开始：采集开始后 %3&lt;br&gt;时长：%4&lt;br&gt;深度 %5，进程 %7 的线程 %6</translation>
    </message>
    <message numerus="yes">
        <source>%n range(s) start in this pixel (%1 at %2)&lt;br&gt;Covered: %3&lt;br&gt;Mostly: %4</source>
        <translation>
            <numerusform>%n 个范围在此像素内开始（宽 %1，位于 %2）&lt;br&gt;覆盖率：%3&lt;br&gt;主要阶段：%4</numerusform>
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
        <translation type="vanished">每%1内核时间（%2）</translation>
    </message>
    <message>
        <source>Kernel time (%1)</source>
        <translation type="vanished">内核时间（%1）</translation>
    </message>
    <message>
        <source>Kernel time by phase</source>
        <translation type="vanished">按阶段统计的内核时间</translation>
    </message>
</context>
<context>
    <name>sl::PhaseTableModel</name>
    <message>
        <source>Kernels whose launch lies in no range of a phase.</source>
        <translation>启动时间不在任何阶段范围内的内核。</translation>
    </message>
    <message>
        <source>Phase of the phase map</source>
        <translation>阶段映射中的阶段</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Ranges of the phase not nested in another range of the same phase</source>
        <translation>该阶段中未嵌套在同一阶段其他范围内的范围</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Sum of the steps&apos; durations</source>
        <translation>各步时长之和</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>墙钟时间</translation>
    </message>
    <message>
        <source>Kernels launched inside the phase&apos;s ranges</source>
        <translation>在该阶段的范围内启动的内核</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>Number of those kernels</source>
        <translation>这些内核的数量</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核数</translation>
    </message>
    <message>
        <source>Kernel time divided by steps</source>
        <translation>内核时间除以步数</translation>
    </message>
    <message>
        <source>Kernel time / step</source>
        <translation>内核时间 / 步</translation>
    </message>
    <message>
        <source>Median step duration (nearest rank)</source>
        <translation>步时长的中位数（最近秩法）</translation>
    </message>
    <message>
        <source>Step p50</source>
        <translation>步 p50</translation>
    </message>
    <message>
        <source>90th percentile of the step duration (nearest rank)</source>
        <translation>步时长的第 90 百分位数（最近秩法）</translation>
    </message>
    <message>
        <source>Step p90</source>
        <translation>步 p90</translation>
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
    <message>
        <source>built-in (prefill, decode, sampling)</source>
        <translation>内置（prefill、decode、sampling）</translation>
    </message>
    <message>
        <source>Default &amp;phase map:</source>
        <translation>默认阶段映射(&amp;P)：</translation>
    </message>
    <message>
        <source>Default Phase Map</source>
        <translation>默认阶段映射</translation>
    </message>
    <message>
        <source>built-in rules only</source>
        <translation>仅内置规则</translation>
    </message>
    <message>
        <source>Default kernel &amp;taxonomy:</source>
        <translation>默认内核分类规则(&amp;T)：</translation>
    </message>
    <message>
        <source>Default Kernel Taxonomy</source>
        <translation>默认内核分类规则</translation>
    </message>
    <message>
        <source>not found on PATH</source>
        <translation>在 PATH 中未找到</translation>
    </message>
    <message>
        <source>%1 (found on PATH)</source>
        <translation>%1（在 PATH 中找到）</translation>
    </message>
    <message>
        <source>Used to open .nsys-rep and .qdrep reports (nsys export --type sqlite, into the cache folder). Get Nsight Systems from https://developer.nvidia.com/nsight-systems.</source>
        <translation>用于打开 .nsys-rep 和 .qdrep 报告（nsys export --type sqlite，导出到缓存文件夹）。请从 https://developer.nvidia.com/nsight-systems 获取 Nsight Systems。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Locate nsys</source>
        <translation>定位 nsys</translation>
    </message>
    <message>
        <source>&amp;nsys:</source>
        <translation>nsys(&amp;N)：</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Math-path rules:</source>
        <translation>数学路径规则(&amp;M)：</translation>
    </message>
    <message>
        <source>Math-Path Rules</source>
        <translation>数学路径规则</translation>
    </message>
    <message>
        <source>built-in table only</source>
        <translation>仅内置表</translation>
    </message>
    <message>
        <source>&amp;GPU peaks:</source>
        <translation>GPU 峰值(&amp;G)：</translation>
    </message>
    <message>
        <source>GPU Peaks</source>
        <translation>GPU 峰值</translation>
    </message>
    <message>
        <source>from the GPU peaks table</source>
        <translation>取自 GPU 峰值表</translation>
    </message>
    <message>
        <source>One peak in TFLOP/s per GPU for every kernel&apos;s MFU, instead of the table.</source>
        <translation>每个 GPU 一个峰值（TFLOP/s），用于所有内核的 MFU，代替峰值表。</translation>
    </message>
    <message>
        <source>Peak TFLOP/&amp;s:</source>
        <translation>峰值 TFLOP/s(&amp;S)：</translation>
    </message>
    <message>
        <source>Trace &amp;cache:</source>
        <translation>跟踪缓存(&amp;C)：</translation>
    </message>
    <message>
        <source>Keep opened exports for fast reopening</source>
        <translation>保留已打开的导出文件以便快速重新打开</translation>
    </message>
    <message>
        <source>A reopened export that has not changed is read from a cache file in %1 instead of its SQLite tables. Nothing is written beside the export.</source>
        <translation>未改动的导出文件再次打开时，从 %1 中的缓存文件读取，而不是读取其 SQLite 表。不会在导出文件旁写入任何内容。</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>The least recently opened exports leave the cache beyond this size.</source>
        <translation>超过此大小时，最久未打开的导出文件将移出缓存。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
</context>
<context>
    <name>sl::Preflight</name>
    <message>
        <source>%1: the file does not exist.</source>
        <translation>%1：文件不存在。</translation>
    </message>
    <message>
        <source>%1 is a directory. Open the trace.sqlite file inside it, exported with &apos;nsys export --type sqlite&apos;.</source>
        <translation>%1 是一个目录。请打开其中用 &apos;nsys export --type sqlite&apos; 导出的 trace.sqlite 文件。</translation>
    </message>
    <message>
        <source>%1 is an Nsight Systems report, not its SQLite export. Export it first with:
  nsys export --type sqlite --output %2.sqlite %1</source>
        <translation>%1 是 Nsight Systems 报告，而不是其 SQLite 导出文件。请先用以下命令导出：
  nsys export --type sqlite --output %2.sqlite %1</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes): the export did not finish or the copy failed.</source>
        <translation>%1 为空（0 字节）：导出未完成或复制失败。</translation>
    </message>
    <message>
        <source>%1 is not an SQLite database (it does not start with the SQLite header). Sightline opens the output of &apos;nsys export --type sqlite&apos;.</source>
        <translation>%1 不是 SQLite 数据库（它不以 SQLite 文件头开始）。Sightline 打开的是 &apos;nsys export --type sqlite&apos; 的输出。</translation>
    </message>
    <message>
        <source>%1 is truncated: its 100-byte SQLite header is incomplete.</source>
        <translation>%1 已被截断：其 100 字节的 SQLite 文件头不完整。</translation>
    </message>
    <message>
        <source>%1 is truncated: the database header says %2 bytes but the file has %3. Copy the export again.</source>
        <translation>%1 已被截断：数据库文件头记录的大小为 %2 字节，但文件只有 %3。请重新复制导出文件。</translation>
    </message>
    <message>
        <source>No trace file was given.</source>
        <translation>未指定跟踪文件。</translation>
    </message>
    <message>
        <source>%1 cannot be reached: a folder on its path cannot be read (permission denied). Ask for access to the folder, or copy the trace somewhere readable.</source>
        <translation>无法访问 %1：其路径上的某个文件夹不可读（权限被拒绝）。请申请该文件夹的访问权限，或将跟踪复制到可读的位置。</translation>
    </message>
    <message>
        <source>%1: the path is longer than the system accepts. Move the trace to a shorter path.</source>
        <translation>%1：路径长度超过了系统允许的上限。请将跟踪移到更短的路径下。</translation>
    </message>
    <message>
        <source>%1 is not a regular file (it is a pipe, socket or device). Sightline reads exported files only: save the export to a file first.</source>
        <translation>%1 不是普通文件（而是管道、套接字或设备）。Sightline 只读取导出的文件：请先将导出内容保存为文件。</translation>
    </message>
    <message>
        <source>%1 cannot be read: permission denied. Ask for read access, or copy the trace.</source>
        <translation>无法读取 %1：权限被拒绝。请申请读取权限，或复制该跟踪。</translation>
    </message>
    <message>
        <source> (process %1)</source>
        <translation>（进程 %1）</translation>
    </message>
    <message>
        <source>%1 is locked: another program%2 is writing to it. Wait until it has finished (an export still running?), then open it again.</source>
        <translation>%1 已被锁定：另一个程序%2正在写入它。请等待其完成（导出仍在运行？）后再打开。</translation>
    </message>
    <message>
        <source>%1 has a write-ahead log beside it (%2, %3 bytes) whose changes are not in the file yet: the program that wrote it is still running or did not close it. Reading without the log would show an old state and merging it would write beside the file, which Sightline never does. Wait until the export has finished, or merge the log with &quot;sqlite3 %4 &apos;PRAGMA wal_checkpoint(TRUNCATE)&apos;&quot; (that writes to the export), or export it again.</source>
        <translation>%1 旁边有一个预写日志（%2，%3 字节），其中的更改尚未写入文件：写入它的程序仍在运行或没有关闭它。不使用该日志读取会看到旧的状态，而合并日志需要在文件旁写入，Sightline 从不这样做。请等待导出完成，或用 &quot;sqlite3 %4 &apos;PRAGMA wal_checkpoint(TRUNCATE)&apos;&quot; 合并日志（这会写入导出文件），或重新导出。</translation>
    </message>
    <message>
        <source>%1 has a hot journal beside it (%2): a program stopped in the middle of writing to it, so the file may hold half a change. SQLite would roll it back by writing to the export, which Sightline never does. Open a copy of both files once with sqlite3 (it rolls the change back), or export it again.</source>
        <translation>%1 旁边有一个热日志（%2）：某个程序在写入过程中停止，因此文件可能只包含一半的更改。SQLite 会通过写入导出文件来回滚，Sightline 从不这样做。请用 sqlite3 打开这两个文件的副本一次（它会回滚该更改），或重新导出。</translation>
    </message>
</context>
<context>
    <name>sl::ProcessTreeModel</name>
    <message>
        <source>PID %1</source>
        <translation>PID %1</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1（PID %2）</translation>
    </message>
    <message>
        <source>TID %1</source>
        <translation>TID %1</translation>
    </message>
    <message>
        <source>%1 (TID %2)</source>
        <translation>%1（TID %2）</translation>
    </message>
    <message>
        <source>Kernel time</source>
        <translation>内核时间</translation>
    </message>
    <message>
        <source>API time</source>
        <translation>API 时间</translation>
    </message>
    <message>
        <source>Blocking sync</source>
        <translation>阻塞同步</translation>
    </message>
    <message>
        <source>NVTX ranges</source>
        <translation>NVTX 范围</translation>
    </message>
    <message>
        <source>Select to show only %1 in the other views.</source>
        <translation>选中后，其他视图只显示 %1。</translation>
    </message>
    <message>
        <source>GPU %1 (%2)</source>
        <translation>GPU %1（%2）</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation>流 %1</translation>
    </message>
    <message>
        <source>Process / thread / GPU / stream</source>
        <translation>进程 / 线程 / GPU / 流</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核数</translation>
    </message>
    <message>
        <source>Time covered by the profiler&apos;s own work in this process (PROFILER_OVERHEAD: CUPTI buffer flushes, instrumentation, initialization): what ran there is perturbed</source>
        <translation>此进程中被性能分析器自身工作覆盖的时间（PROFILER_OVERHEAD：CUPTI 缓冲区刷新、插桩、初始化）：其间运行的内容受到干扰</translation>
    </message>
    <message>
        <source>Profiler overhead</source>
        <translation>分析器开销</translation>
    </message>
</context>
<context>
    <name>sl::ProcessesDock</name>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Stop focusing the views on one process, thread, GPU or stream</source>
        <translation>不再将各视图聚焦于单个进程、线程、GPU 或流</translation>
    </message>
    <message>
        <source>Showing everything. Select a node to focus the views on it.</source>
        <translation>正在显示全部内容。选择一个节点可将各视图聚焦于它。</translation>
    </message>
    <message>
        <source>Focused on %1</source>
        <translation>已聚焦于 %1</translation>
    </message>
</context>
<context>
    <name>sl::RecentFilesMenu</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
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
    <name>sl::RooflineChart</name>
    <message>
        <source>Import Nsight Compute results (File menu) to see the roofline</source>
        <translation>导入 Nsight Compute 结果（文件菜单）以查看屋顶线</translation>
    </message>
    <message>
        <source>The export does not describe the GPU (TARGET_INFO_GPU): no roofline</source>
        <translation>导出文件未描述 GPU（TARGET_INFO_GPU）：无法绘制屋顶线</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP per DRAM byte)</source>
        <translation>算术强度（每 DRAM 字节的 FLOP）</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>DRAM roof, FP32 ceiling</source>
        <translation>DRAM 屋顶与 FP32 上限</translation>
    </message>
    <message>
        <source>L2 roof</source>
        <translation>L2 屋顶</translation>
    </message>
    <message>
        <source>FP16 (no tensor cores)</source>
        <translation>FP16（不用张量核）</translation>
    </message>
    <message>
        <source>FP64</source>
        <translation>FP64</translation>
    </message>
    <message>
        <source>Roofline of %1</source>
        <translation type="vanished">%1 的屋顶线</translation>
    </message>
    <message>
        <source>The GPU whose roofline is shown: the profiled kernels that ran on it</source>
        <translation>显示其屋顶线的 GPU：在其上运行的被剖析内核</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <source>DRAM roof, tensor-core ceiling (BF16/FP16 dense)</source>
        <translation>DRAM 屋顶，张量核上限（稠密 BF16/FP16）</translation>
    </message>
    <message>
        <source>Roofline of %1 (GPU %2)</source>
        <translation>%1 的屋顶线（GPU %2）</translation>
    </message>
    <message>
        <source>DRAM roof, %1 tensor-core ceiling (dense)</source>
        <translation>DRAM 屋顶，%1 张量核上限（稠密）</translation>
    </message>
</context>
<context>
    <name>sl::ScreenshotRunner</name>
    <message>
        <source>--screenshot needs at least one trace.</source>
        <translation>--screenshot 至少需要一个跟踪。</translation>
    </message>
    <message>
        <source>There is no dock named “%1”.</source>
        <translation>没有名为“%1”的面板。</translation>
    </message>
    <message>
        <source>Cannot write the screenshot to %1.</source>
        <translation>无法将截图写入 %1。</translation>
    </message>
</context>
<context>
    <name>sl::SearchDock</name>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Kernel, NVTX range or API name (Ctrl+F)</source>
        <translation>内核、NVTX 范围或 API 名称（Ctrl+F）</translation>
    </message>
    <message>
        <source>Type to search the current trace and window.</source>
        <translation>输入以在当前跟踪和分析窗口中搜索。</translation>
    </message>
    <message>
        <source>No trace open.</source>
        <translation>未打开跟踪。</translation>
    </message>
    <message>
        <source>Searching for “%1”…</source>
        <translation>正在搜索“%1”…</translation>
    </message>
    <message>
        <source>Nothing named “%1” in this window.</source>
        <translation>此分析窗口中没有名为“%1”的项。</translation>
    </message>
    <message numerus="yes">
        <source>%n name(s) with “%1”, %2 rows in this window.</source>
        <translation>
            <numerusform>%n 个名称包含“%1”，此分析窗口中共 %2 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 “%2”</source>
        <translation>%1“%2”</translation>
    </message>
</context>
<context>
    <name>sl::SearchResultModel</name>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
</context>
<context>
    <name>sl::ServingDock</name>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>Click a step to select its kernels and mark them on the timeline</source>
        <translation>点击某一步以选中其内核并在时间线上标记</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank 数</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>生成 token 数</translation>
    </message>
    <message>
        <source>TPOT p50</source>
        <translation>TPOT p50</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>decode tokens/s</translation>
    </message>
    <message>
        <source>Prefill tokens/s</source>
        <translation>prefill tokens/s</translation>
    </message>
    <message>
        <source>GPU idle in steps</source>
        <translation>步内 GPU 空闲</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>已计入</translation>
    </message>
    <message>
        <source>No serving steps in this window: none of its NVTX ranges is named like a vLLM, TensorRT-LLM or SGLang step (or a step rule of the phase map).</source>
        <translation>此分析窗口中没有推理服务步：其 NVTX 范围的命名都不像 vLLM、TensorRT-LLM 或 SGLang 的步（或阶段映射中的步规则）。</translation>
    </message>
    <message>
        <source>%1 steps (%2 prefill, %3 decode, %4 mixed, %5 other) named by %6. Context tokens %7, generated tokens %8. TPOT mean %9, p50 %10. Decode %11 tokens/s, prefill %12 tokens/s. Kernel time per generated token %13. GPU idle inside steps %14. Time to first token needs request ranges and is not shown.</source>
        <translation type="vanished">%1 步（prefill %2，decode %3，混合 %4，其他 %5），由 %6 命名。上下文 token 数 %7，生成 token 数 %8。TPOT 均值 %9，p50 %10。decode %11 tokens/s，prefill %12 tokens/s。每生成 token 内核时间 %13。步内 GPU 空闲 %14。首 token 时间需要请求范围，未显示。</translation>
    </message>
    <message>
        <source>replica of %1</source>
        <translation>%1 的副本</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>%1 step %2 of process %3</source>
        <translation>进程 %3 的 %1 第 %2 步</translation>
    </message>
    <message>
        <source>%1 steps (%2 prefill, %3 decode, %4 mixed, %5 other) named by %6. Context tokens %7, generated tokens %8. TPOT mean %9, p50 %10. Decode %11 tokens/s, prefill %12 tokens/s. Kernel time per generated token %13. GPU idle inside steps %14.</source>
        <translation>%1 步（prefill %2，decode %3，混合 %4，其他 %5），由 %6 命名。上下文 token 数 %7，生成 token 数 %8。TPOT 均值 %9，p50 %10。decode %11 tokens/s，prefill %12 tokens/s。每生成 token 内核时间 %13。步内 GPU 空闲 %14。</translation>
    </message>
    <message>
        <source>Time to first token: — (%1)</source>
        <translation>首 token 时间：—（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s): TTFT p50 %1, p90 %2, p99 %3; end-to-end p50 %4, p90 %5.</source>
        <translation>
            <numerusform>%n 个请求：TTFT p50 %1，p90 %2，p99 %3；端到端 p50 %4，p90 %5。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sl::ServingStepModel</name>
    <message>
        <source>Context requests(tokens) + generation requests(tokens), from the step&apos;s NVTX name; ? = not given</source>
        <translation>上下文请求（token）+ 生成请求（token），来自步的 NVTX 名称；? = 未给出</translation>
    </message>
    <message>
        <source>Time in host ranges (input preparation, scheduling, bookkeeping) inside the step</source>
        <translation>步内主机范围（输入准备、调度、记账）的时间</translation>
    </message>
    <message>
        <source>Start after the beginning of the analysis window</source>
        <translation>相对分析窗口开始的起始时间</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Composition</source>
        <translation>组成</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation>GPU 忙碌</translation>
    </message>
    <message>
        <source>GPU idle</source>
        <translation>GPU 空闲</translation>
    </message>
    <message>
        <source>Host share</source>
        <translation>主机占比</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
</context>
<context>
    <name>sl::SessionStatus</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop loading or analysing</source>
        <translation>停止加载或分析</translation>
    </message>
    <message>
        <source>The analysis window every figure covers, and the focus of the views</source>
        <translation>所有指标覆盖的分析窗口，以及各视图的聚焦对象</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Loading %1: %2</source>
        <translation>正在加载 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n kernel(s), %2 finding(s).</source>
        <translation>
            <numerusform>%1：%n 个内核，%2 条诊断结论。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1: cancelled.</source>
        <translation>%1：已取消。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>sl::SkewHistogram</name>
    <message>
        <source>Arrival skew (last − first arrival) of the matched collectives.</source>
        <translation>匹配的集合通信的到达偏差（最后到达 − 最先到达）。</translation>
    </message>
    <message>
        <source>arrival skew</source>
        <translation>到达偏差</translation>
    </message>
</context>
<context>
    <name>sl::SqliteLibrary</name>
    <message>
        <source>the QSQLITE driver is not available</source>
        <translation>QSQLITE 驱动不可用</translation>
    </message>
    <message>
        <source>QSQLITE (%1) calls the linked libsqlite3 %2</source>
        <translation>QSQLITE（%1）调用所链接的 libsqlite3 %2</translation>
    </message>
    <message>
        <source>QSQLITE (%1) does not call the linked libsqlite3 %2 (another copy of SQLite)</source>
        <translation>QSQLITE（%1）未调用所链接的 libsqlite3 %2（另一份 SQLite）</translation>
    </message>
    <message>
        <source>QSQLITE runs SQLite %1, the linked library is %2</source>
        <translation>QSQLITE 运行的是 SQLite %1，所链接的库是 %2</translation>
    </message>
</context>
<context>
    <name>sl::StallBreakdownChart</name>
    <message>
        <source>%1: no warp stall figures (collect them with ncu --section WarpStateStats or --section SourceCounters)</source>
        <translation>%1：没有 warp 停顿指标（用 ncu --section WarpStateStats 或 --section SourceCounters 采集）</translation>
    </message>
    <message>
        <source>Warp stalls of %1</source>
        <translation>%1 的 warp 停顿</translation>
    </message>
    <message>
        <source>share of the %1 (%)</source>
        <translation>占 %1 的比例（%）</translation>
    </message>
    <message>
        <source>%1: %2 (%3 %4)</source>
        <translation>%1：%2（%3 %4）</translation>
    </message>
</context>
<context>
    <name>sl::StepAlignedView</name>
    <message>
        <source>%1 · pid %2</source>
        <translation>%1 · pid %2</translation>
    </message>
    <message>
        <source>No NVTX steps of this phase in the compared traces.</source>
        <translation>被比较的跟踪中没有该阶段的 NVTX 步。</translation>
    </message>
    <message>
        <source>%1, step %2: %3 (starts at %4). Click to show its kernels.</source>
        <translation>%1，第 %2 步：%3（开始于 %4）。单击可显示其内核。</translation>
    </message>
</context>
<context>
    <name>sl::StepDistributionChart</name>
    <message>
        <source>Duration of %1 steps: min, p25, p50, p75, max</source>
        <translation>%1 各步时长：最小值、p25、p50、p75、最大值</translation>
    </message>
</context>
<context>
    <name>sl::SynthShapes</name>
    <message>
        <source>Cannot write %1: invalid options (steps must be at least 1).</source>
        <translation>无法写入 %1：选项无效（步数必须至少为 1）。</translation>
    </message>
    <message>
        <source>cannot rename the finished file</source>
        <translation>无法重命名已完成的文件</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>sl::TimeCanvas</name>
    <message>
        <source>Open a trace to see its timeline.</source>
        <translation>打开一个跟踪以查看其时间轴。</translation>
    </message>
    <message>
        <source>Preparing the timeline… %1 %</source>
        <translation>正在准备时间轴… %1 %</translation>
    </message>
    <message>
        <source>from capture start</source>
        <translation>自采集开始</translation>
    </message>
</context>
<context>
    <name>sl::TimelineDock</name>
    <message>
        <source>Timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>全览</translation>
    </message>
    <message>
        <source>Show the whole capture (Home)</source>
        <translation>显示整个采集范围（Home）</translation>
    </message>
    <message>
        <source>Wheel: zoom · drag or Shift+wheel: pan · Shift+drag: analyse that range · click: select kernel</source>
        <translation>滚轮：缩放 · 拖动或 Shift+滚轮：平移 · Shift+拖动：分析该范围 · 单击：选择内核</translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation>GPU 忙碌</translation>
    </message>
    <message>
        <source>idle: %1</source>
        <translation>空闲：%1</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Choose the hardware counters drawn under each GPU</source>
        <translation>选择在每个 GPU 下绘制的硬件计数器</translation>
    </message>
    <message>
        <source>Key counters only</source>
        <translation>仅关键计数器</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Hide all</source>
        <translation>全部隐藏</translation>
    </message>
    <message>
        <source>%1 (NVML)</source>
        <translation>%1（NVML）</translation>
    </message>
    <message>
        <source>Counters (%1 of %2)</source>
        <translation>计数器（%2 个中的 %1 个）</translation>
    </message>
    <message>
        <source>Kernel clicked on the timeline</source>
        <translation>在时间轴上单击的内核</translation>
    </message>
</context>
<context>
    <name>sl::TimelineView</name>
    <message>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation>流 %1</translation>
    </message>
    <message>
        <source>graphs</source>
        <translation>图</translation>
    </message>
    <message>
        <source>copies</source>
        <translation>拷贝</translation>
    </message>
    <message>
        <source>memsets</source>
        <translation>memset</translation>
    </message>
    <message>
        <source>Category: %1</source>
        <translation>类别：%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Start: %1 after the capture start</source>
        <translation>开始：采集开始后 %1</translation>
    </message>
    <message>
        <source>Duration: %1</source>
        <translation>时长：%1</translation>
    </message>
    <message>
        <source>GPU %1, stream %2</source>
        <translation>GPU %1，流 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Idle gap&lt;/b&gt; of %1&lt;br&gt;Cause: %2&lt;br&gt;From %3 to %4 after the capture start</source>
        <translation>&lt;b&gt;空闲间隙&lt;/b&gt;，时长 %1&lt;br&gt;原因：%2&lt;br&gt;采集开始后 %3 至 %4</translation>
    </message>
    <message>
        <source>GPU %1 busy %2 of this pixel (%3 at %4)</source>
        <translation>此像素内 GPU %1 忙碌 %2（宽 %3，位于 %4）</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) start in this pixel (%1 at %2)&lt;br&gt;Busy: %3&lt;br&gt;Mostly: %4</source>
        <translation>
            <numerusform>%n 个内核在此像素内开始（宽 %1，位于 %2）&lt;br&gt;忙碌：%3&lt;br&gt;主要类别：%4</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Copy %1&lt;/b&gt;, %2&lt;br&gt;Start: %3 after the capture start&lt;br&gt;Duration: %4</source>
        <translation>&lt;b&gt;拷贝 %1&lt;/b&gt;，%2&lt;br&gt;开始：采集开始后 %3&lt;br&gt;时长：%4</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Start: %2 after the capture start&lt;br&gt;Duration: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;开始：采集开始后 %2&lt;br&gt;时长：%3</translation>
    </message>
    <message>
        <source>Memset</source>
        <translation>Memset</translation>
    </message>
    <message>
        <source>Graph launch</source>
        <translation>图启动</translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) start in this pixel (%1 at %2)&lt;br&gt;Busy: %3</source>
        <translation>
            <numerusform>%n 个操作在此像素内开始（宽 %1，位于 %2）&lt;br&gt;忙碌：%3</numerusform>
        </translation>
    </message>
    <message>
        <source>host wait (the launch came late)</source>
        <translation>主机等待（启动来得太晚）</translation>
    </message>
    <message>
        <source>sync wait (a blocking call was waiting)</source>
        <translation>同步等待（有阻塞调用在等待）</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;No sample here</source>
        <translation>%1&lt;br&gt;此处无采样</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on GPU %2: %3 %4&lt;br&gt;Mean of the samples in this pixel (%5 at %6)</source>
        <translation>GPU %2 上的 &lt;b&gt;%1&lt;/b&gt;：%3 %4&lt;br&gt;此像素内采样的均值（%6 处 %5）</translation>
    </message>
    <message>
        <source>profiler (CUPTI flush)</source>
        <translation>分析器（CUPTI 刷新）</translation>
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
        <translation type="vanished">未计算</translation>
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
        <translation type="vanished">整图（每次图启动一条记录）</translation>
    </message>
    <message>
        <source>nodes (one record per kernel of a graph)</source>
        <translation type="vanished">节点（图中每个内核一条记录）</translation>
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
    <message>
        <source>computed when a report is exported</source>
        <translation>导出报告时计算</translation>
    </message>
</context>
<context>
    <name>sl::TraceSession</name>
    <message>
        <source>Analysing %1…</source>
        <translation>正在分析 %1…</translation>
    </message>
    <message>
        <source>Reading the imports of %1…</source>
        <translation>正在读取 %1 的导入文件…</translation>
    </message>
</context>
</TS>
