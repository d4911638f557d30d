// Gemma's SentencePiece tokenizer (BPE with byte fallback) as llama.cpp runs it (`llm_tokenizer_spm`); the same
// algorithm as ml/inkprint_ml/lm_tokenizer.py, pinned by ml/fixtures/lm-parity.jsonl.
//
// 1. User-defined tokens (type 4: runs of newlines, spaces and tabs, some HTML tags) are cut out first, leftmost and
//    longest first, as whole tokens.
// 2. Every other fragment: spaces become U+2581; the fragment is split into code points; adjacent pairs whose
//    concatenation is a token are merged, highest score first (ties: leftmost), until no pair merges.
// 3. A symbol that is not a token is re-split along the merges that built it; a code point that is not a token is
//    written as its UTF-8 bytes (`<0xXX>` tokens).

/** `gemma-3-270m-tokenizer.json` (written by ml/inkprint_ml/lm_export.py from the GGUF). */
export interface GemmaVocabulary {
  bos: number;
  tokens: readonly string[];
  scores: readonly number[];
  types: readonly number[];
}

export const TOKEN_TYPE_USER_DEFINED = 4;
export const TOKEN_TYPE_BYTE = 6;

const SPACE_MARK = '\u2581';
const utf8 = new TextEncoder();

/** Max-heap of candidate merges: score descending, then left position, right position and size ascending. */
class MergeHeap {
  private score: Float64Array;
  private left: Int32Array;
  private right: Int32Array;
  private size: Int32Array;
  length = 0;

  constructor(capacity: number) {
    const c = Math.max(16, capacity);
    this.score = new Float64Array(c);
    this.left = new Int32Array(c);
    this.right = new Int32Array(c);
    this.size = new Int32Array(c);
  }

  // a before b
  private before(a: number, b: number): boolean {
    if (this.score[a] !== this.score[b]) return this.score[a] > this.score[b];
    if (this.left[a] !== this.left[b]) return this.left[a] < this.left[b];
    if (this.right[a] !== this.right[b]) return this.right[a] < this.right[b];
    return this.size[a] < this.size[b];
  }

  private swap(a: number, b: number): void {
    const s = this.score[a];
    this.score[a] = this.score[b];
    this.score[b] = s;
    const l = this.left[a];
    this.left[a] = this.left[b];
    this.left[b] = l;
    const r = this.right[a];
    this.right[a] = this.right[b];
    this.right[b] = r;
    const z = this.size[a];
    this.size[a] = this.size[b];
    this.size[b] = z;
  }

  private grow(): void {
    const c = this.score.length * 2;
    const score = new Float64Array(c);
    score.set(this.score);
    const left = new Int32Array(c);
    left.set(this.left);
    const right = new Int32Array(c);
    right.set(this.right);
    const size = new Int32Array(c);
    size.set(this.size);
    Object.assign(this, { score, left, right, size });
  }

  push(score: number, left: number, right: number, size: number): void {
    if (this.length === this.score.length) this.grow();
    let i = this.length++;
    this.score[i] = score;
    this.left[i] = left;
    this.right[i] = right;
    this.size[i] = size;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  /** Removes the top entry; its fields are in `top` until the next pop. */
  readonly top = { left: 0, right: 0, size: 0 };

  pop(): void {
    this.top.left = this.left[0];
    this.top.right = this.right[0];
    this.top.size = this.size[0];
    const last = --this.length;
    if (last > 0) {
      this.score[0] = this.score[last];
      this.left[0] = this.left[last];
      this.right[0] = this.right[last];
      this.size[0] = this.size[last];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= last) break;
        const r = l + 1;
        const c = r < last && this.before(r, l) ? r : l;
        if (!this.before(c, i)) break;
        this.swap(c, i);
        i = c;
      }
    }
  }
}

export class GemmaTokenizer {
  readonly bos: number;
  private readonly ids = new Map<string, number>();
  private readonly scores: readonly number[];
  private readonly byteIds = new Int32Array(256).fill(-1);
  /** User-defined tokens by their first code point, longest first. */
  private readonly user = new Map<string, string[]>();

