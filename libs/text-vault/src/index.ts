export * from './text-vault';
