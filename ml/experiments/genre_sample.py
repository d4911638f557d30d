"""Issue 38: the texts the genre validation scores through the product (libs/detector/scripts/genre-evidence.ts).

Writes ml/cache/genre-sample.jsonl: one row per text with `genre` (the group a line is chosen or graded on), `role`
(`choose`: may take part in choosing the lines, `measure`: licence allows measuring only, never choosing), `label`
and `source`. No text leaves ml/cache (git-ignored); the measure-only files are never committed anywhere.

Genres built from what the shared datasets hold (issue 38 item 1):
- personal_narrative: first-person narratives, the polished-writer genre (human stories of BiScope/GECScore/ImBD
  WritingPrompts, L2R literature and personal communication, Gutenberg letters, Stack Exchange posts, with at least
  4% first-person pronouns and 150+ words) — choose;
- asap_narrative / asap_persuasive / asap_source: US grade 7-10 essays (ASAP-AES sets 7-8 / 1-2 / 3-6), the
  anonymisation placeholders replaced by plausible names, places and numbers — measure only;
- ellipse_argumentative: English Language Learners' argumentative essays (grades 8-12) — measure only;
- cefr_learner: adult learners' short answers (CEFR-ASAG) — measure only;
- acl_abstract / acl_student_report: ACL abstracts; the Student Research Workshop ones as title + abstract — choose;
- the earlier human groups (stackexchange forum answers, outfox student essays, gutenberg opinion essays) — choose;
- AI texts of several sources and generators, and ImBD's human texts edited by a model (`ai_edited`).
"""
from __future__ import annotations

import gzip, hashlib, json, random, re, sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "shared" / "datasets"
OUT = Path(__file__).resolve().parents[1] / "cache" / "genre-sample.jsonl"


def rows(name):
    with gzip.open(DATA / f"{name}.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def h(key: str) -> float:
    return int(hashlib.sha256(("genre|" + key).encode()).hexdigest()[:8], 16) / 2**32


NAMES = ["Maria", "James", "Aisha", "Tom", "Lucas", "Emma", "Diego", "Hannah", "Ryan", "Sofia"]
PLACES = ["Denver", "Ohio", "Springfield", "Chicago", "Maine", "Portland", "Texas", "Boston"]
CAPS = ["Also", "Mr. Smith", "Saturday", "English", "Mom", "Dad", "America", "Science"]
FILL = {"PERSON": NAMES, "CAPS": CAPS, "LOCATION": PLACES, "CITY": PLACES, "STATE": PLACES,
        "ORGANIZATION": ["Google", "the YMCA", "Walmart", "NASA"], "NUM": ["3", "12", "45", "two", "100"],
        "PERCENT": ["40%", "75%", "15%"], "DATE": ["June 4", "last year", "1998"], "MONTH": ["May", "October"],
        "TIME": ["3:00", "noon"], "MONEY": ["$20", "$150"], "DR": ["Dr. Lee", "Dr. Patel"], "EMAIL": ["my email"]}


def unmask(t: str, key: str) -> str:
    def rep(m):
        kind = m.group(1)
        opts = FILL.get(kind, NAMES)
        return opts[int(h(key + m.group(0)) * len(opts))]
    return re.sub(r"@([A-Z]+)\d*", rep, t)


FIRST = re.compile(r"\b(i|me|my|mine|myself|i'm|i've|i'd|i'll)\b", re.I)


def first_person_share(t: str) -> float:
    w = t.split()
    return len(FIRST.findall(t)) / max(1, len(w))


def take(items, n, key=lambda r: r["id"]):
    items = sorted(items, key=lambda r: h(key(r)))
    return items[:n]


def main(scale: float = 1.0) -> None:
    out = []

    def add(rs, genre, role, n):
        for r in take(rs, int(n * scale)):
            out.append({"id": r["id"], "text": r["text"], "label": r["label"], "source": r["source"],
                        "generator": r.get("generator", "human"), "genre": genre, "role": role,
                        "words": len(r["text"].split())})

    # measure only
    asap = list(rows("human_asap_aes"))
    for r in asap:
        r["text"] = unmask(r["text"], r["id"])
    add([r for r in asap if r["essay_type"] == "narrative"], "asap_narrative", "measure", 400)
    add([r for r in asap if r["essay_type"] == "persuasive"], "asap_persuasive", "measure", 300)
    add([r for r in asap if r["essay_type"] == "source_dependent"], "asap_source", "measure", 200)
    add(list(rows("human_ellipse")), "ellipse_argumentative", "measure", 500)
    add(list(rows("human_cefr_asag")), "cefr_learner", "measure", 700)
    # choose (and graded by leaving the genre out)
    acl = list(rows("human_acl_anthology"))
    stud = [dict(r, text=f"{r['title']}\n\n{r['text']}") for r in acl if r.get("student_workshop")]
    add(stud, "acl_student_report", "choose", 300)
    add([r for r in acl if not r.get("student_workshop")], "acl_abstract", "choose", 400)
    narr = []
    for name in ("biscope", "gecscore", "imbd", "l2r"):
        for r in rows(name):
            if r["label"] == "human" and len(r["text"].split()) >= 150 and first_person_share(r["text"]) >= 0.04:
                narr.append(r)
    for name in ("human_gutenberg_top_authors", "human_stackexchange_small_dumps"):
        for r in rows(name):
            if len(r["text"].split()) >= 150 and first_person_share(r["text"]) >= 0.04 and (
                    name != "human_gutenberg_top_authors" or r.get("domain") == "letters"):
                r["source"] = r.get("source") or name
                narr.append(r)
    add(narr, "personal_narrative", "choose", 500)
    add([r for r in rows("outfox_valid") if r["label"] == "human"], "outfox_student_essay", "choose", 300)
    add([dict(r, source=r.get("source") or "stackexchange") for r in rows("human_stackexchange_small_dumps")],
        "stackexchange_answer", "choose", 250)
    add([dict(r, source=r.get("source") or "gutenberg") for r in rows("human_gutenberg_top_authors")
         if r.get("domain") == "opinion_essay"], "gutenberg_opinion_essay", "choose", 150)
    # AI and AI-edited
    for name, n in (("seqxgpt", 250), ("outfox_valid", 250), ("gecscore", 250), ("evobench", 250),
                    ("binoculars", 100), ("biscope", 200), ("l2r", 150)):
        add([r for r in rows(name) if r["label"] == "ai" and len(r["text"].split()) >= 100], f"ai_{name}", "ai", n)
    add([r for r in rows("imbd") if r["label"] == "ai_edited"], "ai_edited_imbd", "ai_edited", 250)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    random.Random(38).shuffle(out)
    with OUT.open("w") as f:
        for r in out:
            f.write(json.dumps(r) + "\n")
    from collections import Counter
    print(len(out), Counter(r["genre"] for r in out))


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
