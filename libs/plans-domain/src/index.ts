export * from './plans';
export * from './usage-day';
export * from './usage-quota';
export * from './guest-session';
