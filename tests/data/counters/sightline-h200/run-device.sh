#!/bin/bash
# The device run that made this folder (see README.md). $OUT is the run tool's output folder.
set -x
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem,power.limit --format=csv > $OUT/smi-name.csv 2>&1
ncu --version > $OUT/ncu-version.txt 2>&1
python3 -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_device_properties(0))" > $OUT/torch.txt 2>&1
timeout 60 ncu --query-metrics --chip gh100 > $OUT/query-gh100.txt 2>&1
T=$(awk '{print $1}' $OUT/query-gh100.txt | grep -E '^sm__ops_path_tensor_src_' | sed 's/$/.sum/' | paste -sd, -)
echo "tensor metrics: $T"
M=gpu__time_duration.sum,dram__bytes.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_tensor.sum,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,sm__sass_thread_inst_executed_op_hfma_pred_on.sum
[ -n "$T" ] && M="$M,$T"
timeout 300 ncu --csv --page raw --nvtx --nvtx-include 'regex:gemm .*/' --metrics "$M" --log-file $OUT/ncu-raw-gemm.csv python3 gemm.py > $OUT/gemm-stdout.txt 2>&1
echo "ncu rc=$?"
if [ "$(grep -c nvjet\|gemm\|cutlass\|sm90 $OUT/ncu-raw-gemm.csv)" -lt 3 ]; then
  mv $OUT/ncu-raw-gemm.csv $OUT/ncu-raw-gemm-filtered.csv
  timeout 300 ncu --csv --page raw --metrics "$M" --log-file $OUT/ncu-raw-gemm.csv python3 gemm.py > $OUT/gemm-stdout.txt 2>&1
  echo "ncu unfiltered rc=$?"
fi
tail -5 $OUT/gemm-stdout.txt
wc -l $OUT/ncu-raw-gemm.csv
python3 - <<'PY'
import csv, os
rows = list(csv.reader(open(os.environ["OUT"] + "/ncu-raw-gemm.csv")))
h = [i for i, r in enumerate(rows) if r and r[0] == "ID"][0]
hdr = rows[h]
want = [c for c in hdr if c.startswith("sm__ops_path_tensor") or c in ("Kernel Name", "gpu__time_duration.sum", "sm__inst_executed_pipe_tensor.sum")]
for r in rows[h + 2:]:
    d = dict(zip(hdr, r))
    print({k: d[k] for k in want if d.get(k) not in (None, "", "0")})
PY
