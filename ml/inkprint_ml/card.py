"""Writes models/inkprint-detector.json (manifest), .card.json and .card.md from the training report."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from . import features as F

MODELS = F.REPO_ROOT / "models"
# Issue 38: every human genre's false-positive rates at the demo's 0.5 line and the report's 0.65 band, nested
# (ml/experiments/genre_lines.py writes it); the card shows it when present.
GENRE_LINES = F.REPO_ROOT / "ml" / "experiments" / "results" / "genre-lines.json"
GENRE_NAMES = {
    "acl_abstract": "ACL paper abstracts (title + abstract)",
    "acl_student_report": "student project reports: ACL Student Research Workshop (title + abstract)",
    "asap_narrative": "US school essays, grades 7-10: narrative (ASAP-AES)",
    "asap_persuasive": "US school essays, grades 7-10: persuasive (ASAP-AES)",
    "asap_source": "US school essays, grades 7-10: source-based (ASAP-AES)",
    "cefr_learner": "adult English learners' short answers (CEFR-ASAG)",
    "ellipse_argumentative": "English Language Learners' argumentative essays, grades 8-12 (ELLIPSE)",
    "gutenberg_opinion_essay": "opinion essays (public domain)",
    "outfox_student_essay": "student essays (OUTFOX)",
    "personal_narrative": "first-person narratives and stories",
    "stackexchange_answer": "forum answers (Stack Exchange)",
}
MODES = ["fast", "moderate", "strong", "forensic"]
# 1.0.0: the protocol fit shipped; 1.1.0: the release refit (OUTFOX and gpt-4o in training, weighted threshold quantile);
# 1.2.0: product-score knots chosen on families never trained on (inkprint_ml.calibrate), short texts capped below 0.5.
# 1.3.0: the cascade's lines by genre and the AI band's agreement rule (issue 38), each sentence its own evidence and
# the AI parts (issue 42, manifest sentence_evidence): a result's sentences, segments and verdict differ from 1.2.0's.
MODEL_VERSION = "1.3.0"
# Measured with `node ml/tests/js_onnx_parity.mjs` (node 20, onnxruntime-node 1.23.2, 1 intra-op thread, the JS port in
# ml/tests/js_features.mjs) on the shared 2-core dev box: features + inference for one ~500-word text.
NODE_MS_500_WORDS = {"fast": 2.35, "moderate": 5.82, "strong": 6.94, "forensic": 19.76}
LATENCY_BUDGET_MS = {"fast": 5, "moderate": 30, "strong": 150, "forensic": 3000}

PROCEDURES = {
    "fast": [
        "norm = normalize(text)  (FEATURES.md section 1)",
        "x = featureVector(norm, 'fast')  -> float32[81960]",
        "p = run('fast', [x])[0]  (already calibrated)",
    ],
    "moderate": [
        "norm = normalize(text)",
        "x = featureVector(norm, 'full')  -> float32[147496]",
        "p = run('moderate', [x])[0]",
    ],
    "strong": [
        "norm = normalize(text)",
        "x = featureVector(norm, 'full')",
        "p = run('strong', [x])[0]  (one graph: full linear model + gradient-boosted trees on the 40 dense features, stacked and calibrated; uses ai.onnx.ml TreeEnsembleRegressor)",
    ],
    "forensic": [
        "norm = normalize(text)",
        "chunks = chunkTexts(norm)  (manifest.chunking; a text with <= 150 tokens is its own single chunk)",
        "rows = [featureVector(norm,'full')] + (chunks.length > 1 ? chunks.map(c => featureVector(c,'full')) : [])  (chunk strings are already normalised: do NOT re-normalise them)",
        "ps = run('strong', rows)  (one batch)",
        "z_i = ln(q/(1-q)) with q = min(max(p_i, 1e-7), 1-1e-7)  (float64)",
        "zc = chunks.length > 1 ? z[1:] : [z[0]]",
        "p = run('forensic', [[z[0], mean(zc), max(zc), min(zc)]])[0]  (the aggregator clips its 4 inputs to [-6,6] itself)",
        "per-chunk probabilities ps[1:] may be shown as a heat-map (chunk k spans tokens [start_k, start_k+150))",
    ],
}


def sha256(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def choose_min_words(rep):
    """Smallest length-bucket lower bound from which every bucket has moderate AUROC >= 0.95
    and FPR at threshold <= 2%."""
    b = rep["modes"]["moderate"]["by_length_bucket"]
    order = ["0-49", "50-99", "100-199", "200-399", "400+"]
    lows = {"0-49": 0, "50-99": 50, "100-199": 100, "200-399": 200, "400+": 400}
    best = 400
    for k in reversed(order):
        m = b.get(k)
        if m is None:
            continue
        if m.get("auroc", 1) >= 0.95 and m.get("fpr_at_threshold", 0) <= 0.02:
            best = lows[k]
        else:
            break
    return max(best, 30)


def headline(rep, mode):
    m = rep["modes"][mode]
    h = m["heldout_all"]
    out = {
        "heldout_auroc": h.get("auroc"), "heldout_tpr_at_1pct_fpr": h.get("tpr_at_1pct_fpr"),
        "heldout_fpr_at_threshold": h.get("fpr_at_threshold"), "heldout_tpr_at_threshold": h.get("tpr_at_threshold"),
        "student_essay_fpr_at_threshold": m["student_essay_fpr"],
        "paraphrase_recall_at_threshold": m["by_attack"].get("paraphrase", {}).get("tpr_at_threshold"),
    }
    u = m.get("unseen_pool", {})
    out["unseen_pool_auroc"] = u.get("auroc")
    out["unseen_pool_tpr_at_1pct_fpr"] = u.get("tpr_at_1pct_fpr")
    out["unseen_pool_fpr_at_threshold"] = u.get("fpr_at_threshold")
    for k, v in m.items():
        if k.startswith("unseen_") and k != "unseen_pool":
            out[k.replace(":", "_") + "_auroc"] = v.get("auroc")
    return out


def write_all(rep, thr, paths, agg):
    min_words = choose_min_words(rep)
    files = {m: paths[m].name for m in MODES}
    manifest = {
        "name": "inkprint-detector",
        "version": MODEL_VERSION,
        "feature_version": F.FEATURE_VERSION,
        "feature_spec": "ml/FEATURES.md",
        "wordlists": "inkprint-wordlists.json",
        "positive_class": "ai",
        "default_mode": "moderate",
        "min_words": min_words,
        "min_words_rule": "token count (FEATURES.md tokenisation) below which verdicts are flagged low-confidence; smallest length bucket from which all longer buckets have held-out moderate AUROC >= 0.95 and FPR <= 2%",
        "feature_sets": {
            "fast": {"dim": F.feature_dim("fast"), "blocks": [
                {"family": "word", "offset": 0, "dim": F.D_WORD, "keys": ["w:<tok>", "b:<tok_i> <tok_i+1>"], "value": "sublinear tf 1+ln(c), L2-normalised per block"},
                {"family": "fw", "offset": F.D_WORD, "dim": F.D_FW, "keys": ["f2:<s_i> <s_i+1>", "f3:...", "f4:..."], "value": "sublinear tf 1+ln(c), L2-normalised per block"},
                {"family": "dense", "offset": F.D_WORD + F.D_FW, "dim": F.N_DENSE, "names": F.DENSE_NAMES, "value": "raw (standardised inside the graph)"}]},
            "full": {"dim": F.feature_dim("full"), "blocks": [
                {"family": "word", "offset": 0, "dim": F.D_WORD, "keys": ["w:<tok>", "b:<tok_i> <tok_i+1>"], "value": "sublinear tf 1+ln(c), L2-normalised per block"},
                {"family": "char", "offset": F.D_WORD, "dim": F.D_CHAR, "keys": ["c3:<3 code points>", "c4:<4 code points>"], "value": "sublinear tf 1+ln(c), L2-normalised per block"},
                {"family": "fw", "offset": F.D_WORD + F.D_CHAR, "dim": F.D_FW, "keys": ["f2:<s_i> <s_i+1>", "f3:...", "f4:..."], "value": "sublinear tf 1+ln(c), L2-normalised per block"},
                {"family": "dense", "offset": F.D_WORD + F.D_CHAR + F.D_FW, "dim": F.N_DENSE, "names": F.DENSE_NAMES, "value": "raw (standardised inside the graph)"}]},
            "forensic_aggregate": {"dim": 4, "names": ["doc_logit", "mean_chunk_logit", "max_chunk_logit", "min_chunk_logit"]},
        },
        "hashing": {"function": "fnv1a32 over UTF-8 bytes", "offset_basis": 2166136261, "prime": 16777619, "bucket": "h % dim"},
        "chunking": {"window_tokens": 150, "stride_tokens": 75,
                     "definition": "spans = token regex matches on norm (start,end). n = spans.length. If n <= 150: one chunk = norm. Else starts = 0,75,150,... while start < n-150, then append n-150 if it is not already the last start. Chunk k = norm.substring(spans[s].start, s+150 < n ? spans[s+150].start : norm.length) with trailing/leading ' ' and '\\n' trimmed. Offsets are in the host language's string units (UTF-16 in JS); the substring is identical."},
        "models": {
            m: {"file": files[m], "input": "features", "input_shape": ["N", (F.feature_dim("fast") if m == "fast" else 4 if m == "forensic" else F.feature_dim("full"))],
                "feature_set": ("fast" if m == "fast" else "forensic_aggregate" if m == "forensic" else "full"),
                "output": "probability", "output_shape": ["N"], "calibrated": True, "opset": 13, "ml_opset": (3 if m == "strong" else None),
                "bytes": paths[m].stat().st_size, "sha256": sha256(paths[m])}
            for m in MODES},
        "modes": {m: {"models": (["strong", "forensic"] if m == "forensic" else [m]), "procedure": PROCEDURES[m],
                      "threshold": thr[m], "metrics": headline(rep, m),
                      "protocol_metrics": headline(rep["protocol"], m),
                      "cost": {**rep["cost"][m], "node_ms_500_words": NODE_MS_500_WORDS[m], "ts_budget_ms_500_words": LATENCY_BUDGET_MS[m]}}
                  for m in MODES},
        "verdict_bands": {"note": "p >= threshold: 'likely AI'; p <= 0.2: 'likely human'; otherwise 'uncertain'. Always 'low confidence' when n_words < min_words."},
    }
    (MODELS / "inkprint-detector.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")

    card = {
        "model": "inkprint-detector", "version": manifest["version"], "feature_version": F.FEATURE_VERSION,
        "label_policy": LABEL_POLICY, "split_policy": SPLIT_POLICY, "method": METHOD,
        "thresholds": thr, "min_words": min_words, "headline": {m: headline(rep, m) for m in MODES},
        "protocol_headline": {m: headline(rep["protocol"], m) for m in MODES},
        "report": rep, "licenses": LICENSES, "known_limits": LIMITS,
    }
    (MODELS / "inkprint-detector.card.json").write_text(json.dumps(card, indent=1, default=float) + "\n")
    (MODELS / "inkprint-detector.card.md").write_text(render_md(rep, thr, min_words, manifest))


LABEL_POLICY = (
    "human = 0, ai = 1. ai_edited rows (ImBD: human text polished / rewritten / expanded by an LLM) are NOT used for "
    "training, calibration or threshold selection: they are mixed authorship, and training them as AI would teach the model "
    "to flag lightly edited human writing (e.g. non-native writers using a grammar tool), while training them as human would "
    "teach it to ignore LLM style. They are scored at evaluation time and the flag rate per edit task is reported. "
    "Assistant preambles ('Sure! Here is...', 'Here's a 600 word story...:'), leading 'Title:' / markdown heading lines and "
    "'Abstract:' labels are stripped from ALL rows (label-blind) before training and evaluation so they cannot act as shortcuts."
)
SPLIT_POLICY = (
    "Two profiles share one recipe (ml/inkprint_ml/data.py PROFILES). Protocol: whole source families outfox_valid and seqxgpt "
    "and whole generators claude-3-opus and gpt-4o are held out (test only); its models are evaluated, never shipped, and give "
    "the unseen-family figures. Release (the shipped models): only seqxgpt and claude-3-opus are held out; OUTFOX and gpt-4o "
    "are split like every other family. In both, "
    "remaining rows are split by group (pair_id, else the row id) 70/15/15 train/val/test by a seeded hash; any group touching a "
    "held-out source is forced to test; held-out-generator, ai_edited and BiScope-essay rows whose group is in train/val are "
    "excluded (never used) so no pair straddles train and test. BiScope 'essay' (AI only, no human counterpart) is never "
    "trained on and is evaluated as an AI-only domain. Train rows are re-weighted so that every (source, domain, label) cell has "
    "equal weight within its source, every source has equal weight and both labels have equal total weight."
)
METHOD = (
    "Portable features only (ml/FEATURES.md): NFKC + homoglyph/zero-width/whitespace normalisation; hashed word 1-2grams "
    "(65,536 buckets), char 3-4grams (65,536 buckets) and function-word/shape 2-4grams (16,384 buckets: every token that is not "
    "a function word is replaced by its shape C/_/0, punctuation and newlines kept, so the block is topic-free) with sublinear "
    "TF and per-block L2 norm; 40 stylometric features (sentence-length mean/std/burstiness, segmented TTR/hapax, "
    "function-word, chat-vocabulary, transition, pronoun, punctuation, layout rates). No raw length feature. "
    "fast = L2 logistic regression on word+shape+stylometry; moderate = L2 logistic regression on word+char+shape+stylometry; "
    "strong = stacked ensemble (moderate linear + gradient-boosted trees (300 x 31 leaves) on the 40 stylometric features) "
    "with a logistic stacker fitted on validation; forensic = strong on the whole text and on 150-token windows "
    "(stride 75), aggregated by a 4-input logistic regression fitted on validation. All outputs are Platt-calibrated on the "
    "validation split (balanced class weights, i.e. a 50/50 prior) and the calibration is baked into each ONNX graph."
)
LICENSES = [
    "BiScope data (Guo et al., 'BiScope: AI-generated Text Detection by Checking Memorization of Preceding Tokens', NeurIPS 2024; github.com/MarkGHX/BiScope, HF HanxiGuo/BiScope_Data) — CC BY-SA 4.0. The models are trained on BiScope texts; attribution: 'Contains material derived from the BiScope dataset by Hanxi Guo et al., licensed under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)'. Share-alike applies to derivatives of the texts.",
    "L2R dataset (Hao et al., 'Learning to Rewrite: Generalized LLM-Generated Text Detection', arXiv:2408.04237, 2024) — CC BY 3.0, attribution to Hao et al.",
    "ImBD (Chen et al., 'Imitate Before Detect: Aligning Machine Stylistic Preference for Machine-Revised Text Detection', AAAI 2025) — Apache-2.0.",
    "OUTFOX (Koike et al., 'OUTFOX: LLM-Generated Essay Detection Through In-Context Learning with Adversarially Generated Examples', AAAI 2024) — Apache-2.0.",
    "SeqXGPT (Wang et al., 'SeqXGPT: Sentence-Level AI-Generated Text Detection', EMNLP 2023) — Apache-2.0 (evaluation only).",
    "Underlying human texts come from third-party corpora (Yelp, arXiv, Reddit WritingPrompts, XSum/BBC, SQuAD/Wikipedia, PubMedQA, student essays) whose own terms also apply.",
]
LIMITS = [
    "English-first: tokenisation and word lists are English; Cyrillic/Greek letters are folded to Latin by the homoglyph map, so Russian/Greek text is not meaningfully scored.",
    "Generators covered are 2019-2024 models (GPT-2 .. GPT-4o, Claude 3, Gemini 1.x, Llama 3, Mistral/Qwen/DeepSeek 7B); newer models may evade it.",
    "Human data covers a handful of domains (reviews, abstracts, stories, news, student essays, L2R's 20 domains); other registers (chat, code, poetry, legal contracts) are unvalidated.",
    "Short texts are unreliable: see min_words and the length-bucket table.",
    "Paraphrased AI text and human text polished by an LLM (ai_edited) sit in between; a single score cannot prove authorship and must never be used as sole evidence against a person.",
    "Issue 16: the product score's 0.5 / 0.65 lines are chosen on families never trained on (section 'Product score'); one leave-one-source-out family (BiScope humans under the recipe retrained without BiScope: Yelp reviews) cannot be protected by any line and is reported as the shortfall. No data marks non-native writers, so that group is unmeasured here.",
    "Issue 24 (2026-11-26): forensic reads moderate's cascade (`modes.forensic.base`, `lm_cascade --forensic-base moderate`): the same document probability and lines as moderate (the n-gram model stacked with the fine-tuned encoder; Gemma 3 270M on the texts the gate cannot settle), with its own +-1 and +-2 sentence windows for the breakdown. The forensic language-model stacker it replaced (Gemma's first 256 tokens + the aggregator's 4 window inputs, boosted trees, issue 16) read weaker than the default mode where users meet AI text: through the product it flagged fewer claude-3-opus texts at its lines than moderate's cascade, and fewer AI texts at 0.65 (`ml/experiments/results/forensic-product.md`); it caught more of SeqXGPT's 2019-2023 open models (GPT-2, GPT-J, GPT-Neo) at 0.5. The forensic aggregator and the `strong` ensemble are still built and shipped but no mode reads them; see docs/detector.md.",
    "Issue 24: with the language model in place (`npm run models:fetch`, which `npm start` runs), moderate (the default), strong and forensic use it through one cascade: only when the encoder-stacked moderate probability lies in the gate [0.567, 0.964] (about 20% of texts) does Gemma 3 270M score the first 128 tokens, and a logistic stacker over logit p and the language-model features gives the probability (`modes.moderate.lm`, `models/inkprint-moderate-lm.onnx`; strong and forensic copy moderate's entry). On the cascade pool (1,276 rows at 128 tokens, `ml/experiments/results/lm-cascade.md`; every row predicted without its whole family, gate and lines chosen on those predictions): AI texts of 100+ words at 0.5 45.2% -> 46.2% (at 0.65 42.6% either way), human texts at 0.5 0.8% (3/395) before and after: on these families (mostly SeqXGPT's 2019-2023 open models) Gemma's features add little to the n-gram model and the encoder. On the encoder pool, family-held-out, moderate flags 76.1% of unseen-family AI texts of 100+ words at 0.5; AUROC per family is 0.94-1.00 except open-other (GPT-2, GPT-J, GPT-Neo: 0.55), so the issue's AUROC target (0.92 on every unseen family) is not met; see docs/detector.md.",
    "Issue 38 (2026-11-29): the cascade's lines were re-chosen with the genres where human writers were wrongly accused (`ml/experiments/genre_lines.py`, `ml/experiments/results/genre-lines.md`): ACL abstracts and Student Research Workshop reports (title + abstract), first-person narratives, student essays, forum answers and opinion essays choose (t50 0.8375 -> 0.8730, t65 0.8817 -> 0.9014); ASAP-AES student essays, ELLIPSE learners' essays and CEFR-ASAG adult learners' answers (licences: measure only) only grade. The AI-Generated band (0.65) also needs the fine-tuned encoder on its own at >= 0.999; otherwise the score stays at 0.649 (Mixed, with an AI-assisted rationale). Human texts >= 0.5 1.1% -> 0.6% and >= 0.65 0.4% -> 0.2% of 3,966; AI texts of 100+ words 71.4% -> 63.6% at 0.5 (sources the models trained on: an upper bound). Limits named: student project reports (title + abstract, ~150 words) read 3.2% at 0.5 and 1.4% at 0.65 with lines chosen without them, adult learners' short answers 1.3% / 0.3%: short academic and learner writing is the least protected genre. Not obtained under a usable licence: US college application essays and TOEFL essays, where an independent suite found the worst rates (11.4% and 4.5% at 0.5 before this change); they are unvalidated here. Session 21 added a transfer margin (the genre left out read up to 1.6x the choose genres' rate, so each choose genre is held at 1.25% and graded, nested, at 2%): t50 0.8730 -> 0.8918; human texts >= 0.5 0.6% -> 0.3% (student reports 1.8%, adult learners' answers 0.9%, every genre <= 2%), >= 0.65 unchanged at 0.2%; AI texts of 100+ words 63.6% -> 56.8% at 0.5 (upper bound). The college essays' former 0.5-0.67 probabilities now read 0.488-0.499. Version 1.3.0 also scores each sentence on its own evidence and marks AI-written parts (docs/detector.md).",
    "Issue 38, session 23 (2026-11-29 evening): the encoder's agreement head (`ml/inkprint_ml/encoder_agreement.py`, `ml/experiments/results/encoder-agreement.md`). No GPU was lent, so the encoder was not retrained with hard negatives; instead a second linear unit on its mean-pooled vector (the shipped head plus a residual, L2 1e-3) was fitted on CPU with 2,000 ACL abstracts (CC BY 4.0) and the choose genres as hard human negatives and AI abstracts (BiScope arXiv, L2R academic) and the sample's AI rows as AI (SeqXGPT never). A score crosses 0.5 only when the head reads >= 0.9 and reaches 0.65 only when it reads >= 0.97 (chosen by stated rules: the lowest band min at which no choose-genre human text, nested, reaches 0.65; the highest line min costing at most 1 point of AI recall). It only ever lowers a score. Nested by genre: human texts >= 0.5 11 -> 6 of 3,966 (0.28% -> 0.15%; student reports 1.8% -> 0.4%, adult learners' answers 0.9% -> 0.7%), >= 0.65 6 -> 2 (0.15% -> 0.05%); AI texts of 100+ words 56.8% -> 56.2% at 0.5 and 51.9% -> 51.2% at 0.65 (upper bounds).",
    "Genres the model cannot fully protect (section 'Human writing by genre'): short formal and learner writing of 100-249 words (student project abstracts, adult learners' short answers) is where every human text over 0.5 lies; US college application essays and TOEFL essays are not measured (an independent suite found 11.4% and 4.5% of them at 0.5 with the lines before issue 38). A result of 0.5 or more on such a text says so in its rationale.",
    "Validation split is in-distribution (seen sources/generators); calibration may drift on new domains — the threshold was set at the 99.5th percentile of validation human scores (weighted so that every source and domain counts equally) for headroom.",
]


def _tbl(d, cols):
    out = ["| slice | " + " | ".join(cols) + " |", "|---|" + "---:|" * len(cols)]
    for k, m in d.items():
        out.append(f"| {k} | " + " | ".join("" if m.get(c) is None else str(m.get(c)) for c in cols) + " |")
    return "\n".join(out)


def _headline_table(rep, thr, shipped):
    """Per-mode headline of one profile's report: the shipped one adds costs, the protocol one the unseen-family TPR."""
    pr = rep["profile"]
    cols = (["held-out AUROC", "TPR@1%FPR", "FPR@thr", "TPR@thr", "threshold", "unseen families AUROC"]
            + ([] if shipped else ["unseen families TPR@1%FPR"])
            + [f"{k} AUROC" for k in pr["test_sources"] + pr["test_generators"]]
            + ["student-essay FPR", "paraphrase recall"] + (["python ms / 500 words", "ONNX bytes"] if shipped else []))
    out = ["| mode | " + " | ".join(cols) + " |", "|---|" + "---:|" * len(cols)]
    for m in MODES:
        h = headline(rep, m)
        vals = ([h["heldout_auroc"], h["heldout_tpr_at_1pct_fpr"], h["heldout_fpr_at_threshold"], h["heldout_tpr_at_threshold"],
                 thr[m], h["unseen_pool_auroc"]]
                + ([] if shipped else [h["unseen_pool_tpr_at_1pct_fpr"]])
                + [h.get(f"unseen_source_{k}_auroc") for k in pr["test_sources"]]
                + [h.get(f"unseen_generator_{k}_auroc") for k in pr["test_generators"]]
                + [h["student_essay_fpr_at_threshold"], h["paraphrase_recall_at_threshold"]]
                + ([rep["cost"][m]["python_ms_500_words"], rep["cost"][m]["onnx_bytes"]] if shipped else []))
        out.append(f"| {m} | " + " | ".join(str(v) for v in vals) + " |")
    return "\n".join(out)


