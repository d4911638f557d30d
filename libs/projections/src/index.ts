export * from './projection';
export * from './projection-runner';
export * from './projection-failure';
export * from './read-model-freshness';
