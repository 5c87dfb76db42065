export * from './in-process-signal-bus';
export * from './in-process-throttle';
