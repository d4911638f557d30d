// Grammar never gets worse (issue 26 item 4): the built-in engine's rewrites checked by a real LanguageTool server
// (scripts/languagetool.sh; LANGUAGETOOL_URL from .services/env). Skipped only when LanguageTool is neither running
// nor required; CI requires it (INKPRINT_REQUIRE_SERVICES=...,languagetool), so a missing server fails there.
import { createDetector, type Detector } from '@inkprint/detector';
import { addedMatches, GrammarChecker, languageToolUrlFromEnv } from './grammar';
import { createHumaniser, type Humaniser } from './humaniser';

jest.setTimeout(300_000);

const required = (process.env.INKPRINT_REQUIRE_SERVICES ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .some((s) => s === 'languagetool' || s === 'all' || s === '1');
const url = languageToolUrlFromEnv(process.env);
if (!url && required)
  throw new Error(
    'LANGUAGETOOL_URL is not set but INKPRINT_REQUIRE_SERVICES requires languagetool: scripts/services.sh start languagetool',
  );

// Each text carries constructions earlier rewrites broke (LanguageTool found them on the unseen GECScore texts):
// a multi-word verb inflected twice, a/an next to a non-ASCII name, a plural possessive, "have served as",
// "she'd walked" expanded, a run of dashes, "diverse" before a singular noun.
const TEXTS = [
  "In today's fast-paced digital landscape, effective time management has become more important than ever. By prioritizing " +
    'tasks, setting clear goals, and leveraging the right tools, individuals can significantly enhance their productivity. ' +
    'Moreover, it is important to note that time management is not a one-size-fits-all approach; what works for one person ' +
    'may not work for another. Ultimately, by embracing these strategies, anyone can unlock their full potential and thrive ' +
    'in both their personal and professional lives.',
  'In response to the blockade, Qatar has enhanced its relations with Turkey and Iran. Turkish President Recep Tayyip ' +
    "Erdoğan has shown strong support for Qatar, increasing the Turkish troop presence in the small Gulf state. Sir Tom's " +
    'visit and his subsequent remarks have served as a catalyst for a much-needed conversation about reform. Equipping ' +
    "teachers to cater to these individuals' unique needs is of paramount importance. The broadcaster continues to set " +
    'the stage with its diverse lineup of engaging content.',
  "It had been six months since she'd walked out, leaving me with nothing but a cryptic note. The faint glow of hidden " +
    'enchantments illuminated the interior as we ventured deeper. A fleet of exploratory vessels\u2014named after pioneering ' +
    'astronomers of old\u2014\u2014took to the skies. Moreover, the crew remained steadfast, showcasing a remarkable ' +
    'resilience that would ultimately shape the course of their journey.',
];

(url ? describe : describe.skip)(`grammar with LanguageTool [${url ?? 'set LANGUAGETOOL_URL to run'}]`, () => {
  const checker = new GrammarChecker(url ?? '');
  let detector: Detector;
  let humaniser: Humaniser;
  beforeAll(async () => {
    detector = await createDetector({ engine: 'onnx' });
    humaniser = await createHumaniser({ detector, llm: false });
  });
  afterAll(async () => {
    await humaniser?.close();
    await detector?.close();
  });

  it('is a real LanguageTool: finds agreement and a/an errors, none in a clean sentence', async () => {
    const bad = await checker.check('This is a example. He go to school every day.');
    expect(bad.matches.map((m) => m.rule)).toEqual(expect.arrayContaining(['EN_A_VS_AN']));
    expect(bad.grammar).toBeGreaterThanOrEqual(1);
    expect(bad.words).toBe(10);
    expect(bad.per100Words).toBeCloseTo((100 * bad.errors) / 10, 6);
    const clean = await checker.check('The committee met on Tuesday and approved the budget.');
    expect(clean.errors).toBe(0);
    // the comparison the test below relies on names what a rewrite added
    expect(addedMatches(clean, bad).length).toBe(bad.errors);
    expect(addedMatches(bad, bad)).toEqual([]);
  });

  it.each(['auto', 'casual', 'formal', 'narrative'])(
    'the %s rewrite of each text has no more LanguageTool errors than the input',
    async (tone) => {
      const worse: string[] = [];
      for (const text of TEXTS) {
        const r = await humaniser.humanise(text, { tone, seed: 'grammar' });
        expect(r.humanised).not.toBe(text);
        const [before, after] = [await checker.check(text), await checker.check(r.humanised)];
        // a failure names what got worse (rule and flagged text) and the rewrite
        if (after.errors > before.errors)
          worse.push(
            `${before.errors} -> ${after.errors} errors, added ${addedMatches(before, after)
              .map((m) => `${m.rule} "${m.text}"`)
              .join(', ')}: ${r.humanised}`,
          );
      }
      expect(worse).toEqual([]);
    },
  );
});
