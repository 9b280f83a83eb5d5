# A small Llama-style decoder layer + GPT-2-vocab logits in bf16 on the GPU, for real cuBLAS /
# cuBLASLt logs, an ncu raw-page CSV and NVML samples. Prefill (seq 512) then decode steps (seq 1).
import sys, torch, torch.nn.functional as F
torch.manual_seed(0)
dev = "cuda"; dt = torch.bfloat16
H, NH, FF, V = 4096, 32, 11008, 50257
B = int(sys.argv[1]) if len(sys.argv) > 1 else 4
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 4
wqkv = torch.randn(3 * H, H, device=dev, dtype=dt) * 0.02
wo = torch.randn(H, H, device=dev, dtype=dt) * 0.02
wup = torch.randn(2 * FF, H, device=dev, dtype=dt) * 0.02
wdown = torch.randn(H, FF, device=dev, dtype=dt) * 0.02
wlog = torch.randn(V, H, device=dev, dtype=dt) * 0.02
norm = torch.ones(H, device=dev, dtype=dt)
def layer(x):
    b, s, _ = x.shape
    h = F.rms_norm(x, (H,), norm) if hasattr(F, "rms_norm") else x
    qkv = F.linear(h, wqkv)
    q, k, v = qkv.view(b, s, 3, NH, H // NH).unbind(2)
    q, k, v = (t.transpose(1, 2) for t in (q, k, v))
    att = torch.matmul(q, k.transpose(-1, -2)) / (H // NH) ** 0.5
    att = att.softmax(-1)
    o = torch.matmul(att, v).transpose(1, 2).reshape(b, s, H)
    x = x + F.linear(o, wo)
    gu = F.linear(x, wup)
    g, u = gu.chunk(2, -1)
    x = x + F.linear(F.silu(g) * u, wdown)
    return F.linear(x[:, -1, :], wlog)
with torch.no_grad():
    x = torch.randn(B, 512, H, device=dev, dtype=dt)
    layer(x)
    for _ in range(steps):
        layer(torch.randn(B, 1, H, device=dev, dtype=dt))
    torch.cuda.synchronize()
print("done", torch.__version__, torch.cuda.get_device_name())
