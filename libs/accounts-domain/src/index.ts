export * from './account';
export * from './session';
export * from './invite';
export * from './password-policy';
export * from './continue-url';
export * from './email-claim';
export * from './personal-data';
