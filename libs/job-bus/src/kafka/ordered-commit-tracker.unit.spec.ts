import { OrderedCommitTracker } from './ordered-commit-tracker';

describe('OrderedCommitTracker', () => {
  it('commits only the contiguous finished prefix of a partition, as offset + 1', async () => {
    const commits: string[] = [];
    const tracker = new OrderedCommitTracker(
      async (topic, partition, offset) => void commits.push(`${topic}/${partition}@${offset}`),
    );
    const a = tracker.track('t', 0, '10');
    const b = tracker.track('t', 0, '11');
    const c = tracker.track('t', 0, '12');
    const other = tracker.track('t', 1, '5');
    c();
    b();
    await tracker.flushed();
    expect(commits).toEqual([]);
    a();
    other();
    await tracker.flushed();
    expect(commits).toEqual(['t/0@13', 't/1@6']);
  });
});
