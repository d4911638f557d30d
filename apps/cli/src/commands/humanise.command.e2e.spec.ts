// The real `inkprint humanise` process over pipes: an answer arrives while stdin is still open; bad lines become
// error lines. Runs the TypeScript sources through scripts/ts-register.js with the heuristic detector (fast start).
import { runCliStreaming } from '../testing/cli-harness';

const TEXT =
  'Moreover, it is important to note that the committee utilized numerous tools in 2024 to review the budget. ' +
  'Furthermore, the chair agreed to revisit the numbers in order to ensure a comprehensive review of all 12 items.';

describe('inkprint humanise (process)', () => {
  it('streams one JSON line per input line', async () => {
    const {
      firstAnswer: first,
      lines,
      stderr: err,
      code,
    } = await runCliStreaming(
      ['humanise', '--tone', 'casual', '--engine', 'heuristic'],
      JSON.stringify({ id: 'one', text: TEXT }),
      'oops\n',
      { ...process.env, HUMANISER_LLM_URL: '' },
    );
    expect(first).toMatchObject({ id: 'one', text: TEXT });
    expect(first.humanised).toContain('2024');
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ id: null, line: 2, error: { code: 'INVALID_JSON' } });
    expect(err).toMatch(/1 of 2 lines could not be humanised/);
  });
});
