import type { Database } from './database';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { PersonalDataEventStore, type PersonalDataPolicy } from './personal-data/personal-data-event-store';
import { SqlPersonalDataKeys } from './personal-data/personal-data-keys';
import { PostgresEventStore } from './postgres/postgres-event-store';

export interface OpenEventStoreOptions {
  /** Events in KurrentDB instead of the database's own tables. */
  kurrentDbUrl?: string;
  /** Which event fields are personal data (sealed per subject; keys live in the database). */
  personalData: PersonalDataPolicy;
}

/**
 * The product's event store, the same for the API and the CLI: PostgreSQL/PGlite tables (or KurrentDB) wrapped in
 * crypto-shredding, with the subjects' keys in `personal_data_keys` of the database.
 */
export async function openEventStore(db: Database, options: OpenEventStoreOptions): Promise<PersonalDataEventStore> {
  const inner = options.kurrentDbUrl
    ? KurrentDbEventStore.connect(options.kurrentDbUrl)
    : await PostgresEventStore.create(db.sql);
  return new PersonalDataEventStore(inner, await SqlPersonalDataKeys.create(db.sql), options.personalData);
}
