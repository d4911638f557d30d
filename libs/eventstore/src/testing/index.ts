export * from './event-store-contract';
