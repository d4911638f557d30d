"""Fine-tune all-MiniLM-L6-v2 end to end as an AI-text classifier (issue 24, item 6). Runs on the lent GPU machine
(PyTorch there; nothing can be fetched), from the repo root, on what `python -m inkprint_ml.encoder_data` packed:

    OUT=/some/dir python3 ml/gpu/encoder_finetune.py            # EPOCHS=3 LR=5e-5 BATCH=64

The model is BERT written out in plain PyTorch (the same graph `inkprint_ml.encoder_export` writes as ONNX):
word + position + token-type-0 embeddings, LayerNorm, 6 post-LN layers (12 heads x 32, erf GELU), mean pooling over
the attention mask, one linear unit. Trains, with bf16 autocast and weighted sampling (`encoder_data.weights`):

1. the shipped model on every trainable row -> `$OUT/final-*.npz` (fp16 weights, <= 15 MiB per file) + the fp32
   logits of the first 64 rows for the ONNX parity check;
2. one model per left-out family k (fold k: that family's AI rows and a fifth of the human texts) -> `$OUT/oof.npz`
   `prob[:, k]` for every row (column 5: the shipped model), so every row can be scored by a model that never saw
   its family (AI) or itself (human).
"""
from __future__ import annotations

import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

OUT = os.environ.get("OUT", "/tmp/out")
EPOCHS = float(os.environ.get("EPOCHS", "3"))
LR = float(os.environ.get("LR", "5e-5"))
BATCH = int(os.environ.get("BATCH", "64"))
FOLDS = int(os.environ.get("FOLDS", "5"))
DATA = os.environ.get("DATA", "ml/.gpu")  # what encoder_data packed (MAX_LEN: its INKPRINT_ENCODER_MAX_LEN)
H, NH, NL, FF, V = 384, 12, 6, 1536, 30522
T = int(os.environ.get("MAX_LEN", "512"))
DEV = "cuda"
T0 = time.time()


