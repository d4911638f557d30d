export * from './parse-env';
export * from './env-fragments';
