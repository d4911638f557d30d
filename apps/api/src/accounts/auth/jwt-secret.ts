import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomIds } from '../../platform/ids';
import type { AppConfig } from '../../config';

/**
 * The access-token signing secret: JWT_SECRET, or (outside production) a random one kept next to the data folder so
 * tokens survive restarts of the embedded app.
 */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.nodeEnv === 'production') throw new Error('JWT_SECRET is required in production');
  const file = path.join(path.dirname(config.dataDir), 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  const secret = randomIds.secret(48);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
