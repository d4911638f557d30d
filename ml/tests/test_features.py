from inkprint_ml import features as F

def test_fnv_vectors():
    vec = {"": 2166136261, "a": 3826002220, "w:the": 1578438295, "c3:the": 1615805550,
           "b:of the": 2960337723, "h\u00e9llo": 1252296000}
    for k, h in vec.items():
        assert F.fnv1a32(k) == h
        F._hash_cache.clear()
        assert F.fnv1a32(k) == h

def test_normalize_tricks():
    clean = 'Hello world! This is a "test". Don\'t panic.'
    tricky = "H\u0435llo\u200b  w\u043erld!\tThis is a \u201ctest\u201d.\u00a0Don\u2019t pa\u00adnic.\r\n\r\n"
    assert F.normalize(tricky) == clean
    assert F.normalize("a\n\n\n\nb   c \n d") == "a\n\nb c\nd"
    assert F.normalize("\uff21\uff22") == "AB"  # NFKC fullwidth

def test_tokenize_and_sentences():
    n = F.normalize("It's 3.14 -- CAF\u00c9 caf\u00e9! Done? yes")
    assert F.tokenize(n) == ["it's", "3", "14", "caf\u00c9", "caf\u00e9", "done", "yes"]
    assert [len(s) for s in F.sentences(n)] == [5, 1, 1]

def test_deterministic_and_dims():
    t = "Some text, with words. And a second sentence!\n- a list item"
    a = F.extract(t, "full"); b = F.extract(t, "full")
    assert a == b
    assert all(0 <= i < F.feature_dim("full") for i in a[0])
    assert a[0] == sorted(a[0])
    i, v = F.extract(t, "fast")
    assert max(i) < F.feature_dim("fast")
    assert len(F.dense_features(F.normalize(t))) == F.N_DENSE == 40

def test_homoglyph_invariance():
    clean = "The results demonstrate a crucial improvement across several benchmarks."
    tricky = clean.replace("e", "\u0435").replace("o", "\u03bf").replace(" ", " \u200b")
    assert F.extract(clean) == F.extract(tricky)
