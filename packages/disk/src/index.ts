export * from './disk-file-store';
