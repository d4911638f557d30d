export * from './roles';
export * from './plans';
export * from './password-policy';
export * from './continue-url';
export * from './safe-text';
