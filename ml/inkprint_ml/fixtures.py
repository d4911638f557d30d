"""Parity fixtures for the TypeScript port: ml/fixtures/parity.jsonl (synthetic texts written for this purpose)."""
from __future__ import annotations

import json

import numpy as np

from . import features as F
from .engine import Engine, chunk_texts

OUT = F.REPO_ROOT / "ml" / "fixtures" / "parity.jsonl"

_long_ai = ("In today's rapidly evolving digital landscape, organizations must navigate a complex interplay of "
            "technological innovation and human needs. Furthermore, it is crucial to foster a culture of continuous "
            "learning. Additionally, leaders should leverage data-driven insights to enhance decision-making. "
            "Ultimately, embracing these strategies will empower teams to thrive in a dynamic environment. ")
_long_human = ("so we got there around 7 and the place was packed, like actually packed. my brother wanted the ribs "
               "but they were out?? ended up with the brisket which was fine i guess. the guy at the counter was "
               "super nice tho. prob won't go back on a friday. ")

TEXTS = [
    ("empty", ""),
    ("whitespace_only", " \t\n\u200b "),
    ("one_word", "Hello"),
    ("short_human", "lol that movie was kinda dumb but i loved it anyway"),
    ("short_ai", "Certainly! The film offers a captivating exploration of resilience and hope."),
    ("ai_paragraph", _long_ai),
    ("human_paragraph", _long_human),
    ("ai_long", _long_ai * 6),
    ("human_long", _long_human * 8),
    ("mixed_long", (_long_human * 3) + "\n\n" + (_long_ai * 3)),
    ("homoglyph_cyrillic", _long_ai.replace("a", "\u0430").replace("e", "\u0435").replace("o", "\u043e")),
    ("homoglyph_greek_upper", "\u0391\u0392\u0395 \u039f\u03a1\u03a4 and \u03bfther things"),
    ("zero_width", "\u200b".join(_long_ai[i:i + 4] for i in range(0, len(_long_ai), 4))),
    ("soft_hyphen_bom", "\ufeffTrans\u00adformative in\u00adsights \u2060abound."),
    ("whitespace_tricks", "Line  one\u00a0\u00a0has\tspaces.\r\nLine two\u2003em\u2009thin.\r\n\r\n\r\n\r\nLine three \u3000end."),
    ("smart_quotes", "\u201cIt\u2019s fine,\u201d she said. \u2018Really?\u2019 He wasn\u2032t sure\u2026 Maybe..."),
    ("fullwidth_nfkc", "\uff34\uff45\uff58\uff54 with \ufb01ne ligatures and \u2460 circled \u00bd half"),
    ("markdown_list", "## Key Benefits\n\n- **Scalability**: grows with you.\n- **Security**: robust and seamless.\n1. First step\n2) Second step\n* starred\n\u2022 bullet"),
    ("code", "def f(x):\n    return x * 2  # double it\n\nfor i in range(10):\n    print(f(i))"),
    ("numbers", "In 2023, revenue rose 12.5% to $4,200,000 (vs. 3.7M in 2022); EBITDA was -0.3."),
    ("dashes", "It was \u2014 as always \u2014 too late; the 1990\u20132000 era ended. Well-known, self-made."),
    ("allcaps", "THIS IS A VERY LOUD REVIEW!!! WORST SERVICE EVER. NASA and the FBI agree."),
    ("questions", "Why? Why not! Who knows?! What happened... nobody can say. (Really.)"),
    ("french", "L'\u00e9t\u00e9 dernier, nous sommes all\u00e9s \u00e0 la plage. C'\u00e9tait magnifique ! Qu'en penses-tu ?"),
    ("german", "Die Stra\u00dfe war nass. \u00dcberall lagen Bl\u00e4tter, und die Kinder spielten fr\u00f6hlich drau\u00dfen."),
    ("russian", "\u041f\u0440\u0438\u0432\u0435\u0442, \u043a\u0430\u043a \u0434\u0435\u043b\u0430? \u042d\u0442\u043e \u0442\u0435\u0441\u0442\u043e\u0432\u044b\u0439 \u0442\u0435\u043a\u0441\u0442."),
    ("cjk", "\u4eca\u65e5\u306f\u3044\u3044\u5929\u6c17\u3067\u3059\u3002\u6211\u4eec\u53bb\u516c\u56ed\u5427\uff01 \ud55c\uad6d\uc5b4 \ud14c\uc2a4\ud2b8."),
    ("emoji_astral", "Great place \U0001F600\U0001F44D would go again \U0001F355! 10/10 \U0001D400\U0001D401"),
    ("arabic_hebrew_hindi", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645. \u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd. \u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e\u0964"),
    ("contractions_apostrophes", "I'm sure they'd've known. Rock 'n' roll isn't dead; it's the 90's' fault o'clock."),
    ("combining_marks", "Cafe\u0301 na\u0131\u0308ve re\u0301sume\u0301 \u0041\u030a"),
    ("essay_student", "I think that schools should have a longer day because students could learn more. But some people dont agree with me. For example my friend says its to long already. In conclusion i think it would help."),
    ("control_chars", "Tab\tand\u0007bell\u0000null\u007fdel\u000bvt\u000cff\u0085nel\u2028ls\u2029ps end."),
]


def write_fixtures(paths=None):
    eng = Engine()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for name, text in TEXTS:
            norm = F.normalize(text)
            rec = {"name": name, "text": text, "normalized": norm, "tokens": F.tokenize(norm),
                   "n_words": len(F.tokenize(norm)),
                   "sentence_lengths": [len(s) for s in F.sentences(norm)],
                   "fw_stream": F.fw_stream(norm),
                   "dense": [float(np.float32(v)) for v in F.dense_features(norm)],
                   "features": {}, "chunks": chunk_texts(norm), "probability": {}, "score": {},
                   "ngram_probability": {}}
            for fs in ["fast", "full"]:
                i, v = F.extract(norm, fs, normalized=True)
                rec["features"][fs] = {"dim": F.feature_dim(fs), "indices": i,
                                       "values": [float(np.float32(x)) for x in v]}
            for mode in ["moderate", "strong", "forensic"]:
                if "forensic" in eng.manifest["modes"][mode]["models"]:
                    continue  # forensic on its aggregator (before lm_cascade --forensic-base moderate): no such model
                # the mode's n-gram model alone (before modes[m].encoder_stack): what the independent JS port checks
                doc_model = eng.manifest["modes"][mode]["models"][0]
                rec["ngram_probability"][mode] = float(np.float32(eng.run(doc_model, eng.vector(norm, "full")[None])[0]))
            for mode in ["fast", "moderate", "strong", "forensic"]:
                r = eng.score(text, mode)
                rec["probability"][mode] = float(np.float32(r["probability"]))
                rec["score"][mode] = r["score"]
            f.write(json.dumps(rec, ensure_ascii=True) + "\n")
    return OUT


if __name__ == "__main__":
    print(write_fixtures())
