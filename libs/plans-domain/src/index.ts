export * from './plans';
export * from './usage-day';
export * from './daily-quota';
export * from './guest-session';
