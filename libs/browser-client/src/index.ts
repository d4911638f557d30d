export * from './session';
export * from './refresh-once';
