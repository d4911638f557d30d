// The product's document probability in forensic and moderate mode for the rows of `forensic_product.py rows`
// (experiments/forensic_product.py): @inkprint/detector's probability(), language model loaded, one thread.
// Resumable; a seeded random order, so a partial run is a random subset of both labels. Run from ml/ after
// `npm run build` in libs/detector:  nice -n 10 node experiments/forensic_product_score.js [ROWS] [OUT]
const fs = require('node:fs');
const path = require('node:path');
const { createDetector } = require(path.resolve(__dirname, '../../libs/detector/dist/index.js'));

const ROWS = process.argv[2] ?? '/tmp/inkprint-forensic-product/rows.jsonl';
const OUT = process.argv[3] ?? '/tmp/inkprint-forensic-product/scored.jsonl';

(async () => {
  const rows = fs.readFileSync(ROWS, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const done = new Set(
    fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).id) : [],
  );
  let a = 20261126; // mulberry32
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  const det = await createDetector({ threads: 1 });
  if (!det.info.languageModel?.available) throw new Error(`language model not available: ${det.info.languageModel?.reason}`);
  console.error('engine', det.info.engine);
  // the score knots these probabilities are read at (each mode's with the language model, and forensic's without)
  const man = JSON.parse(fs.readFileSync(path.join(det.info.modelsDir, 'inkprint-detector.json'), 'utf8'));
  const knots = {
    forensic: man.modes.forensic.score_knots,
    forensic_lm: man.modes.forensic.lm?.score_knots,
    moderate: man.modes.moderate.score_knots,
    moderate_lm: man.modes.moderate.lm?.score_knots,
  };
  fs.writeFileSync(path.join(path.dirname(OUT), 'knots.json'), JSON.stringify(knots, null, 1));
  let n = 0;
  for (const r of rows) {
    if (done.has(r.id)) continue;
    const t0 = performance.now();
    const f = await det.probability(r.text, { mode: 'forensic' });
    const t1 = performance.now();
    const m = await det.probability(r.text, { mode: 'moderate' });
    const t2 = performance.now();
    const line = {
      id: r.id,
      p_forensic_product: f.probability,
      p_moderate_product: m.probability,
      words: f.words,
      ms_forensic: Math.round(t1 - t0),
      ms_moderate: Math.round(t2 - t1),
    };
    fs.appendFileSync(OUT, JSON.stringify(line) + '\n');
    if (++n % 20 === 0) console.error(n, new Date().toISOString());
  }
  await det.close();
})();
