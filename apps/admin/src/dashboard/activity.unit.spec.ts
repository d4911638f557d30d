import type { DashboardActivity } from '@inkprint/contracts';
import { latestOfKind } from './activity';

const run = (id: string, kind: DashboardActivity['kind'], createdAt: string): DashboardActivity => ({
  id,
  createdAt,
  kind,
  accountLabel: 'a@example.com',
  accountType: 'user',
  accountId: 'u1',
  accountEmail: 'a@example.com',
  verdict: null,
  aiPercent: null,
  biasPercent: null,
});

describe('latest runs of one kind', () => {
  const rows = [
    run('d1', 'detection', '2026-11-29T07:00:00.000Z'),
    run('h1', 'humanisation', '2026-11-29T06:00:00.000Z'),
    run('h2', 'humanisation', '2026-11-29T08:00:00.000Z'),
    run('d2', 'detection', '2026-11-29T09:00:00.000Z'),
  ];

  it('keeps only that kind, newest first', () => {
    expect(latestOfKind(rows, 'humanisation').map((r) => r.id)).toEqual(['h2', 'h1']);
    expect(latestOfKind(rows, 'detection').map((r) => r.id)).toEqual(['d2', 'd1']);
  });

  it('shows at most the limit, and nothing when there is none of the kind', () => {
    expect(latestOfKind(rows, 'detection', 1).map((r) => r.id)).toEqual(['d2']);
    expect(latestOfKind(rows.slice(0, 1), 'humanisation')).toEqual([]);
  });
});
