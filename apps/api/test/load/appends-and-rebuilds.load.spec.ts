import { describeWithService } from '@inkprint/testing';
import { Cluster, LOAD_SECONDS, requireBuiltApps, sleep, waitUntil } from './support/cluster';
import {
  brokenStreams,
  missingDetections,
  projectionNames,
  projectionsCaughtUp,
  readModelSnapshot,
  rebuildAll,
} from './support/consistency';
import { detect, enterpriseSession, isShed, waitIfShed, type Outcome } from './support/load-client';

/**
 * The event store and the read models under faults: the API process SIGKILLed while requests append, and projection
 * rebuilds while writes continue. Afterwards no stream has a gap or a partial write, every accepted request's events
 * exist, and the read models equal a rebuild from the first event.
 */
describeWithService('postgres', 'appends and projections under faults (distributed)', (postgresUrl) => {
  describeWithService('kafka', 'API + 2 worker processes', (brokers) => {
    let cluster: Cluster;
    let token: string;
    let names: string[];

    beforeAll(async () => {
      requireBuiltApps();
      cluster = new Cluster({ postgresUrl, brokers, workers: 2, label: 'appends' });
      await cluster.start();
      token = (await enterpriseSession(cluster.base, 'appends')).accessToken;
      names = await projectionNames(cluster);
    }, 300_000);
    afterAll(() => cluster?.close());

    /** 10 clients sending detections until `stop()` (each detection appends a tool run and a usage event). */
    function writeLoad() {
      const outcomes: Outcome[] = [];
      let issuing = true;
      const done = Promise.all(
        Array.from({ length: 10 }, async () => {
          while (issuing) {
            const outcome = await detect(cluster.base, { bearer: token });
            outcomes.push(outcome);
            await waitIfShed(outcome);
          }
        }),
      );
      return {
        outcomes,
        stop: async () => {
          issuing = false;
          await done;
          return outcomes;
        },
      };
    }

    it('the API SIGKILLed during appends: no partial writes, every accepted request recorded, read models = rebuild', async () => {
      const load = writeLoad();
      // The workers load their models on the first jobs: kill once appends are flowing, not on a cold start.
      await waitUntil('a detection answered before the kill', async () => load.outcomes.some((o) => o.status === 200));
      await sleep(Math.max(3_000, (LOAD_SECONDS * 1000) / 2));
      await cluster.api.kill();
      const outcomes = await load.stop();
      const accepted = outcomes.filter((o) => o.status === 200);
      // Requests cut off by the kill get no answer (the connection drops); none gets a wrong one (a 503 shed under
      // load is refused before anything is counted or written).
      expect(
        outcomes.filter((o) => o.status !== 200 && o.status !== 0 && !isShed(o)).map((o) => `${o.status} ${o.code}`),
      ).toEqual([]);
      expect(accepted.length).toBeGreaterThan(0);

      await cluster.startApi();
      expect(await brokenStreams(cluster)).toEqual([]);
      expect(
        await missingDetections(
          cluster,
          accepted.map((o) => o.runId!),
        ),
      ).toEqual([]);

      await projectionsCaughtUp(cluster);
      const live = await readModelSnapshot(cluster);
      await rebuildAll(cluster, names);
      expect(await readModelSnapshot(cluster)).toEqual(live);
      process.stdout.write(
        `api crash: ${accepted.length} answered before the kill, ${outcomes.length - accepted.length} cut off; ${
          Object.values(live).flat().length
        } read-model rows equal a rebuild\n`,
      );
    });

    it('projections rebuilt while writes continue: afterwards the read models equal a from-zero rebuild', async () => {
      const load = writeLoad();
      await sleep(1_000);
      await rebuildAll(cluster, names);
      const outcomes = await load.stop();
      expect(outcomes.filter((o) => o.status !== 200 && !isShed(o)).map((o) => `${o.status} ${o.code}`)).toEqual([]);
      expect(
        await missingDetections(
          cluster,
          outcomes.filter((o) => o.status === 200).map((o) => o.runId!),
        ),
      ).toEqual([]);

      await projectionsCaughtUp(cluster);
      const live = await readModelSnapshot(cluster);
      // Every detection of this test reached the usage read model of the day (no event missed by the swap).
      expect(live.daily_usage?.length).toBeGreaterThan(0);
      await rebuildAll(cluster, names);
      expect(await readModelSnapshot(cluster)).toEqual(live);
      process.stdout.write(
        `rebuild under load: ${outcomes.length} detections while ${names.length} projections rebuilt\n`,
      );
    });
  });
});
