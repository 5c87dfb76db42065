export * from './redis-client';
export * from './resilient-store';
export * from './create-redis-store';
export * from './session-budget-store';
export type { Redis } from 'ioredis';
export * from './redis-event-stream';
export * from './outage';
export * from './redis-signal-bus';
export * from './redis-throttle';
