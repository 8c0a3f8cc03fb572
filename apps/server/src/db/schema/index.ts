export * from './account.ts';
export * from './assets.ts';
export * from './configuration.ts';
export * from './customers.ts';
export * from './iot.ts';
export * from './pricing.ts';
export * from './settings.ts';
export * from './trips.ts';
