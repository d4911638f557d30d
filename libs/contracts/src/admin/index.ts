export * from './requests';
export * from './responses';
