export * from './text-vault';
export * from './retention';
export * from './erasure';
