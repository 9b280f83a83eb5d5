# Attention of known shape through each PyTorch SDPA backend, for ncu's tensor-path counters and the
# kernels' real names: does the executed count follow 4*B*H*L*S*D, and what does a causal mask save?
import torch, torch.nn.functional as F
from torch.nn.attention import sdpa_kernel, SDPBackend
torch.manual_seed(0)
dev = "cuda"
B, H, D = 2, 32, 128
backends = {"flash": SDPBackend.FLASH_ATTENTION, "efficient": SDPBackend.EFFICIENT_ATTENTION,
            "cudnn": SDPBackend.CUDNN_ATTENTION}
for dtname, dt in (("bf16", torch.bfloat16), ("fp16", torch.float16)):
    for bname, be in backends.items():
        for L, S, causal in ((2048, 2048, False), (2048, 2048, True), (1, 2048, False)):
            if dtname == "fp16" and (L == 1 or causal):
                continue
            q = torch.randn(B, H, L, D, device=dev, dtype=dt)
            k = torch.randn(B, H, S, D, device=dev, dtype=dt)
            v = torch.randn(B, H, S, D, device=dev, dtype=dt)
            torch.cuda.synchronize()
            tag = f"sdpa {bname} {dtname} B={B} H={H} L={L} S={S} D={D} causal={int(causal)}"
            try:
                with sdpa_kernel(be):
                    torch.cuda.nvtx.range_push(tag)
                    o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                    torch.cuda.synchronize()
                    torch.cuda.nvtx.range_pop()
                print(f"case {tag} full_flops={4 * B * H * L * S * D}", flush=True)
            except Exception as e:
                torch.cuda.nvtx.range_pop()
                print(f"skipped {tag}: {str(e)[:120]}", flush=True)
print("done", torch.__version__, torch.cuda.get_device_name())
