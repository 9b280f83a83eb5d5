import torch
torch.manual_seed(0)
# one small LLM MLP layer (SwiGLU), bf16: hidden 1024, intermediate 2816, 16 tokens
x = torch.randn(16, 1024, device='cuda', dtype=torch.bfloat16)
w1 = torch.randn(2816, 1024, device='cuda', dtype=torch.bfloat16)
w3 = torch.randn(2816, 1024, device='cuda', dtype=torch.bfloat16)
w2 = torch.randn(1024, 2816, device='cuda', dtype=torch.bfloat16)
y = (torch.nn.functional.silu(x @ w1.t()) * (x @ w3.t())) @ w2.t()
torch.cuda.synchronize()
