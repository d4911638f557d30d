/**
 * Real-service tests (PostgreSQL, Kafka, KurrentDB) run when their connection variable is set.
 * When INKPRINT_REQUIRE_SERVICES names a service (or is `1`/`all`), a missing variable fails the suite
 * instead of skipping it, so CI can never pass by silently skipping a real service.
 */
export type RealService = 'postgres' | 'kafka' | 'kurrentdb';

const variables: Record<RealService, string> = {
  postgres: 'TEST_DATABASE_URL',
  kafka: 'KAFKA_BROKERS',
  kurrentdb: 'KURRENTDB_URL',
};

export function isServiceRequired(service: RealService, env: NodeJS.ProcessEnv = process.env): boolean {
  const required = (env.INKPRINT_REQUIRE_SERVICES ?? '').split(',').map((s) => s.trim().toLowerCase());
  return required.includes(service) || required.includes('all') || required.includes('1');
}

/** The connection string of a real service, or undefined when it is not configured (and not required). */
export function realServiceUrl(service: RealService, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[variables[service]];
  if (value) return value;
  if (isServiceRequired(service, env)) {
    throw new Error(
      `${variables[service]} is not set but INKPRINT_REQUIRE_SERVICES requires ${service}: start it with scripts/services.sh start`,
    );
  }
  return undefined;
}

/** `describe` that runs against a real service, skipping only when the service is neither configured nor required. */
export function describeWithService(service: RealService, name: string, body: (url: string) => void): void {
  const url = realServiceUrl(service);
  if (url) describe(`${name} [${service}]`, () => body(url));
  else describe.skip(`${name} [${service}: set ${variables[service]} to run]`, () => body(''));
}
