export * from './jose-token-service';
