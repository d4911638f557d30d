import type { z } from 'zod';

/** A process refused to start: every bad variable, each named with what is wrong (secrets never echoed). */
export class ConfigError extends Error {
  constructor(
    readonly problems: readonly string[],
    what = 'configuration',
  ) {
    super(`Invalid ${what}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Keeps passwords out of error messages and logs. */
export function redactUrl(value: string): string {
  return value.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}

/**
 * Validates the environment against a process's schema, once at start-up. Empty strings count as unset. Throws
 * ConfigError listing every problem as `VARIABLE: message (got "value")`; values of *_PASSWORD, *_SECRET and
 * *_API_KEY variables are never shown, and passwords in URLs are masked.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv, what?: string): z.output<S> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? 'environment');
    const raw = present[variable];
    const secret = /(_PASSWORD|_SECRET|_API_KEY)$/.test(variable);
    const shown =
      raw === undefined || secret ? '' : ` (got ${JSON.stringify(variable.endsWith('_URL') ? redactUrl(raw) : raw)})`;
    return `${variable}: ${issue.message}${shown}`;
  });
  throw new ConfigError(problems, what);
}