def render_md(rep, thr, min_words, manifest):
    C = ["n_human", "n_ai", "auroc", "tpr_at_1pct_fpr", "fpr_at_threshold", "tpr_at_threshold"]
    L = []
    L.append("# Inkprint detector — model card\n")
    L.append(f"Version {manifest['version']}, feature spec v{F.FEATURE_VERSION} (`ml/FEATURES.md`). Produced by `ml/run.sh` (seeded, deterministic).\n")
    prot = rep["protocol"]
    held = ", ".join(rep["profile"]["test_sources"] + rep["profile"]["test_generators"])
    pheld = ", ".join(prot["profile"]["test_sources"] + prot["profile"]["test_generators"])
    L.append("## Which models these are\n")
    L.append(f"The shipped models (profile **release**) are trained on every source family and generator except **{held}**, which "
             "stay held out as an unseen source and an unseen generator. The same recipe was first fitted and evaluated under "
             f"the **protocol** profile, which holds out **{pheld}**: those models are not shipped; their figures are the "
             "estimate for families a model has never seen (the issue's targets). The release refit then adds OUTFOX (student "
             "essays, human and AI) and gpt-4o to training, because more source families and newer generators are what "
             "generalise to text the product has not seen. Held-out documents of the trained families stay test-only in "
             "both profiles (group-aware 70/15/15 split).\n")
    L.append("## Headline: shipped models (release profile, test rows only)\n")
    L.append(_headline_table(rep, thr, shipped=True))
    L.append("\n## Unseen families: protocol models (same recipe, not shipped)\n")
    L.append(_headline_table(prot, prot["thresholds"], shipped=False))
    if "product_score" in rep:
        L.append(render_product_score(rep["product_score"]))
    if GENRE_LINES.exists():
        L.append(render_genres(json.loads(GENRE_LINES.read_text())))
    L.append("\n'held-out' pools every test row (held-out documents of trained families and the unseen families); 'unseen families' "
             "pools only the unseen families' AI rows with their sources' human test rows.\n")
    L.append("\nCosts: 'python ms' is the Python reference (features + onnxruntime, 1 thread) on the shared 2-core dev box. "
             "In node 20 + onnxruntime-node 1.23.2 (1 thread) with the JS port in `ml/tests/js_features.mjs`, one ~500-word text costs "
             + ", ".join(f"{m} {NODE_MS_500_WORDS[m]} ms (budget {LATENCY_BUDGET_MS[m]})" for m in MODES) +
             "; forensic scores 1 + 6 feature vectors for 500 words. The JS port reproduces all fixture probabilities exactly.\n")
    L.append(f"Default mode: **moderate**. Default thresholds (probability >= threshold => 'likely AI'): {json.dumps(thr)}. "
             f"Minimum words for a confident verdict: **{min_words}** ({manifest['min_words_rule']}).\n")
    L.append("## Targets vs measured (default thresholds)\n")
    pm, pf = headline(prot, "moderate"), headline(prot, "fast")
    hm = headline(rep, "moderate")
    L.append("| target | measured | met |\n|---|---:|---|")
    rows_t = [
        ("moderate AUROC >= 0.98 on families never seen (protocol, unseen families pooled)", pm["unseen_pool_auroc"], pm["unseen_pool_auroc"] >= 0.98),
        ("moderate AUROC >= 0.98 (protocol, every held-out row)", pm["heldout_auroc"], pm["heldout_auroc"] >= 0.98),
        ("moderate TPR at 1% FPR >= 0.85 (protocol, unseen families pooled)", pm["unseen_pool_tpr_at_1pct_fpr"], pm["unseen_pool_tpr_at_1pct_fpr"] >= 0.85),
        ("moderate TPR at 1% FPR >= 0.85 (protocol, every held-out row)", pm["heldout_tpr_at_1pct_fpr"], pm["heldout_tpr_at_1pct_fpr"] >= 0.85),
        ("fast AUROC >= 0.95 (protocol, every held-out row)", pf["heldout_auroc"], pf["heldout_auroc"] >= 0.95),
        ("moderate FPR at default threshold <= 1% (protocol, held-out humans)", pm["heldout_fpr_at_threshold"], pm["heldout_fpr_at_threshold"] <= 0.01),
        ("student-essay (OUTFOX human) FPR low (protocol: never seen)", pm["student_essay_fpr_at_threshold"], pm["student_essay_fpr_at_threshold"] <= 0.01),
        ("shipped moderate AUROC (every held-out row)", hm["heldout_auroc"], hm["heldout_auroc"] >= 0.98),
        ("shipped moderate AUROC on its unseen families pooled", hm["unseen_pool_auroc"], hm["unseen_pool_auroc"] >= 0.98),
        ("shipped moderate TPR at 1% FPR (every held-out row)", hm["heldout_tpr_at_1pct_fpr"], hm["heldout_tpr_at_1pct_fpr"] >= 0.85),
        ("shipped moderate FPR at default threshold <= 1% (held-out humans)", hm["heldout_fpr_at_threshold"], hm["heldout_fpr_at_threshold"] <= 0.01),
        ("shipped student-essay FPR (held-out essays)", hm["student_essay_fpr_at_threshold"], hm["student_essay_fpr_at_threshold"] <= 0.01),
    ]
    for name, val, ok in rows_t:
        L.append(f"| {name} | {val} | {'yes' if ok else '**no**'} |")
    L.append("\nOn held-out documents of seen sources and generators the protocol's moderate model reaches "
             + str(prot["modes"]["moderate"]["heldout_docs_seen_sources_generators"].get("auroc")) +
             " AUROC; what pulls the pooled figures down is families never seen (per-family columns above). The false-positive "
             "side holds at the conservative thresholds, at the price of recall on unseen domains: probabilities are calibrated "
             "on the training families and do not transfer fully to new domains.\n")
    if "validation_human_fpr_by_source" in rep:
        L.append("Threshold policy: the weighted 99.5th percentile of validation human probabilities, with the training "
                 "rebalancing weights (every source, and every domain within a source, counts equally; floor 0.5). "
                 "Validation human FPR per source at the shipped thresholds: "
                 + json.dumps(rep["validation_human_fpr_by_source"]) + ". (Until the release refit the quantile was "
                 "unweighted; with OUTFOX's low-scoring student essays in validation that let L2R's held-out human FPR rise "
                 "to 1.6%, so the quantile now uses the same weights as training and calibration.)\n")
    if "loso" in rep:
        L.append("## Leave-one-source-out (moderate, and with a prefix strong and fast, recipes retrained without the source; calibration and threshold from the remaining sources)\n")
        L.append(_tbl(rep["loso"], C + ["threshold", "ai_edited_flagged"]))
        L.append("\nThis is the most pessimistic and most honest view of a brand-new domain: ranking survives (AUROC 0.86-0.90) but "
                 "the threshold does not transfer. (Cells of a fold's training rows with AI text but no human text, e.g. L2R's "
                 "ProductReview and AcademicResearch once BiScope is removed, are left out of that fold's training, like BiScope's "
                 "essays everywhere.) 'without:biscope' still has a high FPR: a model that never saw a review flags 11-16% of "
                 "BiScope's human Yelp reviews even at its conservative threshold; the product-score section reports this as the "
                 "one family no line can protect. The shipped models do see BiScope's human reviews and abstracts.\n")
    L.append("## Model selection (ml/experiments/; criterion = leave-one-source-out AUROC on train-split rows)\n")
    L.append("| variant (feature v1 unless noted) | LOSO mean AUROC | note |\n|---|---:|---|")
    for row in [("word+char+dense LR, C=0.05", 0.8423, "over-regularised"), ("word+char+dense LR, C=0.25", 0.8567, ""),
                ("word+char+dense LR, C=1", 0.8682, "v1 moderate"), ("word+char+dense LR, C=4", 0.8742, "worse on OUTFOX/SeqXGPT"),
                ("word+dense LR, C=1", 0.8500, "v1 fast"), ("dense-only LR", 0.8154, ""), ("dense-only MLP 32x16", 0.8170, "v1 strong branch"),
                ("dense-only gradient-boosted trees", 0.8380, "v2 strong branch; best on SeqXGPT"),
                ("fw-shape+dense LR, C=1 (v2 block alone)", 0.8585, "16k topic-free features"),
                ("word+char+fw+dense LR, C=1 (v2 moderate)", 0.8789, "chosen")]:
        L.append(f"| {row[0]} | {row[1]} | {row[2]} |")
    L.append("\nAlso tried: training on the AI-only BiScope essay domain as well (weighted like every other cell): no gain on OUTFOX "
             "(AUROC 0.915 vs 0.916) and it invites an 'essay => AI' shortcut, so essays stay evaluation-only. Choosing the threshold at "
             "the 99th instead of the 99.5th percentile of validation human scores lifts pooled TPR by ~5 points but pushes ImBD "
             "human FPR to 2.6% and L2R to 1.8%, so the 99.5th percentile (the policy fixed before looking) is kept. Fitting the strong stacker and its "
             "calibration on out-of-source (leave-one-source-out) logits instead of validation logits changed nothing "
             "(held-out AUROC 0.9595 vs 0.9602, OUTFOX 0.928 vs 0.930), so the simpler validation stacker is kept. Caveat: these "
             "three variants were inspected on test rows; none changed the shipped recipe.\n")
    L.append("## Length-only baseline\n")
    L.append("Logistic regression on log word count (+ square), same train rows and weights: " + json.dumps(rep["length_only_baseline"]) +
             ". Length alone is near chance on the held-out pool, L2R and OUTFOX, but strong inside ImBD (human originals are shorter than "
             "their LLM continuations) and SeqXGPT; the detectors therefore use no raw length feature (only length-normalised rates), "
             "and ImBD human texts are down-weighted to their cell share by the rebalancing.\n")
    L.append("## Data\n")
    L.append("Five source families (see licences below). Rows per split / source / label:\n")
    L.append("```\n" + json.dumps(rep["data"], indent=1) + "\n```\n")
    L.append("### Label policy\n\n" + LABEL_POLICY + "\n")
    L.append("### Splits and weighting\n\n" + SPLIT_POLICY + "\n")
    L.append("## Method\n\n" + METHOD + "\n")
    for m in MODES:
        r = rep["modes"][m]
        L.append(f"## Mode `{m}` — details (threshold {thr[m]})\n")
        top = {k: v for k, v in r.items() if isinstance(v, dict) and "n_human" in v}
        L.append(_tbl(top, C)); L.append("")
        L.append("By domain (held-out test rows):\n"); L.append(_tbl(r["by_domain"], C)); L.append("")
        L.append("By generator (AI rows vs nothing; TPR at threshold; human row = FPR):\n"); L.append(_tbl(r["by_generator"], C)); L.append("")
        L.append("By length bucket (words):\n"); L.append(_tbl(r["by_length_bucket"], C)); L.append("")
        L.append("By attack (AI rows):\n"); L.append(_tbl(r["by_attack"], C)); L.append("")
        L.append("ai_edited (human text edited by an LLM; not a training label) flagged as AI at the threshold: " + json.dumps(r["ai_edited_flag_rate"]) + "\n")
    r = prot["modes"]["moderate"]
    L.append(f"## Protocol model `moderate` — details (not shipped; threshold {prot['thresholds']['moderate']})\n")
    L.append(_tbl({k: v for k, v in r.items() if isinstance(v, dict) and "n_human" in v}, C)); L.append("")
    L.append("By domain:\n"); L.append(_tbl(r["by_domain"], C)); L.append("")
    L.append("By generator:\n"); L.append(_tbl(r["by_generator"], C)); L.append("")
    L.append("By length bucket:\n"); L.append(_tbl(r["by_length_bucket"], C)); L.append("")
    L.append("## Robustness (normalisation)\n")
    L.append("Held-out AI texts transformed adversarially, moderate probability change: ```" + json.dumps(rep["robustness"]) + "```\n")
    L.append(f"ONNX vs Python reference max |diff|: {json.dumps(rep['onnx_max_abs_diff'])}\n")
    L.append("## Known limits\n\n" + "\n".join("- " + x for x in LIMITS) + "\n")
    L.append("## Licences and attribution\n\n" + "\n".join("- " + x for x in LICENSES) + "\n")
    L.append("The model weights are a derivative of CC BY-SA 4.0 material (BiScope); they are distributed under CC BY-SA 4.0 with the attribution above.\n")
    return "\n".join(L)


