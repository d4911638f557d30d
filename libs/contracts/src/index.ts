// Request schemas (zod) and response types shared by the API, the web app and the admin console.
// Pure: no Node-only APIs, so the browser bundles import it too.
export * from './errors';
export * from './policies';
export * from './ai';
export * from './usage/usage';
export * from './accounts';
export * from './admin';
export * from './health/health';
export * from './blog/blog';
