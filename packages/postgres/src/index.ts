export * from './schema';
export * from './migrate';
export * from './pglite-dialect';
export * from './open-database';
export * from './driver-errors';
export * from './create-kysely-stores';
export * from './worker-lease';
