import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  PersonalDataEventStore,
  type CheckpointStore,
  type EventStore,
  type PersonalDataKeys,
} from '@inkprint/eventstore';
import { KurrentDbEventStore } from '@inkprint/eventstore-kurrentdb';
import {
  EventStoreTables,
  ensureEventStoreSchema,
  PostgresCheckpointStore,
  PostgresEventStore,
  openDatabase,
  openEventStore,
  type Database,
} from '@inkprint/eventstore-postgresql';
import { describeFailure, ProjectionRunner, ReadModelFreshness, type Projection } from '@inkprint/projections';
import { DomainEventRelay } from '@inkprint/domain-event-relay';
import { APP_CONFIG, type AppConfig } from '../config';
import { HealthIndicatorRegistry } from '../health';
import { ApiMetrics } from '../observability';
import { CLOCK, systemClock } from './clock';
import { IDS, randomIds } from './ids';
import {
  CHECKPOINTS,
  DATABASE,
  DOMAIN_EVENT_RELAY,
  EVENT_STORE,
  JOB_BUS,
  PERSONAL_DATA_KEYS,
  PROJECTIONS,
  PROJECTION_RUNNER,
  READ_MODEL_FRESHNESS,
  TEXT_VAULT,
} from './tokens';
import { ApiJobBus } from './job-bus.provider';
import { inkprintProjections, upgradeReadModels } from '@inkprint/read-models';
import { TextVault } from '@inkprint/text-vault';
import { accountsPersonalData } from '@inkprint/accounts-domain';
import { languageModelStatus } from '@inkprint/detector';

/**
 * The event-sourcing platform of the API process: one database (PGlite or PostgreSQL) for events and read models,
 * the event store (PostgreSQL, or KurrentDB when KURRENTDB_URL is set), the projection runner, the job bus
 * (in-process, or Kafka when KAFKA_BROKERS is set) and, with Kafka, the relay of the domain event stream.
 */
