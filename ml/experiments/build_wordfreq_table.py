"""Build the compact English word-frequency table used by the word-frequency-prior features.

Source: the `large_en` list inside the `wordfreq` 3.1.1 wheel (Robyn Speer; data CC-BY-SA 4.0, see the
attribution block written into the table). Usage (no network needed once the wheel is downloaded):

    pip download --no-deps wordfreq==3.1.1 msgpack==1.2.4 -d /tmp/wf
    pip install --no-deps --target /tmp/wf/lib /tmp/wf/msgpack-*.whl
    PYTHONPATH=/tmp/wf/lib:. python experiments/build_wordfreq_table.py /tmp/wf/wordfreq-3.1.1-py3-none-any.whl OUT.json

Kept: the N_WORDS most frequent entries that are exactly one Inkprint token (FEATURES.md tokenisation), contain no
digit and are unchanged by ASCII lowercasing. Value = Zipf frequency in centi-units (zipf = 9 + log10(freq)),
wordfreq's own 0.01-log10 bucket resolution. Words are grouped by bucket to keep the file small.
"""
import gzip, io, json, re, sys, zipfile
import msgpack
sys.path.insert(0, ".")
from inkprint_ml import features as F

N_WORDS = 50000
ATTRIBUTION = (
    "Derived from wordfreq 3.1.1 (Robyn Speer, https://github.com/rspeer/wordfreq, doi:10.5281/zenodo.7199437), "
    "large_en list. Data licence: CC-BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); this derived table "
    "is distributed under the same licence. wordfreq includes data from Google Books Ngrams "
    "(http://books.google.com/ngrams), the Leeds Internet Corpus, Wikipedia, ParaCrawl, OPUS OpenSubtitles 2018 "
    "(with attribution to OpenSubtitles, http://www.opensubtitles.org/), SUBTLEX (Marc Brysbaert et al.; SUBTLEX is "
    "freely available data) and Twitter word statistics."
)


def main(wheel, out):
    with zipfile.ZipFile(wheel) as z:
        d = msgpack.unpackb(gzip.decompress(z.read("wordfreq/data/large_en.msgpack.gz")), raw=False,
                            strict_map_key=False)
    assert d[0] == {"format": "cB", "version": 1}
    tok = re.compile("^" + F.TOKEN_PATTERN + "$")
    buckets, n = {}, 0
    for i, words in enumerate(d[1:]):
        for w in sorted(words):
            if n >= N_WORDS:
                break
            if tok.match(w) and F.ascii_lower(w) == w and not re.search("[0-9]", w):
                buckets.setdefault(900 - i, []).append(w); n += 1
    table = {"format": "inkprint-wordfreq-1", "unit": "zipf*100", "n_words": n,
             "min_zipf100": min(buckets), "attribution": ATTRIBUTION,
             "buckets": [[z, " ".join(ws)] for z, ws in sorted(buckets.items(), reverse=True)]}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(table, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    print(n, "words, min zipf", min(buckets) / 100)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
