export * from './retention';
export * from './holder';
export * from './history';
export * from './detection';
export * from './report';
export * from './batch';
