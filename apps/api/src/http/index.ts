export * from './api-error';
export * from './error-body';
export * from './api-exception.filter';
export * from './zod-validation.pipe';
