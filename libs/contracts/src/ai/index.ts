export * from './modes';
export * from './verdicts';
export * from './detection';
export * from './humanisation';
export * from './report';
export * from './upload';
export * from './jobs';
export * from './batch';
