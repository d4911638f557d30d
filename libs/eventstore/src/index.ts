// The event store's core: the port, handleCommand, upcasting, the in-memory store and personal-data sealing. No
// database driver: PostgreSQL/PGlite is @inkprint/eventstore-postgresql, KurrentDB @inkprint/eventstore-kurrentdb,
// the projection runner @inkprint/projections and the Kafka relay @inkprint/domain-event-relay.
export * from './port/event-envelope';
export * from './port/event-store';
export * from './port/errors';
export * from './port/subscription';
export * from './upcasting';
export * from './metadata';
export * from './subscription';
export * from './polling-loop';
export * from './command-handling';
export * from './stream-state-cache';
export type { StateDecider, StreamState } from './stream-state';
export * from './personal-data';
export * from './in-memory';
