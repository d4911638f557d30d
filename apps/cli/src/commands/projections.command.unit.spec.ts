import { formatStatus } from './projections.command';

describe('projections status table', () => {
  it('aligns columns and marks projections that never ran', () => {
    const table = formatStatus([
      { name: 'users_directory', position: '1024', lag: 0, updatedAt: '2026-11-21T10:00:00.000Z' },
      { name: 'usage', position: '0', lag: 12, updatedAt: null },
    ]);
    expect(table.split('\n')).toEqual([
      'projection       position  lag  updated',
      'users_directory  1024      0    2026-11-21T10:00:00.000Z',
      'usage            0         12   never',
      '',
    ]);
  });

  it('says when there is nothing to show', () => {
    expect(formatStatus([])).toBe('No projections are registered.\n');
  });
});
