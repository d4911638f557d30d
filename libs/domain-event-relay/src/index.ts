export * from './domain-event-message';
export * from './domain-event-relay';
