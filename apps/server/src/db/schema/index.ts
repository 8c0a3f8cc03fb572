export * from './account.ts';
export * from './settings.ts';
