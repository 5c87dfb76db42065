export * from './requests';
export * from './responses';
export * from './events';
export * from './frames';
export * from './cursor';