def log(**kw):
    kw["t"] = round(time.time() - T0, 1)
    print(json.dumps(kw), flush=True)
    with open(os.path.join(OUT, "log.jsonl"), "a") as f:
        f.write(json.dumps(kw) + "\n")


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q, self.k, self.v, self.o = (nn.Linear(H, H) for _ in range(4))
        self.ln1, self.ln2 = nn.LayerNorm(H, eps=1e-12), nn.LayerNorm(H, eps=1e-12)
        self.ff1, self.ff2 = nn.Linear(H, FF), nn.Linear(FF, H)
        self.drop = nn.Dropout(0.1)

    def forward(self, x, amask):
        b, t, _ = x.shape
        sh = lambda y: y.view(b, t, NH, H // NH).transpose(1, 2)
        a = F.scaled_dot_product_attention(sh(self.q(x)), sh(self.k(x)), sh(self.v(x)), attn_mask=amask,
                                           dropout_p=0.1 if self.training else 0.0)
        x = self.ln1(x + self.drop(self.o(a.transpose(1, 2).reshape(b, t, H))))
        return self.ln2(x + self.drop(self.ff2(F.gelu(self.ff1(x)))))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word, self.pos = nn.Embedding(V, H), nn.Embedding(512, H)
        self.typ = nn.Parameter(torch.zeros(H))
        self.ln0 = nn.LayerNorm(H, eps=1e-12)
        self.layers = nn.ModuleList(Layer() for _ in range(NL))
        self.drop = nn.Dropout(0.1)
        self.head = nn.Linear(H, 1)

    def forward(self, ids, mask):
        t = ids.shape[1]
        x = self.ln0(self.word(ids) + self.pos.weight[:t] + self.typ)
        x = self.drop(x)
        amask = mask[:, None, None, :]
        for layer in self.layers:
            x = layer(x, amask)
        m = mask.unsqueeze(-1).to(x.dtype)
        pooled = (x * m).sum(1) / m.sum(1).clamp(min=1.0)
        return self.head(self.drop(pooled)).squeeze(-1)


NAMES = {"embeddings.word_embeddings.weight": "word.weight", "embeddings.position_embeddings.weight": "pos.weight",
         "embeddings.LayerNorm.weight": "ln0.weight", "embeddings.LayerNorm.bias": "ln0.bias"}
for i in range(NL):
    for src, dst in [("attention.self.query", "q"), ("attention.self.key", "k"), ("attention.self.value", "v"),
                     ("attention.output.dense", "o"), ("attention.output.LayerNorm", "ln1"),
                     ("intermediate.dense", "ff1"), ("output.dense", "ff2"), ("output.LayerNorm", "ln2")]:
        for p in ("weight", "bias"):
            NAMES[f"encoder.layer.{i}.{src}.{p}"] = f"layers.{i}.{dst}.{p}"


def initial_state(init) -> dict:
    used = init["used_rows"]
    st = {}
    for key in init.files:
        if key.startswith("q8:"):
            name = key[3:]
            st[name] = init[key].astype(np.float32) * init["sc:" + name]
        elif key.startswith("f32:"):
            st[key[4:]] = init[key]
    word = np.zeros((V, H), np.float32)
    word[used] = st.pop("embeddings.word_embeddings.weight")
    st["embeddings.word_embeddings.weight"] = word
    out = {NAMES[k]: torch.from_numpy(np.ascontiguousarray(v)) for k, v in st.items() if k in NAMES}
    out["typ"] = torch.from_numpy(st["embeddings.token_type_embeddings.weight"][0].copy())
    return out


def make_model(state) -> Encoder:
    m = Encoder()
    missing, unexpected = m.load_state_dict(state, strict=False)
    assert set(missing) <= {"head.weight", "head.bias"} and not unexpected, (missing, unexpected)
    nn.init.normal_(m.head.weight, std=0.02)
    nn.init.zeros_(m.head.bias)
    return m.to(DEV)


def train(state, ids, mask, y, w, idx, tag):
    model = make_model(state)
    model.train()
    decay = [p for n, p in model.named_parameters() if p.ndim == 2 and not n.startswith(("word", "pos", "head"))]
    nodecay = [p for n, p in model.named_parameters() if not (p.ndim == 2 and not n.startswith(("word", "pos")))
               and not n.startswith("head")]
    head = list(model.head.parameters())
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01, "lr": LR},
                             {"params": nodecay, "weight_decay": 0.0, "lr": LR},
                             {"params": head, "weight_decay": 0.0, "lr": LR * 20}], betas=(0.9, 0.98))
    base = [g["lr"] for g in opt.param_groups]
    steps = int(math.ceil(EPOCHS * len(idx) / BATCH))
    warm = max(1, steps // 10)
    probs = torch.as_tensor(w[idx], dtype=torch.float64, device=DEV)
    idx_t = torch.as_tensor(idx, device=DEV)
    g = torch.Generator(device=DEV).manual_seed(1234)
    draws = idx_t[torch.multinomial(probs, steps * BATCH, replacement=True, generator=g)].view(steps, BATCH)
    t0 = time.time()
    for s in range(steps):
        f = min(1.0, (s + 1) / warm) * max(0.0, (steps - s) / max(1, steps - warm))
        for gr, b0 in zip(opt.param_groups, base):
            gr["lr"] = b0 * f
        bi = draws[s]
        bid, bm = ids[bi].clone(), mask[bi].clone()
        # random truncation for a third of the batch: the model must also judge short texts (min 40 pieces)
        ln = bm.sum(1)
        cut = torch.rand(BATCH, device=DEV) < 0.33
        newlen = torch.minimum(ln, (40 + torch.rand(BATCH, device=DEV) * (ln - 40).clamp(min=0).float()).long())
        newlen = torch.where(cut & (ln > 48), newlen, ln)
        pos = torch.arange(T, device=DEV)[None, :]
        bm = pos < newlen[:, None]
        sep = (pos == (newlen[:, None] - 1)) & cut[:, None] & (newlen < ln)[:, None]
        bid = torch.where(sep, torch.full_like(bid, 102), bid) * bm
        with torch.autocast("cuda", dtype=torch.bfloat16):
            logit = model(bid, bm)
        loss = F.binary_cross_entropy_with_logits(logit.float(), y[bi])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if s % 200 == 0:
            log(tag=tag, step=s, steps=steps, loss=round(float(loss.item()), 4))
    log(tag=tag, done=True, steps=steps, seconds=round(time.time() - t0, 1))
    model.eval()
    return model


@torch.no_grad()
def predict(model, ids, mask, bs=512) -> np.ndarray:
    out = []
    for i in range(0, ids.shape[0], bs):
        with torch.autocast("cuda", dtype=torch.bfloat16):
            out.append(model(ids[i:i + bs], mask[i:i + bs]).float())
    return torch.sigmoid(torch.cat(out)).cpu().numpy()


def auroc(pos, neg) -> float:
    if len(pos) == 0 or len(neg) == 0:
        return float("nan")
    s = np.concatenate([pos, neg])
    r = s.argsort().argsort() + 1.0
    return float((r[: len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def save_final(model, ids, mask):
    sd = {k: v.detach().float().cpu().numpy() for k, v in model.state_dict().items()}
    init = np.load(os.path.join(DATA, "encoder-init.npz"))
    used = init["used_rows"]
    word = sd.pop("word.weight")[used].astype(np.float16)
    half = len(used) // 2
    np.savez(os.path.join(OUT, "final-word-a.npz"), rows=used[:half], w=word[:half])
    np.savez(os.path.join(OUT, "final-word-b.npz"), rows=used[half:], w=word[half:])
    keys = sorted(sd)
    parts, cur, size = [], {}, 0
    for k in keys:
        arr = sd[k].astype(np.float32 if sd[k].ndim == 1 or k.startswith("head") else np.float16)
        if size + arr.nbytes > 14 * 2**20:
            parts.append(cur)
            cur, size = {}, 0
        cur[k] = arr
        size += arr.nbytes
    parts.append(cur)
    for i, p in enumerate(parts):
        np.savez(os.path.join(OUT, f"final-rest-{i}.npz"), **p)
    with torch.no_grad():
        logits = model.float()(ids[:64], mask[:64]).cpu().numpy()
    np.save(os.path.join(OUT, "final-parity.npy"), logits)


def main():
    os.makedirs(OUT, exist_ok=True)
    d = np.load(os.path.join(DATA, "encoder-data.npz"))
    init = np.load(os.path.join(DATA, "encoder-init.npz"))
    tokens, offsets = d["tokens"].astype(np.int64), d["offsets"]
    n = len(offsets) - 1
    ln = offsets[1:] - offsets[:-1]
    ids_np = np.zeros((n, T), np.int64)
    rows = np.repeat(np.arange(n), ln)
    cols = np.arange(len(tokens)) - np.repeat(offsets[:-1], ln)
    ids_np[rows, cols] = tokens
    ids = torch.as_tensor(ids_np, device=DEV)
    mask = torch.as_tensor(np.arange(T)[None, :] < ln[:, None], device=DEV)
    y = torch.as_tensor(d["label"].astype(np.float32), device=DEV)
    label, fold, trainable, w = d["label"], d["fold"], d["trainable"], d["weight"].astype(np.float64)
    state = initial_state(init)
    log(rows=n, trainable=int(trainable.sum()), device=torch.cuda.get_device_name(0), torch=torch.__version__)
    # smoke: a forward pass of the pretrained encoder on 8 rows
    m0 = make_model(state)
    m0.eval()
    with torch.no_grad():
        log(smoke=[round(float(v), 4) for v in m0(ids[:8], mask[:8]).cpu()])
    del m0
    prob = np.full((n, FOLDS + 1), np.nan, np.float32)
    idx_all = np.flatnonzero(trainable & (w > 0))
    model = train(state, ids, mask, y, w, idx_all, "final")
    prob[:, FOLDS] = predict(model, ids, mask)
    save_final(model, ids, mask)
    np.savez_compressed(os.path.join(OUT, "oof.npz"), prob=prob)
    del model
    for k in range(FOLDS):
        idx = np.flatnonzero(trainable & (w > 0) & (fold != k))
        model = train(state, ids, mask, y, w, idx, f"fold{k}")
        prob[:, k] = predict(model, ids, mask)
        ai = prob[(label == 1) & (fold == k), k]
        hu = prob[(label == 0) & (fold == k), k]
        log(fold=k, auroc_heldout=round(auroc(ai, hu), 4), ai_at_05=round(float((ai >= 0.5).mean()), 4),
            human_at_05=round(float((hu >= 0.5).mean()), 4), n_ai=int(len(ai)), n_human=int(len(hu)))
        np.savez_compressed(os.path.join(OUT, "oof.npz"), prob=prob)
        del model
    log(all_done=True)


if __name__ == "__main__":
    main()
