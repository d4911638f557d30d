export * from './session';
export * from './refresh-once';
export * from './answer-schema';
