export * from './in-memory-event-store';
export * from './in-memory-personal-data-keys';
