import type { Database } from '@inkprint/eventstore-postgresql';
import type { ProjectionRunner } from '@inkprint/projections';

/**
 * The version of each read model whose rows a code change reads differently. Raise a projection's number when its
 * rows must be written again from the log (a new column, a fact read a new way): the next start rebuilds it, so rows
 * written before the change read like new ones. Projections not listed are at version 1.
 *
 * - users 2: `admin_since` (when the role was granted, not the account's creation); a sign-up by code is a sign-in
 *   (`last_login_at` from `EmailVerified`).
 * - recent_activity 2, audit_timeline 2: a detection below the minimum length reads 'Too short to judge' (no AI %),
 *   not the band of the score the engine gave it.
 * - recent_activity 3: a row is written by the run's fact (DetectionRecorded / HumanisationRecorded), no longer
 *   created by QuotaConsumed and filled later: requests counted but never recorded (in flight, cut off by a crash)
 *   leave no blank row, and a row's time is the run's.
 */
export const READ_MODEL_VERSIONS: Readonly<Record<string, number>> = {
  users: 2,
  recent_activity: 3,
  audit_timeline: 2,
};

const TABLE = 'read_model_versions';

/**
 * Brings every read model up to its version: a projection with rows written by an older version is rebuilt from the
 * log (`ProjectionRunner.rebuild`: a shadow schema swapped in, live reads keep working until the swap); a new one (no
 * checkpoint yet) is only stamped. Call after `runner.init()`. Returns the names it rebuilt.
 */
export async function upgradeReadModels(
  runner: ProjectionRunner,
  db: Database,
  versions: Readonly<Record<string, number>> = READ_MODEL_VERSIONS,
): Promise<string[]> {
  const table = `"${runner.schema.replace(/"/g, '""')}".${TABLE}`;
  await db.sql.query(`create table if not exists ${table} (projection text primary key, version integer not null)`);
  const names = Object.keys(versions).filter((name) => knows(runner, name));
  const stored = new Map(
    (await db.sql.query<{ projection: string; version: number }>(`select projection, version from ${table}`)).map(
      (row) => [row.projection, Number(row.version)],
    ),
  );
  const checkpoints = await runner.checkpoints(names);
  const rebuilt: string[] = [];
  for (const name of names) {
    const wanted = versions[name];
    // Rows already written with no version stamped were written by version 1.
    const current = stored.get(name) ?? (checkpoints.get(name) === 0n ? wanted : 1);
    if (current < wanted) {
      await runner.rebuild(name);
      rebuilt.push(name);
    }
    if (stored.get(name) !== wanted) {
      await db.sql.query(
        `insert into ${table} (projection, version) values ($1, $2)
         on conflict (projection) do update set version = excluded.version`,
        [name, wanted],
      );
    }
  }
  return rebuilt;
}

function knows(runner: ProjectionRunner, name: string): boolean {
  try {
    runner.projection(name);
    return true;
  } catch {
    return false;
  }
}
