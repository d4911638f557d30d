import { PersonalDataEventStore, type EventStore, type PersonalDataPolicy } from '@inkprint/eventstore';
import type { Database } from './database';
import { SqlPersonalDataKeys } from './personal-data/sql-personal-data-keys';
import { PostgresEventStore } from './postgres/postgres-event-store';

export interface OpenEventStoreOptions {
  /** Which event fields are personal data (sealed per subject; keys live in the database). */
  personalData: PersonalDataPolicy;
  /** Events kept elsewhere instead of the database's own tables (the API and the CLI pass a KurrentDbEventStore when
   * KURRENTDB_URL is set); the keys stay in the database. */
  events?: EventStore;
}

/**
 * The product's event store, the same for the API and the CLI: PostgreSQL/PGlite tables (or the given store) wrapped
 * in crypto-shredding, with the subjects' keys in `personal_data_keys` of the database.
 */
export async function openEventStore(db: Database, options: OpenEventStoreOptions): Promise<PersonalDataEventStore> {
  const inner = options.events ?? (await PostgresEventStore.create(db.sql));
  return new PersonalDataEventStore(inner, await SqlPersonalDataKeys.create(db.sql), options.personalData);
}