  constructor(vocab: GemmaVocabulary) {
    const { tokens, scores, types } = vocab;
    if (tokens.length !== scores.length || tokens.length !== types.length)
      throw new Error('tokenizer: tokens, scores and types differ in length');
    this.bos = vocab.bos;
    this.scores = scores;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (!this.ids.has(t)) this.ids.set(t, i);
      if (types[i] === TOKEN_TYPE_BYTE) this.byteIds[parseInt(t.slice(3, 5), 16)] = i;
      if (types[i] === TOKEN_TYPE_USER_DEFINED && t) {
        const first = String.fromCodePoint(t.codePointAt(0) as number);
        let list = this.user.get(first);
        if (!list) this.user.set(first, (list = []));
        list.push(t);
      }
    }
    // Longest first in code points (stable, like Python's sort).
    for (const list of this.user.values()) list.sort((a, b) => [...b].length - [...a].length);
  }

  encode(text: string, bos = true): number[] {
    const out: number[] = bos ? [this.bos] : [];
    let buf = 0; // start of the pending plain fragment
    let i = 0;
    while (i < text.length) {
      const cp = text.codePointAt(i) as number;
      const step = cp > 0xffff ? 2 : 1;
      const cands = this.user.get(step === 1 ? text[i] : text.slice(i, i + 2));
      let hit: string | undefined;
      if (cands) {
        for (const c of cands) {
          if (text.startsWith(c, i)) {
            hit = c;
            break;
          }
        }
      }
      if (hit === undefined) {
        i += step;
        continue;
      }
      if (i > buf) this.spm(text.slice(buf, i), out);
      out.push(this.ids.get(hit) as number);
      i += hit.length;
      buf = i;
    }
    if (text.length > buf) this.spm(text.slice(buf), out);
    return out;
  }

  private spm(fragment: string, out: number[]): void {
    const sym = Array.from(fragment.replaceAll(' ', SPACE_MARK));
    const n = sym.length;
    if (n === 0) return;
    const prev = new Int32Array(n);
    const next = new Int32Array(n);
    const alive = new Uint8Array(n).fill(1);
    for (let k = 0; k < n; k++) {
      prev[k] = k - 1;
      next[k] = k + 1;
    }
    next[n - 1] = -1;
    const heap = new MergeHeap(2 * n);
    const rev = new Map<string, [string, string]>();
    const ids = this.ids;
    const scores = this.scores;

    const bigram = (left: number, right: number): void => {
      if (left < 0 || right < 0) return;
      const s = sym[left] + sym[right];
      const id = ids.get(s);
      if (id === undefined) return;
      heap.push(scores[id], left, right, s.length);
    };

    for (let k = 0; k < n - 1; k++) bigram(k, k + 1);
    const top = heap.top;
    while (heap.length > 0) {
      heap.pop();
      const { left, right, size } = top;
      if (!alive[left] || !alive[right] || sym[left].length + sym[right].length !== size) continue;
      const merged = sym[left] + sym[right];
      if (!rev.has(merged)) rev.set(merged, [sym[left], sym[right]]);
      sym[left] = merged;
      alive[right] = 0;
      next[left] = next[right];
      if (next[right] >= 0) prev[next[right]] = left;
      bigram(prev[left], left);
      bigram(left, next[left]);
    }

    const resegment = (s: string): void => {
      const id = ids.get(s);
      if (id !== undefined) {
        out.push(id);
        return;
      }
      const parts = rev.get(s);
      if (parts) {
        resegment(parts[0]);
        resegment(parts[1]);
        return;
      }
      for (const b of utf8.encode(s)) {
        const bid = this.byteIds[b];
        if (bid < 0) throw new Error(`tokenizer: no byte token for 0x${b.toString(16)}`);
        out.push(bid);
      }
    };
    for (let k = 0; k !== -1; k = next[k]) resegment(sym[k]);
  }
}
