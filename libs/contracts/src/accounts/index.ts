export * from './requests';
export * from './responses';
export * from './api-keys';
