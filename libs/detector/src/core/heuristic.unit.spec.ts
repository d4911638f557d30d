import * as fs from 'node:fs';
import * as path from 'node:path';
import { denseFeatures, parseWordLists } from './features';
import { describeSignal, heuristicContributions, heuristicProbability, strongestSignals } from './heuristic';
import { normalize } from './normalize';

const wl = parseWordLists(
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../models/inkprint-wordlists.json'), 'utf8')),
);
const dense = (t: string): Float64Array => denseFeatures(normalize(t), wl);

const AI_TEXT =
  "In today's rapidly evolving landscape, it is essential to navigate the multifaceted challenges of remote work. " +
  'Moreover, organizations must leverage innovative tools to foster collaboration and ensure seamless communication. ' +
  'Additionally, a comprehensive strategy can enhance productivity and empower employees. Furthermore, fostering a ' +
  'culture of trust plays a pivotal role in this journey. Ultimately, embracing these insights will help teams thrive.';
const HUMAN_TEXT =
  'ok so i finally tried that ramen place on 5th. honestly? kinda overrated lol. the broth was fine but they forgot my egg ' +
  'and the guy at the counter was super rude when I asked. My friend got the spicy one and said it was way better, so maybe ' +
  "I just ordered wrong. Parking's a nightmare too. Won't be rushing back, but I'd give it another shot if someone else pays!";

describe('stylometric heuristic', () => {
  it('scores typical chat-model prose well above casual human prose', () => {
    const ai = heuristicProbability(dense(AI_TEXT));
    const human = heuristicProbability(dense(HUMAN_TEXT));
    expect(ai).toBeGreaterThan(0.65);
    expect(human).toBeLessThan(0.35);
  });

  it('never saturates beyond the logit cap', () => {
    const p = heuristicProbability(dense(AI_TEXT.repeat(5)));
    expect(p).toBeLessThan(0.99);
  });

  it('explains with signals on the right side of the class means', () => {
    const d = dense(AI_TEXT);
    const { supporting } = strongestSignals(d, 'ai');
    expect(supporting.length).toBeGreaterThan(0);
    expect(supporting.map((s) => s.feature)).toContain('ai_word_rate');
    for (const s of supporting) expect(s.contribution).toBeGreaterThan(0);
    const aiWords = supporting.find((s) => s.feature === 'ai_word_rate');
    expect(describeSignal(aiWords!, ['leverage'])).toMatch(
      /^more vocabulary that chat models overuse than typical human writing \(0\.\d+ vs 0\.\d+, e\.g\. "leverage"\)$/,
    );
    expect(heuristicContributions(d)).toHaveLength(40);
  });
});
