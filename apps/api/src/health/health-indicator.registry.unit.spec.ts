import { HealthIndicatorRegistry } from './health-indicator.registry';

describe('HealthIndicatorRegistry', () => {
  it('is healthy with no checks', async () => {
    expect(await new HealthIndicatorRegistry().report()).toEqual({ healthy: true, checks: {} });
  });

  it('reports each check with its details', async () => {
    const registry = new HealthIndicatorRegistry();
    registry.register({ name: 'database', check: async () => ({ latencyMs: 2 }) });
    registry.register({ name: 'bus', check: async () => undefined });
    expect(await registry.report()).toEqual({
      healthy: true,
      checks: { database: { status: 'up', latencyMs: 2 }, bus: { status: 'up' } },
    });
  });

  it('is unhealthy when a check throws, says why, and still reports the others', async () => {
    const registry = new HealthIndicatorRegistry();
    registry.register({ name: 'database', check: async () => ({ latencyMs: 1 }) });
    registry.register({ name: 'bus', check: () => Promise.reject(new Error('broker unreachable')) });
    expect(await registry.report()).toEqual({
      healthy: false,
      checks: { database: { status: 'up', latencyMs: 1 }, bus: { status: 'down', error: 'broker unreachable' } },
    });
  });

  it('is unhealthy when a check answers status down', async () => {
    const registry = new HealthIndicatorRegistry();
    registry.register({ name: 'projections', check: async () => ({ status: 'down', lag: 90000 }) });
    expect(await registry.report()).toEqual({
      healthy: false,
      checks: { projections: { status: 'down', lag: 90000 } },
    });
  });

  it('stays healthy but degraded when a check answers degraded (a projection parked an event)', async () => {
    const registry = new HealthIndicatorRegistry();
    registry.register({ name: 'database', check: async () => ({ latencyMs: 1 }) });
    registry.register({ name: 'projections', check: async () => ({ status: 'degraded', deadLetters: 1 }) });
    expect(await registry.report()).toEqual({
      healthy: true,
      degraded: true,
      checks: { database: { status: 'up', latencyMs: 1 }, projections: { status: 'degraded', deadLetters: 1 } },
    });
  });

  it('counts a check that hangs as down after the timeout', async () => {
    const registry = new HealthIndicatorRegistry();
    registry.timeoutMs = 20;
    registry.register({ name: 'eventstore', check: () => new Promise(() => undefined) });
    expect(await registry.report()).toEqual({
      healthy: false,
      checks: { eventstore: { status: 'down', error: 'no answer within 20 ms' } },
    });
  });

  it('refuses two checks with one name', () => {
    const registry = new HealthIndicatorRegistry();
    registry.register({ name: 'database', check: async () => undefined });
    expect(() => registry.register({ name: 'database', check: async () => undefined })).toThrow(
      'Health indicator "database" is already registered',
    );
  });
});
