# GEMMs of known shape for ncu's tensor-path counters: does sm__ops_path_tensor_* count 2*M*N*K?
# One NVTX range per case; inputs made before the range, so the range holds the GEMM's kernels only.
import torch
torch.manual_seed(0)
torch.backends.cuda.matmul.allow_tf32 = True
dev = "cuda"
types = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}
cases = [("bf16", 4096, 4096, 4096), ("bf16", 2048, 11008, 4096), ("bf16", 8, 4096, 4096),
         ("fp16", 4096, 4096, 4096), ("tf32", 4096, 4096, 4096)]
for name, m, n, k in cases:
    a = torch.randn(m, k, device=dev, dtype=types[name])
    b = torch.randn(k, n, device=dev, dtype=types[name])
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_push(f"gemm {name} {m}x{n}x{k}")
    c = a @ b
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_pop()
    print(f"case {name} M={m} N={n} K={k} flops={2 * m * n * k}", flush=True)
try:  # fp8 e4m3 with per-tensor scales (torch._scaled_mm wants B column-major)
    m = n = k = 4096
    a = torch.randn(m, k, device=dev).to(torch.float8_e4m3fn)
    b = torch.randn(n, k, device=dev).to(torch.float8_e4m3fn).t()
    one = torch.tensor(1.0, device=dev)
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_push(f"gemm fp8 {m}x{n}x{k}")
    c = torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_pop()
    print(f"case fp8 M={m} N={n} K={k} flops={2 * m * n * k}", flush=True)
except Exception as e:
    print("fp8 skipped:", e, flush=True)
print("done", torch.__version__, torch.cuda.get_device_name())
