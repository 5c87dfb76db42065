export * from './file-type-inspector';
