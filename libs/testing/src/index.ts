export * from './real-service';
