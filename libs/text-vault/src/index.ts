export * from './text-vault';
export * from './retention';
