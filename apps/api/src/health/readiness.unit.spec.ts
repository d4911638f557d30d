import { readiness } from './readiness';

const up = { status: 'up' as const };

describe('readiness', () => {
  it('is ready when the database, the job bus and every projection within the bound are up', () => {
    const report = readiness(
      {
        healthy: false,
        checks: {
          database: up,
          jobBus: up,
          projections: { status: 'up', projections: [{ name: 'users', lag: 10 }] },
          mail: { status: 'down', error: 'smtp unreachable' },
        },
      },
      10,
    );
    expect(report.healthy).toBe(true);
    expect(Object.keys(report.checks)).toEqual(['database', 'jobBus', 'projections']); // mail does not gate traffic
  });

  it('is not ready when a projection lags more than the bound, naming it', () => {
    const report = readiness(
      {
        healthy: true,
        checks: {
          database: up,
          jobBus: up,
          projections: {
            status: 'up',
            projections: [
              { name: 'users', lag: 3 },
              { name: 'audit_timeline', lag: 11 },
            ],
          },
        },
      },
      10,
    );
    expect(report.healthy).toBe(false);
    expect(report.checks.projections).toMatchObject({
      status: 'down',
      error: 'audit_timeline (11) more than 10 events behind',
    });
  });

  it('is not ready when a readiness check is missing or down', () => {
    expect(readiness({ healthy: true, checks: { database: up, jobBus: up } }).checks.projections).toEqual({
      status: 'down',
      error: 'not registered',
    });
    expect(
      readiness({ healthy: false, checks: { database: { status: 'down', error: 'x' }, jobBus: up, projections: up } })
        .healthy,
    ).toBe(false);
  });
});
