import { noChanges, rewritePhrases, type OperatorOptions } from './operators';
import { PLAIN_PHRASES } from './plain-phrases';
import { Rng } from './rng';
import { TONE_PROFILES } from './tones';

function opts(tone: keyof typeof TONE_PROFILES): OperatorOptions {
  return { profile: TONE_PROFILES[tone], rng: new Rng('t'), alt: 0, words: true, split: true };
}
const plain = (s: string, tone: keyof typeof TONE_PROFILES = 'neutral'): string =>
  rewritePhrases(s, opts(tone), noChanges());

describe('plain phrases (issue 40: wordy expressions put plainly)', () => {
  it.each([
    ['The talks ended prior to the vote.', 'The talks ended before the vote.'],
    ['In the wake of the scandal, the minister resigned.', 'After the scandal, the minister resigned.'],
    ['In spite of the rain, the match went ahead.', 'Despite the rain, the match went ahead.'],
    ['In an effort to cut costs, the firm closed two sites.', 'To cut costs, the firm closed two sites.'],
    ['A large number of fans waited outside.', 'Many fans waited outside.'],
    ['The majority of the players agreed.', 'Most of the players agreed.'],
    ['The vast majority of residents stayed.', 'Most residents stayed.'],
    ['The game was postponed due to heavy rain.', 'The game was postponed because of heavy rain.'],
    ['She is able to read the map.', 'She can read the map.'],
    ['He was unable to attend.', 'He could not attend.'],
    ['They were forced to leave the house.', 'They had to leave the house.'],
    ['All of a sudden, the lights went out.', 'Suddenly, the lights went out.'],
    ['Once again, the team lost.', 'Again, the team lost.'],
    ['He trains on a daily basis.', 'He trains daily.'],
    ['He trains on a regular basis.', 'He trains regularly.'],
    ['Upon arrival, the guests were seated.', 'On arrival, the guests were seated.'],
    ['The station is in close proximity to the park.', 'The station is near the park.'],
    ['She stood in the midst of the crowd.', 'She stood amid the crowd.'],
    ['The firm is in the process of hiring staff.', 'The firm is hiring staff.'],
    ['She made her way to the door.', 'She went to the door.'],
    ['He caught sight of a fox.', 'He spotted a fox.'],
    ['The war came to an end in 1945.', 'The war ended in 1945.'],
    ['The panel came to the conclusion that the claim was false.', 'The panel concluded that the claim was false.'],
    ['The board made the decision to sell.', 'The board decided to sell.'],
    ['The strike has had an impact on exports.', 'The strike has affected exports.'],
    ['Costs were taken into account.', 'Costs were considered.'],
    ['He spoke to reporters regarding the decision.', 'He spoke to reporters about the decision.'],
    ['We will act whilst we can.', 'We will act while we can.'],
    ['The cost is in excess of the budget.', 'The cost is more than the budget.'],
    ['They had no choice but to wait.', 'They had to wait.'],
  ])('%s', (input, output) => {
    const c = noChanges();
    expect(rewritePhrases(input, opts('neutral'), c)).toBe(output);
    expect(c.plain).toBeGreaterThan(0);
    expect(c.phrases).toBe(0);
  });

  it.each([
    // a schedule, not a cause
    'The train is due to arrive at noon.',
    'The verdict was due to be read on Friday.',
    // a fixed story opening
    'Once upon a time, a fox lived in the wood.',
    // "regarding" opening a sentence reads as a verb or as a heading; left
    'Regarding the match, the coach said little.',
    // "regarding" as a verb with a person as its object
    'She kept regarding him with suspicion.',
    // not a way somewhere: "made his way of life" is another phrase
    'He made his way of life a lesson.',
    // the plural "a number of" is not touched ("several" would narrow it)
    'A number of people left.',
    // "was able to" stays: "managed to" and "could" each change what it says
    'She was able to see the shore.',
  ])('leaves "%s" as written', (input) => {
    expect(plain(input)).toBe(input);
  });

  it('picks by register and keeps the rules out of the machine markers', () => {
    expect(plain('In an effort to win, they attacked.', 'casual')).toBe('Trying to win, they attacked.');
    expect(plain('It took a great deal of effort.', 'formal')).toBe('It took much effort.');
    expect(PLAIN_PHRASES.every((r) => r.kind === 'plain')).toBe(true);
  });
});
