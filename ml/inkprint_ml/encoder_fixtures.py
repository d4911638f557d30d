"""Parity fixtures for libs/sentence-encoder: the WordPiece ids of Hugging Face `tokenizers` (0.23.3) for texts that
exercise every step of BERT uncased tokenisation, and the int8 graph's embeddings (onnxruntime, Python) of a few.

    cd ml && ../models/encoder/.venv/bin/python -m inkprint_ml.encoder_fixtures   (after npm run models:fetch)

writes ml/fixtures/wordpiece-parity.json; libs/sentence-encoder's int tests compare the TypeScript tokenizer's ids
exactly and the onnxruntime-node embeddings within 5e-2 and cosine > 0.98 (measured on the machine that wrote them: most
texts 1e-6, the longest 5e-3 / 0.9995, the int8 kernels of onnxruntime-node 1.23 and onnxruntime 1.31 differing in the
last bits; on an AMD EPYC, 2026-11-29, both runtimes agree there and differ from the fixtures by up to 0.033, cosine
0.985-0.996: the int8 kernels round differently per processor).
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from .encoder_export import MAXLEN, ONNX_INT8, TOKENIZER, session

ROOT = Path(__file__).resolve().parents[2]
ENC = ROOT / "models" / "encoder"
OUT = ROOT / "ml" / "fixtures" / "wordpiece-parity.json"

TEXTS = {
    "plain": "The cat sat on the mat.",
    "empty": "",
    "spaces_only": " \t\n  ",
    "case_and_contractions": "It's NOT a one-size-fits-all approach; don't you think?",
    "numbers_units": "Revenue rose 12.4% to $3,200,000 in Q3 2023 (vs. 8.1% in 2022), i.e. about 1.5x.",
    "accents": "Café naïve façade résumé Ångström Über São Paulo Dvořák",
    "greek_sigma": "ΟΔΟΣ Σοφία ΣΟΦΟΣ",
    "cjk": "東京は日本の首都です。我爱自然语言处理。",
    "hangul_kana": "한국어 テキスト ひらがな",
    "punctuation_unicode": "“Quoted” — dash… ‘single’ «guillemets» ¿qué? ¡sí! 50°C ±2 © ® ™ € £ ¥ § ¶ •",
    "ascii_symbols": "a+b=c <tag> x^2 `code` a|b ~home @user #tag $5 100% &amp; *bold* _under_ {x} [y] \\path/",
    "controls": "zero\u200bwidth\u00adsoft\ufeffbom\u0007bell\u0000nul\ufffdrepl\u0085nel\u00a0nbsp\u2003em\u3000ideo",
    "special_tokens": "[CLS] hello [SEP] [MASK] world [PAD] [UNK] [cls] [ MASK ]",
    "urls_code": "See https://example.com/a_b?x=1&y=2 or run `npm run models:fetch` (Smith et al., 2021).",
    "emoji": "Great job 🎉👍🏽 see you 😊!",
    "long_word": "a" * 101 + " " + "pneumonoultramicroscopicsilicovolcanoconiosis supercalifragilisticexpialidocious",
    "unknown_script": "ᚠᚢᚦᚨᚱᚲ ꦲꦏ꧀ꦱꦫ 𓀀𓀁",
    "mixed_newlines": "Line one.\r\nLine two.\n\nParagraph two:\n- item one\n- item two",
    "hyphens_apostrophes": "state-of-the-art well‐known O’Neill’s rock ’n’ roll",
    "long_text": " ".join(["Effective time management helps people reduce stress and improve their productivity."] * 30),
}

EMBED = ["plain", "case_and_contractions", "numbers_units", "accents", "cjk", "long_text"]


def main():
    from tokenizers import Tokenizer
    tok = Tokenizer.from_file(str(ENC / TOKENIZER))
    tok.no_padding()
    tok.enable_truncation(MAXLEN)
    cases = []
    for name, text in TEXTS.items():
        e = tok.encode(text)
        cases.append({"name": name, "text": text, "ids": e.ids, "tokens": e.tokens})
    sess = session(ENC / ONNX_INT8)
    emb = []
    for name in EMBED:
        ids = np.array([next(c["ids"] for c in cases if c["name"] == name)], np.int64)
        v = sess.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids)})[0][0]
        emb.append({"name": name, "embedding": [round(float(x), 6) for x in v]})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"tokenizers": __import__("tokenizers").__version__, "max_length": MAXLEN,
                               "cases": cases, "embeddings": emb}, ensure_ascii=False) + "\n")
    print(f"encoder_fixtures: {len(cases)} tokenisation cases, {len(emb)} embeddings -> {OUT}")


if __name__ == "__main__":
    main()
