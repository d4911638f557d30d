export * from './messages';
export * from './decider';
