export * from './web-routing';
export * from './web-apps.middleware';
