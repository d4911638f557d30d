import type { Cluster } from './cluster';
import { waitUntil } from './cluster';
import { metricSum } from './load-client';

/** Streams whose events are not exactly versions 1..n, or whose recorded version is not n (a partial write). */
export async function brokenStreams(cluster: Cluster): Promise<string[]> {
  const rows = await cluster.sql<{ stream_id: string }>(`
    select e.stream_id from es_events e
    group by e.stream_id
    having min(e.stream_version) <> 1 or max(e.stream_version) <> count(*)
        or max(e.stream_version) <> coalesce((select s.version from es_streams s where s.stream_id = e.stream_id), -1)
    union all
    select s.stream_id from es_streams s
    where s.version > 0 and not exists (select 1 from es_events e where e.stream_id = s.stream_id)`);
  return rows.map((r) => r.stream_id);
}

/** Answered (200) detections whose DetectionRecorded event is not in the store. */
export async function missingDetections(cluster: Cluster, runIds: string[]): Promise<string[]> {
  const rows = await cluster.sql<{ id: string }>(
    `select metadata->>'correlationId' as id from es_events
     where event_type = 'DetectionRecorded' and metadata->>'correlationId' = any($1)`,
    [runIds],
  );
  const found = new Set(rows.map((r) => r.id));
  return runIds.filter((id) => !found.has(id));
}

/** Waits until every projection has applied the whole log (lag 0 on the API's /metrics). */
export async function projectionsCaughtUp(cluster: Cluster, timeoutMs = 120_000): Promise<void> {
  await waitUntil(
    'the projections to catch up',
    async () => {
      const text = await (await fetch(`${cluster.base}/metrics`)).text();
      return /inkprint_projection_lag_events\{/.test(text) && metricSum(text, 'inkprint_projection_lag_events') === 0;
    },
    timeoutMs,
  );
}

/** Every read-model table's rows (checkpoints aside), each table's rows as sorted JSON lines. */
export async function readModelSnapshot(cluster: Cluster): Promise<Record<string, string[]>> {
  const tables = await cluster.sql<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = 'read_model' and table_name <> 'projection_checkpoints' order by 1`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    const rows = await cluster.sql(`select * from read_model."${table_name}"`);
    snapshot[table_name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return snapshot;
}

/** Names of the registered projections (`inkprint projections status --json`). */
export async function projectionNames(cluster: Cluster): Promise<string[]> {
  const status = await cluster.cli(['projections', 'status', '--json']);
  if (status.code !== 0) throw new Error(`projections status failed: ${status.stderr}`);
  return (JSON.parse(status.stdout) as Array<{ name: string }>).map((p) => p.name);
}

/** `inkprint projections rebuild <name>` for each projection: a from-zero rebuild swapped in. */
export async function rebuildAll(cluster: Cluster, names: string[]): Promise<void> {
  for (const name of names) {
    const res = await cluster.cli(['projections', 'rebuild', name]);
    if (res.code !== 0) throw new Error(`projections rebuild ${name} failed (${res.code}): ${res.stderr}`);
  }
}
