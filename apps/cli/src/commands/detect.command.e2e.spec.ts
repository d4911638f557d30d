// The real `inkprint` process over pipes: streaming (an answer arrives while stdin is still open), error lines,
// no progress output when stderr is not a terminal. Runs the TypeScript sources through scripts/ts-register.js.
import { runCliStreaming } from '../testing/cli-harness';

const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline, and the chair ' +
  'agreed to revisit the numbers next month. Meanwhile, staff will prepare a short report on costs and benefits for everyone.';

describe('inkprint detect (process)', () => {
  it('answers each line as it arrives and turns bad lines into error lines', async () => {
    const {
      firstAnswer,
      lines,
      stderr: err,
      code,
    } = await runCliStreaming(
      ['detect', '--mode', 'fast', '--compact'],
      JSON.stringify({ id: 'one', text: TEXT }),
      'oops\n',
    );
    expect(firstAnswer).toMatchObject({ id: 'one', mode: 'fast' });
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ id: null, line: 2, error: { code: 'INVALID_JSON' } });
    expect(err).not.toMatch(/docs\/s/);
    expect(err).toMatch(/1 of 2 lines could not be scored/);
  });
});
