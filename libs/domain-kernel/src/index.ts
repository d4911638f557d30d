export * from './messages';
export * from './decider';
export * from './decider-specification';
