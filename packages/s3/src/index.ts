export * from './s3-file-store';
