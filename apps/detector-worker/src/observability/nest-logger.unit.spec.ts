import { Writable } from 'node:stream';
import { createLogger, withCorrelationId } from '@inkprint/job-bus';
import { PinoNestLogger } from './nest-logger';

describe('PinoNestLogger', () => {
  it("writes Nest's messages as pino lines with their context, level, stack and the correlation id in scope", () => {
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const pino = createLogger({ level: 'debug', destination: sink });
    const nest = new PinoNestLogger(() => pino);
    nest.log('listening', 'Inkprint');
    withCorrelationId('abc-123', () => nest.warn({ slow: true }, 'Projections'));
    nest.error('boom', 'Error: boom\n    at x', 'Retention');
    nest.debug('details');
    nest.verbose('hidden below debug');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({ level: 'info', context: 'Inkprint', msg: 'listening' });
    expect(lines[0]).not.toHaveProperty('correlationId');
    expect(lines[1]).toMatchObject({
      level: 'warn',
      context: 'Projections',
      msg: '{"slow":true}',
      correlationId: 'abc-123',
    });
    expect(lines[2]).toMatchObject({
      level: 'error',
      context: 'Retention',
      msg: 'boom',
      stack: 'Error: boom\n    at x',
    });
    expect(lines[3]).toMatchObject({ level: 'debug', msg: 'details' });
    expect(lines[3]).not.toHaveProperty('context');
  });
});
