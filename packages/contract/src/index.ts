export * from './account.ts';
export * from './common.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './ops.ts';
export * from './routes.ts';
export * from './system.ts';
