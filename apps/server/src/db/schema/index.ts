export * from './account.ts';
export * from './configuration.ts';
export * from './settings.ts';
