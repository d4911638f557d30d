"""Gemma's SentencePiece (BPE, byte fallback) tokenizer, as llama.cpp runs it (`llm_tokenizer_spm`).

Reads `gemma-3-270m-tokenizer.json` (written by `lm_export` from the GGUF: tokens, scores, types). The TypeScript
engine has the same algorithm (`libs/detector/src/core/lm-tokenizer.ts`); `ml/fixtures/lm-parity.jsonl` pins both.

1. User-defined tokens (type 4: runs of newlines, spaces and tabs, some HTML tags) are cut out first, leftmost and
   longest first, as whole tokens.
2. Every other fragment: spaces become U+2581; the fragment is split into code points; adjacent pairs whose
   concatenation is a token are merged, highest score first (ties: leftmost), until no pair merges.
3. A symbol that is not a token is re-split along the merges that built it; a code point that is not a token is
   written as its UTF-8 bytes (`<0xXX>` tokens).
"""
from __future__ import annotations

import heapq
import json
from pathlib import Path

USER_DEFINED, BYTE = 4, 6


class GemmaTokenizer:
    def __init__(self, path: Path):
        v = json.loads(Path(path).read_text())
        self.bos = int(v["bos"])
        self.tokens: list[str] = v["tokens"]
        self.scores: list[float] = v["scores"]
        self.ids = {}
        for i, t in enumerate(self.tokens):
            self.ids.setdefault(t, i)
        self.byte_ids = {}
        for i, (t, ty) in enumerate(zip(self.tokens, v["types"])):
            if ty == BYTE:
                self.byte_ids[int(t[3:5], 16)] = i
        self.user: dict[str, list[str]] = {}
        for t, ty in zip(self.tokens, v["types"]):
            if ty == USER_DEFINED and t:
                self.user.setdefault(t[0], []).append(t)
        for k in self.user:
            self.user[k].sort(key=len, reverse=True)

    def _fragments(self, text: str):
        """(is_user_defined_token, text) pieces, cutting user-defined tokens leftmost-longest."""
        out, buf, i, n = [], [], 0, len(text)
        while i < n:
            hit = None
            for cand in self.user.get(text[i], ()):
                if text.startswith(cand, i):
                    hit = cand
                    break
            if hit is None:
                buf.append(text[i])
                i += 1
                continue
            if buf:
                out.append((False, "".join(buf)))
                buf = []
            out.append((True, hit))
            i += len(hit)
        if buf:
            out.append((False, "".join(buf)))
        return out

    def _spm(self, text: str, out: list[int]) -> None:
        sym = list(text.replace(" ", "\u2581"))
        n = len(sym)
        if n == 0:
            return
        prev = list(range(-1, n - 1))
        nxt = list(range(1, n + 1))
        nxt[-1] = -1
        alive = [True] * n
        heap: list = []
        rev: dict[str, tuple[str, str]] = {}

        def bigram(left: int, right: int) -> None:
            if left < 0 or right < 0:
                return
            s = sym[left] + sym[right]
            tid = self.ids.get(s)
            if tid is None:
                return
            heapq.heappush(heap, (-self.scores[tid], left, right, len(s)))

        for i in range(n - 1):
            bigram(i, i + 1)
        while heap:
            _, left, right, size = heapq.heappop(heap)
            if not alive[left] or not alive[right] or len(sym[left]) + len(sym[right]) != size:
                continue
            merged = sym[left] + sym[right]
            rev.setdefault(merged, (sym[left], sym[right]))
            sym[left] = merged
            alive[right] = False
            nxt[left] = nxt[right]
            if nxt[right] >= 0:
                prev[nxt[right]] = left
            bigram(prev[left], left)
            bigram(left, nxt[left])

        def resegment(s: str) -> None:
            tid = self.ids.get(s)
            if tid is not None:
                out.append(tid)
                return
            parts = rev.get(s)
            if parts is not None:
                resegment(parts[0])
                resegment(parts[1])
                return
            for b in s.encode("utf-8"):
                out.append(self.byte_ids[b])

        i = 0
        while i != -1:
            resegment(sym[i])
            i = nxt[i]

    def encode(self, text: str, bos: bool = True) -> list[int]:
        out = [self.bos] if bos else []
        for is_user, frag in self._fragments(text):
            if is_user:
                out.append(self.ids[frag])
            else:
                self._spm(frag, out)
        return out
