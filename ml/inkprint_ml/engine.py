"""Reference inference engine: exactly what the TypeScript engine must do per mode (see manifest `modes`)."""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import onnxruntime as ort

from . import features as F

MODELS = F.REPO_ROOT / "models"
CHUNK_W, CHUNK_S = 150, 75


def chunk_texts(norm: str) -> list[str]:
    spans = [(m.start(), m.end()) for m in F.RE_TOKEN.finditer(norm)]
    n = len(spans)
    if n <= CHUNK_W:
        return [norm]
    starts = list(range(0, n - CHUNK_W, CHUNK_S))
    if not starts or starts[-1] != n - CHUNK_W:
        starts.append(n - CHUNK_W)
    out = []
    for s in starts:
        e = s + CHUNK_W
        a = spans[s][0]
        b = spans[e][0] if e < n else len(norm)
        out.append(norm[a:b].strip(" \n"))
    return out


def logit32(p: float) -> float:
    p = min(max(float(p), 1e-7), 1 - 1e-7)
    return math.log(p / (1 - p))


ENC_CLIP = 8.0


def encoder_stack(p: float, pe: float, stack: dict) -> float:
    """modes[m].encoder_stack (encoder_eval.py): sigmoid(c0 * z(p) + c1 * z(pe) + b), z = logit32 clipped to
    [-ENC_CLIP, ENC_CLIP]; p the mode's n-gram probability, pe the fine-tuned encoder's (libs/detector encoderStack)."""
    z = lambda q: min(max(logit32(q), -ENC_CLIP), ENC_CLIP)  # noqa: E731
    c0, c1 = stack["coef"]
    return 1.0 / (1.0 + math.exp(-(c0 * z(p) + c1 * z(pe) + stack["intercept"])))


# The score an AI-band read is held at when independent evidence does not agree: the top of the Mixed band, one number
# for both sides (libs/detector AI_BAND_HELD_BACK_SCORE reads the same file).
_RULE = json.loads((F.REPO_ROOT / "libs" / "detector" / "src" / "core" / "partly-ai-rule.json").read_text())
AI_BAND_HELD_BACK_SCORE = _RULE["MIXED_BAND_TOP"]
# where a score the encoder's agreement head does not back stays: under the 0.5 line (libs/detector AI_LINE_HELD_BACK)
AI_LINE_HELD_BACK_SCORE = _RULE["AI_LINE_HELD_BACK"]


def score_knots(manifest: dict, mode: str) -> list:
    """The mode's product-score knots; manifests without them get the legacy map (0.2 -> 0.35, threshold -> 0.65)."""
    m = manifest["modes"][mode]
    if m.get("score_knots"):
        return m["score_knots"]
    a = m["threshold"]
    h = min(0.2, a - 1e-6)
    return [[0.0, 0.0], [h, 0.35], [(h + a) / 2, 0.5], [a, 0.65], [1.0, 1.0]]


def product_score(p: float, knots: list) -> float:
    """Monotone piecewise-linear map of the calibrated probability through the knots (libs/detector productScore)."""
    for (p0, s0), (p1, s1) in zip(knots, knots[1:]):
        if p <= p1:
            return s0 if p1 <= p0 else s0 + (p - p0) / (p1 - p0) * (s1 - s0)
    return knots[-1][1]


def final_score(p: float, n_words: int, knots: list, min_words: int, short_max: float = 0.49,
                max_score: float = 1.0) -> float:
    """Product score with the short-text rule: below min_words it is pulled towards 0.5 and never reaches it.
    `max_score`: the AI band's agreement rule holding the score back (libs/detector buildResult maxScore)."""
    if n_words <= 0:
        return 0.5
    s = min(product_score(p, knots), max_score)
    if n_words < min_words:
        s = min(0.5 + (s - 0.5) * (0.28 * n_words / min_words), short_max)
    return s


def agreement_cap(plan: dict, extra: dict) -> float:
    """The highest score the evidence allows (libs/detector aiLineNeedsAgreement / aiBandNeedsAgreement, issue 38): under
    the agreement head's line min (encoder_agreement.py) the score stays under 0.5; under its band min, or the
    encoder's own (experiments/genre_lines.py), under 0.65. `plan`: the mode's `lm` entry where the language model is
    in the mode, else {} (no rule)."""
    def below(key: str, value_key: str) -> bool:
        return plan.get(key) is not None and extra.get(value_key) is not None and extra[value_key] < plan[key]

    if below("ai_line_agreement_min", "agreement_probability"):
        return AI_LINE_HELD_BACK_SCORE
    if below("ai_band_encoder_min", "encoder_probability") or below("ai_band_agreement_min", "agreement_probability"):
        return AI_BAND_HELD_BACK_SCORE
    return 1.0


