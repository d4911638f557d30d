import { Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  KurrentDbEventStore,
  PostgresEventStore,
  ProjectionRunner,
  openDatabase,
  type Database,
  type EventStore,
  type Projection,
} from '@inkprint/eventstore';
import { APP_CONFIG, type AppConfig } from '../config';
import { HealthIndicatorRegistry } from '../health';
import { DATABASE, EVENT_STORE, PROJECTIONS, PROJECTION_RUNNER } from './tokens';
import { inkprintProjections } from '@inkprint/read-models';

/**
 * The event-sourcing platform of the API process: one database (PGlite or PostgreSQL) for events and read models,
 * the event store (PostgreSQL, or KurrentDB when KURRENTDB_URL is set) and the projection runner.
 */
@Global()
@Module({
  providers: [
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
      useFactory: async (config: AppConfig, db: Database): Promise<EventStore> =>
        config.kurrentDbUrl ? KurrentDbEventStore.connect(config.kurrentDbUrl) : PostgresEventStore.create(db.sql),
    },
    {
      provide: PROJECTION_RUNNER,
      inject: [DATABASE, EVENT_STORE, PROJECTIONS],
      useFactory: async (db: Database, store: EventStore, projections: Projection[]): Promise<ProjectionRunner> => {
        const logger = new Logger('Projections');
        const runner = new ProjectionRunner(db, store, projections, {
          onError: (name, error) => logger.error(`${name}: ${error instanceof Error ? error.message : String(error)}`),
        });
        await runner.init();
        return runner;
      },
    },
  ],
  exports: [DATABASE, EVENT_STORE, PROJECTION_RUNNER, PROJECTIONS],
})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    health: HealthIndicatorRegistry,
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
      check: async () => ({ projections: await this.runner.status() }),
    });
  }

  onApplicationBootstrap(): void {
    this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    if (this.store instanceof KurrentDbEventStore) await this.store.close();
    await this.db.close();
  }
}
