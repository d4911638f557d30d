// Child process for the kill-mid-batch test: applies batches and announces when it is inside one, then hangs
// until the parent kills it with SIGKILL.
import { openDatabase, PostgresEventStore } from '@inkprint/eventstore-postgresql';
import { ProjectionRunner } from '../projection-runner';
import { StreamActivitySchema, streamActivityProjection } from './stream-activity-projection';

async function main() {
  const [url, eventsSchema, readSchema] = process.argv.slice(2);
  const db = await openDatabase({ databaseUrl: url, entities: [StreamActivitySchema], poolSize: 2 });
  const store = PostgresEventStore.on(db.sql, { schema: eventsSchema });
  let batches = 0;
  const runner = new ProjectionRunner(
    db,
    store,
    [
      streamActivityProjection({
        beforeEvent: async (_event, index) => {
          if (index === 0) batches++;
          if (batches === 2 && index === 5) {
            process.stdout.write('inside-second-batch\n');
            await new Promise(() => undefined);
          }
        },
        flushEachEvent: true,
      }),
    ],
    { schema: readSchema, batchSize: 20 },
  );
  await runner.init();
  await runner.catchUp('stream_activity');
}

void main();
