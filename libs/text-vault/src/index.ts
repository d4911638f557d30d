export * from './text-vault';
export * from './retention';
export * from './erasure';
export * from './vault-keys';
