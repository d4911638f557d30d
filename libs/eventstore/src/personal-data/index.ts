export * from './field-cipher';
export * from './personal-data-keys';
export * from './personal-data-event-store';