class Engine:
    def __init__(self, models_dir: Path = MODELS):
        self.manifest = json.loads((models_dir / "inkprint-detector.json").read_text())
        so = ort.SessionOptions(); so.intra_op_num_threads = 1; so.inter_op_num_threads = 1
        self.sess = {}
        for name, m in self.manifest["models"].items():
            self.sess[name] = ort.InferenceSession(str(models_dir / m["file"]), so, providers=["CPUExecutionProvider"])
        self.encoder = None
        enc = self.manifest.get("encoder")
        if enc:
            from tokenizers import Tokenizer
            tok = Tokenizer.from_file(str(models_dir / enc["tokenizer"]))
            tok.no_padding()
            tok.enable_truncation(enc.get("max_tokens", 256))
            # basic graph optimisation (constant folding of the weight-only int8 DequantizeLinear nodes, fp32 compute):
            # 'all' lets some onnxruntime versions fuse them into int8 kernels, which moves the probability by ~1e-3
            # between versions; basic gives the same number here and in onnxruntime-node (libs/detector EncoderRunner)
            eso = ort.SessionOptions(); eso.intra_op_num_threads = 1; eso.inter_op_num_threads = 1
            eso.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
            self.encoder = (tok, ort.InferenceSession(str(models_dir / enc["file"]), eso,
                                                      providers=["CPUExecutionProvider"]))
            # the agreement head (encoder_agreement.py) is a second output of the same graph, where it has one
            names = [o.name for o in self.encoder[1].get_outputs()]
            self.encoder_outputs = ["probability"] + [n for n in ["agreement_probability"] if n in names]

    def encoder_p(self, norm: str) -> float:
        """The fine-tuned MiniLM detector's probability of a normalised text (libs/detector EncoderRunner): WordPiece
        ids, [CLS] ... [SEP], at most max_tokens, one sequence per run."""
        return self.encoder_read(norm)[0]

    def encoder_read(self, norm: str) -> tuple[float, float | None]:
        """(probability, the agreement head's probability or None where the graph has none: encoder_agreement.py)."""
        tok, sess = self.encoder
        ids = np.array([tok.encode(norm).ids], np.int64)
        out = sess.run(self.encoder_outputs, {"input_ids": ids, "attention_mask": np.ones_like(ids)})
        return float(out[0][0]), (float(out[1][0]) if len(out) > 1 else None)

    def vector(self, norm: str, fs: str) -> np.ndarray:
        i, v = F.extract(norm, fs, normalized=True)
        x = np.zeros(F.feature_dim(fs), np.float32)
        x[i] = np.asarray(v, dtype=np.float32)
        return x

    def run(self, model: str, X: np.ndarray) -> np.ndarray:
        return self.sess[model].run(["probability"], {"features": X.astype(np.float32)})[0].reshape(-1)

    def forensic_inputs(self, norm: str):
        """The forensic procedure up to the aggregator: the strong model's probabilities of the text and its windows
        (`ps`, document first), the aggregator's 4 inputs [doc logit, mean, max, min of the window logits], the windows."""
        ch = chunk_texts(norm)
        texts = [norm] + (ch if len(ch) > 1 else [])
        ps = self.run("strong", np.stack([self.vector(t, "full") for t in texts]))
        z = [logit32(q) for q in ps]
        zc = z[1:] if len(z) > 1 else z
        return ps, [z[0], sum(zc) / len(zc), max(zc), min(zc)], ch

    def score(self, text: str, mode: str = "moderate", lm=None) -> dict:
        """`lm`: an `lm_features.LMScorer`; with it, a mode whose manifest entry stacks the language model
        (`modes[m].lm`, `lm_stack.py`) runs its stacker and reads its knots, as the TypeScript engine does when the
        files of `npm run models:fetch` are present."""
        norm = F.normalize(text)
        n_words = len(F.tokenize(norm))
        if mode == "fast":
            p = float(self.run("fast", self.vector(norm, "fast")[None])[0])
            extra = {}
        elif mode in ("moderate", "strong") or "forensic" not in self.manifest["modes"][mode]["models"]:
            # the mode's document model (strong reads moderate's since lm_cascade --strong-base moderate; forensic too,
            # without the aggregator, since lm_cascade --forensic-base moderate)
            p = float(self.run(self.manifest["modes"][mode]["models"][0], self.vector(norm, "full")[None])[0])
            extra = {}
            stack = self.manifest["modes"][mode].get("encoder_stack")
            if stack:
                extra["encoder_probability"], agreement = self.encoder_read(norm)
                if agreement is not None:
                    extra["agreement_probability"] = agreement
                p = encoder_stack(p, extra["encoder_probability"], stack)
            lm_plan = self.manifest["modes"][mode].get("lm") if lm is not None else None
            if lm_plan:
                # the cascade (lm_cascade.py): the language model only where p lies in the gate; the mode's knots
                # are the cascade's either way
                extra["language_model"] = lm_plan["language_model"]["name"]
                lo, hi = lm_plan["gate"]
                extra["language_model_ran"] = bool(lo <= p <= hi)
                if extra["language_model_ran"]:
                    feats = lm.features(norm, lm_plan["language_model"]["max_tokens"])
                    p = float(self.run(lm_plan["model"], np.array([[logit32(p)] + feats], np.float32))[0])
        elif mode == "forensic":
            ps, inputs, ch = self.forensic_inputs(norm)
            agg = np.array([inputs], np.float32)
            extra = {"n_chunks": len(ch), "chunk_probabilities": [float(q) for q in ps[1:]]}
            lm_plan = self.manifest["modes"][mode].get("lm") if lm is not None else None
            if lm_plan:
                feats = lm.features(norm, lm_plan["language_model"]["max_tokens"])
                x = np.array([list(agg[0]) + feats], np.float32)
                p = float(self.run(lm_plan["model"], x)[0])
                extra["language_model"] = lm_plan["language_model"]["name"]
            else:
                p = float(self.run("forensic", agg)[0])
        else:
            raise ValueError(mode)
        thr = self.manifest["modes"][mode]["threshold"]
        knots = self.manifest["modes"][mode]["lm"]["score_knots"] if "language_model" in extra else score_knots(self.manifest, mode)
        # the agreement rules (issue 38): with the language model in the mode, where the score may go (agreement_cap)
        cap = agreement_cap(self.manifest["modes"][mode]["lm"] if "language_model" in extra else {}, extra)
        score = final_score(p, n_words, knots, self.manifest["min_words"],
                            self.manifest.get("short_text_max_score", 0.49), cap)
        return {"probability": p, "score": score, "ai": p >= thr, "n_words": n_words,
                "low_confidence": n_words < self.manifest["min_words"], **extra}