def _rate(x):
    if not x or not x.get("n"):
        return ""
    lo, hi = x["ci95"]
    return f"{100 * x['rate']:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}] ({x['k']}/{x['n']})"


def render_genres(g):
    """Issue 38: human writing by genre at the shipped lines, each genre graded where it never chose the lines."""
    L = ["\n## Human writing by genre: the demo's 0.5 line and the report's 0.65 band\n",
         f"Moderate mode (the default) through the product's own code, texts of 50+ words (`{g['evidence']}`, "
         "`ml/experiments/genre_lines.py`). Lines: p = "
         f"{g['t50']} (0.5) and {g['t65']} (0.65; it also needs the fine-tuned encoder alone at >= {g['encoder_min']}, "
         "else the score stays in the Mixed band). The encoder's agreement head (`ml/inkprint_ml/encoder_agreement.py`: a "
         "second linear unit on the encoder's pooled vector, fitted with ACL abstracts and the choose genres as hard "
         "human negatives; each genre here read by a fit without it) must read at least "
         f"{g['agreement_min']['ai_line']} for a score to cross 0.5 and {g['agreement_min']['ai_band']} to reach 0.65. "
         "*choose* genres chose the lines (each held at "
         f"{100 * g['choose_group_rate']:.2f}%) and are graded here at lines chosen **without** them; *measure* genres "
         "(licence: measure only) never choose. Rates with 95% Wilson intervals, k/n.\n",
         "| genre | role | median words | human >= 0.5 [95% CI] (k/n) | human >= 0.65 [95% CI] (k/n) |",
         "|---|---|---:|---:|---:|"]
    for k, v in g["human"].items():
        name = "**all human genres**" if k == "all" else GENRE_NAMES.get(k, k)
        L.append(f"| {name} | {v['role']} | {v.get('words_median', '')} | {_rate(v['at_0.5'])} | {_rate(v['at_0.65'])} |")
    L.append("\nBy length, at the shipped lines:\n\n| words | human >= 0.5 | human >= 0.65 |\n|---|---:|---:|")
    for k, v in g["human_by_words"].items():
        L.append(f"| {k} | {_rate(v['at_0.5'])} | {_rate(v['at_0.65'])} |")
    L.append("\nAI texts of 100+ words at the same lines (sources the models trained on: an upper bound): "
             + ", ".join(f"{k.removeprefix('ai_')} {_rate(v['at_0.5'])}" for k, v in g["ai"].items()) + ".\n")
    L.append("Not measured here (no copy under a usable licence): US college application essays (polished personal "
             "narratives, 350-650 words) and TOEFL essays by adult non-native writers. The product names both, and short "
             "formal or learner writing, as limits in its rationale (`libs/detector/src/core/genre-limits.ts`).\n")
    return "\n".join(L)


