#!/bin/bash
# The device run that made this folder. $OUT is the run tool's output folder.
cd "$(dirname "$0")"
M=gpu__time_duration.sum,dram__bytes.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_tensor.sum
M="$M,sm__ops_path_tensor_src_bf16_dst_fp32.sum,sm__ops_path_tensor_src_fp16.sum,sm__ops_path_tensor_src_tf32_dst_fp32.sum,sm__ops_path_tensor_src_fp8.sum"
M="$M,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,sm__sass_thread_inst_executed_op_hfma_pred_on.sum"
timeout 400 ncu --csv --page raw --nvtx --nvtx-include 'regex:sdpa .*/' --metrics "$M" --log-file "$OUT/ncu-raw-sdpa.csv" python3 sdpa.py > "$OUT/sdpa-stdout.txt" 2>&1
echo "ncu rc=$?"
