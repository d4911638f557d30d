export * from './real-service';
export * from './scratch-database';
