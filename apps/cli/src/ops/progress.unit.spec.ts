import { Capture } from '../testing/cli-harness';
import { count, OpsProgress } from './progress';

describe('operations progress', () => {
  it('draws a bar in place on a terminal and ends the line when done', () => {
    const out = new Capture();
    out.isTTY = true;
    const progress = new OpsProgress(out, 'replaying events', 'events');
    progress.update(0, 4);
    progress.update(4, 4);
    expect(out.text).toBe(
      '\rreplaying events [........................] 0/4 events  ' +
        '\rreplaying events [########################] 4/4 events  \n',
    );
  });

  it('writes plain lines elsewhere: the first step, then one per tenth of the way', () => {
    const out = new Capture();
    const progress = new OpsProgress(out, 'expiring reports', 'reports');
    for (let done = 1; done <= 100; done++) progress.update(done, 100);
    const lines = out.text.trim().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('expiring reports: 1/100 reports');
    expect(lines[1]).toBe('expiring reports: 10/100 reports');
    expect(lines.at(-1)).toBe('expiring reports: 100/100 reports');
    expect(out.text).not.toContain('\r');
  });

  it('says nothing when there is nothing to do, and counts in words', () => {
    const out = new Capture();
    new OpsProgress(out, 'x', 'items').update(0, 0);
    expect(out.text).toBe('');
    expect(count(1, 'report')).toBe('1 report');
    expect(count(12, 'text')).toBe('12 texts');
    expect(count(2, 'cached result', 'cached results')).toBe('2 cached results');
  });
});