@Global()
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    { provide: IDS, useValue: randomIds },
    { provide: PROJECTIONS, useFactory: (): Projection[] => inkprintProjections() },
    {
      provide: DATABASE,
      inject: [APP_CONFIG, PROJECTIONS],
      useFactory: (config: AppConfig, projections: Projection[]): Promise<Database> =>
        openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: config.databaseUrl ? undefined : config.dataDir,
          entities: projections.flatMap((p) => [...p.entities]),
        }),
    },
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, DATABASE],
      // Personal fields of the accounts events are sealed per account (crypto-shredding, docs/accounts.md).
      useFactory: (config: AppConfig, db: Database): Promise<PersonalDataEventStore> =>
        openEventStore(db, {
          personalData: accountsPersonalData,
          events: config.kurrentDbUrl ? KurrentDbEventStore.connect(config.kurrentDbUrl) : undefined,
        }),
    },
    {
      provide: PERSONAL_DATA_KEYS,
      inject: [EVENT_STORE],
      useFactory: (store: PersonalDataEventStore): PersonalDataKeys => store.keys,
    },
    { provide: TEXT_VAULT, inject: [DATABASE], useFactory: (db: Database) => TextVault.create(db.sql) },
    {
      provide: PROJECTION_RUNNER,
      inject: [DATABASE, EVENT_STORE, PROJECTIONS, ApiMetrics],
      useFactory: async (
        db: Database,
        store: EventStore,
        projections: Projection[],
        metrics: ApiMetrics,
      ): Promise<ProjectionRunner> => {
        const logger = new Logger('Projections');
        const runner = new ProjectionRunner(db, store, projections, {
          // Under a steady stream of requests a round takes the events of ~50 ms (its statements are the same for
          // one event or many); a read that must see its own write wakes the loop (ReadModelFreshness).
          settleMs: 50,
          // Never the raw error: a driver error carries the statement and its values (names, e-mail addresses).
          onError: (name, error) => logger.error(`${name}: ${describeFailure(error)}`),
          onBatch: (name, batch) => metrics.observeProjectionBatch(name, batch),
          onPark: (letter) =>
            logger.error(
              `${letter.projection}: parked event ${letter.eventId} (${letter.eventType}, position ${letter.position}) after ${letter.attempts} attempts: ${letter.error}. Resolve with: inkprint projections dead-letters --retry|--skip ${letter.eventId}`,
            ),
        });
        await runner.init();
        // Read models whose rows an older version wrote are rebuilt from the log (READ_MODEL_VERSIONS).
        const rebuilt = await upgradeReadModels(runner, db);
        if (rebuilt.length) logger.log(`rebuilt from the log for their new version: ${rebuilt.join(', ')}`);
        return runner;
      },
    },
    {
      provide: READ_MODEL_FRESHNESS,
      inject: [PROJECTION_RUNNER, EVENT_STORE],
      useFactory: (runner: ProjectionRunner, store: EventStore): ReadModelFreshness => {
        const logger = new Logger('Projections');
        return new ReadModelFreshness(runner, store, {
          onTimeout: (names) =>
            logger.warn(`${names.join(', ')} still lag after waiting: answering from what is there`),
        });
      },
    },
    {
      provide: JOB_BUS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<ApiJobBus> => ApiJobBus.create(config),
    },
    {
      provide: CHECKPOINTS,
      inject: [DATABASE, EVENT_STORE],
      useFactory: async (db: Database, store: PersonalDataEventStore): Promise<CheckpointStore> => {
        if (store.inner instanceof PostgresEventStore) return new PostgresCheckpointStore(db.sql, store.inner.tables);
        // Events in KurrentDB: the checkpoints still live in the database, whose event tables were never created.
        const tables = new EventStoreTables();
        await ensureEventStoreSchema(db.sql, tables);
        return new PostgresCheckpointStore(db.sql, tables);
      },
    },
    {
      provide: DOMAIN_EVENT_RELAY,
      inject: [APP_CONFIG, EVENT_STORE, CHECKPOINTS],
      useFactory: (
        config: AppConfig,
        store: PersonalDataEventStore,
        checkpoints: CheckpointStore,
      ): DomainEventRelay | null => {
        if (!config.kafkaBrokers || !config.domainEventRelay) return null;
        const logger = new Logger('DomainEventRelay');
        // The relay publishes the log as stored: personal fields stay sealed on the Kafka topic too.
        return new DomainEventRelay(store.inner, checkpoints, {
          brokers: config.kafkaBrokers,
          clientId: `${config.kafkaClientId}-relay`,
          onError: (error) => logger.error(describeFailure(error)),
        });
      },
    },
  ],
  exports: [
    CLOCK,
    IDS,
    DATABASE,
    CHECKPOINTS,
    EVENT_STORE,
    PERSONAL_DATA_KEYS,
    TEXT_VAULT,
    PROJECTION_RUNNER,
    READ_MODEL_FRESHNESS,
    PROJECTIONS,
    JOB_BUS,
  ],
})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: PersonalDataEventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(JOB_BUS) private readonly jobs: ApiJobBus,
    @Inject(DOMAIN_EVENT_RELAY) private readonly relay: DomainEventRelay | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    health: HealthIndicatorRegistry,
    metrics: ApiMetrics,
  ) {
    health.register({
      name: 'database',
      check: async () => {
        const started = Date.now();
        await this.db.sql.query('select 1');
        return { kind: this.db.kind, latencyMs: Date.now() - started };
      },
    });
    health.register({
      name: 'projections',
      check: async () => {
        const [projections, parked] = await Promise.all([this.runner.status(), this.runner.deadLetters()]);
        if (parked.length === 0) return { projections, deadLetters: 0 };
        return {
          status: 'degraded',
          projections,
          deadLetters: parked.length,
          error: `${parked.length} event(s) parked by ${[...new Set(parked.map((l) => l.projection))].join(', ')}: see inkprint projections dead-letters`,
        };
      },
    });
    health.register({ name: 'jobBus', check: () => this.jobs.health() });
    // The language model as this process found it at start (npm start fetches it; without python3 it says why), as
    // the detectors do when they are created: read once, not on every health request. Informative, never down, since
    // every mode works on the n-gram models without it.
    const lm = languageModelStatus({
      modelsDir: this.config.engines.modelsDir,
      languageModel: this.config.engines.languageModel,
    });
    const languageModel = lm
      ? { name: lm.name, available: lm.available, modes: lm.modes, ...(lm.reason ? { reason: lm.reason } : {}) }
      : { available: false, reason: 'no detection mode uses a language model' };
    health.register({ name: 'languageModel', check: async () => languageModel });
    if (relay) {
      health.register({
        name: 'domainEventRelay',
        check: async () => ({ topic: relay.topic, published: relay.publishedCount, lag: await relay.lag() }),
      });
    }
    this.jobs.observeWith((job, run) => metrics.observeJob(job, run));
    metrics.timeAppends(this.store);
    metrics.countStatements(this.db.statements);
    metrics.gaugeAtScrape(
      'inkprint_projection_lag_events',
      'Committed events after the projection checkpoint',
      ['projection'],
      async () => (await this.runner.status()).map((p) => ({ labels: { projection: p.name }, value: p.lag })),
    );
    metrics.gaugeAtScrape(
      'inkprint_projection_dead_letters',
      'Events a projection could not apply and parked (inkprint projections dead-letters)',
      ['projection'],
      async () => {
        const parked = await this.runner.deadLetters();
        return this.runner.projections.map((p) => ({
          labels: { projection: p.name },
          value: parked.filter((l) => l.projection === p.name).length,
        }));
      },
    );
    if (relay) {
      metrics.gaugeAtScrape(
        'inkprint_relay_lag_events',
        'Committed events not yet published to the domain-event topic',
        ['topic'],
        async () => [{ labels: { topic: relay.topic }, value: await relay.lag() }],
      );
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    this.runner.start();
    await this.relay?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.jobs.close();
    await this.runner.stop();
    if (this.store.inner instanceof KurrentDbEventStore) await this.store.close();
    await this.db.close();
  }
}
