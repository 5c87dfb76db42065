export * from './in-process-signal-bus';
export * from './in-process-throttle';
export * from './in-process-presence-registry';