def render_product_score(ps):
    """The product-score section: lines 0.5 / 0.65 chosen on families never trained on, error rates by group."""
    L = ["\n## Product score: the 0.5 and 0.65 lines on writing the model never saw\n", ps["rule"] + "\n",
         "A family is *infeasible* when some group of it (the family or one of its domains, 100+ texts) would need a line "
         "above p = 0.999 to keep to 2%: the model is confidently wrong on more than 2% of those human texts, no line "
         "short of flagging nothing protects them, so they do not bind the choice and their rates at the chosen lines are "
         "the measured shortfall (they stay in every 'all' and length row below).\n",
         f"Minimum length: **{ps['min_words']} words** (FEATURES.md tokens). Below it the score is pulled towards 0.5 and "
         f"capped at {ps['short_text_max_score']}, so a text that short never reaches 0.5 and carries TEXT_TOO_SHORT: under "
         "50 words the evidence is too thin (held-out AUROC falls to ~0.88 in-distribution and about 0.5 on unseen families "
         "in the independent suite of issue 16), and the human false-positive rate there is the highest of any bucket.\n",
         "Rates are of the final product score (short-text rule included) with 95% Wilson intervals, k/n. Groups with "
         f"fewer than {100} texts are listed but do not bind the choice. 'loso:X' = BiScope / L2R / ImBD scored by the same "
         "recipe retrained without X (fast, moderate and strong; forensic has no such refit); the other families are the fit's held-out sources and the "
         "human-only files of the shared datasets (a seeded sample of at most 700 texts per file and domain).\n"]
    for prof in ["protocol", "release"]:
        fr = ps["fits"][prof]
        title = ("Protocol fit (families never seen: OUTFOX, SeqXGPT, claude-3-opus, gpt-4o, human-only files; not shipped)"
                 if prof == "protocol" else "Shipped fit (release: SeqXGPT, claude-3-opus and the human-only files never seen)")
        L.append(f"### {title}\n")
        L.append("| mode | p at 0.5 | p at 0.65 | binding group | human FPR at 0.5 (all) | same without infeasible families | worst group at 0.5 (100+) | human FPR at 0.65 (all) | "
                 "same without infeasible families | infeasible families (p needed for 2%) | unseen AI recall 0.5 / 0.65 | unseen AI 100+ words recall 0.5 / 0.65 | test AI 100+ words recall 0.5 / 0.65 | AUROC unseen |")
        L.append("|---|---:|---:|---|---:|---:|---|---:|---:|---|---:|---:|---:|---:|")
        for m in MODES:
            e = fr[m]
            hf = e["human_fpr"]
            worst = max(((g, v) for g, v in hf.items() if g != "all" and v["at_0.5"]["n"] >= 100),
                        key=lambda gv: gv[1]["at_0.5"]["rate"], default=(None, None))
            ar = e["ai_recall"]

            def rr(k):
                v = ar.get(k)
                return f"{100 * v['at_0.5']['rate']:.1f}% / {100 * v['at_0.65']['rate']:.1f}%" if v else ""
            L.append(f"| {m} | {e['choice']['t50']} | {e['choice']['t65']} | {e['choice']['binding_group_50']} | "
                     f"{_rate(hf['all']['at_0.5'])} | {_rate(e['human_fpr_without_infeasible']['all']['at_0.5'])} | "
                     f"{worst[0]}: {_rate(worst[1]['at_0.5']) if worst[1] else ''} | "
                     f"{_rate(hf['all']['at_0.65'])} | {_rate(e['human_fpr_without_infeasible']['all']['at_0.65'])} | "
                     + (", ".join(f"{k} ({v['group']}: {v['p_needed']})" for k, v in e["choice"].get("infeasible_families", {}).items()) or "none")
                     + f" | {rr('unseen families: all')} | {rr('unseen families: 100+ words')} | "
                     f"{rr('test: 100+ words')} | {e['auroc'].get('unseen humans vs unseen AI', '')} |")
        L.append("")
        for m in MODES:
            e = fr[m]
            L.append(f"<details><summary>{prof} / {m}: every group</summary>\n")
            L.append("| human group | FPR at 0.5 [95% CI] (k/n) | FPR at 0.65 [95% CI] (k/n) |\n|---|---:|---:|")
            for g, v in e["human_fpr"].items():
                L.append(f"| {g}{'' if v['at_0.5']['n'] >= 100 else ' (n < 100)'} | {_rate(v['at_0.5'])} | {_rate(v['at_0.65'])} |")
            L.append("\nWithout the infeasible families (" + (", ".join(e["choice"].get("infeasible_families", {})) or "none") + "):\n")
            L.append("| human group | FPR at 0.5 [95% CI] (k/n) | FPR at 0.65 [95% CI] (k/n) |\n|---|---:|---:|")
            for g, v in e.get("human_fpr_without_infeasible", {}).items():
                L.append(f"| {g} | {_rate(v['at_0.5'])} | {_rate(v['at_0.65'])} |")
            L.append("\n| AI / edited group | recall at 0.5 [95% CI] (k/n) | recall at 0.65 [95% CI] (k/n) |\n|---|---:|---:|")
            for g, v in e["ai_recall"].items():
                L.append(f"| {g} | {_rate(v['at_0.5'])} | {_rate(v['at_0.65'])} |")
            L.append("\nAUROC: " + ", ".join(f"{k} {v}" for k, v in e["auroc"].items()) + "\n")
            L.append("Transfer check (lines chosen without the family, rates on it):\n")
            L.append("| family left out of the choice | p at 0.5 without it | its FPR at 0.5 | its FPR at 0.65 |\n|---|---:|---:|---:|")
            for f, v in e["transfer_check"].items():
                L.append(f"| {f} | {v['t50_without']} | {_rate(v['at_0.5'])} | {_rate(v['at_0.65'])} |")
            L.append("\nReliability (unseen humans and unseen AI, equal weight):\n")
            L.append("| score bin | humans | AI | AI share (50/50 prior) |\n|---|---:|---:|---:|")
            for b in e["reliability"]:
                L.append(f"| {b['score_bin']} | {b['n_human']} | {b['n_ai']} | {b['ai_share_50_50_prior']} |")
            L.append("\n</details>\n")
    return "\n".join(L)


def rerender():
    """Rewrite manifest + card from the stored card.json report (no retraining), e.g. after updating latency notes."""
    import json as _j
    card = _j.loads((MODELS / "inkprint-detector.card.json").read_text())
    rep = card["report"]
    man = _j.loads((MODELS / "inkprint-detector.json").read_text())
    paths = {m: MODELS / man["models"][m]["file"] for m in MODES}
    loso = rep.get("loso")
    write_all(rep, card["thresholds"], paths, None)
    if loso is not None:
        c2 = _j.loads((MODELS / "inkprint-detector.card.json").read_text())
        c2["report"]["loso"] = loso
        (MODELS / "inkprint-detector.card.json").write_text(_j.dumps(c2, indent=1, default=float) + "\n")
        m2 = _j.loads((MODELS / "inkprint-detector.json").read_text())
        (MODELS / "inkprint-detector.card.md").write_text(render_md(c2["report"], c2["thresholds"], c2["min_words"], m2))


if __name__ == "__main__":
    rerender()
